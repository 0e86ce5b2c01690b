import { and, asc, eq, exists, inArray, lte, or, sql } from 'drizzle-orm'
import { adminProgramPermissions, adminUsers, outbox, programs, webhookDeliveries, webhooks } from '../../db/schema'
import { programScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { appCache } from '../../lib/cache'
import { deliverOutbox, dispatchOutboxLater, outboxIdsFrom, outboxInsert, registerOutboxDeliverer } from './outbox'
import { signWebhook } from './signing'
import { NOT_PUBLIC, webhookTargetError } from './target'
import { batch } from '../../db/batch'
import { programTakesWrites } from '../shards'

type WebhookRow = typeof webhooks.$inferSelect
export type DeliveryRow = typeof webhookDeliveries.$inferSelect

/**
 * Waits after a failed automatic attempt: the 2nd attempt 5 s after the 1st, then 5 min, 30 min, 2 h,
 * 5 h, 10 h and 14 h: eight attempts over about 31.5 hours. Retries go out with the outbox sweep (every
 * minute: the Workers cron, the Node entry's timer); under Node a wait shorter than that has its own
 * timer (retryWebhooksInProcess), on Workers it lasts until the next sweep.
 */
export const RETRY_SCHEDULE_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 50_400_000]
export const MAX_ATTEMPTS = RETRY_SCHEDULE_MS.length + 1
/**
 * Auto-disable: a webhook whose automatic attempts failed this many times in a row (no success in
 * between, whatever the event) over at least AUTO_DISABLE_AFTER_MS is turned off and its program's
 * admins are e-mailed. One event that exhausts its schedule meets both; a short outage does not.
 */
export const AUTO_DISABLE_FAILURES = 8
export const AUTO_DISABLE_AFTER_MS = 24 * 3_600_000
/** Short: a receiver should answer at once and do its work later. */
export const SEND_TIMEOUT_MS = 10_000
/** The start of each answer kept in the log. */
export const RESPONSE_LOG_BYTES = 1024
// A claimed attempt holds its delivery for config.webhookAttemptLeaseMs (WEBHOOK_ATTEMPT_LEASE_MS, two
// minutes): a crashed sender's delivery is retried after it.
/** Deliveries per sweep round, and how many are sent at the same time. */
const SWEEP_LIMIT = 50
const PARALLEL_SENDS = 8
/**
 * A sweep goes on with more rounds while they come back full, up to 2,000 deliveries (a fetch each,
 * well under a Worker invocation's 10,000 subrequests) or 30 s, half the minute between sweeps.
 */
const SWEEP_ROUNDS = 40
const SWEEP_BUDGET_MS = 30_000
/** The event a console test-send delivers (to the one webhook it names, active or not). */
export const TEST_EVENT = 'webhook.test'

/** The `webhook-id` of a delivery: the same on every attempt and on a manual resend. */
export const messageIdOf = (delivery: Pick<DeliveryRow, 'id'>) => `msg_${delivery.id}`

/**
 * A program's active webhooks are read once per config.cacheTtlMs (most programs have none, and every
 * event asks); whoever adds, edits or removes a webhook calls this for immediate effect here.
 */
export function invalidateWebhooks(deps: Deps) {
  appCache<WebhookRow[]>(deps, 'webhooks').clear()
}

function activeWebhooks(deps: Deps, programId: number): Promise<WebhookRow[]> {
  return appCache<WebhookRow[]>(deps, 'webhooks').get(String(programId), async () => programScope(deps.db, programId).select(webhooks, eq(webhooks.active, true)))
}

/**
 * Whether an event of the program has a webhook to go to, from the same cached list the delivery
 * reads: a write whose event has none writes no outbox row for it (webhookInsert) and skips the
 * delivery round.
 */
export async function hasWebhookFor(deps: Deps, programId: number, event: string): Promise<boolean> {
  return (await subscribedEvents(deps, programId)).has(event)
}

/** Every event some active webhook of the program takes (one look at the cached list for a write with several events). */
export async function subscribedEvents(deps: Deps, programId: number): Promise<ReadonlySet<string>> {
  return new Set((await activeWebhooks(deps, programId)).flatMap((h) => h.events))
}

/** The body every attempt of the event sends (Standard Webhooks payload shape: type, timestamp, data). */
function eventBody(row: typeof outbox.$inferSelect, event: string, data: Record<string, unknown>): string {
  return JSON.stringify({ id: `evt_${row.id}`, type: event, timestamp: row.createdAt.toISOString(), data })
}

/**
 * Delivers one outbox `webhook` event: fans it out into one delivery per subscribed active webhook
 * (per the one webhook a test-send names), each with its own attempts and schedule, and makes each
 * first attempt now. Only the fan-out can fail the outbox row; a receiver's failure is its delivery's
 * business (retried by the sweep), so a healthy webhook never gets an event twice.
 */
export async function deliverWebhooks(deps: Deps, row: typeof outbox.$inferSelect): Promise<void> {
  if (!row.programId) return
  const scope = programScope(deps.db, row.programId)
  const { event, data, webhook_id: only } = row.payload as { event: string; data: Record<string, unknown>; webhook_id?: number }
  const hooks = only
    ? await scope.select(webhooks, eq(webhooks.id, only))
    : (await activeWebhooks(deps, row.programId)).filter((h) => h.events.includes(event as never))
  if (!hooks.length) return
  const now = new Date(deps.clock.now())
  const requestBody = eventBody(row, event, data)
  // A retried fan-out (the outbox row failed after this insert) adds nothing: one delivery per (webhook, event).
  const created = await scope
    .insert(
      webhookDeliveries,
      hooks.map((h) => ({ webhookId: h.id, outboxId: row.id, event, state: 'pending' as const, nextAttemptAt: now, requestBody })),
    )
    .onConflictDoNothing()
    .returning({ id: webhookDeliveries.id })
  if (!created.length) return
  await sendClaimed(deps, await claim(deps, inArray(webhookDeliveries.id, created.map((c) => c.id))))
}

/**
 * The sweep: every pending delivery whose time has come, whatever its program, SWEEP_LIMIT at a time
 * while full rounds come back, for at most SWEEP_ROUNDS rounds and SWEEP_BUDGET_MS. With one round a
 * sweep, a backlog drained at 50 deliveries a minute: the 502 retries a 30 s outage at 20 events a
 * second left took 10 minutes to go out once due (bench:webhooks).
 */
export async function deliverDueWebhooks(deps: Deps): Promise<number> {
  const started = performance.now()
  let sent = 0
  for (let round = 0; round < SWEEP_ROUNDS; round++) {
    const due = await claim(deps)
    await sendClaimed(deps, due)
    sent += due.length
    if (due.length < SWEEP_LIMIT || performance.now() - started >= SWEEP_BUDGET_MS) break
  }
  return sent
}

/**
 * Claims pending due deliveries (all due ones, or those of `only`) by moving their next attempt a lease
 * ahead in one guarded update: concurrent sweeps never send the same attempt twice.
 */
async function claim(deps: Deps, only?: ReturnType<typeof inArray>): Promise<DeliveryRow[]> {
  const now = deps.clock.now()
  const due = and(eq(webhookDeliveries.state, 'pending'), lte(webhookDeliveries.nextAttemptAt, new Date(now)), programTakesWrites(webhookDeliveries.programId))
  const candidates = deps.db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries) // tenant-guard: allow (the retry sweep spans programs; each row is sent with its own program's webhook)
    .where(and(due, only))
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(SWEEP_LIMIT)
  return deps.db
    .update(webhookDeliveries) // tenant-guard: allow (claims the rows selected just above, by id)
    .set({ nextAttemptAt: new Date(now + deps.config.webhookAttemptLeaseMs) })
    .where(and(inArray(webhookDeliveries.id, candidates), due))
    .returning()
}

async function sendClaimed(deps: Deps, claimed: DeliveryRow[]): Promise<void> {
  if (!claimed.length) return
  const hookIds = [...new Set(claimed.map((d) => d.webhookId))]
  const hooks = new Map(
    (
      await deps.db
        .select()
        .from(webhooks) // tenant-guard: allow (the webhooks of the claimed deliveries, matched on their program below)
        .where(inArray(webhooks.id, hookIds))
    ).map((h) => [h.id, h]),
  )
  const queue = [...claimed]
  const worker = async () => {
    for (let d = queue.shift(); d; d = queue.shift()) {
      const hook = hooks.get(d.webhookId)
      if (!hook || hook.programId !== d.programId) continue
      try {
        await attempt(deps, hook, d, d.event === TEST_EVENT ? 'test' : 'auto')
      } catch (err) {
        deps.log?.(`[webhooks] delivery ${d.id} could not be recorded: ${(err as Error).message}`)
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(PARALLEL_SENDS, queue.length) }, worker))
}

/** Reads at most RESPONSE_LOG_BYTES of the answer, then lets the rest go. */
async function responseStart(res: Response): Promise<string> {
  if (!res.body) return ''
  const reader = res.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    while (size < RESPONSE_LOG_BYTES) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(value)
      size += value.byteLength
    }
  } finally {
    void reader.cancel().catch(() => {})
  }
  const all = new Uint8Array(size)
  let at = 0
  for (const c of chunks) {
    all.set(c, at)
    at += c.byteLength
  }
  return new TextDecoder().decode(all.subarray(0, RESPONSE_LOG_BYTES))
}

type Outcome = { status: number | null; body: string | null; error: string | null; durationMs: number }

/** One signed POST, with the target re-checked first (DNS may have changed since the save). */
async function send(deps: Deps, hook: WebhookRow, delivery: DeliveryRow): Promise<Outcome> {
  const started = performance.now()
  const took = () => Math.round(performance.now() - started)
  const refused = await webhookTargetError(deps, hook.url)
  if (refused) return { status: null, body: null, error: `Not sent: ${refused}`, durationMs: took() }
  const id = messageIdOf(delivery)
  const timestamp = Math.floor(deps.clock.now() / 1000)
  const body = delivery.requestBody ?? ''
  try {
    const res = await (deps.fetch ?? fetch)(hook.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Tessera-Webhooks/1.0',
        'webhook-id': id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': await signWebhook(hook.secret, id, timestamp, body),
      },
      body,
    })
    const text = await responseStart(res).catch(() => '')
    const ok = res.status >= 200 && res.status < 300
    const error = ok ? null : res.status >= 300 && res.status < 400 ? `Answered ${res.status} (redirects are not followed)` : `Answered ${res.status}`
    return { status: res.status, body: text, error, durationMs: took() }
  } catch (err) {
    const e = err as Error
    // The pinned fetch (Node entry) refused the address the name answered at connect time.
    if (e?.name === 'RefusedAddressError') return { status: null, body: null, error: `Not sent: ${NOT_PUBLIC} (${e.message})`, durationMs: took() }
    const error = e?.name === 'TimeoutError' || e?.name === 'AbortError' ? `No answer within ${SEND_TIMEOUT_MS / 1000} s` : String(e?.message ?? err).slice(0, 500)
    return { status: null, body: null, error, durationMs: took() }
  }
}

/** Timers for in-process retries: the runtime's by default, a test's when it drives time itself. */
export type RetryTimers = { set(run: () => void, ms: number): { unref?(): unknown }; clear(handle: unknown): void }
const realTimers: RetryTimers = { set: (run, ms) => setTimeout(run, ms), clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) }

type InProcessRetries = { sweepMs: number; timers: RetryTimers; due: number[]; handle?: unknown; at?: number }
/** Apps whose entry runs retries in-process (the Node entry); Workers never register (queue and cron). */
const inProcess = new WeakMap<Deps, InProcessRetries>()

/**
 * Node entry: a retry due sooner than the next sweep (the 5 s wait after a first failure, against a
 * 60 s sweep) goes out on time from an in-process timer. One unref'd timer per app, set for the
 * earliest such retry; when it fires it sends every due delivery (deliverDueWebhooks, the sweep's
 * claim, so a sweep running at the same moment never sends the same attempt) and re-arms for the next.
 * Answers the stop function (the server's close).
 */
export function retryWebhooksInProcess(deps: Deps, sweepMs: number, timers: RetryTimers = realTimers): () => void {
  const state: InProcessRetries = { sweepMs, timers, due: [] }
  inProcess.set(deps, state)
  return () => {
    if (state.handle !== undefined) timers.clear(state.handle)
    state.handle = undefined
    state.due = []
    if (inProcess.get(deps) === state) inProcess.delete(deps)
  }
}

function armRetryTimer(deps: Deps, state: InProcessRetries): void {
  const next = Math.min(...state.due)
  if (!Number.isFinite(next) || (state.handle !== undefined && state.at! <= next)) return
  if (state.handle !== undefined) state.timers.clear(state.handle)
  state.at = next
  const handle = state.timers.set(
    () => {
      state.handle = undefined
      state.at = undefined
      state.due = state.due.filter((at) => at > deps.clock.now())
      void deliverDueWebhooks(deps)
        .catch((err) => deps.log?.(`[webhooks] in-process retry failed: ${(err as Error).message}`))
        .finally(() => inProcess.get(deps) === state && armRetryTimer(deps, state))
    },
    Math.max(0, next - deps.clock.now()),
  )
  handle.unref?.()
  state.handle = handle
}

/** A retry now due at `at`: scheduled in-process when the app runs retries itself and the sweep is further. */
function retrySoon(deps: Deps, at: number): void {
  const state = inProcess.get(deps)
  if (!state || at - deps.clock.now() >= state.sweepMs) return
  state.due.push(at)
  armRetryTimer(deps, state)
}

/**
 * One attempt of a delivery and its record. `auto`: the schedule's attempt (a failure schedules the
 * next or, after MAX_ATTEMPTS, fails the delivery, and counts toward auto-disable); `replay`: an
 * admin's resend (a failure leaves the schedule as it was); `test`: a test-send, tried once. A success
 * by any of them clears the webhook's run of failures.
 */
export async function attempt(deps: Deps, hook: WebhookRow, delivery: DeliveryRow, mode: 'auto' | 'replay' | 'test'): Promise<DeliveryRow> {
  const scope = programScope(deps.db, delivery.programId)
  const inactive = mode === 'auto' && !hook.active
  const outcome: Outcome = inactive ? { status: null, body: null, error: 'Not sent: the webhook is off', durationMs: 0 } : await send(deps, hook, delivery)
  const now = deps.clock.now()
  const attempts = delivery.attempts + (inactive ? 0 : 1)
  const ok = outcome.error === null
  let state: DeliveryRow['state'] = 'succeeded'
  let nextAttemptAt: Date | null = null
  if (!ok && mode === 'auto' && !inactive && attempts < MAX_ATTEMPTS) {
    state = 'pending'
    nextAttemptAt = new Date(now + RETRY_SCHEDULE_MS[Math.min(attempts, RETRY_SCHEDULE_MS.length) - 1]!)
  } else if (!ok && mode === 'replay' && delivery.state === 'pending') {
    state = 'pending'
    nextAttemptAt = delivery.nextAttemptAt
  } else if (!ok) {
    state = 'failed'
  }
  const record = scope
    .update(
      webhookDeliveries,
      {
        state,
        attempts,
        nextAttemptAt,
        lastAttemptAt: new Date(now),
        responseStatus: outcome.status,
        responseBody: outcome.body,
        durationMs: outcome.durationMs,
        error: outcome.error,
      },
      eq(webhookDeliveries.id, delivery.id),
    )
    .returning()
  if (ok) {
    const healthy = scope.update(webhooks, { consecutiveFailures: 0, failingSince: null }, and(eq(webhooks.id, hook.id), sql`${webhooks.consecutiveFailures} > 0`))
    const [saved] = (await batch(deps.db, [record, healthy])) as unknown as [DeliveryRow[]]
    return saved[0]!
  }
  if (mode !== 'auto' || inactive) return (await record)[0]!
  const failing = scope
    .update(webhooks, { consecutiveFailures: sql`${webhooks.consecutiveFailures} + 1` as never, failingSince: sql`coalesce(${webhooks.failingSince}, ${now})` as never }, eq(webhooks.id, hook.id))
    .returning()
  const [saved, health] = (await batch(deps.db, [record, failing])) as unknown as [DeliveryRow[], WebhookRow[]]
  if (nextAttemptAt) retrySoon(deps, nextAttemptAt.getTime())
  const counted = health[0]
  if (counted?.active && counted.failingSince && counted.consecutiveFailures >= AUTO_DISABLE_FAILURES && now - counted.failingSince.getTime() >= AUTO_DISABLE_AFTER_MS) {
    await autoDisable(deps, counted, now)
  }
  return saved[0]!
}

/**
 * Turns the webhook off, fails its other pending deliveries and e-mails the program's admins (its
 * organization's admins and those granted program update, who manage integrations), in one batch.
 * Concurrent failures may both get here: the e-mails carry one dedupe key per run of failures.
 */
async function autoDisable(deps: Deps, hook: WebhookRow, now: number): Promise<void> {
  const scope = programScope(deps.db, hook.programId)
  const [program] = await deps.db.select({ name: programs.name, organizationId: programs.organizationId }).from(programs).where(eq(programs.id, hook.programId))
  const grant = deps.db
    .select({ one: sql`1` })
    .from(adminProgramPermissions)
    .where(scope.where(adminProgramPermissions, and(eq(adminProgramPermissions.adminUserId, adminUsers.id), eq(adminProgramPermissions.resource, 'program'), eq(adminProgramPermissions.action, 'update'))))
  const admins = program
    ? await deps.db
        .select({ email: adminUsers.email })
        .from(adminUsers)
        .where(and(eq(adminUsers.organizationId, program.organizationId), or(eq(adminUsers.isOrganizationAdmin, true), exists(grant))))
    : []
  const since = hook.failingSince?.toISOString() ?? new Date(now).toISOString()
  const mails = admins.map((a) =>
    outboxInsert(
      deps.db,
      hook.programId,
      {
        topic: 'email',
        payload: {
          to: a.email,
          from: deps.config.mailFrom,
          subject: `Webhook disabled: ${hook.url}`,
          text:
            `The webhook ${hook.url} of ${program?.name ?? 'your program'} failed ${hook.consecutiveFailures} deliveries in a row since ${since}, so Tessera has turned it off.\n\n` +
            `Fix the receiver, then turn the webhook back on in the console (Settings, Integrations, Webhooks) and resend the deliveries you need from its delivery log.\n`,
        },
      },
      `webhook-disabled:${hook.id}:${since}:${a.email}`,
    ),
  )
  const results = await batch(deps.db, [
    scope.update(webhooks, { active: false, disabledAt: new Date(now) }, and(eq(webhooks.id, hook.id), eq(webhooks.active, true))),
    scope.update(
      webhookDeliveries,
      { state: 'failed', nextAttemptAt: null, error: 'Not sent: the webhook was turned off after repeated failures' },
      and(eq(webhookDeliveries.webhookId, hook.id), eq(webhookDeliveries.state, 'pending')),
    ),
    ...mails,
  ] as unknown as Parameters<typeof deps.db.batch>[0])
  invalidateWebhooks(deps)
  deps.log?.(`[webhooks] webhook ${hook.id} (${hook.url}) turned off after ${hook.consecutiveFailures} failures`)
  dispatchOutboxLater(
    deps,
    outboxIdsFrom(
      results as unknown[],
      mails.map((_, i) => i + 2),
    ),
  )
}

/**
 * A console test-send: a `webhook.test` event through the outbox and the same signed path, to this
 * one webhook (on or off), attempted now. Answers its delivery.
 */
export async function sendTestEvent(deps: Deps, hook: WebhookRow): Promise<DeliveryRow> {
  const [row] = await outboxInsert(deps.db, hook.programId, {
    topic: 'webhook',
    payload: { event: TEST_EVENT, webhook_id: hook.id, data: { webhook_id: hook.id, message: 'A test event sent from the Tessera console.' } },
  })
  await deliverOutbox(deps, [row!.id])
  const [delivery] = await programScope(deps.db, hook.programId).select(webhookDeliveries, and(eq(webhookDeliveries.webhookId, hook.id), eq(webhookDeliveries.outboxId, row!.id)))
  return delivery!
}

// The outbox delivers 'webhook' rows and runs the retry sweep through these (outbox.ts imports no feature).
registerOutboxDeliverer('webhook', deliverWebhooks, deliverDueWebhooks)
