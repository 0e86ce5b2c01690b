import { and, eq, isNull, type SQL, sql } from 'drizzle-orm'
import type { Context, Next } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { Db } from '../db/client'
import { deleteExpired } from '../db/retention'
import { requestIdempotency } from '../db/schema'
import type { ProgramScope } from '../db/scope'
import type { Deps } from '../deps'
import type { AppEnv, IdempotentWrite } from '../env'
import { sha256 } from '../lib/crypto'
import { AppError } from '../lib/errors'

export const MAX_IDEMPOTENCY_KEY = 200
/**
 * How long a key's stored answer is replayed: a day, as Stripe keeps its keys. Then the row is pruned
 * (sweepIdempotencyKeys); a later retry runs again, and the write behind it, unique by the key, is
 * found rather than repeated (the outbox keeps the keys of events it pruned, so nothing is announced
 * twice either: features/privacy/retention.ts).
 */
export const IDEMPOTENCY_REPLAY_HOURS = 24

/**
 * One `Idempotency-Key`, for the participant API (`idempotent` below) and `/api/v1` (api-v1-middleware):
 * the first request runs and its answer is stored; a retry with the same key answers the stored answer
 * (`Idempotent-Replayed: true`) without running again. The key is bound to the request: another method,
 * path or body (SHA-256 of the raw body) answers 422 `idempotency_conflict`, as Stripe's API does.
 * Server errors are not stored, so they can be retried.
 *
 * While it runs, the request holds the key for a lease (config.idempotencyLeaseMs, two minutes): a
 * retry during the lease answers 409 with Retry-After; a retry after it takes the key over (one retry
 * only, by a guarded update) and runs again. So a process that died mid-request (kill -9, an evicted
 * isolate) never leaves a key stuck "in progress". Running again is safe because every write behind a
 * key is itself unique by the key (the ledger row, the claim key, the action's dedupe key): a write that
 * did commit before the crash is found, not repeated, and its answer is rebuilt from it (decision 0032).
 *
 * A handler whose write is not unique by the key (a participant's challenge submit, a one-time claim:
 * unique per participant, so a re-run would answer "already completed") puts `idempotentWrite.mark` in
 * its write's own batch: it sets the key's `completed_at` while its status is still null, so the key
 * knows its write committed even when the process died before the answer was stored. A retry that
 * takes such a key over finds `committedBefore` and answers the original result rebuilt from what was
 * committed, without writing again.
 *
 * The claim (the key's insert) is the request's first statement, so it can carry what the request would
 * otherwise read in statements of its own (`options`): the server API's key check (`guard`: the key
 * inserts only while the API key is good, decision 0037) and one value for the handler (`read`, e.g.
 * whether the participant exists). A handler that builds its answer inside its batch stores it there
 * too (`idempotentWrite.complete`): then a write is its claim and its batch, nothing after.
 *
 * `key` is already owner-qualified (`p:{participantId}:...`, `api:...`). Answers the stored answer to
 * replay, or runs `next` and stores what it answered.
 */
export async function runIdempotent(c: Context, scope: ProgramScope, deps: Deps, key: string, next: Next, options: ClaimOptions = {}): Promise<Response | undefined> {
  const method = c.req.method
  const path = c.req.path
  const bodyHash = await sha256(await c.req.text())
  const now = deps.clock.now()
  const leaseUntil = now + deps.config.idempotencyLeaseMs
  // INSERT ... SELECT: the guard is the SELECT's WHERE (which an upsert after a SELECT needs anyway).
  const claim = async (when: SQL | undefined) =>
    (
      await scope.db.all<{ id: number; claim_read: unknown }>(
        sql`INSERT INTO request_idempotency (program_id, "key", method, path, body_hash, lease_until) SELECT ${scope.programId}, ${key}, ${method}, ${path}, ${bodyHash}, ${leaseUntil} WHERE ${when ?? sql`1`} ON CONFLICT DO NOTHING RETURNING id, ${options.read ?? sql`NULL`} AS claim_read`,
      )
    )[0]
  let claimed = await claim(options.guard?.when)
  if (claimed) options.guard?.passed()
  else if (options.guard) {
    // Nothing inserted: the key exists, or the guard refused. The guard's own check (it throws when it
    // refuses), then the plain claim.
    await options.guard.recheck()
    claimed = await claim(undefined)
  }
  let id = claimed?.id
  let committedBefore = false
  if (id === undefined) {
    const prior = await scope.first(requestIdempotency, eq(requestIdempotency.key, key))
    if (!prior || prior.method !== method || prior.path !== path) throw new AppError('idempotency_conflict', 422, 'This Idempotency-Key was used for a different request')
    // Rows stored before body hashes were kept (body_hash null) compare by method and path only.
    if (prior.bodyHash !== null && prior.bodyHash !== bodyHash) throw new AppError('idempotency_conflict', 422, 'This Idempotency-Key was used with a different request body')
    if (prior.status !== null && prior.response !== null) {
      return new Response(prior.response, { status: prior.status, headers: { 'content-type': 'application/json', 'idempotent-replayed': 'true' } })
    }
    const inProgress = (until: number) =>
      new AppError('idempotency_conflict', 409, 'A request with this Idempotency-Key is still in progress', undefined, { retry_after_seconds: Math.max(1, Math.ceil((until - now) / 1000)) })
    if (prior.leaseUntil > now) throw inProgress(prior.leaseUntil)
    // The lease is over: its runner is gone. Take the key over, one retry only (the update is guarded by
    // the lease it saw; a second retry at the same moment finds it moved and waits for this one).
    const taken = await scope
      .update(requestIdempotency, { leaseUntil }, and(eq(requestIdempotency.id, prior.id), isNull(requestIdempotency.status), eq(requestIdempotency.leaseUntil, prior.leaseUntil)))
      .returning({ id: requestIdempotency.id })
    if (!taken.length) throw inProgress(leaseUntil)
    id = prior.id
    committedBefore = prior.completedAt !== null
  }
  // Only while this request still holds the key (a request that outlived its lease lost it to a retry).
  const held = and(eq(requestIdempotency.id, id), isNull(requestIdempotency.status), eq(requestIdempotency.leaseUntil, leaseUntil))
  const write: IdempotentWrite = {
    mark: scope.update(requestIdempotency, { completedAt: new Date(now) }, and(eq(requestIdempotency.id, id), isNull(requestIdempotency.status))),
    committedBefore,
    claimRead: claimed ? claimed.claim_read : undefined,
    complete: (status, response) =>
      scope.db
        .update(requestIdempotency)
        .set({ status, response, completedAt: new Date(deps.clock.now()) })
        .where(scope.where(requestIdempotency, held))
        .returning({ response: requestIdempotency.response }),
    stored: false,
  }
  c.set('idempotentWrite', write)
  // A failure gives the key up: deleted, so a retry runs afresh; but a key whose write committed stays,
  // released (lease over), so its retry answers the committed result instead of "already completed".
  // A failure after the write's batch stored its answer (a follow-up of the write failed): the answer is
  // taken back and the key released the same way, so a retry runs again (the write, unique by the key,
  // is found) with its follow-ups, as it would have without the answer stored.
  const release = async () => {
    if (write.stored) {
      await scope.update(requestIdempotency, { status: null, response: null, leaseUntil: 0 }, and(eq(requestIdempotency.id, id), eq(requestIdempotency.leaseUntil, leaseUntil)))
      return
    }
    await scope.delete(requestIdempotency, and(held, isNull(requestIdempotency.completedAt)))
    await scope.update(requestIdempotency, { leaseUntil: 0 }, held)
  }
  try {
    await next()
  } catch (err) {
    await release()
    throw err
  }
  if (c.res.status >= 500) {
    await release()
    return undefined
  }
  // A retry of a write that committed answered its original result, rebuilt: a replay, said so.
  if (committedBefore && c.res.status < 300) c.res.headers.set('idempotent-replayed', 'true')
  // Stored by the write's own batch (idempotentWrite.complete).
  if (write.stored) return undefined
  const body = await c.res.clone().text()
  await scope.update(requestIdempotency, { status: c.res.status, response: body, completedAt: new Date(deps.clock.now()) }, held)
  return undefined
}

/**
 * A condition the claim must meet (the server API's key check, features/api-v1/api-v1-key.ts): when it
 * fails nothing is claimed, `recheck` finds out why by a statement (and throws if the condition is
 * really false), then the claim is made without it.
 */
export type ClaimGuard = { when: SQL; passed: () => void; recheck: () => Promise<void> }

/** What the claim carries besides the key (runIdempotent). */
export type ClaimOptions = {
  guard?: ClaimGuard
  /** A value read with the claim, for the handler (`idempotentWrite.claimRead`). */
  read?: SQL
}

/** The key's length, checked before anything runs (422 naming the header). */
export function checkIdempotencyKey(raw: string) {
  if (raw.length > MAX_IDEMPOTENCY_KEY) {
    throw new AppError('validation_failed', 422, `Idempotency-Key: must be at most ${MAX_IDEMPOTENCY_KEY} characters`, { 'Idempotency-Key': `must be at most ${MAX_IDEMPOTENCY_KEY} characters` })
  }
}

/** The participant API's writes: keys are per participant and program. */
export const idempotent = createMiddleware<AppEnv>(async (c, next) => {
  const raw = c.req.header('idempotency-key')
  if (!raw) return next()
  checkIdempotencyKey(raw)
  const participant = c.get('participant')
  const owner = participant ? `p:${participant.id}` : 'anon'
  return runIdempotent(c, c.get('scope'), c.get('deps'), `${owner}:${raw}`, next)
})

/** Prunes keys older than IDEMPOTENCY_REPLAY_HOURS, every program's (the scheduled sweep). Answers how many went. */
export function sweepIdempotencyKeys(db: Db, now: number): Promise<number> {
  return deleteExpired(db, { table: requestIdempotency, id: requestIdempotency.id, at: requestIdempotency.createdAt, cutoff: new Date(now - IDEMPOTENCY_REPLAY_HOURS * 3_600_000) })
}
