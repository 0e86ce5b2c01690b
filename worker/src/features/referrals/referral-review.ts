import { and, type Column, count, desc, eq, or, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import type { z } from 'zod'
import {
  type ConsoleReferral,
  PARTICIPANT_REFERRALS_PAGE_SIZE,
  type ReferralHoldReason,
  referralHoldReasons,
  type referralListQuerySchema,
  type ReferralUpdateLog,
  type referralUpdateSchema,
} from '../../../../sdk/contract/console/referrals'
import { adminUsers, participants, referralUpdateLogs, referrals } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { AppError } from '../../lib/errors'
import { startsWith } from '../../lib/like'
import { approveReferral, rejectReferral } from './referrals'

const referrer = alias(participants, 'referrer')
const referred = alias(participants, 'referred')

const name = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim()
const holdReason = (v: string | null): ReferralHoldReason | null => (referralHoldReasons.includes(v as ReferralHoldReason) ? (v as ReferralHoldReason) : null)

type Joined = { r: typeof referrals.$inferSelect; referrer: typeof participants.$inferSelect; referred: typeof participants.$inferSelect }

function toConsoleReferral({ r, referrer: a, referred: b }: Joined): ConsoleReferral {
  return {
    id: r.id,
    status: r.status,
    referrer_id: r.referrerId,
    referrer_name: name(a),
    referrer_email: a.email,
    referred_participant_id: r.referredParticipantId,
    referred_participant_name: name(b),
    referred_participant_email: b.email,
    points: r.points,
    admin_comments: r.adminComments,
    hold_reason: holdReason(r.holdReason),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  }
}

/** Referrals of the program with both participants, newest first; `where` narrows them. */
function joined(scope: ProgramScope, where?: SQL) {
  return scope.db
    .select({ r: referrals, referrer, referred })
    .from(referrals)
    .innerJoin(referrer, and(eq(referrer.id, referrals.referrerId), eq(referrer.programId, referrals.programId)))
    .innerJoin(referred, and(eq(referred.id, referrals.referredParticipantId), eq(referred.programId, referrals.programId)))
    .where(scope.where(referrals, where))
    .orderBy(desc(referrals.createdAt), desc(referrals.id))
    .$dynamic()
}

const meta = (page: number, perPage: number, total: number) => ({ page, per_page: perPage, total, total_pages: Math.ceil(total / perPage) })

/** A name or e-mail prefix of the referrer or the referred participant. */
function search(q: string): SQL {
  const people = (p: { email: Column; firstName: Column; lastName: Column }) => [startsWith(p.email, q.toLowerCase()), startsWith(p.firstName, q), startsWith(p.lastName, q)]
  return or(...people(referrer), ...people(referred))!
}

/** GET .../referrals: one page with the list's total (section 9: admin tables page 20 by default). */
export async function listReferrals(scope: ProgramScope, query: z.output<typeof referralListQuerySchema>) {
  const conditions = [query.status ? eq(referrals.status, query.status) : undefined, query.q ? search(query.q) : undefined].filter((c): c is SQL => c !== undefined)
  const where = conditions.length ? and(...conditions) : undefined
  const [rows, [total]] = await Promise.all([
    joined(scope, where)
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    scope.db
      .select({ n: count() })
      .from(referrals)
      .innerJoin(referrer, eq(referrer.id, referrals.referrerId))
      .innerJoin(referred, eq(referred.id, referrals.referredParticipantId))
      .where(scope.where(referrals, where)),
  ])
  return { data: rows.map(toConsoleReferral), meta: meta(query.page, query.per_page, total?.n ?? 0) }
}

/** One referral of the program: another program's, or a missing id, is the spec's 'Referral not found'. */
export async function findReferralOr404(scope: ProgramScope, id: number): Promise<ConsoleReferral> {
  const [row] = await joined(scope, eq(referrals.id, id)).limit(1)
  if (!row) throw new AppError('not_found', 404, 'Referral not found', { referral_id: 'not found' })
  return toConsoleReferral(row)
}

/**
 * PATCH .../referrals/{id}: approve (credits the referrer once) or reject a pending referral with the
 * admin's comments, logged with the admin. A referral no longer pending answers 409 and changes
 * nothing, so a second click, a retried request or a concurrent reviewer never credits twice.
 */
export async function decideReferral(scope: ProgramScope, deps: Deps, adminId: number, id: number, input: z.output<typeof referralUpdateSchema>['referral']) {
  await findReferralOr404(scope, id)
  const { status, admin_comments: comment } = input
  const moved = status === 'approved' ? await approveReferral(scope, deps, id, comment, { adminId }) : await rejectReferral(scope, deps, id, comment, { adminId })
  if (!moved) {
    const now = await findReferralOr404(scope, id)
    throw new AppError('already_decided', 409, `This referral was already ${now.status === 'pending' ? 'changed' : now.status}`, { status: `is ${now.status}` })
  }
  return findReferralOr404(scope, id)
}

/** GET .../referrals/{id}/referral_update_logs: the referral's changes, newest first, with the admin who made each. */
export async function referralUpdateLogsOf(scope: ProgramScope, id: number): Promise<ReferralUpdateLog[]> {
  await findReferralOr404(scope, id)
  const rows = await scope.db
    .select({ log: referralUpdateLogs, admin: adminUsers })
    .from(referralUpdateLogs)
    .leftJoin(adminUsers, eq(adminUsers.id, referralUpdateLogs.adminUserId))
    .where(scope.where(referralUpdateLogs, eq(referralUpdateLogs.referralId, id)))
    .orderBy(desc(referralUpdateLogs.createdAt), desc(referralUpdateLogs.id))
  return rows.map(({ log, admin }) => ({
    id: log.id,
    from_status: log.fromStatus,
    to_status: log.toStatus,
    comments: log.comments,
    admin: admin ? { id: admin.id, name: name(admin) || admin.email, email: admin.email } : null,
    created_at: log.createdAt.toISOString(),
  }))
}

/**
 * GET .../participants/{id}/referrals (section 7 'participant referrals', 50 a page): the referrals a
 * participant made or came through, newest first: a reviewer sees at a glance how many friends a
 * referrer brought and how many of them were held.
 */
export async function participantReferrals(scope: ProgramScope, participantId: number, page: number) {
  const exists = await scope.first(participants, eq(participants.id, participantId))
  if (!exists) throw new AppError('not_found', 404, 'Participant not found', { participant_id: 'not found' })
  const where = or(eq(referrals.referrerId, participantId), eq(referrals.referredParticipantId, participantId))!
  const size = PARTICIPANT_REFERRALS_PAGE_SIZE
  const [rows, total] = await Promise.all([
    joined(scope, where)
      .limit(size)
      .offset((page - 1) * size),
    scope.count(referrals, where),
  ])
  return { data: rows.map(toConsoleReferral), meta: meta(page, size, total) }
}
