import { and, desc, eq, gt, gte, inArray, sql } from 'drizzle-orm'
import type { TopUser } from '../../../../sdk/contract/console/dashboard'
import { participantActions, participants } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import { DAY_MS, participantRef, RECENT_DAYS } from './people'

export const TOP_USERS = 10

const person = {
  id: participants.id,
  firstName: participants.firstName,
  lastName: participants.lastName,
  email: participants.email,
  avatarUrl: participants.avatarUrl,
  points: participants.points,
}

/** 'Top Users All Time': lifetime points (participants_program_points_idx, read backwards), staff left out. */
export async function topUsersAllTime(scope: ProgramScope): Promise<TopUser[]> {
  const rows = await scope.db
    .select(person)
    .from(participants)
    .where(scope.where(participants, and(eq(participants.staff, false), gt(participants.points, 0))))
    .orderBy(desc(participants.points), desc(participants.id))
    .limit(TOP_USERS)
  return rows.map((r, i) => ({ ...participantRef(scope.programId, r), rank: i + 1, points: r.points }))
}

/** Points an action earned: positive points, a refund aside (the same rule as migrations 0011 and 0016). */
const earnedPoints = sql<number>`coalesce(sum(CASE WHEN ${participantActions.points} > 0 AND ${participantActions.actionType} <> 'reward_refunded' THEN ${participantActions.points} ELSE 0 END), 0)`

const BATCH = 50
/** A safety net for pathological data: past this many candidates the answer is the best found. */
const MAX_CANDIDATES = 5000

/**
 * 'Top Users From Last 30 days': points earned in the thirty days before `now`, exactly, without
 * reading the window's raw actions (some 400,000 rows at 10M actions over two years).
 *
 * participants.recent_points (migration 0016) is what each participant earned in the 30 days up to
 * their last action: at least what they earned in the last 30 days, since time only moves old actions
 * out of the window. So (Fagin's threshold algorithm, one list) members who acted in the window are
 * read best recent_points first from their index, 50 at a time; each one's exact points are summed
 * from their own actions (participant index); reading stops once the tenth best exact figure reaches
 * the recent_points of the last one read, which bounds everyone not read yet. Usually one round.
 */
export async function topUsersLast30Days(scope: ProgramScope, now: number): Promise<TopUser[]> {
  const since = new Date(now - RECENT_DAYS * DAY_MS)
  const scores = new Map<number, number>()
  // The candidates' rows come with the candidates (a few primary-key reads): a later `id IN (...)`
  // lookup is planned as a scan of the program's participants by SQLite without statistics.
  const people = new Map<number, Awaited<ReturnType<typeof candidates>>[number]>()
  const best = () => [...scores].filter(([, s]) => s > 0).sort((a, b) => b[1] - a[1] || b[0] - a[0])
  const candidates = (offset: number) =>
    scope.db
      .select({ ...person, bound: participants.recentPoints })
      .from(participants)
      .where(scope.where(participants, and(eq(participants.staff, false), gt(participants.recentPoints, 0), gte(participants.lastActionAt, since))))
      .orderBy(desc(participants.recentPoints))
      .limit(BATCH)
      .offset(offset)
  for (let read = 0; read < MAX_CANDIDATES; read += BATCH) {
    const batch = await candidates(read)
    if (!batch.length) break
    const ids = batch.map((b) => b.id)
    for (const b of batch) {
      people.set(b.id, b)
      scores.set(b.id, 0)
    }
    const sums = await scope.db
      .select({ participantId: participantActions.participantId, points: earnedPoints })
      .from(participantActions)
      .where(scope.where(participantActions, and(inArray(participantActions.participantId, ids), gte(participantActions.createdAt, since))))
      .groupBy(participantActions.participantId)
    for (const s of sums) scores.set(s.participantId, Number(s.points))
    const top = best()
    if (batch.length < BATCH || (top.length >= TOP_USERS && top[TOP_USERS - 1]![1] >= batch[batch.length - 1]!.bound)) break
  }
  return best()
    .slice(0, TOP_USERS)
    .map(([id, points], i) => ({ ...participantRef(scope.programId, people.get(id)!), rank: i + 1, points }))
}
