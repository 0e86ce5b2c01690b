import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { NoResults } from '../../dashboard'
import type { Participation } from '../api/economics'
import { useEconomicsFormat } from '../format'
import { useEconomicsText } from '../messages'
import { axisProps, ChartFigure, ChartTooltipBox, chartColor } from './chart-parts'
import { TableScroll } from './economics-block'

/** Participation per month: the rate's line, and the table of active members over members. */
export function ParticipationView({ data }: { data: Participation }) {
  const et = useEconomicsText()
  const f = useEconomicsFormat()
  if (data.months.length === 0) return <NoResults />
  const rate = et('col.participation')
  return (
    <div className="economics-stack">
      <ChartFigure height={220}>
        <ResponsiveContainer width="100%" height={220}>
          <LineChart data={data.months} margin={{ top: 8, right: 16, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid stroke="var(--border)" vertical={false} />
            <XAxis dataKey="month" tickFormatter={(m: string) => f.month(m)} {...axisProps} />
            <YAxis width={48} domain={[0, 'auto']} tickFormatter={(n: number) => f.percent(n)} {...axisProps} />
            <Tooltip
              cursor={{ stroke: 'var(--border-strong)' }}
              content={({ active, payload, label }) =>
                active && payload?.length ? (
                  <ChartTooltipBox title={f.month(String(label), 'long')} rows={[{ name: rate, value: f.percent(payload[0]!.value as number | null), color: chartColor(0) }]} />
                ) : null
              }
            />
            <Line type="monotone" dataKey="participation_rate" name={rate} stroke={chartColor(0)} strokeWidth={2} dot={{ r: 3 }} connectNulls isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </ChartFigure>
      <TableScroll label={et('participationTable')}>
        <table className="dashboard-table economics-table">
          <caption className="economics-caption">{et('participationTable')}</caption>
          <thead>
            <tr>
              <th scope="col">{et('col.month')}</th>
              <th scope="col" className="align-end">
                {et('col.active')}
              </th>
              <th scope="col" className="align-end">
                {et('col.members')}
              </th>
              <th scope="col" className="align-end">
                {rate}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{f.month(m.month, 'long')}</th>
                <td className="align-end">{f.points(m.active)}</td>
                <td className="align-end">{f.points(m.members)}</td>
                <td className="align-end">{f.percent(m.participation_rate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  )
}
