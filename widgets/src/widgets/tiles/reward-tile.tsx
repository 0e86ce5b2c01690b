import type { Reward, RewardCard } from '../../../../sdk/contract/rewards'
import { buttonClass } from '../../ui/button'
import { CalendarIcon, CheckCircleIcon, GiftIcon } from '../../ui/icons'
import { Img } from '../../ui/img'
import { formatDate } from '../../ui/date'
import { useSite, useTerms } from '../shared/context'
import { selectionName, tileAction, tileCost, tileShortfall } from '../reward/tile-rules'

export const rewardHref = (reward: Pick<Reward, 'id'>) => `/reward/${reward.id}`

/** A reward tile: image, selection, cost, name, earned or expiry line, and a link to its details. */
export function RewardTile({ reward }: { reward: RewardCard }) {
  const { session } = useSite()
  const terms = useTerms()
  const signedIn = session.signedIn.value
  const balance = session.participant.value?.unused_points ?? null
  const label = tileAction(reward, signedIn, balance)
  // A participant short of points reads how many they miss, not a 'Claim' the card would refuse.
  const shortfall = tileShortfall(reward, signedIn, balance, terms.points)
  const cost = tileCost(reward, terms.points)
  const earned = formatDate(reward.earned_by_current_participant_on)
  const finish = formatDate(reward.finish)
  return (
    <article class="tile reward-tile">
      <div class="tile__media">
        <Img
          src={reward.image?.public_url}
          alt=""
          class="tile__image"
          fallback={
            <span class="tile__image tile__image--empty">
              <GiftIcon size={32} />
            </span>
          }
        />
        <span class="chip tile__chip">{selectionName(reward.selection)}</span>
      </div>
      <div class="tile__body">
        {cost && <p class="tile__points">{cost}</p>}
        <h3 class="tile__title">{reward.name}</h3>
        {reward.description && <p class="tile__caption">{reward.description}</p>}
        {earned ? (
          <p class="reward-tile__note reward-tile__note--earned">
            <CheckCircleIcon size={16} />
            Earned {earned}
          </p>
        ) : (
          finish && (
            <p class="reward-tile__note">
              <CalendarIcon size={16} />
              Expires on {finish}
            </p>
          )
        )}
        {shortfall && <p class="reward-tile__need">{shortfall}</p>}
        <a
          href={rewardHref(reward)}
          class={buttonClass(label === 'View details' ? 'outline' : 'primary', 'sm', 'tile__cta')}
          aria-label={`${label}: ${reward.name}`}
        >
          {label}
        </a>
      </div>
    </article>
  )
}
