import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import type { Server as HttpServer } from 'node:http'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { etag } from 'hono/etag'
import { createApp } from './app'
import { keptSignedInAnswer } from './middleware/kept-reads'
import { compressAnswer, compressedStaticFiles, warmStaticFiles } from './middleware/compression'
import { cachedPublicAnswer, keptBodyOf } from './middleware/public-cache'
import { parseHeadersFile, REVALIDATE, staticCacheControl, staticHeaders } from './middleware/static-headers'
import { type NodeOutgoing, requestIdFrom, setResponseHeaders } from './middleware/response-headers'
import { captchaFromEnv, configFromEnv, paymentsFromEnv } from './config'
import { openLibsql } from './db/node'
import type { Db } from './db/client'
import { reserveShardIds, type ShardRouter, seedShardedDemo, shardCount, shardRouter, shardUrl, unservedShard } from './features/shards'
import { type Deps, systemClock } from './deps'
import { createDevMailbox, createHttpMailer } from './platform/mail'
import { offersFromEnv } from './platform/offers'
import { ocrFromEnv } from './platform/ocr-env'
import { createLocalOcr } from './platform/ocr-local'
import { nodeResolver, pinnedFetch } from './platform/resolver-node'
import { createLocalStorage } from './platform/storage'
import { deliverOutbox } from './features/webhooks/outbox'
import { webhookConnectRule } from './features/webhooks/target'
import { retryWebhooksInProcess } from './features/webhooks/webhooks'
import { resumeImports } from './features/participants/import-runner'
import { sweepPointsExpiry } from './features/points/expiry'
import { sweepRetention } from './retention'
import { resumeAbandonedWork } from './takeovers'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const DIST_PUBLIC = resolve(ROOT, 'dist/public')
/**
 * The outbox sweep (retries, webhook deliveries due), imports, work whose lease is over, points expiry
 * and the request log: every minute, as Workers' cron runs them; SWEEP_INTERVAL_MS (at least 1000) sets
 * another period, as the crash tests do with their shortened leases.
 */
const SWEEP_MS = 60_000
const sweepMs = (value: string | undefined) => Math.max(1000, Number(value) || SWEEP_MS)

export type NodeServerOptions = {
  port?: number
  databaseUrl?: string
  seed?: boolean
  env?: Record<string, string | undefined>
  quiet?: boolean
  /** The built front ends (default dist/public). */
  publicDir?: string
  /**
   * Program shards (decision 0041; default SHARDS, else 1): shard 1 is the database at `databaseUrl`
   * (control), shard n the one at SHARD_n_URL, else a file beside it (`tessera-shard-2.db`).
   */
  shards?: number
}

/** Like wrangler's assets: an existing non-HTML file under dist/public is served directly. */
function isStaticFile(PUBLIC_DIR: string, url: string): boolean {
  const start = url.indexOf('/', url.indexOf('://') + 3)
  const query = url.indexOf('?', start)
  const raw = start === -1 ? '/' : url.slice(start, query === -1 ? undefined : query)
  if (!raw.includes('.') || raw.endsWith('/') || raw.endsWith('.html')) return false
  let path: string
  try {
    path = decodeURIComponent(raw)
  } catch {
    return false
  }
  const file = resolve(PUBLIC_DIR, `.${path}`)
  return file.startsWith(`${PUBLIC_DIR}/`) && existsSync(file)
}

/** KEEP_ALIVE_TIMEOUT_MS: how long an idle kept-alive connection stays open (default 65 s, at least 1 s). */
export function keepAliveMs(value: string | undefined): number {
  if (value === undefined || value === '') return 65_000
  const ms = Number(value)
  if (!Number.isInteger(ms) || ms < 1000) throw new Error(`KEEP_ALIVE_TIMEOUT_MS must be a whole number of milliseconds, at least 1000 (got ${JSON.stringify(value)})`)
  return ms
}

/** Runs the same app under Node on a libSQL file: migrations applied, demo data seeded on request. */
export async function startNodeServer(opts: NodeServerOptions = {}) {
  const env = { ...process.env, ...opts.env }
  const config = configFromEnv(env)
  const keepAlive = keepAliveMs(env.KEEP_ALIVE_TIMEOUT_MS)
  const url = opts.databaseUrl ?? env.DATABASE_URL ?? `file:${resolve(ROOT, '.data/tessera.db')}`
  // Uploaded files (media library): TESSERA_FILES_DIR, else beside the database file, else .data/files.
  const filesDir = resolve(env.TESSERA_FILES_DIR ?? (url.startsWith('file:') && !url.includes(':memory:') ? resolve(dirname(url.slice(5)), 'files') : resolve(ROOT, '.data/files')))
  if (url.startsWith('file:')) mkdirSync(dirname(url.slice(5)), { recursive: true })
  const { client, db } = await openLibsql(url, { authToken: env.DATABASE_AUTH_TOKEN })
  const count = shardCount(opts.shards ?? env.SHARDS)
  const others = await Promise.all(Array.from({ length: count - 1 }, (_, i) => openLibsql(shardUrl(url, i + 2, env), { authToken: env.DATABASE_AUTH_TOKEN })))
  const shardDbs: Db[] = [db, ...others.map((o) => o.db)]
  const log = opts.quiet ? () => {} : (line: string) => console.log(line)
  if (opts.seed) await seedShardedDemo(shardDbs, { log })
  // Each shard's own id range (after the demo seed, whose ids every database shares): features/shards.
  for (const [i, shardDb] of shardDbs.entries()) await reserveShardIds(shardDb, i + 1)

  const PUBLIC_DIR = opts.publicDir ? resolve(opts.publicDir) : DIST_PUBLIC
  const staticFiles = serveStatic({ root: PUBLIC_DIR })
  // Brotli or gzip as the request prefers, each file compressed once and kept (docs/decisions/0030).
  const compressedStatic = compressedStaticFiles(PUBLIC_DIR)
  // The site's own script and stylesheet (what its index.html names), at their best compression before
  // the first visitor asks for them; in the background.
  const siteIndex = resolve(PUBLIC_DIR, 'index.html')
  const warmed = existsSync(siteIndex)
    ? warmStaticFiles(PUBLIC_DIR, [...readFileSync(siteIndex, 'utf8').matchAll(/\b(?:src|href)="(\/assets\/[^"?#]+\.(?:js|css))"/g)].map((m) => m[1]!))
    : Promise.resolve()
  // The Cache-Control wrangler's assets send (dist/public/_headers, scripts/asset-headers.mjs): hashed
  // files immutable, the rest revalidated, with an ETag to revalidate against.
  const headersPath = resolve(PUBLIC_DIR, '_headers')
  const headerRules = parseHeadersFile(existsSync(headersPath) ? readFileSync(headersPath, 'utf8') : '')
  // Receipt OCR: the hosted adapter or a service when configured, else tesseract in-process (one
  // worker thread, started by the first receipt and reused; decision 0028).
  const localOcr = env.MINDEE_API_KEY || env.OCR_URL ? null : createLocalOcr({ log })
  const ocr = ocrFromEnv(env) ?? localOcr ?? undefined
  // Webhook hosts are resolved by the system resolver for the private-address check (webhooks/target.ts),
  // and webhook connections go only to an address the same rule allows, resolved once at connect time
  // (no DNS rebinding between the check and the connection).
  const resolver = nodeResolver()
  const deps: Deps = {
    db,
    config,
    clock: systemClock,
    mail: env.MAIL_API_KEY ? createHttpMailer({ apiKey: env.MAIL_API_KEY, baseUrl: env.MAIL_API_URL }) : createDevMailbox(db, log),
    payments: paymentsFromEnv(env, config),
    captcha: captchaFromEnv(env),
    offers: offersFromEnv(env, db),
    ...(env.APTOS_PRIVATE_KEY ? { aptos: { privateKey: env.APTOS_PRIVATE_KEY } } : {}),
    storage: createLocalStorage(filesDir),
    ocr,
    resolver,
    fetch: pinnedFetch({ allow: webhookConnectRule({ config }), resolver }),
    assets: {
      async fetch(request) {
        const path = new URL(request.url).pathname
        const file = resolve(PUBLIC_DIR, `.${path}`)
        if (!file.startsWith(PUBLIC_DIR) || !existsSync(file)) return new Response('not found', { status: 404 })
        const { readFile } = await import('node:fs/promises')
        return new Response(await readFile(file), { headers: { 'content-type': 'text/html; charset=utf-8' } })
      },
    },
    log,
  }
  // One app per shard, each the whole product on its own database (decision 0041); the control app
  // (shard 1) also serves what names no program. With one shard, the one app as before.
  const shardApps = shardDbs.map((shardDb, i) => {
    const shardDeps: Deps = i === 0 ? deps : { ...deps, db: shardDb, control: db, shard: i + 1 }
    if (i === 0 && count > 1) deps.shardDbs = shardDbs
    return { deps: shardDeps, app: createApp(shardDeps) }
  })
  const router: ShardRouter = shardRouter(db, config, count)
  // Work a request leaves for after its answer (the API's request log row, a shared cache write): the
  // Hono context's executionCtx.waitUntil, as on Workers; close() waits for what is still running.
  const afterAnswers = new Set<Promise<unknown>>()
  const executionCtx = {
    waitUntil(task: Promise<unknown>) {
      const tracked: Promise<unknown> = task.catch(() => {}).finally(() => afterAnswers.delete(tracked))
      afterAnswers.add(tracked)
    },
    passThroughOnException() {},
    props: {},
  }
  // Static files first (like wrangler's assets), then the app. HTML entry points go through the app.
  // Chosen per request here rather than by mounting the app in another Hono: a mounted app with its
  // own error handler gets each of its handlers wrapped in one more compose, on every request (a fifth
  // of a write's allocations, bench/api.ts).
  const assets = new Hono()
  assets.use('*', async (c, next) => {
    await next()
    if (c.res.status !== 200 && c.res.status !== 304) return
    for (const [name, value] of Object.entries(staticHeaders(headerRules, c.req.path))) c.res.headers.set(name, value)
  })
  const revalidated = etag()
  assets.use('*', (c, next) => (staticCacheControl(headerRules, c.req.path) === REVALIDATE ? revalidated(c, next) : next()))
  // Inside the ETag: a revalidated file's ETag is computed over the bytes sent, one per coding.
  assets.use('*', compressedStatic)
  assets.use('*', staticFiles)
  assets.all('*', (c) => shardApps[0]!.app.fetch(c.req.raw, c.env, executionCtx))
  const fetch = async (request: Request, env: { outgoing: NodeOutgoing }) => {
    // The shard of the program the request names (one shard: the one app, with no lookup).
    const n = router.shardOf(request)
    const shard = shardApps[(typeof n === 'number' ? n : await n.catch(() => 0)) - 1]
    if (!shard) return unservedShard()
    const { deps, app } = shard
    // Answered before the app routes the request, with this request's id and the API's security
    // headers: a signed-out public read the app answered a moment ago (middleware/public-cache.ts), or
    // a signed-in read whose kept answer is current (middleware/kept-reads.ts; a failure there, of the
    // database say, leaves the request to the app, which answers the error).
    // The app's answers (pages, JSON) are compressed as the request's Accept-Encoding prefers
    // (middleware/compression.ts): a public cached one once per kept body; a kept signed-in one is
    // gzipped by kept-reads.ts already (on Workers, Cloudflare's edge compresses).
    const cached = cachedPublicAnswer(deps, request)
    if (!cached && isStaticFile(PUBLIC_DIR, request.url)) return assets.fetch(request, env)
    const early = cached ?? (await keptSignedInAnswer(deps, request).catch(() => undefined))
    if (!early) return compressAnswer(request, await app.fetch(request, env as never, executionCtx))
    setResponseHeaders((name, value) => env.outgoing.setHeader(name, value), requestIdFrom(request.headers.get('x-request-id')), 'api')
    return cached ? compressAnswer(request, cached, keptBodyOf(cached)) : early
  }

  // A webhook retry due before the next sweep (the 5 s after a first failure) goes out on its own timer.
  // Every shard is swept, each on its own rows (decision 0041).
  const sweepEvery = sweepMs(env.SWEEP_INTERVAL_MS)
  const stopWebhookRetries = shardApps.map(({ deps }) => retryWebhooksInProcess(deps, sweepEvery))
  const retry = setInterval(() => {
    for (const { deps } of shardApps) {
      void deliverOutbox(deps).catch(() => {})
      void resumeImports(deps).catch((err) => log(`[import] sweep failed: ${(err as Error).message}`))
      void resumeAbandonedWork(deps, log)
      void sweepPointsExpiry(deps, log)
      void sweepRetention(deps, deps.clock.now(), log)
    }
  }, sweepEvery)
  retry.unref()
  // Imports and messages this process (or a previous one, killed) left unfinished go on now, not a
  // minute from now (a message another process claimed waits for its claim's lease).
  for (const { deps } of shardApps) {
    void resumeImports(deps, 0).catch((err) => log(`[import] resume failed: ${(err as Error).message}`))
    void deliverOutbox(deps).catch(() => {})
  }
  const port = opts.port ?? Number(env.PORT ?? 8787)
  const httpServer = serve({ fetch, port, hostname: env.HOST ?? '127.0.0.1' })
  // An idle kept-alive connection stays open longer than a load balancer's own idle timeout (60 s on
  // the common ones), so the balancer, not this server, closes it: Node's default of 5 s let a balancer
  // send a request on a socket this server was closing, which it answers with a 502.
  const http1 = httpServer as HttpServer
  http1.keepAliveTimeout = keepAlive
  // Node drops a kept-alive request whose headers take longer than headersTimeout: keep it above.
  http1.headersTimeout = http1.keepAliveTimeout + 1000
  await new Promise<void>((r) => httpServer.once('listening', () => r()))
  const address = httpServer.address()
  const actualPort = typeof address === 'object' && address ? address.port : port
  // Outside production, links point at where this server listens unless LOCAL_ORIGIN says otherwise.
  if (config.environment !== 'production' && !env.LOCAL_ORIGIN) config.localOrigin = `http://localhost:${actualPort}`
  return {
    url: `http://localhost:${actualPort}`,
    port: actualPort,
    deps,
    /** Resolves once the site's script and stylesheet are compressed at their best (warmStaticFiles). */
    warmed,
    async close() {
      clearInterval(retry)
      for (const stop of stopWebhookRetries) stop()
      const closed = new Promise<void>((r) => httpServer.close(() => r()))
      // Kept-alive sockets with no request in flight end now (those mid-request finish first).
      http1.closeIdleConnections()
      await closed
      await Promise.allSettled([...afterAnswers])
      await localOcr?.close()
      client.close()
      for (const o of others) o.client.close()
    },
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const seed = process.argv.includes('--seed')
  const shardsAt = process.argv.indexOf('--shards')
  startNodeServer({ seed, ...(shardsAt > 0 ? { shards: shardCount(process.argv[shardsAt + 1]) } : {}) }).then((s) => {
    console.log(`Tessera (Node + libSQL) on ${s.url}  participant site: ${s.url}/  console: ${s.url}/admin/v2  mailbox: ${s.url}/_dev/mailbox`)
    // A stop (a deploy, Ctrl-C) finishes what answered requests left for after their answer (the API's
    // request log rows) before the process ends, as Workers' waitUntil does; a second signal, or 5 s, ends it at once.
    const stop = () => {
      for (const sig of ['SIGINT', 'SIGTERM'] as const) process.removeListener(sig, stop)
      setTimeout(() => process.exit(0), 5000).unref()
      void s.close().finally(() => process.exit(0))
    }
    for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, stop)
  })
}
