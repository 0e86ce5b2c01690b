import { Bar, BarChart, CartesianGrid, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { economicsSources } from '../../../../../sdk/contract/console/economics'
import { NoResults } from '../../dashboard'
import type { EarnBurn, EarnBurnRow } from '../api/economics'
import { type EconomicsFormat, useEconomicsFormat } from '../format'
import { type EconomicsMessage, useEconomicsText } from '../messages'
import { monthsOf, type Period } from '../period'
import { axisProps, ChartFigure, ChartKey, ChartTooltipBox, chartColor } from './chart-parts'
import { TableScroll } from './economics-block'

const burnOf = (r: Pick<EarnBurnRow, 'spent' | 'deducted' | 'expired'>) => r.spent + r.deducted + r.expired

/** The sources present, in the contract's order (any new one after them). */
export function sourcesOf(data: EarnBurn): string[] {
  const seen = new Set([...data.sources.map((r) => r.source), ...data.months.flatMap((m) => m.sources.map((r) => r.source))])
  const known = economicsSources.filter((s) => seen.has(s))
  return [...known, ...[...seen].filter((s) => !(economicsSources as readonly string[]).includes(s)).sort()]
}

/**
 * The stacked chart's rows: one per month of the period (months without points at zero), with each
 * source's earned points above the line (`earned:{source}`) and its burned points below it
 * (`burned:{source}`, negative), challenge types added up into their source.
 */
export function earnBurnChartRows(data: EarnBurn, period: Period, sources: string[]) {
  const byMonth = new Map(data.months.map((m) => [m.month, m.sources]))
  return monthsOf(period).map((month) => {
    const row: Record<string, number | string> = { month }
    for (const s of sources) {
      row[`earned:${s}`] = 0
      row[`burned:${s}`] = 0
    }
    for (const r of byMonth.get(month) ?? []) {
      row[`earned:${r.source}`] = (row[`earned:${r.source}`] as number) + r.earned
      row[`burned:${r.source}`] = (row[`burned:${r.source}`] as number) - burnOf(r)
    }
    return row
  })
}

const KNOWN_SOURCES = new Set<string>(economicsSources)

/** A source's name in the console's language (an unknown one, readable). */
export const useSourceName = () => {
  const et = useEconomicsText()
  return (source: string) => (KNOWN_SOURCES.has(source) ? et(`source.${source}` as EconomicsMessage) : humanize(source))
}

/** "purchase_proof" -> "Purchase proof": a challenge type or an unknown source, readable. */
export const humanize = (value: string) => {
  const text = value.replace(/[_-]+/g, ' ').trim()
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** Earn and burn by source: the stacked chart per month, the period's table by source, and the months' table. */
export function EarnBurnView({ data, period }: { data: EarnBurn; period: Period }) {
  const et = useEconomicsText()
  const f = useEconomicsFormat()
  const sourceName = useSourceName()
  if (data.sources.length === 0 && data.months.length === 0) return <NoResults />
  const sources = sourcesOf(data)
  const rows = earnBurnChartRows(data, period, sources)
  return (
    <div className="economics-stack">
      <ChartFigure>
        <ResponsiveContainer width="100%" height={280}>
          <BarChart data={rows} stackOffset="sign" margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid stroke="var(--border)" vertical={false} />
            <XAxis dataKey="month" tickFormatter={(m: string) => f.month(m)} {...axisProps} />
            <YAxis allowDecimals={false} width={64} tickFormatter={(n: number) => f.points(n)} {...axisProps} />
            <ReferenceLine y={0} stroke="var(--border-strong)" />
            <Tooltip
              cursor={{ fill: 'var(--surface-3)', opacity: 0.5 }}
              content={({ active, payload, label }) =>
                active && payload?.length ? (
                  <ChartTooltipBox
                    title={f.month(String(label), 'long')}
                    rows={payload
                      .filter((p) => Number(p.value) !== 0)
                      .map((p) => ({ name: String(p.name), value: f.points(Math.abs(Number(p.value))), color: String(p.color) }))}
                  />
                ) : null
              }
            />
            {sources.map((s, i) => (
              <Bar key={`e-${s}`} dataKey={`earned:${s}`} name={et('earnedOf', { source: sourceName(s) })} stackId="flow" fill={chartColor(i)} isAnimationActive={false} />
            ))}
            {sources.map((s, i) => (
              <Bar key={`b-${s}`} dataKey={`burned:${s}`} name={et('burnedOf', { source: sourceName(s) })} stackId="flow" fill={chartColor(i)} fillOpacity={0.6} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </ChartFigure>
      <ChartKey label={et('col.source')} items={sources.map((s, i) => ({ name: sourceName(s), color: chartColor(i) }))} />
      <EarnBurnTable data={data} f={f} />
      <details className="economics-details">
        <summary>{et('earnBurnMonthsToggle')}</summary>
        <TableScroll label={et('earnBurnMonths')}>
          <table className="dashboard-table economics-table">
            <caption className="sr-only">{et('earnBurnMonths')}</caption>
            <thead>
              <tr>
                <th scope="col">{et('col.month')}</th>
                <th scope="col">{et('col.source')}</th>
                <FlowHeaders />
              </tr>
            </thead>
            <tbody>
              {data.months.flatMap((m) =>
                m.sources.map((r) => (
                  <tr key={`${m.month}-${r.source}-${r.challenge_type ?? ''}`}>
                    <td>{f.month(m.month, 'long')}</td>
                    <td>{r.challenge_type ? `${sourceName(r.source)} (${humanize(r.challenge_type)})` : sourceName(r.source)}</td>
                    <FlowCells row={r} f={f} />
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </TableScroll>
      </details>
    </div>
  )
}

function FlowHeaders() {
  const et = useEconomicsText()
  return (
    <>
      {(['col.earned', 'col.spent', 'col.deducted', 'col.expired', 'col.net'] as const).map((key) => (
        <th key={key} scope="col" className="align-end">
          {et(key)}
        </th>
      ))}
    </>
  )
}

function FlowCells({ row, f }: { row: Omit<EarnBurnRow, 'source' | 'challenge_type'>; f: EconomicsFormat }) {
  return (
    <>
      <td className="align-end">{f.points(row.earned)}</td>
      <td className="align-end">{f.points(row.spent)}</td>
      <td className="align-end">{f.points(row.deducted)}</td>
      <td className="align-end">{f.points(row.expired)}</td>
      <td className="align-end">{f.points(row.net)}</td>
    </>
  )
}

/** One row per source (challenges by type) for the whole period, and their total. */
function EarnBurnTable({ data, f }: { data: EarnBurn; f: EconomicsFormat }) {
  const et = useEconomicsText()
  const sourceName = useSourceName()
  const total = data.sources.reduce(
    (t, r) => ({ earned: t.earned + r.earned, spent: t.spent + r.spent, deducted: t.deducted + r.deducted, expired: t.expired + r.expired, net: t.net + r.net }),
    { earned: 0, spent: 0, deducted: 0, expired: 0, net: 0 },
  )
  return (
    <TableScroll label={et('earnBurnTable')}>
      <table className="dashboard-table economics-table">
        <caption className="economics-caption">{et('earnBurnTable')}</caption>
        <thead>
          <tr>
            <th scope="col">{et('col.source')}</th>
            <th scope="col">{et('col.challengeType')}</th>
            <FlowHeaders />
          </tr>
        </thead>
        <tbody>
          {data.sources.map((r) => (
            <tr key={`${r.source}-${r.challenge_type ?? ''}`}>
              <th scope="row">{sourceName(r.source)}</th>
              <td>{r.challenge_type ? humanize(r.challenge_type) : ''}</td>
              <FlowCells row={r} f={f} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{et('total')}</th>
            <td />
            <FlowCells row={total} f={f} />
          </tr>
        </tfoot>
      </table>
    </TableScroll>
  )
}
