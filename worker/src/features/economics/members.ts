import { and, asc, gte, lte } from 'drizzle-orm'
import type { EconomicsPeriod, Participation, Retention, TierReport } from '../../../../sdk/contract/console/economics'
import { programCohortActivity, programMonthlyStats, programTierMembers, programTierMoves, tiers } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import { monthsBetween } from './period'

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null)
const monthOf = (day: string) => day.slice(0, 7)

/** The program's month rows (sign-ups and active members, staff left out): a row per month of its life. */
function monthlyStats(scope: ProgramScope) {
  return scope.db
    .select({ month: programMonthlyStats.month, active: programMonthlyStats.activeParticipants, joined: programMonthlyStats.newParticipants })
    .from(programMonthlyStats)
    .where(scope.where(programMonthlyStats))
    .orderBy(asc(programMonthlyStats.month))
}

/** Per month of the period: members active in it, members joined by its end (sign-ups so far), and the rate. */
export async function participation(scope: ProgramScope, period: EconomicsPeriod): Promise<Participation> {
  const rows = await monthlyStats(scope)
  const months = monthsBetween(monthOf(period.from), monthOf(period.to))
  const active = new Map(rows.map((r) => [r.month, Number(r.active)]))
  let members = 0
  let i = 0
  return {
    months: months.map((month) => {
      while (i < rows.length && rows[i]!.month <= month) members += Number(rows[i++]!.joined)
      const a = active.get(month) ?? 0
      return { month, active: a, members, participation_rate: ratio(a, members) }
    }),
  }
}

/** Cohorts of the period's join months, each with its members active in every month from joining to the period's end. */
export async function retention(scope: ProgramScope, period: EconomicsPeriod): Promise<Retention> {
  const first = monthOf(period.from)
  const last = monthOf(period.to)
  const c = programCohortActivity
  const [stats, cells] = await Promise.all([
    monthlyStats(scope),
    scope.db
      .select({ cohort: c.cohort, month: c.month, active: c.active })
      .from(c)
      .where(scope.where(c, and(gte(c.cohort, first), lte(c.cohort, last), lte(c.month, last)))),
  ])
  const sizes = new Map(stats.map((r) => [r.month, Number(r.joined)]))
  const active = new Map(cells.map((r) => [`${r.cohort}/${r.month}`, Number(r.active)]))
  return {
    cohorts: monthsBetween(first, last).map((cohort) => {
      const size = sizes.get(cohort) ?? 0
      return {
        cohort,
        size,
        months: monthsBetween(cohort, last).map((month, offset) => {
          const n = active.get(`${cohort}/${month}`) ?? 0
          return { offset, month, active: n, rate: ratio(n, size) }
        }),
      }
    }),
  }
}

/** Members per tier now (no tier last), the moves into each tier in the period, and the moves per month. */
export async function tierReport(scope: ProgramScope, period: EconomicsPeriod): Promise<TierReport> {
  const first = monthOf(period.from)
  const last = monthOf(period.to)
  const [tierRows, members, moves] = await Promise.all([
    scope.db.select({ id: tiers.id, name: tiers.name, min: tiers.pointsThresholdMin, max: tiers.pointsThresholdMax }).from(tiers).where(scope.where(tiers)).orderBy(asc(tiers.pointsThresholdMin), asc(tiers.id)),
    scope.db.select({ tierId: programTierMembers.tierId, members: programTierMembers.members }).from(programTierMembers).where(scope.where(programTierMembers)),
    scope.db
      .select({ month: programTierMoves.month, tierId: programTierMoves.tierId, up: programTierMoves.movesUp, down: programTierMoves.movesDown })
      .from(programTierMoves)
      .where(scope.where(programTierMoves, and(gte(programTierMoves.month, first), lte(programTierMoves.month, last)))),
  ])
  const count = new Map(members.map((m) => [m.tierId, Number(m.members)]))
  const into = new Map<number, { up: number; down: number }>()
  const perMonth = new Map<string, { up: number; down: number }>()
  for (const m of moves) {
    const t = into.get(m.tierId) ?? { up: 0, down: 0 }
    const p = perMonth.get(m.month) ?? { up: 0, down: 0 }
    t.up += Number(m.up)
    t.down += Number(m.down)
    p.up += Number(m.up)
    p.down += Number(m.down)
    into.set(m.tierId, t)
    perMonth.set(m.month, p)
  }
  const row = (id: number, name: string, min: number | null, max: number | null) => ({
    tier_id: id === 0 ? null : id,
    name,
    points_threshold_min: min,
    points_threshold_max: max,
    members: count.get(id) ?? 0,
    moves_up: into.get(id)?.up ?? 0,
    moves_down: into.get(id)?.down ?? 0,
  })
  return {
    tiers: [...tierRows.map((t) => row(t.id, t.name, t.min, t.max)), row(0, 'No tier', null, null)],
    months: monthsBetween(first, last).map((month) => ({ month, moves_up: perMonth.get(month)?.up ?? 0, moves_down: perMonth.get(month)?.down ?? 0 })),
  }
}
