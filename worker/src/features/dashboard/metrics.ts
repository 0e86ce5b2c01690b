import { and, type AnyColumn, eq, gte, isNotNull, sql } from 'drizzle-orm'
import type { PerformanceMetrics, UsersGrowthPoint } from '../../../../sdk/contract/console/dashboard'
import { participants, programDailyStats, programMonthlyStats } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import { DAY_MS, RECENT_DAYS, utcDay, utcMonth } from './people'

/**
 * The metric cards (engine-rules.md, Dashboard metrics), read from the rollups the triggers of
 * migration 0011 keep, so the cost does not grow with history: about 730 day rows for two years,
 * and one index range for active participants. Staff members are in none of them.
 *
 * Active participants: status active, not staff, with at least one action; recent: their newest
 * action is less than 30 days old (participants.last_action_at, index participants_program_active_idx).
 * The other cards' "recent" is the last 30 UTC days, today included (the rollups are per day).
 */
export async function programPerformanceMetrics(scope: ProgramScope, now: number): Promise<PerformanceMetrics> {
  const firstDay = utcDay(now - (RECENT_DAYS - 1) * DAY_MS)
  const total = (col: AnyColumn) => sql<number>`coalesce(sum(${col}), 0)`
  const recent = (col: AnyColumn) => sql<number>`coalesce(sum(CASE WHEN ${programDailyStats.day} >= ${firstDay} THEN ${col} ELSE 0 END), 0)`
  const active = and(eq(participants.staff, false), eq(participants.status, 'active'), isNotNull(participants.lastActionAt))
  const [days, activeTotal, activeRecent] = await Promise.all([
    scope.db
      .select({
        completedTotal: total(programDailyStats.completedChallenges),
        completedRecent: recent(programDailyStats.completedChallenges),
        visitsTotal: total(programDailyStats.visits),
        visitsRecent: recent(programDailyStats.visits),
        actionsTotal: total(programDailyStats.participantActions),
        actionsRecent: recent(programDailyStats.participantActions),
      })
      .from(programDailyStats)
      .where(scope.where(programDailyStats)),
    scope.count(participants, active),
    scope.count(participants, and(active, gte(participants.lastActionAt, new Date(now - RECENT_DAYS * DAY_MS)))),
  ])
  const d = days[0]!
  return {
    active_participants: { total: activeTotal, recent: activeRecent },
    completed_challenges: { total: Number(d.completedTotal), recent: Number(d.completedRecent) },
    program_visits: { total: Number(d.visitsTotal), recent: Number(d.visitsRecent) },
    participant_actions: { total: Number(d.actionsTotal), recent: Number(d.actionsRecent) },
  }
}

/** The `count` months up to the current one (UTC), oldest first: "2025-12" ... "2026-11". */
export function lastMonths(now: number, count: number): string[] {
  const d = new Date(now)
  const year = d.getUTCFullYear()
  const month = d.getUTCMonth()
  return Array.from({ length: count }, (_, i) => utcMonth(Date.UTC(year, month - (count - 1 - i), 1)))
}

/**
 * The Users Growth chart: per month of the last twelve, the participants with at least one action in
 * it (program_monthly_stats.active_participants) and the sign-ups. Months without any are zeros.
 */
export async function usersGrowth(scope: ProgramScope, now: number): Promise<UsersGrowthPoint[]> {
  const months = lastMonths(now, 12)
  const rows = await scope.db
    .select({ month: programMonthlyStats.month, active: programMonthlyStats.activeParticipants, created: programMonthlyStats.newParticipants })
    .from(programMonthlyStats)
    .where(scope.where(programMonthlyStats, gte(programMonthlyStats.month, months[0]!)))
  const byMonth = new Map(rows.map((r) => [r.month, r]))
  return months.map((month) => ({ month, active_users: byMonth.get(month)?.active ?? 0, new_users: byMonth.get(month)?.created ?? 0 }))
}
