import { NoResults } from '../../dashboard'
import type { Retention } from '../api/economics'
import { useEconomicsFormat } from '../format'
import { useEconomicsText } from '../messages'
import { TableScroll } from './economics-block'

/** Six shades, from none to the strongest: each keeps the cell's text at 4.5:1 or better in both themes (economics.css). */
export const SHADES = 6

/** The shade of a share (0..1): 0 for none or no value, then 1..5 by fifths. */
export function shadeOf(rate: number | null): number {
  if (rate === null || rate <= 0) return 0
  return Math.min(SHADES - 1, Math.ceil(rate * (SHADES - 1)))
}

/**
 * The cohort grid: a real table, one row per join month (its size beside it), one column per month
 * since joining, each cell the share of the cohort with an action that month, as text, shaded by it.
 */
export function RetentionGrid({ data }: { data: Retention }) {
  const et = useEconomicsText()
  const f = useEconomicsFormat()
  if (data.cohorts.length === 0) return <NoResults />
  const width = Math.max(...data.cohorts.map((c) => c.months.reduce((n, m) => Math.max(n, m.offset + 1), 0)))
  const offsets = Array.from({ length: width }, (_, i) => i)
  return (
    <TableScroll label={et('retentionTable')}>
      <table className="economics-cohorts">
        <caption className="sr-only">{et('retentionTable')}</caption>
        <thead>
          <tr>
            <th scope="col">{et('col.cohort')}</th>
            <th scope="col" className="align-end">
              {et('col.size')}
            </th>
            {offsets.map((n) => (
              <th key={n} scope="col" className="align-end">
                {et('col.monthsSince', { n })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.cohorts.map((c) => {
            const byOffset = new Map(c.months.map((m) => [m.offset, m]))
            return (
              <tr key={c.cohort}>
                <th scope="row">{f.month(c.cohort, 'long')}</th>
                <td className="align-end">{f.points(c.size)}</td>
                {offsets.map((n) => {
                  const m = byOffset.get(n)
                  if (!m) return <td key={n} className="economics-cell-empty" />
                  return (
                    <td key={n} className={`align-end economics-shade-${shadeOf(m.rate)}`} title={et('retentionCell', { active: f.points(m.active), size: f.points(c.size), month: f.month(m.month, 'long') })}>
                      {f.percent(m.rate)}
                    </td>
                  )
                })}
              </tr>
            )
          })}
        </tbody>
      </table>
    </TableScroll>
  )
}
