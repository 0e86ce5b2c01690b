import { and, type AnyColumn, eq, gte, lte, type SQL, sql } from 'drizzle-orm'
import type { EarnBurn, EarnBurnRow, EconomicsPeriod, EconomicsSummary, PointFlowTotals } from '../../../../sdk/contract/console/economics'
import { programPointLots, programPointsDaily, programs } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import { moneyOf, type PointValue, pointValueNumber } from './money'

/** The rollup's six flows, summed. */
export type Flows = { earned: number; reversed: number; spent: number; refunded: number; deducted: number; expired: number }

const ZERO: Flows = { earned: 0, reversed: 0, spent: 0, refunded: 0, deducted: 0, expired: 0 }
const FLOW_KEYS = Object.keys(ZERO) as (keyof Flows)[]
const d = programPointsDaily
const sums = (when?: SQL) => {
  const col = (c: AnyColumn) => (when ? sql<number>`coalesce(sum(CASE WHEN ${when} THEN ${c} ELSE 0 END), 0)` : sql<number>`coalesce(sum(${c}), 0)`)
  return { earned: col(d.earned), reversed: col(d.reversed), spent: col(d.spent), refunded: col(d.refunded), deducted: col(d.deducted), expired: col(d.expired) }
}
const numbers = (row: Record<keyof Flows, unknown> | undefined): Flows =>
  row ? { earned: Number(row.earned), reversed: Number(row.reversed), spent: Number(row.spent), refunded: Number(row.refunded), deducted: Number(row.deducted), expired: Number(row.expired) } : { ...ZERO }

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null)

/**
 * Earned, spent and expired as the report counts them (sdk/contract/console/economics.ts): earnings
 * less reversals, spends less refunds.
 */
export function totalsOf(f: Flows): PointFlowTotals {
  const earned = f.earned - f.reversed
  const spent = f.spent - f.refunded
  return { earned, spent, expired: f.expired, redemption_rate: ratio(spent, earned), breakage_rate: ratio(f.expired, earned) }
}

/** All-time flows and the period's, in one read of the program's day rows (a few thousand for years of history). */
export async function flowTotals(scope: ProgramScope, period?: EconomicsPeriod): Promise<{ allTime: Flows; period: Flows }> {
  const all = sums()
  const inPeriod = sums(period ? sql`${d.day} BETWEEN ${period.from} AND ${period.to}` : sql`0`)
  const fields: Record<string, SQL<number>> = {}
  for (const k of FLOW_KEYS) {
    fields[`a_${k}`] = all[k]
    fields[`p_${k}`] = inPeriod[k]
  }
  const [row] = await scope.db.select(fields).from(d).where(scope.where(d))
  const pick = (prefix: string) => Object.fromEntries(FLOW_KEYS.map((k) => [k, row?.[`${prefix}${k}`] ?? 0])) as Record<keyof Flows, unknown>
  return { allTime: numbers(pick('a_')), period: numbers(pick('p_')) }
}

/** The program's point value (read fresh: a settings save shows at once). */
export async function pointValueOf(scope: ProgramScope): Promise<PointValue> {
  const [row] = await scope.db
    .select({ micros: programs.pointValueMicros, currency: programs.pointValueCurrency })
    .from(programs)
    .where(eq(programs.id, scope.programId))
  return row?.micros !== null && row?.micros !== undefined && row.currency ? { micros: row.micros, currency: row.currency } : null
}

/** Points outstanding: what is left of every lot, which is every participant's unused_points summed. */
export async function pointsOutstanding(scope: ProgramScope): Promise<number> {
  const [row] = await scope.db
    .select({ n: sql<number>`coalesce(sum(${programPointLots.remaining}), 0)` })
    .from(programPointLots)
    .where(scope.where(programPointLots))
  return Number(row?.n ?? 0)
}

/** The cards: points outstanding and their liability, redemption and breakage, all time and in the period. */
export async function economicsSummary(scope: ProgramScope, period: EconomicsPeriod): Promise<EconomicsSummary> {
  const [value, outstanding, flows] = await Promise.all([pointValueOf(scope), pointsOutstanding(scope), flowTotals(scope, period)])
  const allTime = totalsOf(flows.allTime)
  return {
    point_value: pointValueNumber(value),
    currency: value?.currency ?? null,
    points_outstanding: outstanding,
    liability: moneyOf(outstanding, value),
    redemption_rate: allTime.redemption_rate,
    breakage_rate: allTime.breakage_rate,
    all_time: allTime,
    period: { ...period, ...totalsOf(flows.period) },
  }
}

type SourceFlows = Flows & { source: string; challengeType: string }

const rowOf = (f: SourceFlows): EarnBurnRow => {
  const earned = f.earned - f.reversed
  const spent = f.spent - f.refunded
  return { source: f.source, challenge_type: f.challengeType || null, earned, spent, deducted: f.deducted, expired: f.expired, net: earned - spent - f.deducted - f.expired }
}

const keyOf = (f: { source: string; challengeType: string }) => `${f.source}\u0000${f.challengeType}`
const bySource = (a: EarnBurnRow, b: EarnBurnRow) => a.source.localeCompare(b.source) || (a.challenge_type ?? '').localeCompare(b.challenge_type ?? '')

/** Earn and burn per source (challenges by type) for the period, and per month of it. */
export async function earnBurn(scope: ProgramScope, period: EconomicsPeriod): Promise<EarnBurn> {
  const month = sql<string>`substr(${d.day}, 1, 7)`
  const rows = await scope.db
    .select({ month, source: d.source, challengeType: d.challengeType, ...sums() })
    .from(d)
    .where(scope.where(d, and(gte(d.day, period.from), lte(d.day, period.to))))
    .groupBy(month, d.source, d.challengeType)
  const total = new Map<string, SourceFlows>()
  const months = new Map<string, SourceFlows[]>()
  for (const r of rows) {
    const f: SourceFlows = { source: r.source, challengeType: r.challengeType, ...numbers(r) }
    if (!months.has(r.month)) months.set(r.month, [])
    months.get(r.month)!.push(f)
    const t = total.get(keyOf(f)) ?? { ...ZERO, source: f.source, challengeType: f.challengeType }
    for (const k of FLOW_KEYS) t[k] += f[k]
    total.set(keyOf(f), t)
  }
  return {
    period,
    sources: [...total.values()].map(rowOf).sort(bySource),
    months: [...months.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([m, list]) => ({ month: m, sources: list.map(rowOf).sort(bySource) })),
  }
}
