import type { SQL } from 'drizzle-orm'
import type { Context, MiddlewareHandler } from 'hono'
import { ZodError } from 'zod'
import { API_V1_RATE_LIMIT, type ApiError } from '../../../../sdk/contract/api-v1'
import { programScope } from '../../db/scope'
import { AppError, retryAfterOf } from '../../lib/errors'
import { validationError } from '../../middleware/errors'
import { checkIdempotencyKey, runIdempotent } from '../../middleware/idempotency'
import { logApiRequest } from '../integrations/api-keys-log'
import { invalidApiKey, RequestKey } from './api-v1-key'
import { refuseWriteIfReadOnly, servesProgram } from '../shards'
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
  const retryAfter = retryAfterOf(e)
  if (retryAfter !== undefined) c.header('Retry-After', String(retryAfter))
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
  // The key's rate limit on every answer, refusals included (RateLimit header fields, IETF draft).
  const limit = c.get('rateLimit')
  if (limit) {
    c.res.headers.set('RateLimit-Limit', String(limit.limit))
    c.res.headers.set('RateLimit-Remaining', String(limit.remaining))
    c.res.headers.set('RateLimit-Reset', String(limit.resetSeconds))
    c.res.headers.set('RateLimit-Policy', `${limit.limit};w=1;burst=${limit.limit * API_V1_RATE_LIMIT.burstSeconds}`)
  }
  const key = c.get('apiKey')
  if (!key) return
  // The matched pattern (`/api/v1/participants/:id`), never the ids themselves.
  const route = c.req.routePath && !c.req.routePath.endsWith('*') ? c.req.routePath : 'unmatched'
  const deps = c.get('deps')
  // The write runs after the answer is sent (waitUntil: on Workers, and under the Node entry, which gives
  // the app an execution context too), with the calls that end within 10 ms (one insert for them all);
  // in tests (app.request, no execution context) before the answer, with those ending in the same turn.
  let ctx: { waitUntil(p: Promise<unknown>): void } | undefined
  try {
    ctx = c.executionCtx
  } catch {
    ctx = undefined
  }
  const row = { programId: key.programId, keyId: key.keyId, method: c.req.method, route, status: c.res.status, requestId: c.get('requestId'), createdAt: new Date(deps.clock.now()) }
  const write = logApiRequest(deps.db, row, ctx ? 10 : 0)
    // A lost log row never fails the call it describes (the points may already be credited).
    .catch((err: unknown) => deps.log?.(`[api-v1] request log write failed: ${(err as Error)?.message ?? String(err)}`))
  if (ctx) ctx.waitUntil(write)
  else await write
}

/**
 * `Authorization: Bearer tsk_...`: the key's program becomes the request's scope (nothing in the
 * request can name another program). Then the key's rate limit: 429 with Retry-After past it. A key
 * verified recently in this isolate is taken from its cache without a statement; the request then
 * confirms it in a statement it makes anyway, or in one of its own before its work (RequestKey,
 * decision 0037).
 */
export const apiKeyAuth: MiddlewareHandler<ApiV1Env> = async (c, next) => {
  const deps = c.get('deps')
  const header = c.req.header('authorization')
  if (!header) throw new AppError('unauthenticated', 401, 'Missing API key: send Authorization: Bearer tsk_...')
  const key = await RequestKey.of(c, header, deps.clock.now())
  // A program the directory puts on another shard is not this app's (decision 0041); one being moved takes no writes.
  if (!servesProgram(deps, key.key)) throw invalidApiKey()
  refuseWriteIfReadOnly(c.req.method, key.key)
  c.set('requestKey', key)
  c.set('scope', programScope(deps.db, key.key.programId))
  await next()
}

/**
 * `Idempotency-Key` for `/api/v1` writes (middleware/idempotency.ts, with its lease), stored under
 * `api:{key}` in the key's program; the handlers make their writes unique by it (`idempotencyKey`).
 * `required` refuses a write without the header. The claim is the request's first statement: it
 * carries the API key's check (a revoked key claims nothing) and `claimRead`, a value the handler
 * would otherwise read in a statement of its own (the points adjust's participant).
 */
export const apiIdempotency =
  (mode: 'required' | 'optional', claimRead?: (c: Context<ApiV1Env>) => SQL): MiddlewareHandler<ApiV1Env> =>
  async (c, next) => {
    const raw = c.req.header('idempotency-key')
    if (!raw) {
      if (mode === 'required') throw new AppError('validation_failed', 422, 'Idempotency-Key: header is required for this call', { 'Idempotency-Key': 'is required' })
      return next()
    }
    checkIdempotencyKey(raw)
    c.set('idempotencyKey', raw)
    const guard = c.get('requestKey')?.claimGuard()
    return runIdempotent(c, c.get('scope'), c.get('deps'), `api:${raw}`, next, { ...(guard ? { guard } : {}), ...(claimRead ? { read: claimRead(c) } : {}) })
  }
