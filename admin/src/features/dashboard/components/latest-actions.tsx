import { Link } from '@tanstack/react-router'
import { useI18n } from '../../../lib/i18n'
import { type DashboardAction, useLatestActions } from '../api/overview-queries'
import { ActionTypeBadge, useActionLabel } from './action-label'
import { CarouselControls } from './carousel-controls'
import { DashboardBlock, NoResults } from './dashboard-block'
import { formatDateTime } from './format'
import { useAutoAdvance } from './use-auto-advance'

/** The Latest Actions ticker: every 3000 ms, looping, shown only with at least 5 items (spec section 9). */
export const TICKER_DELAY_MS = 3000
export const TICKER_MIN_ITEMS = 5

export function LatestActionsBlock({ programId }: { programId: number }) {
  const { t } = useI18n()
  const actions = useLatestActions(programId)
  const rows = actions.data ?? []
  return (
    <DashboardBlock title={t('dashboard.latestActions')} status={actions.status} onRetry={() => void actions.refetch()} lines={6}>
      {rows.length >= TICKER_MIN_ITEMS && <ActionsTicker actions={rows} />}
      {rows.length ? <LatestActionsTable programId={programId} actions={rows} /> : <NoResults />}
    </DashboardBlock>
  )
}

/** One action at a time, like a news ticker, above the table. */
export function ActionsTicker({ actions }: { actions: DashboardAction[] }) {
  const { t } = useI18n()
  const label = useActionLabel()
  const ticker = useAutoAdvance(actions.length, TICKER_DELAY_MS)
  const action = actions[ticker.index]!
  return (
    <div className="ticker" role="region" aria-roledescription={t('dashboard.carousel.role')} aria-label={t('dashboard.ticker')} {...ticker.interactionProps}>
      <p className="ticker-item" aria-live={ticker.playing ? 'off' : 'polite'} data-testid="ticker-item">
        <span className="ticker-name">{action.short_name}</span> <span className="ticker-type">{label(action.action_type)}</span>{' '}
        <span className="ticker-title">{action.title}</span>
      </p>
      <CarouselControls
        index={ticker.index}
        count={actions.length}
        playing={ticker.playing}
        onPrevious={ticker.previous}
        onNext={ticker.next}
        onToggle={ticker.toggle}
      />
    </div>
  )
}

export function LatestActionsTable({ programId, actions }: { programId: number; actions: DashboardAction[] }) {
  const { t, locale, formatNumber } = useI18n()
  return (
    <div className="dashboard-table-scroll">
      <table className="dashboard-table" aria-label={t('dashboard.latestActions')}>
        <thead>
          <tr>
            <th scope="col">{t('dashboard.col.participant')}</th>
            <th scope="col">{t('dashboard.col.action')}</th>
            <th scope="col" className="align-end">
              {t('dashboard.col.points')}
            </th>
            <th scope="col">{t('dashboard.col.location')}</th>
            <th scope="col">{t('dashboard.col.date')}</th>
          </tr>
        </thead>
        <tbody>
          {actions.map((a) => (
            <tr key={a.id}>
              <td>
                <Link to="/programs/$programId/users/$userId" params={{ programId, userId: a.participant_id }}>
                  {a.name}
                </Link>
              </td>
              <td>
                <ActionTypeBadge type={a.action_type} />{' '}
                {a.actionable_url ? <a href={a.actionable_url}>{a.title}</a> : <span>{a.title}</span>}
              </td>
              <td className="align-end">{formatNumber(a.points)}</td>
              <td>{[a.city, a.country].filter(Boolean).join(', ') || '—'}</td>
              <td>
                <time dateTime={a.created_at}>{formatDateTime(locale, a.created_at)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
