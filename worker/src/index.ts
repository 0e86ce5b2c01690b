import type { D1Database, ExecutionContext, Fetcher, MessageBatch, Queue, R2Bucket, ScheduledController } from '@cloudflare/workers-types'
import { createApp } from './app'
import { captchaFromEnv, configFromEnv, type EnvVars, paymentsFromEnv } from './config'
import { createD1Db } from './db/client'
import { countD1, type D1Counter, D1_COUNT_HEADER, D1_SQL_HEADER, formatCounts } from './db/d1-count'
import { type Deps, systemClock } from './deps'
import { createDevMailbox, createHttpMailer } from './platform/mail'
import { offersFromEnv } from './platform/offers'
import { type OcrEnv, ocrFromEnv } from './platform/ocr-env'
import { createR2Storage } from './platform/storage'
import { deliverOutbox } from './features/webhooks/outbox'
import { keptSignedInAnswer } from './middleware/kept-reads'
import { cachedPublicAnswer } from './middleware/public-cache'
import { requestIdFrom, setResponseHeaders } from './middleware/response-headers'
import { continueImportFromQueue, resumeImports } from './features/participants/import-runner'
import { sweepPointsExpiry } from './features/points/expiry'
import { sweepRetention } from './retention'
import { type ShardRouter, shardRouter, unservedShard } from './features/shards'
import { migrationCheck } from './db/migration-check'
import { resumeAbandonedWork } from './takeovers'
// The receipts' image codecs as wrangler-bundled wasm modules (features/receipts/image-hash.ts).
import './features/receipts/image-decoders-workers'

/** The queue of participant import chunks (wrangler.toml); one message carries one job's next chunk. */
const IMPORT_QUEUE_NAME = 'tessera-imports'

/** Bindings declared in wrangler.toml. */
export type WorkerEnv = EnvVars & OcrEnv & {
  /** The control database, which is also shard 1 (decision 0041). */
  DB: D1Database
  /** Program shards 2, 3, ... (wrangler.toml's d1_databases, bindings SHARD_2 ... SHARD_n, without gaps). */
  [shard: `SHARD_${number}`]: D1Database | undefined
  FILES?: R2Bucket
  OUTBOX_QUEUE?: Queue<OutboxMessage>
  IMPORT_QUEUE?: Queue<ImportMessage>
  ASSETS?: Fetcher
  /** `1` (development and tests only): count D1 calls per request and per isolate (db/d1-count.ts); `sql`: list them too. */
  TESSERA_COUNT_D1?: string
}

/** Queue messages name the shard whose rows they are about (absent: shard 1, as before shards). */
type OutboxMessage = { ids: number[]; shard?: number }
type ImportMessage = { job_id: number; shard?: number }

/**
 * `behind`: the migration its database lacks, or null (db/migration-check.ts), on the raw binding: once
 * per isolate, outside the counts of the requests' own statements.
 */
type ShardApp = { deps: Deps; app: ReturnType<typeof createApp>; counter?: D1Counter; behind: () => null | Promise<string | null> }
const cache = new WeakMap<object, ShardApp & { shards: ShardApp[]; router: ShardRouter }>()

/** The D1 bindings of shards 2, 3, ... in order, up to the first missing one. */
function shardBindings(env: WorkerEnv): D1Database[] {
  const found: D1Database[] = []
  for (let n = 2; env[`SHARD_${n}`]; n++) found.push(env[`SHARD_${n}`]!)
  return found
}

/**
 * One app per isolate and bindings object, and one more per program shard (each the whole product on
 * its own database, decision 0041); deps hold no per-request state.
 */
function appFor(env: WorkerEnv) {
  let entry = cache.get(env)
  if (!entry) {
    const config = configFromEnv(env)
    // Never in production: the counts are a development tool (bench:workerd, statement-count tests).
    const counting = (env.TESSERA_COUNT_D1 === '1' || env.TESSERA_COUNT_D1 === 'sql') && config.environment !== 'production'
    const counter = counting ? countD1(env.DB as never, { sql: env.TESSERA_COUNT_D1 === 'sql' }) : undefined
    const db = createD1Db((counter?.d1 ?? env.DB) as never)
    const ocr = ocrFromEnv(env)
    const deps: Deps = {
      db,
      config,
      clock: systemClock,
      mail: env.MAIL_API_KEY ? createHttpMailer({ apiKey: env.MAIL_API_KEY, baseUrl: env.MAIL_API_URL }) : createDevMailbox(db),
      payments: paymentsFromEnv(env, config),
      captcha: captchaFromEnv(env),
      offers: offersFromEnv(env, db),
      ...(env.FILES ? { storage: createR2Storage(env.FILES) } : {}),
      ...(ocr ? { ocr } : {}),
      ...(env.APTOS_PRIVATE_KEY ? { aptos: { privateKey: env.APTOS_PRIVATE_KEY } } : {}),
      assets: env.ASSETS ? { fetch: (req) => env.ASSETS!.fetch(req as never) as unknown as Promise<Response> } : undefined,
      enqueue: env.OUTBOX_QUEUE ? async (ids) => void (await env.OUTBOX_QUEUE!.send({ ids })) : undefined,
      enqueueImport: env.IMPORT_QUEUE ? async (jobId) => void (await env.IMPORT_QUEUE!.send({ job_id: jobId })) : undefined,
      log: (line) => console.log(line),
    }
    const control: ShardApp = { deps, app: createApp(deps), counter, behind: migrationCheck(env.DB) }
    const others = shardBindings(env).map((binding, i): ShardApp => {
      const shard = i + 2
      const shardDb = createD1Db(binding as never)
      const shardDeps: Deps = {
        ...deps,
        db: shardDb,
        control: db,
        shard,
        enqueue: env.OUTBOX_QUEUE ? async (ids) => void (await env.OUTBOX_QUEUE!.send({ ids, shard })) : undefined,
        enqueueImport: env.IMPORT_QUEUE ? async (jobId) => void (await env.IMPORT_QUEUE!.send({ job_id: jobId, shard })) : undefined,
      }
      // Its own id range once current (features/shards: reserveShardIds); in development the demo seed
      // sets it after seeding, with the ids every database shares.
      return { deps: shardDeps, app: createApp(shardDeps), behind: migrationCheck(binding, config.environment === 'development' ? undefined : shard) }
    })
    const shards = [control, ...others]
    if (others.length) deps.shardDbs = shards.map((s) => s.deps.db)
    entry = { ...control, shards, router: shardRouter(db, config, shards.length) }
    cache.set(env, entry)
  }
  return entry
}

/** A database older than the code: refused until it is migrated, never served half-migrated (decision 0041). */
function databaseBehind(shard: number, missing: string): Response {
  const binding = shard === 1 ? 'DB' : `SHARD_${shard}`
  const message = `The database of shard ${shard} (${binding}) lacks migration ${missing}: run npm run db:migrate, or wrangler d1 migrations apply ${binding} --remote`
  console.error(message)
  return new Response(JSON.stringify({ error: { code: 'database_behind', message } }), {
    status: 503,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', 'retry-after': '10' },
  })
}

/**
 * With TESSERA_COUNT_D1: each answer says what its request asked of D1 (`x-tessera-d1`), and
 * `/_dev/d1-count` answers this isolate's totals (bench/workerd.ts reads them around each target).
 */
async function countedFetch(counter: D1Counter, run: () => Promise<Response>, request: Request): Promise<Response> {
  const url = new URL(request.url)
  if (url.pathname === '/_dev/d1-count') {
    const body = url.searchParams.has('sql') ? { ...counter.totals, sql: counter.takeSql() } : counter.totals
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } })
  }
  const { value, counts, sql } = await counter.track(run)
  const res = new Response(value.body, value)
  res.headers.set(D1_COUNT_HEADER, formatCounts(counts))
  // Kept small enough for any HTTP client: the first 40 calls, 300 characters of each.
  if (sql.length) res.headers.set(D1_SQL_HEADER, JSON.stringify([...sql.slice(0, 40).map((q) => q.slice(0, 300)), ...(sql.length > 40 ? [`... ${sql.length - 40} more`] : [])]))
  return res
}

/**
 * As under Node (node.ts), the reads a page makes most are answered before Hono routes the request
 * when their answer is current (decisions 0008, 0014): a signed-out public read kept by the public
 * cache (its content version still the newest seen), or a signed-in read whose kept answer matches
 * the participant's row_version (one D1 statement: the session lookup). They get the request id and
 * the API's security headers as the app would set them. Anything else goes to the app.
 */
async function answer(root: ReturnType<typeof appFor>, request: Request, env: WorkerEnv, ctx: ExecutionContext): Promise<Response> {
  // The shard of the program the request names (one shard: the one app, with no lookup).
  const routed = root.router.shardOf(request)
  const n = typeof routed === 'number' ? routed : await routed.catch(() => 0)
  const entry = root.shards[n - 1]
  if (!entry) return unservedShard()
  const behind = entry.behind()
  const missing = behind && (await behind)
  if (missing) return databaseBehind(n, missing)
  const early = cachedPublicAnswer(entry.deps, request) ?? (await keptSignedInAnswer(entry.deps, request).catch(() => undefined))
  if (!early) return entry.app.fetch(request, env, ctx as never)
  setResponseHeaders((name, value) => early.headers.set(name, value), requestIdFrom(request.headers.get('x-request-id')), 'api')
  return early
}

/**
 * A Worker cannot refuse to deploy, so a production configuration missing its secrets refuses every
 * request instead (503, the reasons in the log), and never falls back to development behaviour.
 */
function notConfigured(err: unknown) {
  console.error(err instanceof Error ? err.message : String(err))
  return new Response('Tessera is not configured: see the Worker logs.', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } })
}

export default {
  fetch(request: Request, env: WorkerEnv, ctx: ExecutionContext) {
    let entry: ReturnType<typeof appFor>
    try {
      entry = appFor(env)
    } catch (err) {
      return notConfigured(err)
    }
    const serve = () => answer(entry, request, env, ctx)
    return entry.counter ? countedFetch(entry.counter, serve, request) : serve()
  },
  /**
   * Delivers outbox rows handed over by requests; a throw makes Queues retry the batch. Import chunks
   * come on their own queue, one message at a time (a failed chunk is retried alone).
   */
  async queue(batch: MessageBatch<OutboxMessage | ImportMessage>, env: WorkerEnv) {
    const { shards } = appFor(env)
    if (batch.queue === IMPORT_QUEUE_NAME) {
      for (const m of batch.messages) {
        try {
          const body = m.body as ImportMessage
          const shard = shards[(body.shard ?? 1) - 1]
          if (!shard) throw new Error(`shard ${body.shard} is not declared`)
          await continueImportFromQueue(shard.deps, body.job_id)
          m.ack()
        } catch (err) {
          console.error(`[import] chunk failed, retrying: ${(err as Error).message}`)
          m.retry()
        }
      }
      return
    }
    // Each shard's outbox ids, delivered by that shard's app.
    const byShard = new Map<number, number[]>()
    for (const m of batch.messages) {
      const { ids, shard = 1 } = m.body as OutboxMessage
      const list = byShard.get(shard) ?? []
      list.push(...ids)
      byShard.set(shard, list)
    }
    for (const [n, ids] of byShard) {
      const shard = shards[n - 1]
      if (!shard) throw new Error(`shard ${n} is not declared`)
      await deliverOutbox(shard.deps, ids)
    }
    batch.ackAll()
  },
  /**
   * Sweeps pending outbox rows whose retry time has come, restarts stalled imports, takes over work
   * whose lease is over, expires points the program's rule has expired (a chunk a minute), and prunes
   * what is past its retention.
   */
  async scheduled(_controller: ScheduledController, env: WorkerEnv, ctx: ExecutionContext) {
    // Every shard, each on its own rows (decision 0041).
    for (const { deps } of appFor(env).shards) {
      ctx.waitUntil(deliverOutbox(deps))
      ctx.waitUntil(resumeImports(deps))
      ctx.waitUntil(resumeAbandonedWork(deps, console.error))
      ctx.waitUntil(sweepPointsExpiry(deps, console.error))
      ctx.waitUntil(sweepRetention(deps, Date.now(), console.error))
    }
  },
}
