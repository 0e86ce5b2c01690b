import { useLoad } from '../../widgets/shared/use-load'
import { formatNumber } from '../../ui/format'
import { Skeleton } from '../../ui/skeleton'
import { formatTimeAgo } from '../../ui/time'
import { useEmbed } from '../mount'
import { SignOutButton } from './sign-out-button'
import './account.css'

/** The signed-in account card of <tessera-account> (account-view.tsx fetches it once signed in). */
export function Account() {
  const { runtime, program } = useEmbed()
  const participant = runtime.session.participant.value
  const points = program.term_points_as || 'points'
  // Reloaded whenever the balance changes (a challenge completed, a reward claimed).
  const [actions] = useLoad(
    () => runtime.client.account.listActions({ per_page: 10 }),
    `${participant?.points}:${participant?.unused_points}`,
  )
  const stats: [string, number | undefined][] = [
    [`Available ${points}`, participant?.unused_points],
    [`Lifetime ${points}`, participant?.points],
    ['Challenges completed', participant?.completed_challenges],
  ]
  return (
    <section class="tw-card tw-account" aria-labelledby="account-title">
      <div class="tw-account__head">
        <div>
          <h2 id="account-title" class="tw-account__title">
            {participant ? participant.name : <Skeleton width={160} height={24} />}
          </h2>
          <p class="tw-account__email">
            {participant ? participant.email : <Skeleton width={200} height={16} />}
          </p>
        </div>
        <SignOutButton />
      </div>
      <dl class="tw-stats">
        {stats.map(([label, value]) => (
          <div key={label} class="tw-stat">
            <dt>{label}</dt>
            <dd>{value === undefined ? <Skeleton width={64} height={28} /> : formatNumber(value)}</dd>
          </div>
        ))}
      </dl>
      <h3 class="tw-account__subtitle">Recent activity</h3>
      {actions.status === 'ready' ? (
        actions.data.data.length ? (
          <ul class="tw-activity">
            {actions.data.data.slice(0, 5).map((a) => (
              <li key={a.id}>
                <span class="tw-activity__title">{a.title}</span>
                <span class="tw-activity__points">
                  {a.points > 0 ? '+' : ''}
                  {formatNumber(a.points)} {points}
                </span>
                <span class="tw-activity__time">{formatTimeAgo(a.created_at)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p class="tw-muted">Nothing yet: complete a challenge to earn your first {points}.</p>
        )
      ) : actions.status === 'error' ? (
        <p class="tw-muted">Error: your activity could not be loaded.</p>
      ) : (
        <Skeleton width="100%" height={80} />
      )}
    </section>
  )
}
