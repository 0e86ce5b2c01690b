import { and, eq, ne } from 'drizzle-orm'
import type { LiabilityForecast } from '../../../../sdk/contract/console/economics'
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

/** Whether the program's 'Points expiry' evergreen setting is on. */
export async function expiryActive(scope: ProgramScope): Promise<boolean> {
  const [row] = await scope.db
    .select({ active: evergreenSettingValues.active })
    .from(evergreenSettings)
    .innerJoin(evergreenSettingValues, and(eq(evergreenSettingValues.evergreenSettingId, evergreenSettings.id), eq(evergreenSettingValues.programId, evergreenSettings.programId)))
    .where(scope.where(evergreenSettings, eq(evergreenSettings.key, POINTS_EXPIRY_KEY)))
    .limit(1)
  return row?.active === true
}

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
  const thisMonth = new Date(now).toISOString().slice(0, 7)
  const left = new Map(lots.map((l) => [l.month, Number(l.remaining)]))
  const spent = flows.allTime.spent - flows.allTime.refunded
  const resolved = spent + flows.allTime.expired
  const rate = resolved > 0 ? flows.allTime.expired / resolved : null
  const firstDue = addMonths(thisMonth, -POINTS_EXPIRY_MONTHS)
  const overdue = active ? lots.filter((l) => l.month < firstDue).reduce((n, l) => n + Number(l.remaining), 0) : 0
  const months = Array.from({ length: FORECAST_MONTHS }, (_, i) => {
    const month = addMonths(thisMonth, i)
    const points = active ? (left.get(addMonths(month, -POINTS_EXPIRY_MONTHS)) ?? 0) : 0
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
