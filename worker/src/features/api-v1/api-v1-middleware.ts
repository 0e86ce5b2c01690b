import { eq } from 'drizzle-orm'
import type { Context, MiddlewareHandler } from 'hono'
import { ZodError } from 'zod'
import { API_V1_RATE_LIMIT, type ApiError } from '../../../../sdk/contract/api-v1'
import { apiRequestLog, requestIdempotency } from '../../db/schema'
import { programScope } from '../../db/scope'
import { sha256 } from '../../lib/crypto'
import { AppError } from '../../lib/errors'
import { validationError } from '../../middleware/errors'
import { limiterOf } from '../../platform/limiter'
import { verifyApiKey } from '../integrations/api-keys'
import type { ApiV1Env } from './api-v1-env'

/** The one error body of `/api/v1`: `{ error: { code, message, request_id, fields? } }`. */
export function renderApiError(err: unknown, c: Context<ApiV1Env>): Response {
  let e: AppError
  if (err instanceof AppError) e = err
  else if (err instanceof ZodError) e = validationError(err)
  else {
    c.get('deps').log?.(`[api-v1] ${c.get('requestId')} ${c.req.method} ${c.req.path}: ${(err as Error)?.stack ?? String(err)}`)
    e = new AppError('internal_error', 500, 'Something went wrong')
  }
  const retryAfter = e.extra?.retry_after_seconds
  if (e.status === 429 && typeof retryAfter === 'number') c.header('Retry-After', String(retryAfter))
  const body: ApiError = { error: { code: e.code, message: e.message, request_id: c.get('requestId'), ...(e.fields ? { fields: e.fields } : {}) } }
  return c.json(body, e.status)
}

/**
 * First on every `/api/v1` call: the `Request-Id` header (Stripe's name; X-Request-Id is set by the
 * app as well) and, once a key was verified, one row in the key's request log after the answer.
 */
export const requestLog: MiddlewareHandler<ApiV1Env> = async (c, next) => {
  await next()
  c.res.headers.set('Request-Id', c.get('requestId'))
  const key = c.get('apiKey')
  if (!key) return
  // The matched pattern (`/api/v1/participants/:id`), never the ids themselves.
  const route = c.req.routePath && !c.req.routePath.endsWith('*') ? c.req.routePath : 'unmatched'
  // The scope apiKeyAuth set with the key: the key's own program.
  const scope = c.get('scope')
  const deps = c.get('deps')
  const write = scope
    .insert(apiRequestLog, { keyId: key.keyId, method: c.req.method, route, status: c.res.status, requestId: c.get('requestId'), createdAt: new Date(deps.clock.now()) })
    .then(() => undefined)
    // A lost log row never fails the call it describes (the points may already be credited).
    .catch((err: unknown) => deps.log?.(`[api-v1] request log write failed: ${(err as Error)?.message ?? String(err)}`))
  // On Workers the write runs after the answer is sent; under Node (and in tests) before it.
  let ctx: { waitUntil(p: Promise<unknown>): void } | undefined
  try {
    ctx = c.executionCtx
  } catch {
    ctx = undefined
  }
  if (ctx) ctx.waitUntil(write)
  else await write
}

/**
 * `Authorization: Bearer tsk_...`: the key's program becomes the request's scope (nothing in the
 * request can name another program). Then the key's rate limit: 429 with Retry-After past it.
 */
export const apiKeyAuth: MiddlewareHandler<ApiV1Env> = async (c, next) => {
  const deps = c.get('deps')
  const now = deps.clock.now()
  const header = c.req.header('authorization')
  if (!header) throw new AppError('unauthenticated', 401, 'Missing API key: send Authorization: Bearer tsk_...')
  const key = await verifyApiKey(deps.db, header, now)
  if (!key) throw new AppError('unauthenticated', 401, 'Invalid, revoked or expired API key')
  c.set('apiKey', key)
  c.set('scope', programScope(deps.db, key.programId))
  const limit = await limiterOf(deps).hit(`api:key:${key.keyId}`, API_V1_RATE_LIMIT.requests, API_V1_RATE_LIMIT.windowMs, now)
  if (!limit.ok) {
    const seconds = Math.max(1, Math.ceil(limit.retryAfterMs / 1000))
    throw new AppError('rate_limited', 429, `Too many requests for this API key: retry in ${seconds} s`, undefined, { retry_after_seconds: seconds })
  }
  await next()
}

const MAX_KEY = 200

/**
 * `Idempotency-Key` for `/api/v1` writes, stored in request_idempotency (as the participant API's
 * middleware/idempotency.ts does) under `api:{key}` in the key's program. The first request runs and
 * its answer is kept; a retry with the same key, method, path and body answers the kept answer
 * (`Idempotent-Replayed: true`); another method, path or body answers 422 `idempotency_conflict`.
 * Server errors are not kept, so they can be retried. `required` refuses a write without the header.
 */
export const apiIdempotency =
  (mode: 'required' | 'optional'): MiddlewareHandler<ApiV1Env> =>
  async (c, next) => {
    const raw = c.req.header('idempotency-key')
    if (!raw) {
      if (mode === 'required') throw new AppError('validation_failed', 422, 'Idempotency-Key: header is required for this call', { 'Idempotency-Key': 'is required' })
      return next()
    }
    if (raw.length > MAX_KEY) throw new AppError('validation_failed', 422, `Idempotency-Key: must be at most ${MAX_KEY} characters`, { 'Idempotency-Key': `must be at most ${MAX_KEY} characters` })
    const scope = c.get('scope')
    const key = `api:${raw}`
    const bodyHash = await sha256(await c.req.text())
    const inserted = await scope.insert(requestIdempotency, { key, method: c.req.method, path: c.req.path, bodyHash }).onConflictDoNothing().returning({ id: requestIdempotency.id })
    if (!inserted.length) {
      const prior = await scope.first(requestIdempotency, eq(requestIdempotency.key, key))
      if (!prior || prior.method !== c.req.method || prior.path !== c.req.path) throw new AppError('idempotency_conflict', 422, 'This Idempotency-Key was used for a different request')
      if (prior.bodyHash !== bodyHash) throw new AppError('idempotency_conflict', 422, 'This Idempotency-Key was used with a different request body')
      if (prior.status === null || prior.response === null) throw new AppError('idempotency_conflict', 409, 'A request with this Idempotency-Key is still in progress')
      return new Response(prior.response, { status: prior.status, headers: { 'content-type': 'application/json', 'idempotent-replayed': 'true' } })
    }
    const id = inserted[0]!.id
    c.set('idempotencyKey', raw)
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
    await scope.update(requestIdempotency, { status: c.res.status, response: body, completedAt: new Date(c.get('deps').clock.now()) }, eq(requestIdempotency.id, id))
  }
