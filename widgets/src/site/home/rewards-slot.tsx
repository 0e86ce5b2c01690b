import type { RewardCard } from '../../../../sdk/contract/rewards'
import { Img } from '../../ui/img'
import { useSite, useTerms } from '../../widgets/shared/context'
import { LoadError } from '../../widgets/shared/load-error'
import { type LoadState, useLoad } from '../../widgets/shared/use-load'
import { TileSkeletons } from '../../widgets/tiles/challenge-tile'
import { RewardTile } from '../../widgets/tiles/reward-tile'
import { HomeSection } from '../../widgets/tiles/sections'
import { takePrimed } from '../primed'
import { participantHomeRoutes, visitorHomeRoutes } from '../../../../sdk/contract/paths'
import './rewards.css'

export type RewardsSlotSection = 'active' | 'current' | 'claimed'

/** Where each list's answer sits in the page's bootstrap (a visitor's or a participant's home: primed.ts). */
const PRIMED = {
  active: visitorHomeRoutes.activeRewards,
  current: participantHomeRoutes.currentRewards,
  claimed: participantHomeRoutes.claimedRewards,
} as const

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/**
 * The rewards sections of the home page (participant-site.md section 2): for visitors the featured
 * active rewards; for participants current rewards and claimed rewards (and the offers section,
 * offers-section.tsx). Each section loads its own list; tiles open /reward/{id}.
 */
export function RewardsSlot({ section }: { section: RewardsSlotSection }) {
  const { client, program } = useSite()
  const terms = useTerms()
  const [state, reload] = useLoad<RewardCard[]>(
    () => {
      if (section === 'current') return client.rewards.listCurrent().then((r) => r.data)
      if (section === 'claimed') return client.rewards.listClaimed().then((r) => r.data)
      return client.rewards.listActive().then((r) => r.data)
    },
    section,
    takePrimed<{ data: RewardCard[] }>(PRIMED[section])?.data,
  )
  const rewards = capitalize(terms.rewards)
  const head = {
    active: {
      title: `${rewards} worth the effort`,
      subtitle: `Join, earn ${terms.points} and trade them for these.`,
    },
    current: { title: `Current ${terms.rewards}`, subtitle: `Use your ${terms.points} to claim them.` },
    claimed: { title: `Claimed ${terms.rewards}`, subtitle: undefined },
  }[section]
  const icon =
    section === 'current'
      ? program.current_rewards_icon
      : section === 'claimed'
        ? program.my_rewards_icon
        : null
  // Claimed rewards appear once there are some; the other lists say when they are empty.
  if (section === 'claimed' && state.status === 'ready' && !state.data.length) return null
  if (section === 'active' && state.status === 'ready' && !state.data.length) return null
  return (
    <HomeSection id={`rewards-${section}-title`} title={head.title} subtitle={head.subtitle}>
      {icon && <Img src={icon} alt="" class="rewards-icon" width={40} height={40} />}
      <RewardTiles
        state={state}
        reload={() => reload()}
        empty={`You've claimed everything for now. New ${terms.rewards} are on the way.`}
      />
    </HomeSection>
  )
}

function RewardTiles({
  state,
  reload,
  empty,
}: {
  state: LoadState<RewardCard[]>
  reload: () => void
  empty: string
}) {
  if (state.status === 'loading') return <TileSkeletons />
  if (state.status === 'error') {
    return <LoadError class="notice" message="Error loading Rewards" retry={reload} />
  }
  if (!state.data.length) return <p class="home-empty">{empty}</p>
  return (
    <div class="tiles">
      {state.data.map((r) => (
        <RewardTile key={r.id} reward={r} />
      ))}
    </div>
  )
}
