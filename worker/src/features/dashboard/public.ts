import type { Context } from 'hono'
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { z } from 'zod'
import { ahoyEventsRequestSchema, ahoyVisitRequestSchema } from '../../../../sdk/contract/console/dashboard'
import type { AppEnv } from '../../env'
import { clientIp } from '../../lib/client-ip'
import { AppError } from '../../lib/errors'
import { allowOrigin, checkPartnerOrigin, preflightAnswer } from '../../middleware/cors'
import { validationError } from '../../middleware/errors'
import { setRequestProgram } from '../../middleware/program'
import { limiterOf } from '../../platform/limiter'
import { recordEvents, recordVisit } from './visits'

/** Per client address, so that one client cannot inflate the Program visits card cheaply. */
export const VISITS_PER_IP = { limit: 30, windowMs: 10 * 60_000 }
export const EVENTS_PER_IP = { limit: 300, windowMs: 10 * 60_000 }
const MAX_BODY = 8 * 1024

/**
 * The visit calls' chain: CORS preflight, the program (host or ?program=KEY, 404), the partner
 * origin (a cross-origin call from a page outside the program's domain list is refused, 403).
 * No session, no CSRF and no cookie, read or set: the calls carry no credentials (spec: cookies are
 * off), so there is nothing a forged cross-site call could use, and partner pages can send them as
 * simple requests (text/plain, no preflight).
 */
const visitApi = createMiddleware<AppEnv>(async (c, next) => {
  const preflight = await preflightAnswer(c)
  if (preflight) return preflight
  await setRequestProgram(c)
  const origin = await checkPartnerOrigin(c)
  await next()
  if (origin) allowOrigin(c, origin)
})

async function limit(c: Context<AppEnv>, kind: 'visit' | 'event', rule: { limit: number; windowMs: number }) {
  const { deps } = c.var
  const { ok, retryAfterMs } = await limiterOf(deps).hit(`ip:ahoy-${kind}:${clientIp(c)}`, rule.limit, rule.windowMs, deps.clock.now())
  if (!ok) {
    throw new AppError('rate_limited', 429, 'Too many visits from your network. Please try again later.', undefined, {
      retry_after_seconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
    })
  }
}

/** A JSON body sent as application/json or text/plain (sendBeacon and simple cross-origin requests). */
async function readJson<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.output<S>> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  if (type !== 'application/json' && type !== 'text/plain') {
    throw new AppError('unsupported_media_type', 415, `Content type "${type || 'none'}" is not accepted: send JSON`)
  }
  const text = await c.req.text()
  if (text.length > MAX_BODY) throw new AppError('payload_too_large', 413, `The request body is larger than ${MAX_BODY / 1024} KB`)
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new AppError('validation_failed', 400, 'The request body is not valid JSON')
  }
  const result = schema.safeParse(body)
  if (!result.success) throw validationError(result.error)
  return result.data
}

/** Visit tracking (admin-console-part-a.md section 7): the participant site and widgets, once per page load. */
export const ahoyRoutes = new Hono<AppEnv>()
  .use('*', visitApi)
  .post('/visits', async (c) => {
    const input = await readJson(c, ahoyVisitRequestSchema)
    await limit(c, 'visit', VISITS_PER_IP)
    // The first page's events count against the events' own limit too, as if sent on their own.
    if (input.events) await limit(c, 'event', EVENTS_PER_IP)
    const { created, recorded } = await recordVisit(c.var.scope, input, c.var.deps.clock.now())
    return c.json({ visit_token: input.visit_token, created, ...(input.events && { recorded }) }, created ? 201 : 200)
  })
  .post('/events', async (c) => {
    const input = await readJson(c, ahoyEventsRequestSchema)
    await limit(c, 'event', EVENTS_PER_IP)
    const { recorded } = await recordEvents(c.var.scope, input, c.var.deps.clock.now())
    return c.json({ success: true, recorded })
  })
