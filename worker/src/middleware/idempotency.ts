import { and, eq } from 'drizzle-orm'
import { createMiddleware } from 'hono/factory'
import { requestIdempotency } from '../db/schema'
import type { AppEnv } from '../env'
import { sha256 } from '../lib/crypto'
import { AppError } from '../lib/errors'

/**
 * Honours an `Idempotency-Key` header on writes: the first request runs and its answer is stored; a
 * retry with the same key answers the stored response (header `Idempotent-Replayed: true`) without
 * running again. Keys are per participant and program. The key is bound to the request: reused for
 * another method or path, or with another body (SHA-256 of the raw body), it answers 422
 * `idempotency_conflict`, as Stripe's API does. Server errors are not stored, so they can be retried.
 * The body is read here with `c.req.text()`; Hono caches it, so the handler still parses it.
 */
export const idempotent = createMiddleware<AppEnv>(async (c, next) => {
  const raw = c.req.header('idempotency-key')
  if (!raw) return next()
  if (raw.length > 200) throw new AppError('validation_failed', 422, 'Idempotency-Key: must be at most 200 characters', { 'Idempotency-Key': 'must be at most 200 characters' })
  const scope = c.get('scope')
  const participant = c.get('participant')
  const owner = participant ? `p:${participant.id}` : 'anon'
  const key = `${owner}:${raw}`
  const bodyHash = await sha256(await c.req.text())
  const inserted = await scope
    .insert(requestIdempotency, { key, method: c.req.method, path: c.req.path, bodyHash })
    .onConflictDoNothing()
    .returning({ id: requestIdempotency.id })
  if (!inserted.length) {
    const prior = await scope.first(requestIdempotency, eq(requestIdempotency.key, key))
    if (!prior || prior.method !== c.req.method || prior.path !== c.req.path) {
      throw new AppError('idempotency_conflict', 422, 'This Idempotency-Key was used for a different request')
    }
    // Rows stored before body hashes were kept (body_hash null) compare by method and path only.
    if (prior.bodyHash !== null && prior.bodyHash !== bodyHash) {
      throw new AppError('idempotency_conflict', 422, 'This Idempotency-Key was used with a different request body')
    }
    if (prior.status === null || prior.response === null) {
      throw new AppError('idempotency_conflict', 409, 'A request with this Idempotency-Key is still in progress')
    }
    return new Response(prior.response, {
      status: prior.status,
      headers: { 'content-type': 'application/json', 'idempotent-replayed': 'true' },
    })
  }
  const id = inserted[0]!.id
  try {
    await next()
  } catch (err) {
    await scope.delete(requestIdempotency, eq(requestIdempotency.id, id))
    throw err
  }
  if (c.res.status >= 500) {
    await scope.delete(requestIdempotency, eq(requestIdempotency.id, id))
    return
  }
  const body = await c.res.clone().text()
  await scope.update(requestIdempotency, { status: c.res.status, response: body, completedAt: new Date(c.get('deps').clock.now()) }, and(eq(requestIdempotency.id, id)))
})
