import { and, count, desc, eq, ne, or, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  CouponAddResult,
  CouponRow,
  MiniContestRow,
  RewardParticipantRow,
  rewardTabQuerySchema,
  SweepstakeEntryRow,
} from '../../../../sdk/contract/console/rewards'
import { splitCodes } from '../../../../sdk/contract/console/rewards'
import type { PageMeta } from '../../../../sdk/contract/console/participants'
import { coupons, participantProfileAttributes, participants, rewardClaims, sweepstakeEntries } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import { contains, startsWith } from '../../lib/like'
import { fullName } from '../participants/participant-view'
import { inIds } from '../../db/in-ids'
import type { RewardRow } from './rewards-state'

type TabQuery = z.output<typeof rewardTabQuerySchema>
type Page<T> = { data: T[]; meta: PageMeta }

const meta = (q: TabQuery, total: number): PageMeta => ({ page: q.page, per_page: q.per_page, total, total_pages: Math.ceil(total / q.per_page) })
const offset = (q: TabQuery) => (q.page - 1) * q.per_page

/** A search over participants joined in: a prefix of the e-mail, the first or the last name. */
function participantSearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined
  const text = q.toLowerCase()
  return or(startsWith(participants.email, text), startsWith(sql`lower(${participants.firstName})`, text), startsWith(sql`lower(${participants.lastName})`, text), contains(sql`lower(${participants.firstName} || ' ' || ${participants.lastName})`, text))
}

/** Participants of the same program only: every join names the program too. */
const sameParticipant = (column: typeof rewardClaims.participantId | typeof sweepstakeEntries.participantId, programColumn: typeof rewardClaims.programId | typeof sweepstakeEntries.programId) =>
  and(eq(participants.id, column), eq(participants.programId, programColumn))

/** Users tab: who claimed or won the reward (newest first), searchable by name or e-mail. */
export async function rewardParticipantsTab(scope: ProgramScope, reward: RewardRow, q: TabQuery): Promise<Page<RewardParticipantRow>> {
  const where = scope.where(rewardClaims, and(eq(rewardClaims.rewardId, reward.id), participantSearch(q.q)))
  const { db } = scope
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(rewardClaims).innerJoin(participants, sameParticipant(rewardClaims.participantId, rewardClaims.programId)).where(where), // tenant-guard: allow (`where` is scope.where(...) above)
    db
      .select({ claim: rewardClaims, p: { firstName: participants.firstName, lastName: participants.lastName, email: participants.email } })
      .from(rewardClaims) // tenant-guard: allow (`where` is scope.where(...) above)
      .innerJoin(participants, sameParticipant(rewardClaims.participantId, rewardClaims.programId))
      .where(where)
      .orderBy(desc(rewardClaims.createdAt), desc(rewardClaims.id))
      .limit(q.per_page)
      .offset(offset(q)),
  ])
  const claimIds = rows.map((r) => r.claim.id)
  const codes = claimIds.length
    ? await db.select({ claimId: coupons.claimId, code: coupons.code }).from(coupons).where(scope.where(coupons, inIds(coupons.claimId, claimIds)))
    : []
  const codeOf = new Map(codes.map((c) => [c.claimId, c.code]))
  return {
    data: rows.map(({ claim, p }) => ({
      id: claim.id,
      participant_id: claim.participantId,
      name: fullName(p),
      email: p.email,
      status: claim.status,
      points_spent: claim.pointsSpent,
      coupon_code: codeOf.get(claim.id) ?? null,
      created_at: claim.createdAt.toISOString(),
    })),
    meta: meta(q, total?.n ?? 0),
  }
}

/** Coupons tab: the reward's pool, newest first, searchable by code; who holds each assigned one. */
export async function couponsTab(scope: ProgramScope, reward: RewardRow, q: TabQuery): Promise<Page<CouponRow>> {
  const where = scope.where(coupons, and(eq(coupons.rewardId, reward.id), q.q ? contains(coupons.code, q.q) : undefined))
  const { db } = scope
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(coupons).where(where), // tenant-guard: allow (`where` is scope.where(...) above)
    db
      .select({ c: coupons, p: { id: participants.id, firstName: participants.firstName, lastName: participants.lastName, email: participants.email } })
      .from(coupons) // tenant-guard: allow (`where` is scope.where(...) above)
      .leftJoin(participants, and(eq(participants.id, coupons.participantId), eq(participants.programId, coupons.programId)))
      .where(where)
      .orderBy(desc(coupons.id))
      .limit(q.per_page)
      .offset(offset(q)),
  ])
  return {
    data: rows.map(({ c, p }) => ({
      id: c.id,
      code: c.code,
      participant: p ? { id: p.id, name: fullName(p), email: p.email } : null,
      assigned_at: c.assignedAt ? c.assignedAt.toISOString() : null,
      created_at: c.createdAt.toISOString(),
    })),
    meta: meta(q, total?.n ?? 0),
  }
}

/**
 * POST .../coupons: adds the codes of a comma-separated list to the reward's pool, in ONE statement
 * (all or nothing). Codes are unique per reward (UNIQUE coupons_reward_code_uq): a code the reward has
 * already, or one the list repeats, is not added and is named in the answer, never silently dropped.
 * The insert's own RETURNING decides what was added, so a concurrent add of the same code is
 * reported by one of the two requests, never added twice.
 */
export async function addCoupons(scope: ProgramScope, reward: RewardRow, list: string): Promise<CouponAddResult> {
  const codes = splitCodes(list)
  const seen = new Set<string>()
  const repeated: string[] = []
  for (const code of codes) {
    if (seen.has(code)) repeated.push(code)
    seen.add(code)
  }
  const unique = [...seen]
  const inserted = await scope
    .insert(
      coupons,
      unique.map((code) => ({ rewardId: reward.id, code })),
    )
    .onConflictDoNothing()
    .returning({ code: coupons.code })
  const added = new Set(inserted.map((r) => r.code))
  const duplicates = [...unique.filter((c) => !added.has(c)), ...repeated]
  const parts = [`${added.size} ${added.size === 1 ? 'coupon' : 'coupons'} added.`]
  if (duplicates.length) parts.push(`Duplicates not added: ${[...new Set(duplicates)].join(', ')}`)
  return { success: added.size > 0, message: parts.join(' '), added: unique.filter((c) => added.has(c)), duplicates: [...new Set(duplicates)] }
}

/** The `gender` profile attribute and rewards earned, for a page of participant ids. */
async function genderAndRewards(scope: ProgramScope, ids: number[]) {
  if (!ids.length) return { gender: new Map<number, string>(), rewards: new Map<number, number>() }
  const { db } = scope
  const [genders, earned] = await Promise.all([
    db
      .select({ id: participantProfileAttributes.participantId, value: participantProfileAttributes.value })
      .from(participantProfileAttributes)
      .where(scope.where(participantProfileAttributes, and(inIds(participantProfileAttributes.participantId, ids), eq(participantProfileAttributes.name, 'gender')))),
    db
      .select({ id: rewardClaims.participantId, n: count() })
      .from(rewardClaims) // tenant-guard: allow (`where` is scope.where(...) above)
      .where(scope.where(rewardClaims, and(inIds(rewardClaims.participantId, ids), ne(rewardClaims.status, 'refunded'))))
      .groupBy(rewardClaims.participantId),
  ])
  return { gender: new Map(genders.map((g) => [g.id, g.value])), rewards: new Map(earned.map((r) => [r.id, r.n])) }
}

/** Sweepstakes tab: who holds entries (most first), searchable; rewards and gender columns are extra. */
export async function sweepstakeEntriesTab(scope: ProgramScope, reward: RewardRow, q: TabQuery): Promise<Page<SweepstakeEntryRow>> {
  const where = scope.where(sweepstakeEntries, and(eq(sweepstakeEntries.rewardId, reward.id), sql`${sweepstakeEntries.count} > 0`, participantSearch(q.q)))
  const { db } = scope
  const join = sameParticipant(sweepstakeEntries.participantId, sweepstakeEntries.programId)
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(sweepstakeEntries).innerJoin(participants, join).where(where), // tenant-guard: allow (`where` is scope.where(...) above)
    db
      .select({ e: sweepstakeEntries, p: { firstName: participants.firstName, lastName: participants.lastName, email: participants.email } })
      .from(sweepstakeEntries) // tenant-guard: allow (`where` is scope.where(...) above)
      .innerJoin(participants, join)
      .where(where)
      .orderBy(desc(sweepstakeEntries.count), sweepstakeEntries.participantId)
      .limit(q.per_page)
      .offset(offset(q)),
  ])
  const extras = await genderAndRewards(scope, rows.map((r) => r.e.participantId))
  return {
    data: rows.map(({ e, p }) => ({
      participant_id: e.participantId,
      name: fullName(p),
      email: p.email,
      entries: e.count,
      winner: e.winner,
      rewards: extras.rewards.get(e.participantId) ?? 0,
      gender: extras.gender.get(e.participantId) ?? null,
      updated_at: e.updatedAt.toISOString(),
    })),
    meta: meta(q, total?.n ?? 0),
  }
}

/**
 * Mini Contest tab: the program's participants (winners first, then by lifetime points), searchable,
 * to choose winners from. Staff are listed but marked: they cannot win (engine-rules.md).
 */
export async function miniContestTab(scope: ProgramScope, reward: RewardRow, q: TabQuery): Promise<Page<MiniContestRow>> {
  // Plain SQL names: drizzle leaves columns unqualified in a one-table query (see reward-winners.ts).
  const won = sql<number>`EXISTS (SELECT 1 FROM reward_claims rc WHERE rc.program_id = participants.program_id AND rc.participant_id = participants.id AND rc.reward_id = ${reward.id} AND rc.status <> 'refunded')`
  const where = scope.where(participants, and(ne(participants.status, 'blocked'), participantSearch(q.q)))
  const [total, rows] = await Promise.all([
    scope.count(participants, and(ne(participants.status, 'blocked'), participantSearch(q.q))),
    scope.db
      .select({ id: participants.id, firstName: participants.firstName, lastName: participants.lastName, email: participants.email, points: participants.points, staff: participants.staff, won })
      .from(participants) // tenant-guard: allow (`where` is scope.where(...) above)
      .where(where)
      .orderBy(desc(won), desc(participants.points), participants.id)
      .limit(q.per_page)
      .offset(offset(q)),
  ])
  return {
    data: rows.map((r) => ({ participant_id: r.id, name: fullName(r), email: r.email, points: r.points, staff: r.staff, winner: Boolean(r.won) })),
    meta: meta(q, total),
  }
}
