import type { ReactNode } from 'react'
import { useI18n } from '../../../lib/i18n'

type MetricCardProps = { label: string; icon: ReactNode; total: number; recent: number }

/** One dashboard figure: the all-time total and how much of it came in the last 30 days. */
export function MetricCard({ label, icon, total, recent }: MetricCardProps) {
  const { t, formatNumber } = useI18n()
  const share = total > 0 ? Math.min(100, Math.round((recent / total) * 100)) : 0
  return (
    <article className="metric">
      <header className="metric-header">
        <h2 className="metric-label">{label}</h2>
        <span className="metric-icon" aria-hidden="true">
          {icon}
        </span>
      </header>
      <p className="metric-value">{formatNumber(total)}</p>
      <p className={recent > 0 ? 'metric-delta metric-delta-up' : 'metric-delta'}>
        {t('dashboard.recent', { count: formatNumber(recent) })}
      </p>
      <div className="metric-share">
        <progress
          className="metric-bar"
          value={share}
          max={100}
          aria-label={t('dashboard.share', { percent: share })}
        />
        <span className="metric-share-text">{t('dashboard.share', { percent: share })}</span>
      </div>
    </article>
  )
}

export function MetricCardSkeleton() {
  return (
    <div className="metric metric-skeleton" aria-hidden="true">
      <span className="skeleton skeleton-line-sm" />
      <span className="skeleton skeleton-line-lg" />
      <span className="skeleton skeleton-line-md" />
    </div>
  )
}
