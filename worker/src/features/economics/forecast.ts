import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import type { LiabilityForecast } from '../../../../sdk/contract/console/economics'
import type { Db } from '../../db/client'
import { evergreenSettings, evergreenSettingValues, programPointLots } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import { flowTotals, pointValueOf } from './flows'
import { moneyOf, pointValueNumber } from './money'
import { addMonths } from './period'

/** The evergreen setting that turns expiry on, and its rule ('Unused points expire 12 months after they were earned.'). */
export const POINTS_EXPIRY_KEY = 'points_expiry'
export const POINTS_EXPIRY_MONTHS = 12
/** The forecast's horizon: this month and the eleven after it. */
export const FORECAST_MONTHS = 12

/**
 * The programs among `programIds` whose 'Points expiry' evergreen setting is on, in one read (the ids
 * go as one JSON parameter: D1 binds at most 100).
 */
export async function programsWithExpiry(db: Db, programIds: readonly number[]): Promise<number[]> {
  if (!programIds.length) return []
  const rows = await db
    .selectDistinct({ programId: evergreenSettings.programId })
    .from(evergreenSettings) // tenant-guard: allow (the expiry sweep asks for many programs at once, each named by id)
    .innerJoin(evergreenSettingValues, and(eq(evergreenSettingValues.evergreenSettingId, evergreenSettings.id), eq(evergreenSettingValues.programId, evergreenSettings.programId)))
    .where(
      and(
        inArray(evergreenSettings.programId, sql`(SELECT value FROM json_each(${JSON.stringify(programIds)}))`),
        eq(evergreenSettings.key, POINTS_EXPIRY_KEY),
        eq(evergreenSettingValues.active, true),
      ),
    )
  return rows.map((r) => r.programId)
}

/** Whether the program's 'Points expiry' evergreen setting is on. */
export async function expiryActive(scope: ProgramScope): Promise<boolean> {
  return (await programsWithExpiry(scope.db, [scope.programId])).length > 0
}

/** YYYY-MM (UTC) of a time. */
export const monthOf = (now: number) => new Date(now).toISOString().slice(0, 7)

/**
 * The rule: a lot earned in month M expires at the start of month M + POINTS_EXPIRY_MONTHS (UTC). This
 * answers the lot month that expires in `month` (the forecast's points_expiring of that month).
 */
export const lotMonthExpiringIn = (month: string) => addMonths(month, -POINTS_EXPIRY_MONTHS)

/**
 * The newest lot month expired at `now`: lots of this month and older are due (the forecast's overdue
 * ones and this month's). The expiry job (features/points/expiry.ts) expires exactly these.
 */
export const lastExpiredLotMonth = (now: number) => lotMonthExpiringIn(monthOf(now))

/**
 * Points due to expire in each of the next 12 months by the program's rule: what is left of the lots
 * earned POINTS_EXPIRY_MONTHS before each month (program_point_lots), the older ones overdue. Without
 * the rule nothing expires. The expected breakage applies history's share of points that ended
 * expired rather than spent (expired / (spent + expired), all time) to the points due.
 */
export async function liabilityForecast(scope: ProgramScope, now: number): Promise<LiabilityForecast> {
  const [active, value, flows, lots] = await Promise.all([
    expiryActive(scope),
    pointValueOf(scope),
    flowTotals(scope),
    scope.db
      .select({ month: programPointLots.month, remaining: programPointLots.remaining })
      .from(programPointLots)
      .where(scope.where(programPointLots, ne(programPointLots.remaining, 0))),
  ])
  const thisMonth = monthOf(now)
  const left = new Map(lots.map((l) => [l.month, Number(l.remaining)]))
  const spent = flows.allTime.spent - flows.allTime.refunded
  const resolved = spent + flows.allTime.expired
  const rate = resolved > 0 ? flows.allTime.expired / resolved : null
  const firstDue = lastExpiredLotMonth(now)
  const overdue = active ? lots.filter((l) => l.month < firstDue).reduce((n, l) => n + Number(l.remaining), 0) : 0
  const months = Array.from({ length: FORECAST_MONTHS }, (_, i) => {
    const month = addMonths(thisMonth, i)
    const points = active ? (left.get(lotMonthExpiringIn(month)) ?? 0) : 0
    const breakage = rate === null ? null : Math.round(points * rate)
    return { month, points_expiring: points, value: moneyOf(points, value), expected_breakage: breakage, expected_breakage_value: breakage === null ? null : moneyOf(breakage, value) }
  })
  return {
    expiry_rule: { active, months_after_earning: POINTS_EXPIRY_MONTHS },
    point_value: pointValueNumber(value),
    currency: value?.currency ?? null,
    overdue_points: overdue,
    expected_breakage_rate: rate,
    months,
    total_points_expiring: months.reduce((n, m) => n + m.points_expiring, 0),
    total_expected_breakage: rate === null ? null : months.reduce((n, m) => n + (m.expected_breakage ?? 0), 0),
  }
}
