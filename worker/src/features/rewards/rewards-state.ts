import { and, count, desc, eq, gt, inArray, isNull, lte, max, ne, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { bound, PROGRAM_ID, param, preparedFor } from '../../db/prepared'
import { coupons, participants, rewardClaims, rewards, sweepstakeEntries } from '../../db/schema'
import { type ProgramScope, programScope } from '../../db/scope'

export type RewardRow = typeof rewards.$inferSelect
export type RewardStatus = 'draft' | 'active' | 'scheduled' | 'ended'

/**
 * engine-rules.md (Rewards: "like challenges"): draft stays draft; an admin-ended reward is ended;
 * otherwise scheduled before `start`, ended at or after `finish`, else active.
 */
export function rewardStatus(r: Pick<RewardRow, 'status' | 'start' | 'finish'>, now: number): RewardStatus {
  if (r.status === 'draft') return 'draft'
  if (r.status === 'ended') return 'ended'
  if (r.start && r.start.getTime() > now) return 'scheduled'
  if (r.finish && r.finish.getTime() <= now) return 'ended'
  return 'active'
}

/** Participants never see unapproved or draft rewards, whatever they hold. */
export const isPublished = (r: Pick<RewardRow, 'approved' | 'status'>) => r.approved && r.status !== 'draft'

/** The SQL form of "published and active at `now`", for lists. */
export function activeRewardsCond(now: number): SQL {
  const at = new Date(now)
  return and(
    eq(rewards.approved, true),
    ne(rewards.status, 'draft'),
    ne(rewards.status, 'ended'),
    or(isNull(rewards.start), lte(rewards.start, at)),
    or(isNull(rewards.finish), gt(rewards.finish, at)),
  )!
}

/** What one participant holds of one reward. */
export type MyRewardState = {
  /** Latest claim or award (not refunded); for sweepstakes, latest entry purchase. */
  earnedAt: Date | null
  claimCount: number
  entries: number
  couponCode: string | null
}

const EMPTY: MyRewardState = { earnedAt: null, claimCount: 0, entries: 0, couponCode: null }
export const emptyState = (): MyRewardState => ({ ...EMPTY })

/**
 * The caller's claims, sweepstake entries and coupons for the given rewards (or all of them), in
 * three queries whatever the number of rewards.
 */
export async function loadMyRewardStates(
  scope: ProgramScope,
  participantId: number,
  rewardIds: number[] | 'all',
): Promise<Map<number, MyRewardState>> {
  const states = new Map<number, MyRewardState>()
  if (rewardIds !== 'all' && rewardIds.length === 0) return states
  const forReward = (
    col: typeof rewardClaims.rewardId | typeof sweepstakeEntries.rewardId | typeof coupons.rewardId,
  ) => (rewardIds === 'all' ? undefined : inArray(col, rewardIds))
  const { db } = scope
  const [claimRows, entryRows, couponRows] = await Promise.all([
    db
      .select({ rewardId: rewardClaims.rewardId, last: max(rewardClaims.createdAt), n: count() })
      .from(rewardClaims)
      .where(
        scope.where(
          rewardClaims,
          and(
            eq(rewardClaims.participantId, participantId),
            ne(rewardClaims.status, 'refunded'),
            forReward(rewardClaims.rewardId),
          ),
        ),
      )
      .groupBy(rewardClaims.rewardId),
    db
      .select({
        rewardId: sweepstakeEntries.rewardId,
        count: sweepstakeEntries.count,
        updatedAt: sweepstakeEntries.updatedAt,
      })
      .from(sweepstakeEntries)
      .where(
        scope.where(
          sweepstakeEntries,
          and(eq(sweepstakeEntries.participantId, participantId), forReward(sweepstakeEntries.rewardId)),
        ),
      ),
    db
      .select({ rewardId: coupons.rewardId, code: coupons.code })
      .from(coupons)
      .where(scope.where(coupons, and(eq(coupons.participantId, participantId), forReward(coupons.rewardId))))
      .orderBy(desc(coupons.assignedAt), desc(coupons.id)),
  ])
  const at = (id: number) => {
    const s = states.get(id) ?? emptyState()
    states.set(id, s)
    return s
  }
  for (const c of claimRows) {
    const s = at(c.rewardId)
    s.claimCount = c.n
    s.earnedAt = c.last ? new Date(c.last) : null
  }
  for (const e of entryRows) {
    if (e.count <= 0) continue
    const s = at(e.rewardId)
    s.entries = e.count
    if (!s.earnedAt || e.updatedAt > s.earnedAt) s.earnedAt = e.updatedAt
  }
  for (const c of couponRows) {
    const s = at(c.rewardId)
    s.couponCode ??= c.code
  }
  return states
}

/** The participant's values a claim's follow-up reads (see auto-rewards ParticipantAfter). */
const PARTICIPANT_FIELDS = {
  id: participants.id,
  status: participants.status,
  points: participants.points,
  completedChallenges: participants.completedChallenges,
  eligibleOffersRewards: participants.eligibleOffersRewards,
  tierId: participants.tierId,
}

/**
 * One participant's values and their state of one reward (loadMyRewardStates for one reward) in ONE
 * row, prepared once per database: the last statement of a claim batch, so the claim's answer and
 * follow-up need no more reads; awaited on its own it reads the same. Placeholders: programId,
 * participantId, rewardId.
 */
const participantRewardState = (db: Db) =>
  preparedFor(db, 'participant-reward-state', (d) => {
    const scope = programScope(d, PROGRAM_ID)
    const rewardId = param('rewardId')
    const claims = and(eq(rewardClaims.participantId, participants.id), eq(rewardClaims.rewardId, rewardId), ne(rewardClaims.status, 'refunded'))
    const entries = and(eq(sweepstakeEntries.participantId, participants.id), eq(sweepstakeEntries.rewardId, rewardId))
    const claimCount = d.select({ n: count() }).from(rewardClaims).where(scope.where(rewardClaims, claims))
    const lastClaim = d.select({ last: max(rewardClaims.createdAt) }).from(rewardClaims).where(scope.where(rewardClaims, claims))
    const entryCount = d.select({ n: sweepstakeEntries.count }).from(sweepstakeEntries).where(scope.where(sweepstakeEntries, entries))
    const entriesAt = d.select({ at: sweepstakeEntries.updatedAt }).from(sweepstakeEntries).where(scope.where(sweepstakeEntries, entries))
    const coupon = d
      .select({ code: coupons.code })
      .from(coupons)
      .where(scope.where(coupons, and(eq(coupons.participantId, participants.id), eq(coupons.rewardId, rewardId))))
      .orderBy(desc(coupons.assignedAt), desc(coupons.id))
      .limit(1)
    return d
      .select({
        ...PARTICIPANT_FIELDS,
        claimCount: sql<number>`(${claimCount})`,
        lastClaim: sql<number | null>`(${lastClaim})`,
        entries: sql<number | null>`(${entryCount})`,
        entriesAt: sql<number | null>`(${entriesAt})`,
        couponCode: sql<string | null>`(${coupon})`,
      })
      .from(participants)
      .where(scope.where(participants, eq(participants.id, param('participantId'))))
      .prepare()
  })

type StateRow = Awaited<ReturnType<ReturnType<typeof participantRewardState>['all']>>[number]

export function participantRewardStateStatement(scope: ProgramScope, participantId: number, rewardId: number) {
  return bound<StateRow[]>(participantRewardState(scope.db), { programId: scope.programId, participantId, rewardId })
}

/** MyRewardState from a participantRewardStateStatement row (undefined: holds nothing, as loadMyRewardStates). */
export function rewardStateFrom(row: StateRow | undefined): MyRewardState | undefined {
  if (!row) return undefined
  const s = emptyState()
  let any = false
  if (row.claimCount > 0) {
    any = true
    s.claimCount = row.claimCount
    s.earnedAt = row.lastClaim === null ? null : new Date(row.lastClaim)
  }
  if (row.entries !== null && row.entries > 0 && row.entriesAt !== null) {
    any = true
    s.entries = row.entries
    const at = new Date(row.entriesAt)
    if (!s.earnedAt || at > s.earnedAt) s.earnedAt = at
  }
  if (row.couponCode !== null) {
    any = true
    s.couponCode = row.couponCode
  }
  return any ? s : undefined
}
