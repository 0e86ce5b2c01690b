import { useState } from 'preact/hooks'
import type { Reward } from '../../../../sdk/contract/rewards'
import { Button, buttonClass } from '../../ui/button'
import { SparkIcon } from '../../ui/icons'
import { Img } from '../../ui/img'
import { showToast } from '../../ui/toast'
import { useSite, useTerms } from '../../widgets/shared/context'
import { LoadError } from '../../widgets/shared/load-error'
import { startMembershipCheckout } from '../../widgets/membership/membership-checkout'
import { errorMessage, type LoadState, useLoad } from '../../widgets/shared/use-load'
import { TileSkeletons } from '../../widgets/tiles/challenge-tile'
import { RewardTile } from '../../widgets/tiles/reward-tile'
import { HomeSection } from '../../widgets/tiles/sections'
import { takePrimed } from '../primed'
import { visitorHomeRoutes } from '../../../../sdk/contract/paths'
import './rewards.css'

/**
 * The rewards sections of the home page (participant-site.md section 2): for visitors the featured
 * active rewards; for participants the offers section (feature offers_reward), current rewards and
 * claimed rewards. Each section loads its own list; tiles open /reward/{id}.
 */
export type RewardsSlotSection = 'active' | 'offers' | 'current' | 'claimed'

export function RewardsSlot({ section }: { section: RewardsSlotSection }) {
  const { program } = useSite()
  if (section === 'offers') return program.features.offers_reward ? <OffersSection /> : null
  return <RewardList section={section} />
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

function RewardList({ section }: { section: 'active' | 'current' | 'claimed' }) {
  const { client, program } = useSite()
  const terms = useTerms()
  const [state, reload] = useLoad(
    () => {
      if (section === 'current') return client.rewards.listCurrent().then((r) => r.data)
      if (section === 'claimed') return client.rewards.listClaimed().then((r) => r.data)
      return client.rewards.listActive().then((r) => r.data)
    },
    section,
    section === 'active' ? takePrimed<{ data: Reward[] }>(visitorHomeRoutes.activeRewards)?.data : undefined,
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
  state: LoadState<Reward[]>
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

/** The offers section (feature offers_reward): the offer reward with 'Become a member' or 'See my offers'. */
function OffersSection() {
  const { client, program } = useSite()
  const [state, reload] = useLoad(() => client.rewards.offers().then((r) => r.data), 'offers-reward')
  const [busy, setBusy] = useState(false)
  if (state.status === 'loading') return null
  if (state.status === 'error') {
    return (
      <section class="container home-section" aria-label="Offers">
        <LoadError class="notice" message="Error loading Rewards" retry={reload} />
      </section>
    )
  }
  const { reward, eligible } = state.data
  if (!reward) return null
  const member = eligible || Boolean(reward.earned_by_current_participant_on)
  const membership = program.membership_challenge
  return (
    <section class="container home-section" aria-labelledby="offers-title">
      <div class="offers-banner">
        <div class="offers-banner__media">
          <Img
            src={reward.image?.public_url}
            alt=""
            class="offers-banner__image"
            fallback={<span class="offers-banner__image offers-banner__image--empty" />}
          />
        </div>
        <div class="offers-banner__body">
          <p class="offers-banner__eyebrow">
            <SparkIcon size={16} />
            {member ? 'Your member perks' : 'Members only'}
          </p>
          <h2 id="offers-title" class="offers-banner__title">
            {reward.name}
          </h2>
          {reward.description && <p class="offers-banner__text">{reward.description}</p>}
          <div class="offers-banner__actions">
            {member ? (
              <a href="/my-offers" class={buttonClass('secondary', 'md')}>
                See my offers
              </a>
            ) : (
              membership && (
                <Button
                  variant="secondary"
                  loading={busy}
                  onClick={async () => {
                    setBusy(true)
                    try {
                      await startMembershipCheckout(client, membership.id)
                    } catch (err) {
                      showToast({ tone: 'error', title: 'Something went wrong', message: errorMessage(err) })
                      setBusy(false)
                    }
                  }}
                >
                  Become a member
                </Button>
              )
            )}
            <a href={`/reward/${reward.id}`} class="offers-banner__link">
              More details
            </a>
          </div>
        </div>
      </div>
    </section>
  )
}
