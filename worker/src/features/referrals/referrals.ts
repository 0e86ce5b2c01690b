import { and, eq, gte, or, sql, type SQL } from 'drizzle-orm'
import type { ReferralHoldReason } from '../../../../sdk/contract/console/referrals'
import { outbox, participants, referrals, signinCodes } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import type { ParticipantRow } from '../../env'
import { AppError } from '../../lib/errors'
import { loadChallengeCatalog } from '../challenges/challenge-catalog'
import { effectiveStatus, isVisible } from '../challenges/challenge-status'
import { completeChallenge } from '../challenges/completions'
import { webhookInsert } from '../webhooks/events'
import { dispatchOutboxLater } from '../webhooks/outbox'
import { batch, type BatchStatement, rawStatement } from '../../db/batch'

/** Who changes a referral: an admin of the console, or nobody (the automatic approval at sign-in). */
export type ReferralActor = { adminId: number | null }

/**
 * Moves a pending referral to `to` in one batch: the status update guarded by `status = 'pending'`,
 * and its referral_update_logs row inserted only when that update changed a row (`changes()` reads
 * the update, which ran just before on the same connection). Of concurrent calls, one moves it and
 * logs; the others change nothing and answer undefined.
 */
async function moveReferral(scope: ProgramScope, deps: Deps, referralId: number, to: 'approved' | 'rejected', comment: string | undefined, actor: ReferralActor) {
  const now = new Date(deps.clock.now())
  const [updated] = (await batch(deps.db, [
    scope
      .update(referrals, { status: to, updatedAt: now, ...(comment !== undefined ? { adminComments: comment } : {}) }, and(eq(referrals.id, referralId), eq(referrals.status, 'pending')))
      .returning(),
    rawStatement(
      deps.db,
      sql`INSERT INTO referral_update_logs (program_id, referral_id, admin_user_id, from_status, to_status, comments, created_at)
      SELECT ${scope.programId}, ${referralId}, ${actor.adminId}, 'pending', ${to}, ${comment ?? null}, ${now.getTime()} WHERE changes() = 1`,
    ),
  ])) as [(typeof referrals.$inferSelect)[], unknown]
  return updated[0]
}

/**
 * The approval's own writes, for the same batch as the referrer's credit: the status update guarded by
 * `status = 'pending'` (with the points it credits), its referral_update_logs row and the
 * `referral.approved` webhook event (deduplicated per referral). The log row's from_status is NULL
 * when the update changed no row (`changes()` reads the update just before it), and the NOT NULL
 * constraint then fails the whole batch: a referral someone else decided is never credited, and a
 * failed credit leaves the referral pending, unlogged and unannounced.
 */
function approvalWrites(scope: ProgramScope, deps: Deps, referral: typeof referrals.$inferSelect, points: number, comment: string | undefined, actor: ReferralActor): BatchStatement[] {
  const now = new Date(deps.clock.now())
  return [
    scope.update(referrals, { status: 'approved', points, updatedAt: now, ...(comment !== undefined ? { adminComments: comment } : {}) }, and(eq(referrals.id, referral.id), eq(referrals.status, 'pending'))),
    rawStatement(
      deps.db,
      sql`INSERT INTO referral_update_logs (program_id, referral_id, admin_user_id, from_status, to_status, comments, created_at)
      SELECT ${scope.programId}, ${referral.id}, ${actor.adminId}, CASE WHEN changes() = 1 THEN 'pending' END, 'approved', ${comment ?? null}, ${now.getTime()}`,
    ),
    webhookInsert(deps.db, scope.programId, 'referral.approved', { referral_id: referral.id, referrer_id: referral.referrerId, referred_participant_id: referral.referredParticipantId }, approvedEventKey(referral.id)),
  ]
}

const approvedEventKey = (referralId: number) => `referral:${referralId}`

/** Queues the delivery of the approval's webhook event (its outbox row is found by its dedupe key, as webhookInsert builds it). */
async function dispatchApproved(scope: ProgramScope, deps: Deps, referralId: number) {
  const rows = await deps.db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.programId, scope.programId), eq(outbox.dedupeKey, `${scope.programId}:referral.approved:${approvedEventKey(referralId)}`), eq(outbox.status, 'pending')))
  dispatchOutboxLater(deps, rows.map((r) => r.id))
}

const isPending = async (scope: ProgramScope, referralId: number) => (await scope.first(referrals, eq(referrals.id, referralId)))?.status === 'pending'

/**
 * Approves a pending referral (engine-rules.md, Referrals): the referrer completes the referral
 * challenge once for this referral (period key `ref:{id}`, within its max_completions) and so earns its
 * points once. The approval (status, log, webhook event) and the credit (completion, ledger row with its
 * unique idempotency key, counters) are ONE batch: if the credit fails nothing is written and the
 * referral stays pending, so a retry does the whole approval. Approving twice, or concurrently, credits
 * once: only the batch whose update moves the row out of `pending` commits. A held referral keeps its
 * `hold_reason` as the record of why it was reviewed. Without an active referral challenge, or past its
 * cap, the referral is approved without credit.
 */
export async function approveReferral(scope: ProgramScope, deps: Deps, referralId: number, comment?: string, actor: ReferralActor = { adminId: null }): Promise<boolean> {
  const now = deps.clock.now()
  const referral = await scope.first(referrals, eq(referrals.id, referralId))
  if (referral?.status !== 'pending') return false
  const catalog = await loadChallengeCatalog(deps, scope.programId)
  const challenge = catalog.list.find((c) => c.challengeType === 'referral' && isVisible(c) && effectiveStatus(c, now) === 'active')
  const referrer = await scope.first(participants, eq(participants.id, referral.referrerId))
  let credited = false
  if (challenge && referrer) {
    try {
      await completeChallenge(scope, deps, {
        challenge,
        participant: referrer,
        periodKey: `ref:${referral.id}`,
        actionType: 'referral_approved',
        details: { referral_id: referral.id, referred_participant_id: referral.referredParticipantId },
        extraWrites: approvalWrites(scope, deps, referral, challenge.points, comment, actor),
      })
      credited = true
    } catch (err) {
      // The batch wrote nothing. Decided meanwhile by someone else: theirs is the decision.
      if (!(await isPending(scope, referral.id))) return false
      // The cap of the referral challenge was reached, or this referral was credited already: approve without credit.
      if (!(err instanceof AppError && (err.code === 'already_completed' || err.code === 'completion_limit_reached'))) throw err
    }
  }
  if (!credited) {
    try {
      await batch(deps.db, approvalWrites(scope, deps, referral, 0, comment, actor))
    } catch (err) {
      if (!(await isPending(scope, referral.id))) return false
      throw err
    }
  }
  await dispatchApproved(scope, deps, referral.id)
  return true
}

/** Pending referral -> rejected, without credit; false when it was not pending (approved, rejected or gone). */
export async function rejectReferral(scope: ProgramScope, deps: Deps, referralId: number, comment?: string, actor: ReferralActor = { adminId: null }): Promise<boolean> {
  return (await moveReferral(scope, deps, referralId, 'rejected', comment, actor)) !== undefined
}

/** Why a referral waits for review instead of crediting at sign-up (stored in `referrals.hold_reason`). */
export type { ReferralHoldReason } from '../../../../sdk/contract/console/referrals'

/** How far back the referrer's own sign-in requests count for the same device / same address checks. */
export const REFERRAL_HOLD_WINDOW_MS = 30 * 24 * 60 * 60 * 1000

/**
 * The address a mailbox really delivers to, for comparing: lower case, `+tag` dropped from the local
 * part, and for Gmail (gmail.com, googlemail.com as gmail.com) the dots of the local part dropped.
 */
export function normalizeEmail(email: string): string {
  const lower = email.trim().toLowerCase()
  const at = lower.lastIndexOf('@')
  if (at < 0) return lower
  let local = lower.slice(0, at)
  let domain = lower.slice(at + 1).replace(/\.+$/, '')
  const plus = local.indexOf('+')
  if (plus >= 0) local = local.slice(0, plus)
  if (domain === 'googlemail.com') domain = 'gmail.com'
  if (domain === 'gmail.com') local = local.replace(/\./g, '')
  return `${local}@${domain}`
}

// The list (disposable-email-domains, MIT, ~120k domains) is bundled with the worker as a compact,
// front-coded table (1.1 MB of source instead of the package's 2.5 MB of JSON: decision 0044), imported
// and decoded on first use: an isolate that never checks a referral builds no Set (~100 ms).
// Names are kept with their labels reversed (`com.mailinator`), as the table sorts them.
let disposable: Promise<Set<string>> | undefined

const loadDisposable = async () => {
  const { DISPOSABLE_DOMAIN_TABLE } = await import('./disposable-domain-table')
  const names = new Set<string>()
  let prev = ''
  for (const line of DISPOSABLE_DOMAIN_TABLE.split(' ')) {
    prev = prev.slice(0, parseInt(line[0]!, 36)) + line.slice(1)
    names.add(prev)
  }
  return names
}

/** True when the e-mail's domain, or a parent domain of it, is a known disposable-mail provider. */
export async function isDisposableEmail(email: string): Promise<boolean> {
  const list = await (disposable ??= loadDisposable())
  const reversed = normalizeEmail(email).split('@').pop()!.split('.').reverse()
  for (let n = reversed.length; n >= 2; n--) {
    if (list.has(reversed.slice(0, n).join('.'))) return true
  }
  return false
}

/**
 * Decides whether a new sign-up's referral is held for review rather than credited (engine rules,
 * Referrals): the referred address is the referrer's own (after normalizeEmail), a disposable domain,
 * or the sign-up came from a browser token or client address the referrer signed in from within
 * REFERRAL_HOLD_WINDOW_MS. Null means credit as usual. One indexed read of the referrer's sign-in codes.
 */
export async function referralHoldReason(
  scope: ProgramScope,
  _deps: Deps,
  input: { referrer: Pick<ParticipantRow, 'email'>; referredEmail: string; ipHash: string | null; browserTokenHash: string | null; now: number },
): Promise<ReferralHoldReason | null> {
  if (normalizeEmail(input.referredEmail) === normalizeEmail(input.referrer.email)) return 'same_address'
  if (await isDisposableEmail(input.referredEmail)) return 'disposable_domain'
  const matches: SQL[] = []
  if (input.browserTokenHash) matches.push(eq(signinCodes.browserTokenHash, input.browserTokenHash))
  if (input.ipHash) matches.push(eq(signinCodes.ipHash, input.ipHash))
  if (!matches.length) return null
  const rows = await scope.select(
    signinCodes,
    and(eq(signinCodes.email, input.referrer.email), gte(signinCodes.createdAt, new Date(input.now - REFERRAL_HOLD_WINDOW_MS)), or(...matches)),
  )
  if (input.browserTokenHash && rows.some((r) => r.browserTokenHash === input.browserTokenHash)) return 'same_device'
  if (input.ipHash && rows.some((r) => r.ipHash === input.ipHash)) return 'same_ip'
  return null
}
