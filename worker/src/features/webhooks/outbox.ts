import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { bound, param, preparedFor } from '../../db/prepared'
import { outbox } from '../../db/schema'
import type { Deps } from '../../deps'
import type { MailMessage } from '../../platform/mail'
import { programTakesWrites } from '../shards'

export const MAX_DELIVERY_ATTEMPTS = 8
/** Rows per delivery round (the ids once went as bound parameters, and D1 allows 100 per statement). */
const IDS_PER_STATEMENT = 90
/**
 * A sweep takes rounds of IDS_PER_STATEMENT rows while they come back full, up to this many rounds or
 * this long (half the minute between sweeps; a Worker's scheduled invocation may run 15 minutes).
 */
const SWEEP_ROUNDS = 40
const SWEEP_BUDGET_MS = 30_000
/** In-process delivery waits this long to take the writes of a busy moment in one round. */
const DELIVERY_DELAY_MS = 10
/**
 * A claimed row (status `sending`) is held for config.outboxClaimLeaseMs (OUTBOX_CLAIM_LEASE_MS, fifteen
 * minutes), its end kept in next_attempt_at; the sweep takes back a claim whose lease is over (its
 * deliverer died: kill -9, an evicted isolate), so no message is left unsent. Fifteen minutes: a
 * Queues consumer invocation cannot run longer on Cloudflare, and a round of at most 90 rows (mails,
 * webhook fan-outs whose own attempts hold their own two-minute lease) takes seconds. A deliverer
 * slower than that may deliver a row twice, under the same webhook-id (webhook deliveries are one per
 * event and webhook), which receivers dedupe.
 */
export { OUTBOX_CLAIM_LEASE_MS } from '../../config'

export type OutboxMessage =
  | { topic: 'email'; payload: MailMessage }
  /** `webhook_id`: a console test-send, delivered to that one webhook only. */
  | { topic: 'webhook'; payload: { event: string; data: Record<string, unknown>; webhook_id?: number } }
  /** Background work of a feature (`domain.task`), run by the handler it registered with registerOutboxTask. */
  | { topic: `${string}.${string}`; payload: Record<string, unknown> }

/** Runs one background task of a feature; throwing retries it like any delivery. */
export type OutboxTask = (deps: Deps, programId: number | null, payload: Record<string, unknown>) => Promise<unknown>

export type OutboxRow = typeof outbox.$inferSelect
type Deliverer = (deps: Deps, row: OutboxRow) => Promise<unknown>

const deliverers = new Map<string, Deliverer>()
const sweeps: ((deps: Deps) => Promise<unknown>)[] = []

/**
 * A feature's background work through the outbox (same batch as its write, delivered once, retried):
 * the feature registers its handler when its module loads (rewards/reward-winners.ts does), so this
 * module knows no feature above it.
 */
export function registerOutboxTask(topic: `${string}.${string}`, task: OutboxTask) {
  deliverers.set(topic, (deps, row) => task(deps, row.programId, row.payload as Record<string, unknown>))
}

/**
 * A deliverer that takes whole rows (webhooks.ts: one delivery per event and subscribed webhook, with
 * its own retry schedule), and the sweep that retries what it keeps due, run with every outbox sweep.
 * Registered when webhooks.ts loads, as tasks are: this module imports no feature.
 */
export function registerOutboxDeliverer(topic: 'webhook', deliver: Deliverer, sweep: (deps: Deps) => Promise<unknown>) {
  deliverers.set(topic, deliver)
  sweeps.push(sweep)
}

/** The insert to put in the same batch as the business write it belongs to. */
export function outboxInsert(db: Db, programId: number | null, message: OutboxMessage, dedupeKey?: string) {
  const insert = db.insert(outbox).values({ programId, topic: message.topic, payload: message.payload as Record<string, unknown>, dedupeKey: dedupeKey ?? null })
  return (dedupeKey ? insert.onConflictDoNothing() : insert).returning({ id: outbox.id })
}

/**
 * outboxInsert of a webhook, prepared once per database (every completion and claim writes one): a
 * pending row for the delivery. (An event no webhook takes is not written at all: events.ts webhookInsert.)
 */
export function outboxWebhookInsert(db: Db, programId: number, payload: { event: string; data: Record<string, unknown> }, dedupeKey?: string) {
  const statement = preparedFor(db, dedupeKey ? 'outbox-webhook-dedupe' : 'outbox-webhook', (d) => {
    const insert = d.insert(outbox).values({ programId: param('programId'), topic: 'webhook', payload: param('payload'), dedupeKey: param('dedupeKey') })
    return (dedupeKey ? insert.onConflictDoNothing() : insert).returning({ id: outbox.id }).prepare()
  })
  return bound<{ id: number }[]>(statement, { programId, payload, dedupeKey: dedupeKey ?? null })
}

/** A pending row of a program that takes writes (paused while its program moves: programTakesWrites). */
const pending = and(eq(outbox.status, 'pending'), programTakesWrites(outbox.programId))
/** `id IN (the JSON array bound as :ids)`: one statement text whatever the number of ids. */
const inIds = sql`(SELECT value FROM json_each(${sql.placeholder('ids')}))`

/**
 * Claims the given pending rows (pending -> sending) and returns them. Prepared once per database:
 * in-process delivery runs it after every few writes (see dispatchOutboxLater).
 */
const claimByIds = (db: Db) =>
  preparedFor(db, 'outbox-claim-ids', (d) => {
    const candidates = d.select({ id: outbox.id }).from(outbox).where(and(inArray(outbox.id, inIds), pending)).orderBy(asc(outbox.id)).limit(IDS_PER_STATEMENT)
    return d
      .update(outbox)
      .set({ status: 'sending', nextAttemptAt: param('leaseUntil') })
      .where(and(inArray(outbox.id, candidates), pending))
      .returning()
      .prepare()
  })

/**
 * The sweep: claims due pending rows, and takes back claims whose lease is over (a `sending` row
 * without a lease end was claimed before leases: taken back too).
 */
function claimDue(db: Db, now: number, leaseMs: number) {
  // A pending row's next_attempt_at is its retry time; a sending row's, the end of its claim's lease.
  const due = and(inArray(outbox.status, ['pending', 'sending']), or(isNull(outbox.nextAttemptAt), lte(outbox.nextAttemptAt, new Date(now))), programTakesWrites(outbox.programId))
  const candidates = db.select({ id: outbox.id }).from(outbox).where(due).orderBy(asc(outbox.id)).limit(IDS_PER_STATEMENT)
  return db
    .update(outbox)
    .set({ status: 'sending', nextAttemptAt: new Date(now + leaseMs) })
    .where(and(inArray(outbox.id, candidates), due))
    .returning()
}

const markDelivered = (db: Db) =>
  preparedFor(db, 'outbox-delivered', (d) =>
    d
      .update(outbox)
      .set({ status: 'delivered', deliveredAt: param('at'), attempts: sql`${outbox.attempts} + 1` as never })
      .where(inArray(outbox.id, inIds))
      .prepare(),
  )

async function deliver(deps: Deps, row: OutboxRow): Promise<void> {
  if (row.topic === 'email') return deps.mail.send(row.payload as unknown as MailMessage)
  const deliverer = deliverers.get(row.topic)
  if (!deliverer) throw new Error(`no deliverer for topic ${row.topic}`)
  await deliverer(deps, row)
}

/**
 * Delivers the given outbox rows, or every due pending row when no ids are given. The rows are claimed
 * with one guarded update (pending -> sending, for a lease: config.outboxClaimLeaseMs), so concurrent
 * deliverers never send a message twice, and a deliverer that dies leaves its rows to the sweep;
 * the delivered ones are marked in one more statement. A failure schedules a retry with exponential
 * backoff and never touches the business write.
 */
export async function deliverOutbox(deps: Deps, ids?: number[]): Promise<{ delivered: number; failed: number }> {
  if (ids && ids.length > IDS_PER_STATEMENT) {
    const total = { delivered: 0, failed: 0 }
    for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) {
      const part = await deliverOutbox(deps, ids.slice(i, i + IDS_PER_STATEMENT))
      total.delivered += part.delivered
      total.failed += part.failed
    }
    return total
  }
  if (ids && !ids.length) return { delivered: 0, failed: 0 }
  const { db } = deps
  const lease = deps.config.outboxClaimLeaseMs
  if (ids) return deliverClaimed(deps, await claimByIds(db).all({ ids: JSON.stringify(ids), leaseUntil: new Date(deps.clock.now() + lease) }))
  // The sweep: rounds of at most IDS_PER_STATEMENT rows while they come back full (a backlog after an
  // outage or a crash drains in one sweep, not 90 rows a minute), within SWEEP_ROUNDS and SWEEP_BUDGET_MS.
  const started = Date.now()
  const total = { delivered: 0, failed: 0 }
  for (let round = 0; round < SWEEP_ROUNDS; round++) {
    const claimed = await claimDue(db, deps.clock.now(), lease)
    const part = await deliverClaimed(deps, claimed)
    total.delivered += part.delivered
    total.failed += part.failed
    if (claimed.length < IDS_PER_STATEMENT || Date.now() - started >= SWEEP_BUDGET_MS) break
  }
  // The sweep also retries webhook deliveries (one per event and webhook, each on its own schedule).
  for (const sweep of sweeps) await sweep(deps).catch((err) => deps.log?.(`[outbox] retry sweep failed: ${(err as Error).message}`))
  return total
}

/**
 * Delivers claimed rows in id order; the delivered ones are marked in one statement, a failure
 * schedules its retry. A round of slow tasks (receipts' OCR, up to two minutes each) could outlast its
 * claim: once half the lease is used, the rows not reached yet get a new lease in one update guarded
 * by the lease they held, and a row that is not returned (the sweep took it back) is left to its new
 * deliverer, so no row runs twice because its round was slow.
 */
async function deliverClaimed(deps: Deps, rows: OutboxRow[]): Promise<{ delivered: number; failed: number }> {
  const { db } = deps
  const claimed = [...rows].sort((a, b) => a.id - b.id)
  const lease = deps.config.outboxClaimLeaseMs
  let held = claimed[0]?.nextAttemptAt ?? null
  let renewAt = deps.clock.now() + lease / 2
  let lost = new Set<number>()
  const done: number[] = []
  let failed = 0
  for (const [i, row] of claimed.entries()) {
    if (held && deps.clock.now() >= renewAt) {
      const rest = claimed.slice(i).map((r) => r.id)
      const until = new Date(deps.clock.now() + lease)
      const kept = await db
        .update(outbox)
        .set({ nextAttemptAt: until })
        .where(and(inArray(outbox.id, rest), eq(outbox.status, 'sending'), eq(outbox.nextAttemptAt, held)))
        .returning({ id: outbox.id })
      const keep = new Set(kept.map((r) => r.id))
      lost = new Set(rest.filter((id) => !keep.has(id)))
      held = until
      renewAt = deps.clock.now() + lease / 2
    }
    if (lost.has(row.id)) continue
    try {
      await deliver(deps, row)
      done.push(row.id)
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
        .where(eq(outbox.id, row.id))
    }
  }
  if (done.length) await markDelivered(db).run({ ids: JSON.stringify(done), at: new Date(deps.clock.now()) })
  return { delivered: done.length, failed }
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

/** Ids handed to dispatchOutboxLater and not yet delivered, per app (in-process delivery only). */
const waiting = new WeakMap<Deps, number[]>()

/**
 * Like dispatchOutbox, without making the request wait (webhooks); the retry sweep covers failures.
 * In-process (no queue), the ids of every write that finishes within DELIVERY_DELAY_MS go out in one
 * delivery: two statements for the lot instead of a claim and a mark per write.
 */
export function dispatchOutboxLater(deps: Deps, ids: number[]): void {
  if (!ids.length) return
  const fail = (err: unknown) => deps.log?.(`[outbox] deferred delivery failed: ${(err as Error).message}`)
  if (deps.enqueue) {
    dispatchOutbox(deps, ids).catch(fail)
    return
  }
  const queued = waiting.get(deps)
  if (queued) {
    queued.push(...ids)
    return
  }
  waiting.set(deps, [...ids])
  setTimeout(() => {
    const all = waiting.get(deps) ?? []
    waiting.delete(deps)
    deliverOutbox(deps, all).catch(fail)
  }, DELIVERY_DELAY_MS)
}

/** The outbox ids a batch's `outboxInsert(...).returning()` statements produced. */
export function outboxIdsFrom(results: unknown[], indexes: number[]): number[] {
  return indexes.flatMap((i) => ((results[i] as { id: number }[] | undefined) ?? []).map((r) => r.id))
}
