import { useState } from 'preact/hooks'
import { Button } from '../../ui/button'
import { formatNumber } from '../../ui/format'
import { ChevronLeftIcon, ChevronRightIcon } from '../../ui/icons'
import '../../ui/input.css' // the field classes rendered here (field__input, field__select)
import { Skeleton } from '../../ui/skeleton'
import { formatDateTime, formatTimeAgo } from '../../ui/time'
import { useSite, useTerms } from '../shared/context'
import { errorMessage, useLoad } from '../shared/use-load'
import { PAGE_SIZES, pageWindow, shownRange } from './account-format'
import './account.css'

const ACTION_NAMES: Record<string, string> = {
  signup: 'Sign up',
  challenge_completed: 'Challenge',
  points_imported: 'Import',
  referral_approved: 'Referral',
  reward_claimed: 'Reward',
  reward_won: 'Reward won',
  sweepstake_entry: 'Sweepstake',
  tier_changed: 'Tier',
}
const actionName = (type: string) =>
  ACTION_NAMES[type] ?? type.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase())

/** The participant's activity, newest first, with page sizes 10 to 50 and pagination. */
export function ActivityTable() {
  const { client } = useSite()
  const terms = useTerms()
  const [page, setPage] = useState(1)
  const [perPage, setPerPage] = useState<number>(10)
  const [state, reload] = useLoad(
    () => client.account.listActions({ page, per_page: perPage }),
    `${page}/${perPage}`,
  )
  const now = Date.now()
  const data = state.data
  const totalPages = data?.total_pages ?? 1

  return (
    <section class="card activity" aria-labelledby="activity-title">
      <div class="activity__head">
        <h2 id="activity-title" class="card__title">
          Activity
        </h2>
        <label class="activity__size">
          Rows per page
          <select
            class="field__input field__select activity__select"
            value={perPage}
            onChange={(e) => {
              setPerPage(Number(e.currentTarget.value))
              setPage(1)
            }}
          >
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </div>
      {state.status === 'error' ? (
        <div class="activity__error" role="alert">
          <p>Error: {errorMessage(state.error, 'could not load your activity')}</p>
          <Button variant="outline" size="sm" onClick={() => reload()}>
            Try again
          </Button>
        </div>
      ) : (
        <div class="table-wrap">
          <table
            class="table"
            aria-busy={state.status === 'loading' ? 'true' : undefined}
            aria-describedby="activity-range"
          >
            <thead>
              <tr>
                <th scope="col">Activity</th>
                <th scope="col">Type</th>
                <th scope="col" class="table__num">
                  {terms.points.charAt(0).toUpperCase() + terms.points.slice(1)}
                </th>
                <th scope="col">When</th>
              </tr>
            </thead>
            <tbody>
              {state.status === 'loading' &&
                Array.from({ length: Math.min(perPage, 5) }, (_, i) => (
                  // placeholders
                  <tr key={i}>
                    <td>
                      <Skeleton width="70%" />
                    </td>
                    <td>
                      <Skeleton width={70} />
                    </td>
                    <td class="table__num">
                      <Skeleton width={40} />
                    </td>
                    <td>
                      <Skeleton width={90} />
                    </td>
                  </tr>
                ))}
              {data?.data.map((row) => (
                <tr key={row.id}>
                  <td class="table__title">{row.title}</td>
                  <td>
                    <span class="tag">{actionName(row.action_type)}</span>
                  </td>
                  <td
                    class={[
                      'table__num',
                      row.points > 0 && 'table__num--plus',
                      row.points < 0 && 'table__num--minus',
                    ]
                      .filter(Boolean)
                      .join(' ')}
                  >
                    {row.points > 0 ? '+' : ''}
                    {row.points ? formatNumber(row.points) : '–'}
                  </td>
                  <td>
                    <time dateTime={row.created_at} title={formatDateTime(row.created_at)}>
                      {formatTimeAgo(row.created_at, now)}
                    </time>
                  </td>
                </tr>
              ))}
              {data && !data.data.length && (
                <tr>
                  <td colSpan={4} class="table__empty">
                    Complete a challenge and it shows up here.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
      {data && (
        <nav class="pager" aria-label="Activity pages">
          <p id="activity-range" class="pager__range">
            {shownRange(data.page, data.per_page, data.total)}
          </p>
          {totalPages > 1 && (
            <div class="pager__pages">
              <button
                type="button"
                class="pager__btn"
                aria-label="Previous page"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                <ChevronLeftIcon size={18} />
              </button>
              {pageWindow(page, totalPages).map((p, i) =>
                p === null ? (
                  // gaps between page numbers
                  <span key={`gap${i}`} class="pager__gap" aria-hidden="true">
                    …
                  </span>
                ) : (
                  <button
                    key={p}
                    type="button"
                    class="pager__btn"
                    aria-label={`Page ${p}`}
                    aria-current={p === page ? 'page' : undefined}
                    onClick={() => setPage(p)}
                  >
                    {p}
                  </button>
                ),
              )}
              <button
                type="button"
                class="pager__btn"
                aria-label="Next page"
                disabled={page >= totalPages}
                onClick={() => setPage(page + 1)}
              >
                <ChevronRightIcon size={18} />
              </button>
            </div>
          )}
        </nav>
      )}
    </section>
  )
}
