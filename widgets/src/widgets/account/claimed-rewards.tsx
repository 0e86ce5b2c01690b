import type { Reward } from '../../../../sdk/contract/rewards'
import { CheckCircleIcon } from '../../ui/icons'
import { Skeleton } from '../../ui/skeleton'
import { formatDate } from '../../ui/date'
import { CopyField } from '../challenge/copy-field'
import { useSite, useTerms } from '../shared/context'
import { LoadError } from '../shared/load-error'
import { useLoad } from '../shared/use-load'
import './account.css'

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/**
 * The participant's claimed rewards with what they need to use them (issue 13): the name (linking to
 * the reward's card), the date earned, the code with Copy and the redemption details. Latest first,
 * as the server lists them; loaded again when the balance changes (a claim elsewhere on the page).
 */
export function ClaimedRewards() {
  const { client, session } = useSite()
  const terms = useTerms()
  const participant = session.participant.value
  const [state, reload] = useLoad(
    () => client.rewards.listClaimed().then((r) => r.data),
    `${participant?.id}:${participant?.unused_points}`,
  )
  const title = `Claimed ${terms.rewards}`
  return (
    <section class="card claimed" aria-labelledby="claimed-title">
      <h2 id="claimed-title" class="card__title">
        {title}
      </h2>
      {state.status === 'loading' ? (
        <div aria-busy="true">
          <Skeleton width="100%" height={72} />
        </div>
      ) : state.status === 'error' ? (
        <LoadError class="notice" message={`We couldn't load your ${terms.rewards} just now.`} retry={() => reload()} />
      ) : state.data.length ? (
        <ul class="claimed__list">
          {state.data.map((r) => (
            <ClaimedReward key={r.id} reward={r} />
          ))}
        </ul>
      ) : (
        <p class="claimed__empty">
          {capitalize(terms.rewards)} you claim appear here with their codes. <a href="/">See what you can claim</a>.
        </p>
      )}
    </section>
  )
}

function ClaimedReward({ reward }: { reward: Reward }) {
  const earned = formatDate(reward.earned_by_current_participant_on)
  return (
    <li class="claimed__item">
      <h3 class="claimed__name">
        <a href={`/reward/${reward.id}`}>{reward.name}</a>
      </h3>
      {earned && (
        <p class="claimed__date">
          <CheckCircleIcon size={16} />
          Earned {earned}
        </p>
      )}
      {reward.coupon_code && <CopyField label={`Code for ${reward.name}`} value={reward.coupon_code} what="Code" />}
      {reward.redemption_details && <p class="claimed__details">{reward.redemption_details}</p>}
    </li>
  )
}
