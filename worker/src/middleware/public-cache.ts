import { createMiddleware } from 'hono/factory'
import { PROGRAM_KEY_HEADER } from '../../../sdk/contract/auth'
import type { Deps } from '../deps'
import type { AppEnv } from '../env'
import { mapPerOwner } from '../lib/cache'
import { cookieName } from '../lib/cookies'

/** Signed-out reads that depend only on the program, the URL and the time (cached content anyway). */
const CACHEABLE = /^\/public\/(program|challenges\/[^/]+|home\/(carousel|active_uncompleted_challenges))$/
const MAX_ENTRIES = 500

/**
 * Kept as UTF-8 bytes and plain headers: @hono/node-server writes those without a stream, and without
 * encoding the text again for every hit.
 */
type Entry = { status: number; headers: Record<string, string>; body: Uint8Array<ArrayBuffer>; expires: number }
const entriesOf = mapPerOwner<string, Entry>()

/**
 * A micro-cache for signed-out public reads, in front of the whole middleware chain: the first request
 * for a URL runs as usual and its 200 answer is kept for config.cacheTtlMs (0 = off, as in tests by
 * default); the same request without credentials then gets the kept answer with a fresh request id.
 * These answers are built from the program and challenge caches (same TTL) and already say
 * `cache-control: public` where a CDN may keep them. Anything carrying a bearer token or a session
 * cookie, setting a cookie, or answering other than 200 is never kept. Under Node the server answers
 * hits before the app even routes the request (cachedPublicAnswer, node.ts).
 */
export const publicResponseCache = createMiddleware<AppEnv>(async (c, next) => {
  const deps = c.get('deps')
  const key = keyOf(deps, c.req.method, c.req.path, c.req.url, (name) => c.req.header(name))
  if (key === null) return next()
  const entries = entriesOf(deps)
  const now = deps.clock.now()
  const hit = entries.get(key)
  // The request id and security headers are added around this (middleware/response-headers.ts).
  if (hit && hit.expires > now) return answer(hit)
  await next()
  const res = c.res
  if (res.status !== 200 || res.headers.has('set-cookie') || c.get('participant')) return
  const body = new Uint8Array(await res.clone().arrayBuffer())
  const headers = Object.fromEntries([...res.headers.entries()].filter(([name]) => name !== 'x-request-id'))
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string)
  entries.set(key, { status: res.status, headers, body, expires: now + deps.config.cacheTtlMs })
})

/**
 * The kept answer for a request, looked up without entering the app: the Node server (node.ts) answers
 * hits before Hono routes the request through its middleware (about a third of a hit's CPU).
 * Undefined when the request may not use the cache or nothing is kept; the app then runs as usual.
 */
export function cachedPublicAnswer(deps: Deps, request: Request): Response | undefined {
  const url = request.url
  const start = url.indexOf('/', url.indexOf('://') + 3)
  const query = url.indexOf('?', start)
  const path = start === -1 ? '/' : url.slice(start, query === -1 ? undefined : query)
  // Hono decodes a path with escapes before matching it: leave those to the app.
  if (path.includes('%')) return undefined
  const key = keyOf(deps, request.method, path, url, (name) => request.headers.get(name) ?? undefined)
  const hit = key === null ? undefined : entriesOf(deps).get(key)
  return hit && hit.expires > deps.clock.now() ? answer(hit) : undefined
}

const answer = (hit: Entry) => new Response(hit.body, { status: hit.status, headers: hit.headers })


/** The cache key of a signed-out cacheable GET, or null when the request may not use the cache. */
function keyOf(deps: Deps, method: string, path: string, url: string, header: (name: string) => string | undefined): string | null {
  if (deps.config.cacheTtlMs <= 0 || method !== 'GET' || !CACHEABLE.test(path)) return null
  if (header('authorization') || header('cookie')?.includes(`${cookieName(deps.config, 'participant')}=`)) return null
  return [url, header('host'), header('x-forwarded-host'), header('x-forwarded-proto'), header(PROGRAM_KEY_HEADER), header('origin')].join('\n')
}
