import type { EarnBurn, EconomicsBlock, EconomicsSummary, LiabilityForecast, Participation, Retention, TierReport } from '../../../../sdk/contract/console/economics'
import { type CsvValue, csvLine } from '../../lib/csv'

type Table = { header: string[]; rows: CsvValue[][] }

const summaryTable = (s: EconomicsSummary): Table => ({
  header: ['span', 'from', 'to', 'earned', 'spent', 'expired', 'redemption_rate', 'breakage_rate', 'points_outstanding', 'point_value', 'currency', 'liability'],
  rows: [
    ['all_time', '', '', s.all_time.earned, s.all_time.spent, s.all_time.expired, s.all_time.redemption_rate, s.all_time.breakage_rate, s.points_outstanding, s.point_value, s.currency, s.liability],
    ['period', s.period.from, s.period.to, s.period.earned, s.period.spent, s.period.expired, s.period.redemption_rate, s.period.breakage_rate, '', '', '', ''],
  ],
})

const earnBurnTable = (e: EarnBurn): Table => ({
  header: ['month', 'source', 'challenge_type', 'earned', 'spent', 'deducted', 'expired', 'net'],
  rows: [
    ...e.months.flatMap((m) => m.sources.map((r) => [m.month, r.source, r.challenge_type, r.earned, r.spent, r.deducted, r.expired, r.net])),
    ...e.sources.map((r) => [`${e.period.from}..${e.period.to}`, r.source, r.challenge_type, r.earned, r.spent, r.deducted, r.expired, r.net]),
  ],
})

const forecastTable = (f: LiabilityForecast): Table => ({
  header: ['month', 'points_expiring', 'value', 'expected_breakage', 'expected_breakage_value', 'currency'],
  rows: [['overdue', f.overdue_points, '', '', '', f.currency], ...f.months.map((m) => [m.month, m.points_expiring, m.value, m.expected_breakage, m.expected_breakage_value, f.currency])],
})

const participationTable = (p: Participation): Table => ({
  header: ['month', 'active', 'members', 'participation_rate'],
  rows: p.months.map((m) => [m.month, m.active, m.members, m.participation_rate]),
})

const retentionTable = (r: Retention): Table => ({
  header: ['cohort', 'size', 'offset', 'month', 'active', 'rate'],
  rows: r.cohorts.flatMap((c) => c.months.map((m) => [c.cohort, c.size, m.offset, m.month, m.active, m.rate])),
})

const tiersTable = (t: TierReport): Table => ({
  header: ['month', 'tier_id', 'tier', 'points_threshold_min', 'points_threshold_max', 'members', 'moves_up', 'moves_down'],
  rows: [
    ...t.tiers.map((r) => ['now', r.tier_id, r.name, r.points_threshold_min, r.points_threshold_max, r.members, r.moves_up, r.moves_down]),
    ...t.months.map((m) => [m.month, '', 'all tiers', '', '', '', m.moves_up, m.moves_down]),
  ],
})

const TABLES: { [K in EconomicsBlock]: (data: never) => Table } = {
  summary: summaryTable,
  earn_burn: earnBurnTable,
  forecast: forecastTable,
  participation: participationTable,
  retention: retentionTable,
  tiers: tiersTable,
}

/** One block's table as CSV (a BOM for spreadsheet apps, CRLF lines, cells escaped as every export's). */
export function economicsCsv(block: EconomicsBlock, data: unknown): string {
  const table = TABLES[block](data as never)
  return `\uFEFF${csvLine(table.header)}${table.rows.map(csvLine).join('')}`
}
