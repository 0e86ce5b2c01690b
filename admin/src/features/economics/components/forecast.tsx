import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { LiabilityForecast } from '../api/economics'
import { useEconomicsFormat } from '../format'
import { useEconomicsText } from '../messages'
import { axisProps, ChartFigure, ChartKey, ChartTooltipBox, chartColor } from './chart-parts'
import { TableScroll } from './economics-block'

/**
 * The liability forecast: points due to expire in each of the next 12 months by the Points expiry
 * rule, the breakage expected from them (history's share of points that expired rather than were
 * spent), their value at the point value, and the points already overdue.
 */
export function ForecastView({ data }: { data: LiabilityForecast }) {
  const et = useEconomicsText()
  const f = useEconomicsFormat()
  const valued = data.currency !== null && data.point_value !== null
  const expiring = et('col.pointsExpiring')
  const breakage = et('col.expectedBreakage')
  const colors = { expiring: chartColor(0), breakage: chartColor(3) }
  return (
    <div className="economics-stack">
      {data.expiry_rule.active ? (
        <div className="economics-notes">
          <p>{et('forecastRule', { months: data.expiry_rule.months_after_earning })}</p>
          <p>
            {valued
              ? et('forecastDueValued', { points: f.points(data.total_points_expiring), value: f.money(sum(data.months.map((m) => m.value)), data.currency) })
              : et('forecastDue', { points: f.points(data.total_points_expiring) })}
          </p>
          <p>
            {data.expected_breakage_rate === null
              ? et('forecastNoRate')
              : et('forecastBreakage', { breakage: f.points(data.total_expected_breakage), rate: f.percent(data.expected_breakage_rate) })}
          </p>
          {data.overdue_points > 0 && <p>{et('forecastOverdue', { points: f.points(data.overdue_points) })}</p>}
        </div>
      ) : (
        <p className="economics-notes">{et('forecastOff')}</p>
      )}
      <ChartFigure>
        <ResponsiveContainer width="100%" height={280}>
          <BarChart data={data.months} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid stroke="var(--border)" vertical={false} />
            <XAxis dataKey="month" tickFormatter={(m: string) => f.month(m)} {...axisProps} />
            <YAxis allowDecimals={false} width={64} tickFormatter={(n: number) => f.points(n)} {...axisProps} />
            <Tooltip
              cursor={{ fill: 'var(--surface-3)', opacity: 0.5 }}
              content={({ active, payload, label }) =>
                active && payload?.length ? (
                  <ChartTooltipBox
                    title={f.month(String(label), 'long')}
                    rows={payload.map((p) => ({ name: String(p.name), value: f.points(Number(p.value ?? 0)), color: String(p.color) }))}
                  />
                ) : null
              }
            />
            <Bar dataKey="points_expiring" name={expiring} fill={colors.expiring} isAnimationActive={false} />
            <Bar dataKey="expected_breakage" name={breakage} fill={colors.breakage} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartFigure>
      <ChartKey
        label={et('forecast')}
        items={[
          { name: expiring, color: colors.expiring },
          { name: breakage, color: colors.breakage },
        ]}
      />
      <TableScroll label={et('forecastTable')}>
        <table className="dashboard-table economics-table">
          <caption className="economics-caption">{et('forecastTable')}</caption>
          <thead>
            <tr>
              <th scope="col">{et('col.month')}</th>
              <th scope="col" className="align-end">
                {expiring}
              </th>
              {valued && (
                <th scope="col" className="align-end">
                  {et('col.value')}
                </th>
              )}
              <th scope="col" className="align-end">
                {breakage}
              </th>
              {valued && (
                <th scope="col" className="align-end">
                  {et('col.breakageValue')}
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {data.months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{f.month(m.month, 'long')}</th>
                <td className="align-end">{f.points(m.points_expiring)}</td>
                {valued && <td className="align-end">{f.money(m.value, data.currency)}</td>}
                <td className="align-end">{f.points(m.expected_breakage)}</td>
                {valued && <td className="align-end">{f.money(m.expected_breakage_value, data.currency)}</td>}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{et('total')}</th>
              <td className="align-end">{f.points(data.total_points_expiring)}</td>
              {valued && <td className="align-end">{f.money(sum(data.months.map((m) => m.value)), data.currency)}</td>}
              <td className="align-end">{f.points(data.total_expected_breakage)}</td>
              {valued && <td className="align-end">{f.money(sum(data.months.map((m) => m.expected_breakage_value)), data.currency)}</td>}
            </tr>
          </tfoot>
        </table>
      </TableScroll>
    </div>
  )
}

/** A column of money values added up in minor units' worth of precision (null when any is missing). */
function sum(values: (number | null)[]): number | null {
  if (values.some((v) => v === null)) return null
  return Math.round((values as number[]).reduce((a, b) => a + b, 0) * 1e6) / 1e6
}
