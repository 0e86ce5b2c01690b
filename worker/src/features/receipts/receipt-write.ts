import { and, eq, sql } from 'drizzle-orm'
import { receiptItems, receipts, receiptUpdateLogs, type ReceiptTagValue } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { randomToken } from '../../lib/crypto'
import { AppError } from '../../lib/errors'
import { afterParticipantChange } from '../challenges/effects'
import { isBalanceViolation, ledgerWrite } from '../points/ledger'
import { actionInsert, eventDeliveries, isUnsubscribed, webhookInsert } from '../webhooks/events'
import { dispatchOutboxLater, outboxIdsFrom } from '../webhooks/outbox'
import { fromCents } from './matching'
import { batch, type BatchStatement } from '../../db/batch'

/**
 * Every write to a receipt goes through applyReceiptWrite: one db.batch holding the receipt's update
 * (applied only on the version that was read), a guard statement, and everything that belongs with the
 * change (items, the ledger row and its points.changed event, the participant action, the update log
 * row, the receipt.processed webhook). The guard sets version = -1 on the receipt when the row does not
 * carry this write's token, that is when the first update matched nothing because another write got
 * there first: the CHECK (version >= 0) then fails the whole batch, so a stale write changes nothing
 * at all. No read decides an invariant: two concurrent saves of one review credit once
 * (docs/decisions/0027).
 */
export type ReceiptRow = typeof receipts.$inferSelect
export type ItemRow = typeof receiptItems.$inferSelect
type Statement = BatchStatement

export const staleWrite = () => new AppError('idempotency_conflict', 409, 'This receipt was changed in the meantime: reload it and save again')
const isStale = (err: unknown) => /receipts_version_nonnegative/i.test(String((err as Error)?.message ?? err) + String((err as { cause?: unknown })?.cause ?? ''))

export type ReceiptWrite = {
  /** Columns to set besides version, token and updated_at. */
  set: Partial<typeof receipts.$inferInsert>
  /** Statements of the same change (items). */
  statements?: Statement[]
  /** The points the ledger must hold for this receipt after the write (null: unchanged). */
  credited?: number | null
  /** Title of the ledger row and action. */
  title: string
  log: { adminUserId: number | null; action: string; statusTo: string | null; changes?: Record<string, [unknown, unknown]>; comment?: string | null }
  /** Emit receipt.processed (the receipt reached a decided status). */
  webhook?: boolean
}

/** Applies one write on the version of `r`; throws staleWrite() when another write moved it first. */
export async function applyReceiptWrite(scope: ProgramScope, deps: Deps, r: ReceiptRow, w: ReceiptWrite): Promise<{ version: number; pointsDelta: number }> {
  const now = new Date(deps.clock.now())
  const token = randomToken(12)
  const version = r.version + 1
  const key = `receipt:${r.id}:v${version}`
  const credited = w.credited ?? r.creditedPoints
  const delta = credited - r.creditedPoints
  const statements: Statement[] = [
    scope.update(receipts, { ...w.set, creditedPoints: credited, ...(delta > 0 ? { creditSeq: r.creditSeq + 1 } : {}), version, writeToken: token, updatedAt: now }, and(eq(receipts.id, r.id), eq(receipts.version, r.version))),
    scope.update(receipts, { version: -1 }, and(eq(receipts.id, r.id), sql`${receipts.writeToken} IS NOT ${token}`)),
    ...(w.statements ?? []),
    scope.insert(receiptUpdateLogs, {
      receiptId: r.id,
      adminUserId: w.log.adminUserId,
      action: w.log.action,
      statusFrom: r.status,
      statusTo: w.log.statusTo,
      pointsDelta: delta,
      changes: w.log.changes ?? {},
      comment: w.log.comment ?? null,
      createdAt: now,
    }),
  ]
  // One look at the cached webhook list for both events (none when the write records neither).
  const events = delta !== 0 || w.webhook ? await eventDeliveries(deps, scope.programId, ['receipt.processed', 'points.changed']) : undefined
  const pointsEventAt = statements.length + 1
  if (delta !== 0) {
    // A reversal of a receipt marked invalid is a refund row; a later correction of a valid one an adjustment.
    const kind = delta > 0 ? 'earn' : credited === 0 ? 'refund' : 'adjust'
    statements.push(
      ...ledgerWrite(scope, { participantId: r.participantId, delta, kind, source: 'receipt', sourceId: r.id, title: w.title, idempotencyKey: key }, events!['points.changed']),
      actionInsert(scope, {
        participantId: r.participantId,
        actionType: delta > 0 ? 'receipt_points_credited' : 'receipt_points_reversed',
        title: w.title,
        points: delta,
        details: { receipt_id: r.id },
        dedupeKey: key,
      }),
    )
  }
  const webhookAt = statements.length
  if (w.webhook) {
    const status = w.set.status ?? r.status
    const data = {
      receipt_id: r.id,
      participant_id: r.participantId,
      status,
      points: w.set.points ?? r.points,
      credited_points: credited,
      points_delta: delta,
      merchant_name: w.set.merchantName ?? r.merchantName,
      purchase_date: w.set.purchaseDate ?? r.purchaseDate,
      total_amount: (w.set.totalCents ?? r.totalCents) === null ? null : fromCents((w.set.totalCents ?? r.totalCents)!),
      source: r.source,
      external_id: r.externalId,
    }
    statements.push(webhookInsert(deps.db, scope.programId, 'receipt.processed', data, `${r.id}:v${version}`, isUnsubscribed(events!['receipt.processed'])))
  }
  let results: unknown[]
  try {
    results = (await batch(deps.db, statements)) as unknown[]
  } catch (err) {
    if (isStale(err)) throw staleWrite()
    if (isBalanceViolation(err)) {
      throw new AppError('not_enough_points', 422, 'The participant has already spent the points of this receipt: they cannot be reversed', {
        integrity: 'The participant has already spent the points of this receipt',
      })
    }
    throw err
  }
  const dispatch = [...(w.webhook && events!['receipt.processed'].subscribed ? [webhookAt] : []), ...(delta !== 0 && events!['points.changed'].subscribed ? [pointsEventAt] : [])]
  dispatchOutboxLater(deps, outboxIdsFrom(results, dispatch))
  if (delta !== 0) await afterParticipantChange(scope, deps, r.participantId)
  return { version, pointsDelta: delta }
}

/** The similar-receipt tag, or none. */
export function similarTag(ids: number[], reasons: string[], status: string): ReceiptTagValue[] {
  return ids.length ? [{ name: 'similar_receipt', reason: reasons.join(','), linked_data: { similar_receipt_ids: ids, status } }] : []
}

/** Items insert statements in chunks (D1 binds at most 100 parameters per statement). */
export function insertItems(scope: ProgramScope, rows: Omit<typeof receiptItems.$inferInsert, 'programId'>[]): Statement[] {
  const out: Statement[] = []
  for (let i = 0; i < rows.length; i += 4) out.push(scope.insert(receiptItems, rows.slice(i, i + 4)) as unknown as Statement)
  return out
}
