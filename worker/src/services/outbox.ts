import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm'
import type { Db } from '../db/client'
import { outbox } from '../db/schema'
import type { Deps } from '../deps'
import type { MailMessage } from '../platform/mail'
import { deliverWebhooks } from './webhooks'

export const MAX_DELIVERY_ATTEMPTS = 8

export type OutboxMessage =
  | { topic: 'email'; payload: MailMessage }
  | { topic: 'webhook'; payload: { event: string; data: Record<string, unknown> } }

/** The insert to put in the same batch as the business write it belongs to. */
export function outboxInsert(db: Db, programId: number | null, message: OutboxMessage, dedupeKey?: string) {
  const insert = db.insert(outbox).values({ programId, topic: message.topic, payload: message.payload as Record<string, unknown>, dedupeKey: dedupeKey ?? null })
  return (dedupeKey ? insert.onConflictDoNothing() : insert).returning({ id: outbox.id })
}

async function deliver(deps: Deps, row: typeof outbox.$inferSelect): Promise<void> {
  switch (row.topic) {
    case 'email':
      return deps.mail.send(row.payload as unknown as MailMessage)
    case 'webhook':
      return deliverWebhooks(deps, row)
    default:
      throw new Error(`no deliverer for topic ${row.topic}`)
  }
}

/**
 * Delivers the given outbox rows, or every due pending row when no ids are given. Each row is claimed
 * with a guarded update (pending -> sending) so concurrent deliverers never send a message twice; a
 * failure schedules a retry with exponential backoff and never touches the business write.
 */
export async function deliverOutbox(deps: Deps, ids?: number[]): Promise<{ delivered: number; failed: number }> {
  const { db } = deps
  const now = deps.clock.now()
  const due = and(eq(outbox.status, 'pending'), or(isNull(outbox.nextAttemptAt), lte(outbox.nextAttemptAt, new Date(now))))
  const candidates = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(ids ? and(inArray(outbox.id, ids), eq(outbox.status, 'pending')) : due)
    .orderBy(asc(outbox.id))
    .limit(100)
  let delivered = 0
  let failed = 0
  for (const { id } of candidates) {
    const claimed = await db
      .update(outbox)
      .set({ status: 'sending' })
      .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')))
      .returning()
    const row = claimed[0]
    if (!row) continue
    try {
      await deliver(deps, row)
      await db.update(outbox).set({ status: 'delivered', deliveredAt: new Date(deps.clock.now()), attempts: row.attempts + 1 }).where(eq(outbox.id, id))
      delivered++
    } catch (err) {
      failed++
      const attempts = row.attempts + 1
      await db
        .update(outbox)
        .set({
          status: attempts >= MAX_DELIVERY_ATTEMPTS ? 'failed' : 'pending',
          attempts,
          lastError: String((err as Error)?.message ?? err).slice(0, 500),
          nextAttemptAt: new Date(deps.clock.now() + 2 ** attempts * 15_000),
        })
        .where(eq(outbox.id, id))
    }
  }
  return { delivered, failed }
}

/** After a write: hand new outbox rows to the queue (Workers) or deliver them in-process (Node). */
export async function dispatchOutbox(deps: Deps, ids: number[]): Promise<void> {
  if (!ids.length) return
  if (deps.enqueue) {
    try {
      await deps.enqueue(ids)
      return
    } catch (err) {
      deps.log?.(`[outbox] enqueue failed, delivering inline: ${(err as Error).message}`)
    }
  }
  await deliverOutbox(deps, ids)
}

/** Like dispatchOutbox, without making the request wait (webhooks); the retry sweep covers failures. */
export function dispatchOutboxLater(deps: Deps, ids: number[]): void {
  if (!ids.length) return
  dispatchOutbox(deps, ids).catch((err) => deps.log?.(`[outbox] deferred delivery failed: ${(err as Error).message}`))
}

/** The outbox ids a batch's `outboxInsert(...).returning()` statements produced. */
export function outboxIdsFrom(results: unknown[], indexes: number[]): number[] {
  return indexes.flatMap((i) => ((results[i] as { id: number }[] | undefined) ?? []).map((r) => r.id))
}
