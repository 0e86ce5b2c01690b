import { and, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import { batch, type BatchStatement } from '../../db/batch'
import {
  devMailbox,
  importJobRows,
  outbox,
  participantActions,
  participantAnswers,
  participantExternalIds,
  participantProfileAttributes,
  participantSessions,
  participants,
  pointsLedger,
  privacyCodes,
  questions,
  receiptUpdateLogs,
  receipts,
  referralUpdateLogs,
  referrals,
  requestIdempotency,
  signinCodes,
  throttles,
  visits,
  webhookDeliveries,
} from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import type { ParticipantRow } from '../../env'
import { randomToken } from '../../lib/crypto'
import { startsWith } from '../../lib/like'
import { storageOf } from '../media/media-service'
import { eventDeliveries, isUnsubscribed, webhookInsert } from '../webhooks/events'
import { dispatchOutbox, dispatchOutboxLater, outboxIdsFrom, outboxInsert, registerOutboxTask } from '../webhooks/outbox'

/** What an erased participant's row says instead of their name and address (`.invalid` is reserved: RFC 2606). */
export const ERASED_FIRST_NAME = 'Erased'
export const ERASED_LAST_NAME = 'participant'
export const erasedEmailOf = (participantId: number) => `erased-${participantId}@invalid`

/** Who asked: the console's delete, the server API, or the participant themselves. */
export type ErasureSource = 'console' | 'api' | 'participant'

export type ErasureResult = {
  participantId: number
  erasedAt: Date
  /** Their uploaded files: deleted (or none), or still being deleted by the background task. */
  files: 'pending' | 'done'
  /** False when the participant was erased already (a repeat changes nothing). */
  erasedNow: boolean
}

/** The background task that deletes an erased participant's files from storage (R2 or the local file store). */
export const ERASE_FILES_TOPIC = 'privacy.erase_files'
const filesTaskKey = (programId: number, participantId: number) => `${ERASE_FILES_TOPIC}:${programId}:${participantId}`

/**
 * Deletes the files of an erasure. Runs from the outbox (written in the erasure's batch), so it is
 * retried with backoff until every key is gone; deleting a key that is gone already is no error, so
 * a retry after a partial run, or a second erasure call, is safe.
 */
registerOutboxTask(ERASE_FILES_TOPIC, async (deps, _programId, payload) => {
  const keys = Array.isArray(payload.keys) ? payload.keys.filter((k): k is string => typeof k === 'string') : []
  const storage = storageOf(deps)
  for (const key of keys) await storage.delete(key)
})

/**
 * JSON text with the personal fields of a participant event overwritten: the e-mail, names, external
 * id and profile values that `participant.created` / `participant.updated` carry. Only paths that are
 * there are replaced (json_replace), so other events are left as they are.
 */
const scrubbedEventJson = (column: SQLiteColumn, participantId: number) =>
  sql`json_replace(${column}, '$.data.email', ${erasedEmailOf(participantId)}, '$.data.first_name', ${ERASED_FIRST_NAME}, '$.data.last_name', ${ERASED_LAST_NAME}, '$.data.external_id', NULL, '$.data.profile', json('{}'))`

/**
 * Erasure that keeps the books (issue 28, docs/privacy.md): one batch overwrites or removes every
 * personal field of the participant and keeps what the program's accounting needs under a tombstone.
 *
 * - The participant row stays, with its balance, counters, status and tier (so the dashboard's and the
 *   economics' rollups do not move): e-mail `erased-{id}@invalid` (the address is free again: signing up
 *   with it makes a new person), names 'Erased participant', no avatar, city or country, a new referral
 *   code nobody knows, and `erased_at`.
 * - Removed: profile attributes, sessions, sign-in and privacy codes (and with them the IP and device
 *   hashes they kept), the partner's external id, stored API answers that show them, e-mails to them
 *   still in the outbox (and the dev mailbox), the sign-in counters named by their address.
 * - Overwritten: free-text answers and answers to profile questions, receipt files (deleted after the
 *   batch, by a retried task), the receipt's OCR text and the messages written about it, comments on
 *   their referrals, import lines naming their address, personal fields of their webhook events
 *   (queued and delivered), ledger and action keys that hold their address (an import's).
 * - Kept: ledger rows and their amounts, claims, coupons, sweepstake entries and draws (entry ids are
 *   pseudonymous already), completions, actions, referrals both ways, receipts' amounts and items,
 *   payments, visits (unlinked), tags and every rollup.
 *
 * A `participant.erased` webhook event goes out once. A repeat call answers the first erasure and
 * re-arms a file deletion that gave up.
 */
export async function eraseParticipant(scope: ProgramScope, deps: Deps, participant: ParticipantRow, source: ErasureSource): Promise<ErasureResult> {
  const { programId } = scope
  const pid = participant.id
  if (participant.erasedAt) return { participantId: pid, erasedAt: participant.erasedAt, files: await retryFiles(scope, deps, pid), erasedNow: false }

  const at = new Date(deps.clock.now())
  const email = participant.email.toLowerCase()
  const erasedEmail = erasedEmailOf(pid)
  const mine = (column: SQLiteColumn) => eq(column, pid)
  const holdsEmail = (column: SQLiteColumn | SQL) => sql`instr(lower(coalesce(${column}, '')), ${email}) > 0`
  const fileRows = await scope.db
    .select({ key: receipts.fileKey })
    .from(receipts)
    .where(scope.where(receipts, and(eq(receipts.participantId, pid), isNotNull(receipts.fileKey))))
  const fileKeys = fileRows.map((r) => r.key!)
  const delivery = (await eventDeliveries(deps, programId, ['participant.erased']))['participant.erased']

  const myReceipts = scope.db.select({ id: receipts.id }).from(receipts).where(scope.where(receipts, eq(receipts.participantId, pid)))
  const myReferrals = scope.db.select({ id: referrals.id }).from(referrals).where(scope.where(referrals, or(eq(referrals.referrerId, pid), eq(referrals.referredParticipantId, pid))))
  const profileQuestions = scope.db.select({ id: questions.id }).from(questions).where(scope.where(questions, isNotNull(questions.profileAttribute)))
  const theirEvents = and(eq(outbox.topic, 'webhook'), sql`json_extract(${outbox.payload}, '$.data.participant_id') = ${pid}`)
  const theirEventIds = scope.db.select({ id: outbox.id }).from(outbox).where(scope.where(outbox, theirEvents))

  const statements: BatchStatement[] = [
    // The tombstone. Guarded: of two erasures at once, one writes it (the rest of the batch repeats harmlessly).
    scope.update(
      participants,
      {
        email: erasedEmail,
        firstName: ERASED_FIRST_NAME,
        lastName: ERASED_LAST_NAME,
        avatarUrl: null,
        city: null,
        country: null,
        referralCode: `X${randomToken(9).replace(/[-_]/g, 'x').toUpperCase()}`,
        erasedAt: at,
        updatedAt: at,
      },
      and(eq(participants.id, pid), isNull(participants.erasedAt)),
    ),
    scope.delete(participantProfileAttributes, mine(participantProfileAttributes.participantId)),
    scope.delete(participantSessions, mine(participantSessions.participantId)),
    // Sign-in codes hold the address, the sign-up's names and the IP and device (browser token) hashes.
    scope.delete(signinCodes, or(mine(signinCodes.participantId), eq(signinCodes.email, email))),
    scope.delete(privacyCodes, mine(privacyCodes.participantId)),
    scope.delete(participantExternalIds, mine(participantExternalIds.participantId)),
    // Answers to profile questions are the profile; free text is whatever they wrote. Choices stay.
    scope.update(participantAnswers, { answer: '', questionOptionId: null }, and(mine(participantAnswers.participantId), inArray(participantAnswers.questionId, profileQuestions))),
    scope.update(participantAnswers, { answer: '' }, and(mine(participantAnswers.participantId), isNull(participantAnswers.questionOptionId))),
    // Receipts keep their amounts, items and points; the file goes (after the batch), the OCR text and
    // the messages about it go. The version moves, so a review or processing step that read it before is refused.
    scope.update(
      receipts,
      {
        fileKey: null,
        processedData: sql`CASE WHEN ${receipts.processedData} IS NULL THEN NULL ELSE json_set(${receipts.processedData}, '$.text', '') END` as never,
        reviewRequestMessage: null,
        adminComments: null,
        adminInvalidationMessage: null,
        version: sql`${receipts.version} + 1` as never,
        updatedAt: at,
      },
      mine(receipts.participantId),
    ),
    scope.update(receiptUpdateLogs, { comment: null }, inArray(receiptUpdateLogs.receiptId, myReceipts)),
    scope.update(referrals, { adminComments: null }, or(eq(referrals.referrerId, pid), eq(referrals.referredParticipantId, pid))),
    scope.update(referralUpdateLogs, { comments: null }, inArray(referralUpdateLogs.referralId, myReferrals)),
    scope.update(visits, { participantId: null }, eq(visits.participantId, pid)),
    // An import's ledger key names the address (import:{program}:{email}:{file}); the row's amounts,
    // participant, kind, source, title and time cannot change (migration 0036 lets only the key move).
    scope.update(pointsLedger, { idempotencyKey: sql`replace(${pointsLedger.idempotencyKey}, ${email}, ${erasedEmail})` as never }, and(mine(pointsLedger.participantId), holdsEmail(pointsLedger.idempotencyKey))),
    scope.update(participantActions, { dedupeKey: sql`replace(${participantActions.dedupeKey}, ${email}, ${erasedEmail})` as never }, and(mine(participantActions.participantId), holdsEmail(participantActions.dedupeKey))),
    // Stored answers of their own requests, and of API calls that answered with them.
    scope.delete(requestIdempotency, or(startsWith(requestIdempotency.key, `p:${pid}:`), holdsEmail(requestIdempotency.response))),
    // Their webhook events, queued or delivered, and the bodies kept for each delivery.
    scope.update(webhookDeliveries, { requestBody: scrubbedEventJson(webhookDeliveries.requestBody, pid) as never }, and(isNotNull(webhookDeliveries.requestBody), inArray(webhookDeliveries.outboxId, theirEventIds))),
    scope.update(outbox, { payload: scrubbedEventJson(outbox.payload, pid) as never }, theirEvents),
    // E-mails to them (sign-in codes, this erasure's own confirmation), sent or not.
    scope.delete(outbox, and(eq(outbox.topic, 'email'), sql`lower(json_extract(${outbox.payload}, '$.to')) = ${email}`)),
    deps.db.delete(devMailbox).where(eq(devMailbox.to, email)),
    // Counters named by the address (limiter keys of signin-throttle.ts): mails sent to it, failed codes.
    deps.db.delete(throttles).where(inArray(throttles.key, [`mail:to:${email}`, `fail:p:${programId}:${email}`])),
    scope.update(importJobRows, { data: {} }, holdsEmail(importJobRows.data)),
  ]
  const eventAt = statements.push(webhookInsert(deps.db, programId, 'participant.erased', { participant_id: pid, erased_at: at.toISOString(), source }, String(pid), isUnsubscribed(delivery))) - 1
  const filesAt = fileKeys.length ? statements.push(outboxInsert(deps.db, programId, { topic: ERASE_FILES_TOPIC, payload: { participant_id: pid, keys: fileKeys } }, filesTaskKey(programId, pid))) - 1 : -1
  const results = (await batch(deps.db, statements)) as unknown[]

  if (delivery.subscribed) dispatchOutboxLater(deps, outboxIdsFrom(results, [eventAt]))
  if (filesAt >= 0) {
    // Now (in-process) or by the queue; a failure is retried by the outbox sweep.
    await dispatchOutbox(deps, outboxIdsFrom(results, [filesAt])).catch((err: unknown) => deps.log?.(`[privacy] file deletion deferred: ${(err as Error)?.message ?? String(err)}`))
  }
  const [row] = await scope.select(participants, eq(participants.id, pid)).limit(1)
  return { participantId: pid, erasedAt: row?.erasedAt ?? at, files: await filesStatus(scope, pid), erasedNow: true }
}

/** Whether the erasure's file deletion is done (or had nothing to do): its outbox row delivered, or none. */
async function filesStatus(scope: ProgramScope, participantId: number): Promise<'pending' | 'done'> {
  const [row] = await scope.db.select({ status: outbox.status }).from(outbox).where(eq(outbox.dedupeKey, filesTaskKey(scope.programId, participantId))).limit(1)
  return row && row.status !== 'delivered' ? 'pending' : 'done'
}

/**
 * A repeat erasure: a file deletion still under way is tried now, one that gave up (its attempts
 * spent) starts again.
 */
async function retryFiles(scope: ProgramScope, deps: Deps, participantId: number): Promise<'pending' | 'done'> {
  const key = filesTaskKey(scope.programId, participantId)
  const open = await scope.db
    .update(outbox)
    .set({ status: sql`CASE WHEN ${outbox.status} = 'failed' THEN 'pending' ELSE ${outbox.status} END` as never, attempts: sql`CASE WHEN ${outbox.status} = 'failed' THEN 0 ELSE ${outbox.attempts} END` as never })
    .where(and(eq(outbox.dedupeKey, key), inArray(outbox.status, ['pending', 'failed'])))
    .returning({ id: outbox.id })
  if (open.length) await dispatchOutbox(deps, open.map((r) => r.id)).catch((err: unknown) => deps.log?.(`[privacy] file deletion deferred: ${(err as Error)?.message ?? String(err)}`))
  return filesStatus(scope, participantId)
}
