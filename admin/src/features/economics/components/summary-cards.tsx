import { Link } from '@tanstack/react-router'
import type { EconomicsSummary } from '../api/economics'
import { useEconomicsFormat } from '../format'
import { useEconomicsText } from '../messages'

type Props = { summary: EconomicsSummary; programId: number; canSetPointValue: boolean }

/**
 * The cards: the liability (points outstanding at the point value, in its currency; without a point
 * value, the points and where to set one), the redemption rate and the breakage rate, all time and for
 * the period.
 */
export function SummaryCards({ summary, programId, canSetPointValue }: Props) {
  const et = useEconomicsText()
  const f = useEconomicsFormat()
  const valued = summary.liability !== null && summary.point_value !== null && summary.currency !== null
  return (
    <div className="economics-cards">
      <article className="metric economics-card">
        <h3 className="metric-label">{et('liability')}</h3>
        {valued ? (
          <>
            <p className="metric-value">{f.money(summary.liability, summary.currency)}</p>
            <p className="metric-delta">{et('liabilityDetail', { points: f.points(summary.points_outstanding), value: f.money(summary.point_value, summary.currency, true) })}</p>
          </>
        ) : (
          <>
            <p className="metric-value">{et('pointsOutstanding', { points: f.points(summary.points_outstanding) })}</p>
            <p className="metric-delta">{et('noPointValue')}</p>
            {canSetPointValue ? (
              <p className="economics-card-link">
                <Link to="/programs/$programId/settings/general" params={{ programId }}>
                  {et('setPointValue')}
                </Link>
              </p>
            ) : (
              <p className="metric-delta">{et('askPointValue')}</p>
            )}
          </>
        )}
      </article>
      <RateCard
        label={et('redemptionRate')}
        allTime={f.percent(summary.redemption_rate)}
        period={f.percent(summary.period.redemption_rate)}
        detail={et('redemptionDetail', { spent: f.points(summary.all_time.spent), earned: f.points(summary.all_time.earned) })}
      />
      <RateCard
        label={et('breakageRate')}
        allTime={f.percent(summary.breakage_rate)}
        period={f.percent(summary.period.breakage_rate)}
        detail={et('breakageDetail', { expired: f.points(summary.all_time.expired), earned: f.points(summary.all_time.earned) })}
      />
    </div>
  )
}

function RateCard({ label, allTime, period, detail }: { label: string; allTime: string; period: string; detail: string }) {
  const et = useEconomicsText()
  return (
    <article className="metric economics-card">
      <h3 className="metric-label">{label}</h3>
      <p className="metric-value">
        {allTime}
        <span className="economics-card-unit"> {et('allTime').toLowerCase()}</span>
      </p>
      <p className="economics-card-period">{et('thisPeriod', { rate: period })}</p>
      <p className="metric-delta">{detail}</p>
    </article>
  )
}
