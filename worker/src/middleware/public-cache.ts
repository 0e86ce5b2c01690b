import { createMiddleware } from 'hono/factory'
import { PROGRAM_KEY_HEADER } from '../../../sdk/contract/auth'
import type { AppEnv } from '../env'
import { COOKIES } from '../lib/cookies'

/** Signed-out reads that depend only on the program, the URL and the time (cached content anyway). */
const CACHEABLE = /^\/public\/(program|challenges\/[^/]+|home\/(carousel|active_uncompleted_challenges))$/
const MAX_ENTRIES = 500

/**
 * Kept as UTF-8 bytes and plain headers: @hono/node-server writes those without a stream, and without
 * encoding the text again for every hit.
 */
type Entry = { status: number; headers: Record<string, string>; body: Uint8Array<ArrayBuffer>; expires: number }
const perApp = new WeakMap<object, Map<string, Entry>>()

/**
 * A micro-cache for signed-out public reads, in front of the whole middleware chain: the first request
 * for a URL runs as usual and its 200 answer is kept for config.cacheTtlMs (0 = off, as in tests by
 * default); the same request without credentials then gets the kept answer with a fresh request id.
 * These answers are built from the program and challenge caches (same TTL) and already say
 * `cache-control: public` where a CDN may keep them. Anything carrying a bearer token or a session
 * cookie, setting a cookie, or answering other than 200 is never kept.
 */
export const publicResponseCache = createMiddleware<AppEnv>(async (c, next) => {
  const deps = c.get('deps')
  const ttl = deps.config.cacheTtlMs
  if (ttl <= 0 || c.req.method !== 'GET' || !CACHEABLE.test(c.req.path)) return next()
  if (c.req.header('authorization') || c.req.header('cookie')?.includes(`${COOKIES.participant}=`))
    return next()
  const key = [
    c.req.url,
    c.req.header('host'),
    c.req.header('x-forwarded-host'),
    c.req.header('x-forwarded-proto'),
    c.req.header(PROGRAM_KEY_HEADER),
    c.req.header('origin'),
  ].join('\n')
  let entries = perApp.get(deps)
  if (!entries) {
    entries = new Map()
    perApp.set(deps, entries)
  }
  const now = deps.clock.now()
  const hit = entries.get(key)
  // The request id and security headers are added around this (middleware/response-headers.ts).
  if (hit && hit.expires > now) return new Response(hit.body, { status: hit.status, headers: hit.headers })
  await next()
  const res = c.res
  if (res.status !== 200 || res.headers.has('set-cookie') || c.get('participant')) return
  const body = new Uint8Array(await res.clone().arrayBuffer())
  const headers = Object.fromEntries([...res.headers.entries()].filter(([name]) => name !== 'x-request-id'))
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string)
  entries.set(key, { status: res.status, headers, body, expires: now + ttl })
})
