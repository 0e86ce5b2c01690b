import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { PROGRAM_KEY_HEADER } from '../../../sdk/contract/auth'
import type { Deps } from '../deps'
import type { AppEnv } from '../env'
import { mapPerOwner } from '../lib/cache'
import { cookieName } from '../lib/cookies'
import { loadChallengeCatalog } from '../features/challenges/challenge-catalog'
import { contentVersion, savedGeneration } from '../features/programs/content-version'
import { nextChange } from '../features/home/participant-cache'
import { domainDependence } from '../features/programs/partner-origins'
import { findRequestProgram } from './program'

/** Signed-out reads that depend only on the program, the URL and the time (cached content anyway). */
const CACHEABLE = /^\/public\/(program|challenges\/[^/]+|home\/(carousel|active_uncompleted_challenges))$/
const MAX_ENTRIES = 500
/** The longest a copy is kept in the Workers Cache API (s); also bounded by the next challenge start or end. */
export const SHARED_TTL_S = 300

/**
 * Kept as UTF-8 bytes and plain headers: @hono/node-server writes those without a stream, and without
 * encoding the text again for every hit. `programId` and `version` say which content the answer was
 * built from: it is used only while that is the newest content version this process has seen.
 */
type Entry = { status: number; headers: Record<string, string>; body: Uint8Array<ArrayBuffer>; expires: number; programId: number; version: number; generation: number }
const entriesOf = mapPerOwner<string, Entry>()

/**
 * A cache for signed-out public reads, in front of the whole middleware chain, keyed by the program's
 * content version (docs/decisions/0014): an answer is never served once this process has seen a newer
 * version (an admin save moves it, by trigger, features/programs/content-version.ts).
 * - In memory (every runtime): the first request for a URL runs as usual and its 200 answer is kept
 *   for config.cacheTtlMs (0 = off, as in tests by default); the same request without credentials
 *   then gets the kept answer with a fresh request id. Under Node the server answers hits before the
 *   app even routes the request (cachedPublicAnswer, node.ts).
 * - On Workers, also the Cache API (`caches.open`, shared by the isolates of a data centre; only on a
 *   custom domain, not workers.dev): a miss in memory looks there under the program, its newest seen
 *   content version, the URL and the origin, and a built answer is put there (after the response, by
 *   waitUntil) for SHARED_TTL_S at most, and never past the next start or end of a challenge. A new
 *   or cold isolate then answers without building from D1.
 * These answers already say `cache-control: public` where a CDN or browser may keep them. Anything
 * carrying a bearer token or a session cookie, setting a cookie, or answering other than 200 is never
 * kept.
 */
export const publicResponseCache = createMiddleware<AppEnv>(async (c, next) => {
  const deps = c.get('deps')
  const key = keyOf(deps, c.req.method, c.req.path, c.req.url, (name) => c.req.header(name))
  if (key === null) return next()
  const entries = entriesOf(deps)
  const now = deps.clock.now()
  const hit = entries.get(key)
  // The request id and security headers are added around this (middleware/response-headers.ts).
  // On a custom domain the program is looked up first, on every request: a domain removed anywhere
  // stops answering at once, and the lookup reads the program's newest content version.
  if (hit && domainDependence(deps.config, c.req.header('host'), undefined) === 'host') {
    const program = await findRequestProgram(c)
    if (program?.status === 'active' && program.id === hit.programId && isCurrent(deps, hit, now)) return answer(hit)
  } else if (hit && isCurrent(deps, hit, now)) return answer(hit)
  const generation = savedGeneration(deps)
  const shared = await sharedCache()
  let sharedKey: string | undefined
  if (shared) {
    const program = await findRequestProgram(c)
    if (program && program.status === 'active') {
      const version = contentVersion(deps, program.id)
      sharedKey = sharedKeyOf(c, program.id, version)
      const found = await shared.match(sharedKey)
      if (found) {
        const entry = await entryFromShared(found, program.id, version, generation, now + deps.config.cacheTtlMs)
        if (entry) {
          keep(entries, key, entry)
          return answer(entry)
        }
      }
    }
  }
  await next()
  const res = c.res
  const program = c.get('program')
  if (res.status !== 200 || res.headers.has('set-cookie') || c.get('participant') || !program) return
  const body = new Uint8Array(await res.clone().arrayBuffer())
  const headers = Object.fromEntries([...res.headers.entries()].filter(([name]) => name !== 'x-request-id'))
  // The version of the program row this answer was built with: content is never older than it.
  const entry: Entry = { status: res.status, headers, body, expires: now + deps.config.cacheTtlMs, programId: program.id, version: program.contentVersion, generation }
  keep(entries, key, entry)
  if (shared && sharedKey && entry.version === contentVersion(deps, program.id)) {
    const put = putShared(deps, shared, sharedKey, entry, now)
    try {
      c.executionCtx.waitUntil(put)
    } catch {
      await put
    }
  }
})

/**
 * The kept answer for a request, looked up without entering the app: the Node server (node.ts) answers
 * hits before Hono routes the request through its middleware (about a third of a hit's CPU).
 * Undefined when the request may not use the cache or nothing current is kept; the app then runs as usual.
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
  // A custom domain's program is looked up by the app (publicResponseCache) before a kept answer is used.
  if (hit && domainDependence(deps.config, request.headers.get('host') ?? undefined, undefined) === 'host') return undefined
  return hit && isCurrent(deps, hit, deps.clock.now()) ? answer(hit) : undefined
}

const isCurrent = (deps: Deps, hit: Entry, now: number) =>
  hit.expires > now && hit.version === contentVersion(deps, hit.programId) && hit.generation === savedGeneration(deps)

const keptBodies = new WeakMap<Response, Uint8Array<ArrayBuffer>>()

function answer(hit: Entry): Response {
  const res = new Response(hit.body, { status: hit.status, headers: hit.headers })
  keptBodies.set(res, hit.body)
  return res
}

/**
 * The kept bytes behind a cached answer, the same for every request it answers: the Node entry
 * compresses them once per coding (node.ts, middleware/compression.ts), not once per request.
 */
export const keptBodyOf = (res: Response): Uint8Array<ArrayBuffer> | undefined => keptBodies.get(res)

function keep(entries: Map<string, Entry>, key: string, entry: Entry) {
  entries.delete(key)
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string)
  entries.set(key, entry)
}

/** The cache key of a signed-out cacheable GET, or null when the request may not use the cache. */
function keyOf(deps: Deps, method: string, path: string, url: string, header: (name: string) => string | undefined): string | null {
  if (deps.config.cacheTtlMs <= 0 || method !== 'GET' || !CACHEABLE.test(path)) return null
  if (header('authorization') || header('cookie')?.includes(`${cookieName(deps.config, 'participant')}=`)) return null
  // A partner page's answer carries CORS headers that follow the program's domain list, read on every request.
  if (domainDependence(deps.config, header('host'), header('origin')) === 'origin') return null
  return [url, header('host'), header('x-forwarded-host'), header('x-forwarded-proto'), header(PROGRAM_KEY_HEADER), header('origin')].join('\n')
}

type SharedCache = { match(key: string): Promise<Response | undefined>; put(key: string, res: Response): Promise<void> }
let shared: Promise<SharedCache | undefined> | undefined

/** The Workers Cache API, where there is one (workerd); undefined under Node. */
function sharedCache(): Promise<SharedCache | undefined> {
  shared ??= (async () => {
    const storage = (globalThis as { caches?: { default?: unknown; open?: (name: string) => Promise<SharedCache> } }).caches
    // `caches.default` exists only in workerd; a browser-like CacheStorage elsewhere is not Cloudflare's.
    if (!storage?.default || !storage.open) return undefined
    try {
      return await storage.open('tessera:public')
    } catch {
      return undefined
    }
  })()
  return shared
}

/**
 * A URL naming the answer in the Cache API: the request's host, the program, its content version,
 * the path and query, and the origin (allowed partner pages get CORS headers).
 */
function sharedKeyOf(c: Context<AppEnv>, programId: number, version: number): string {
  const url = new URL(c.req.url)
  const origin = c.req.header('origin') ?? ''
  return `https://${url.host}/__tessera/public/p${programId}/v${version}${url.pathname}?${url.searchParams.toString()}&__origin=${encodeURIComponent(origin)}`
}

const HEADERS = 'x-tessera-headers'

async function putShared(deps: Deps, cache: SharedCache, key: string, entry: Entry, now: number) {
  try {
    const catalog = await loadChallengeCatalog(deps, entry.programId)
    const seconds = Math.min(SHARED_TTL_S, Math.floor((nextChange(catalog, now) - now) / 1000))
    if (seconds < 1) return
    const res = new Response(entry.body, {
      status: entry.status,
      headers: { 'content-type': entry.headers['content-type'] ?? 'application/json', 'cache-control': `public, max-age=${seconds}`, [HEADERS]: JSON.stringify(entry.headers) },
    })
    await cache.put(key, res)
  } catch {
    // A cache that cannot keep the answer only costs the next request a build.
  }
}

async function entryFromShared(res: Response, programId: number, version: number, generation: number, expires: number): Promise<Entry | undefined> {
  const raw = res.headers.get(HEADERS)
  if (!raw || res.status !== 200) return undefined
  return { status: 200, headers: JSON.parse(raw) as Record<string, string>, body: new Uint8Array(await res.arrayBuffer()), expires, programId, version, generation }
}
