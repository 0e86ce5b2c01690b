import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, type TooltipContentProps, XAxis, YAxis } from 'recharts'
import { useI18n } from '../../../lib/i18n'
import type { UsersGrowthPoint } from '../api/overview-queries'
import { formatMonth } from './format'

/** The tooltip: 'N Active Users in month'. */
export function GrowthTooltip({ active, payload }: Pick<TooltipContentProps<number, string>, 'active' | 'payload'>) {
  const { t, locale, formatNumber } = useI18n()
  const point = payload?.[0]?.payload as UsersGrowthPoint | undefined
  if (!active || !point) return null
  return (
    <div className="chart-tooltip">
      {t('dashboard.growthTooltip', { count: formatNumber(point.active_users), month: formatMonth(locale, point.month, 'long') })}
    </div>
  )
}

export function UsersGrowthChart({ points }: { points: UsersGrowthPoint[] }) {
  const { t, locale, formatNumber } = useI18n()
  const summary = points.map((p) => t('dashboard.growthTooltip', { count: formatNumber(p.active_users), month: formatMonth(locale, p.month, 'long') })).join('; ')
  return (
    <figure className="growth-chart">
      {/* Recharts' accessibility layer lets a keyboard move through the months with the arrow keys. */}
      <div className="growth-chart-canvas">
        <ResponsiveContainer width="100%" height={260}>
          <LineChart data={points} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="var(--border)" vertical={false} />
            <XAxis dataKey="month" tickFormatter={(m: string) => formatMonth(locale, m)} stroke="var(--text-subtle)" fontSize={12} tickLine={false} />
            <YAxis allowDecimals={false} stroke="var(--text-subtle)" fontSize={12} tickLine={false} width={48} tickFormatter={(n: number) => formatNumber(n)} />
            <Tooltip content={(props) => <GrowthTooltip active={props.active} payload={props.payload} />} cursor={{ stroke: 'var(--border-strong)' }} />
            <Line type="monotone" dataKey="active_users" stroke="var(--accent)" strokeWidth={2} dot={{ r: 3 }} activeDot={{ r: 5 }} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </div>
      {/* The figures themselves, for screen readers. */}
      <figcaption className="sr-only">{summary}</figcaption>
    </figure>
  )
}
