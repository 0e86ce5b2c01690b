import type { TierReport } from '../api/economics'
import { useEconomicsFormat } from '../format'
import { useEconomicsText } from '../messages'
import { TableScroll } from './economics-block'

/** Members per tier today with the moves into each in the period, and the moves per month. */
export function TiersView({ data }: { data: TierReport }) {
  const et = useEconomicsText()
  const f = useEconomicsFormat()
  const range = (min: number | null, max: number | null) =>
    min === null ? '' : max === null ? et('pointsFrom', { min: f.points(min) }) : et('pointsRange', { min: f.points(min), max: f.points(max) })
  const hasTiers = data.tiers.some((t) => t.tier_id !== null)
  return (
    <div className="economics-stack">
      {!hasTiers && <p className="economics-notes">{et('noTiers')}</p>}
      <TableScroll label={et('tiersTable')}>
        <table className="dashboard-table economics-table">
          <caption className="economics-caption">{et('tiersTable')}</caption>
          <thead>
            <tr>
              <th scope="col">{et('col.tier')}</th>
              <th scope="col">{et('col.points')}</th>
              <th scope="col" className="align-end">
                {et('col.members')}
              </th>
              <th scope="col" className="align-end">
                {et('col.movesUp')}
              </th>
              <th scope="col" className="align-end">
                {et('col.movesDown')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.tiers.map((t) => (
              <tr key={t.tier_id ?? 'none'}>
                <th scope="row">{t.name}</th>
                <td>{range(t.points_threshold_min, t.points_threshold_max)}</td>
                <td className="align-end">{f.points(t.members)}</td>
                <td className="align-end">{f.points(t.moves_up)}</td>
                <td className="align-end">{f.points(t.moves_down)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {data.months.length > 0 && (
        <TableScroll label={et('tierMovesTable')}>
          <table className="dashboard-table economics-table">
            <caption className="economics-caption">{et('tierMovesTable')}</caption>
            <thead>
              <tr>
                <th scope="col">{et('col.month')}</th>
                <th scope="col" className="align-end">
                  {et('col.movesUp')}
                </th>
                <th scope="col" className="align-end">
                  {et('col.movesDown')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.months.map((m) => (
                <tr key={m.month}>
                  <th scope="row">{f.month(m.month, 'long')}</th>
                  <td className="align-end">{f.points(m.moves_up)}</td>
                  <td className="align-end">{f.points(m.moves_down)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  )
}
