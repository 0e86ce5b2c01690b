/**
 * `npm run bench:webhooks` (issue 24, "Webhooks and the outbox at volume"): events through the real
 * write path, the outbox and the signed delivery, to a local receiver that verifies every delivery with
 * the `standardwebhooks` library. For each entry (the Node entry on a libSQL file, then the Workers
 * entry in workerd on local D1; BENCH_ENTRIES chooses):
 *
 * 1. a fresh database: migrations, the demo seed, API keys for the demo program and one webhook
 *    subscribed to `points.changed`, pointing at the receiver (http://127.0.0.1, allowed outside
 *    production);
 * 2. **volume**: BENCH_EVENTS (10,000; workerd 1,000) `POST /api/v1/participants/{id}/points` calls,
 *    each with its own Idempotency-Key (bench/produce.ts, forked: exactly so many calls, one sent again
 *    with its key when it gets no answer or a 5xx), each writing one `points.changed` outbox row in its
 *    batch; delivered as the entry delivers them (Node: in-process rounds after the write,
 *    dispatchOutboxLater; workerd: the outbox queue's consumer). Reports the time from the first write
 *    until the receiver (bench/webhook-receiver.ts, forked) has verified every event;
 * 3. **outage**: the receiver answers 500 for BENCH_OUTAGE seconds (60) from the first event of the
 *    phase while BENCH_OUTAGE_RATE events a second (20; workerd 5) are written, then 2xx again. Reports
 *    that every event was delivered in the end (nothing lost) and that no `webhook-id` was acknowledged
 *    twice (a retry of a refused webhook-id is expected; two 2xx answers to one would be a double
 *    delivery), and how long the recovery took.
 *
 * Retries run on the product's own schedule (webhooks.ts RETRY_SCHEDULE_MS: 5 s, then 5 min, ...),
 * which no setting shortens: an event refused twice waits the real 5 minutes, so the outage phase takes
 * about outage + 5 to 6 minutes. Node runs its minute sweep and the in-process 5 s retry timer itself;
 * Miniflare fires no cron, so for workerd the bench calls the Worker's scheduled handler every 60 s, as
 * wrangler.toml's `* * * * *` does on Cloudflare.
 *
 * Environment: BENCH_ENTRIES (`node,workerd`), BENCH_EVENTS (10000), BENCH_CONNECTIONS (20: producer
 * connections for the volume phase), BENCH_OUTAGE (s, 60), BENCH_OUTAGE_RATE (events/s during the
 * outage, 20), BENCH_WORKERD_EVENTS (1000) and BENCH_WORKERD_OUTAGE_RATE (5): the same for workerd,
 * whose local D1 and queue are much slower (see opts), BENCH_DELIVERY_TIMEOUT (s to wait for the
 * volume phase's deliveries after the last write, 600), BENCH_RECOVERY_TIMEOUT (s to wait after the
 * receiver recovers, 1800), BENCH_KEEP_DB=1. Exits 1 when a check fails. Results go to
 * bench/results/webhooks-<timestamp>.json.
 */
import { fork } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Client } from '@libsql/client'
import { openLibsql } from '../worker/src/db/node'
import { seedDemo } from '../worker/src/db/seed'
import { apiKeyPrefix, generateApiKey, hashApiKey } from '../worker/src/features/integrations/api-keys'
import { newWebhookSecret } from '../worker/src/features/webhooks/signing'
import { RETRY_SCHEDULE_MS } from '../worker/src/features/webhooks/webhooks'
import { startNodeServer } from '../worker/src/node'
import { startDeployedWorker } from '../worker/local/deployed-worker'
import { BENCH_DIR, fmtMs, fmtRps, num, phase, phases } from './lib/common'
import type { SqlRunner } from './lib/fixture'
import { libsqlRunner } from './lib/node-subject'
import { type Check, printChecks, printTable } from './lib/targets'
import { d1Runner } from './lib/workerd-subject'
import type { ProduceJob, ProduceResult } from './produce'
import type { ReceiverMessage, Seen } from './webhook-receiver'

const opts = {
  entries: (process.env.BENCH_ENTRIES ?? 'node,workerd')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean) as ('node' | 'workerd')[],
  events: Math.round(num('BENCH_EVENTS', 10_000)),
  connections: Math.max(1, Math.round(num('BENCH_CONNECTIONS', 20))),
  outage: num('BENCH_OUTAGE', 60),
  outageRate: num('BENCH_OUTAGE_RATE', 20),
  /**
   * workerd: local D1 is one SQLite behind an RPC, which the writers' 20 connections keep busy: the
   * queue consumer, one batch at a time, got a sliver of it (a 10,000-event try wrote 5,466 events in
   * 10 minutes and delivered 741 of them), so that entry takes fewer events by default.
   */
  workerdEvents: Math.round(num('BENCH_WORKERD_EVENTS', 1_000)),
  workerdOutageRate: num('BENCH_WORKERD_OUTAGE_RATE', 5),
  deliveryTimeout: num('BENCH_DELIVERY_TIMEOUT', 600),
  recoveryTimeout: num('BENCH_RECOVERY_TIMEOUT', 1800),
  keep: process.env.BENCH_KEEP_DB === '1',
}
/** API keys the producer cycles through (100 requests a second each by default; 1000 set here). */
const API_KEYS = 50
const KEY_RATE_LIMIT = 1000
const PROGRESS_EVERY_MS = 30_000
const CRON_MS = 60_000
/** The Worker's webhook list is cached this long (config.cacheTtlMs); a webhook added after the seed counts after it. */
const WEBHOOK_CACHE_MS = 5_000

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const int = (n: number) => Math.round(n).toLocaleString('en-US')
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`

// ---------------------------------------------------------------------------------------------------
// The receiver

type Receiver = Awaited<ReturnType<typeof startReceiver>>

/**
 * The webhook endpoint (bench/webhook-receiver.ts, forked: it verifies every request with
 * `standardwebhooks` and answers 500 while told to fail, else 204) and what it saw, kept here from
 * its batches: 2xx answers per webhook-id, and the first acknowledged time of each event id.
 */
async function startReceiver(secret: string) {
  const state = {
    /** The first request refused since the last reset: the outage runs from there. */
    firstRefusedAt: 0,
    requests: 0,
    invalid: 0,
    invalidSamples: [] as string[],
    refused: 0,
    /** webhook-ids answered 500 at least once. */
    refusedIds: new Set<string>(),
    /** 2xx answers per webhook-id (more than one: delivered twice). */
    acks: new Map<string, number>(),
    /** Event id (`evt_{outbox id}`) -> first acknowledgement. */
    delivered: new Map<string, { at: number; webhookId: string }>(),
    /** Acknowledged events that arrived again under another webhook-id. */
    otherIds: 0,
  }
  const apply = (seen: Seen) => {
    state.requests++
    if (seen.kind === 'invalid') {
      state.invalid++
      if (state.invalidSamples.length < 5) state.invalidSamples.push(`${seen.id}: ${seen.error}`)
    } else if (seen.kind === 'refused') {
      if (!state.firstRefusedAt) state.firstRefusedAt = seen.at
      state.refused++
      state.refusedIds.add(seen.id)
    } else {
      state.acks.set(seen.id, (state.acks.get(seen.id) ?? 0) + 1)
      const first = state.delivered.get(seen.evt!)
      if (!first) state.delivered.set(seen.evt!, { at: seen.at, webhookId: seen.id })
      else if (first.webhookId !== seen.id) state.otherIds++
    }
  }
  const child = fork(join(BENCH_DIR, 'webhook-receiver.ts'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  const waiting: ((msg: ReceiverMessage) => boolean)[] = []
  child.on('message', (msg: ReceiverMessage) => {
    if ('batch' in msg) for (const seen of msg.batch) apply(seen)
    const i = waiting.findIndex((w) => w(msg))
    if (i !== -1) waiting.splice(i, 1)
  })
  /** Sends a message and waits for the answer `match` accepts. */
  const ask = <T>(msg: object, match: (m: ReceiverMessage) => T | undefined) =>
    new Promise<T>((resolvePromise) => {
      waiting.push((m) => {
        const value = match(m)
        if (value === undefined) return false
        resolvePromise(value)
        return true
      })
      child.send(msg)
    })
  const port = await ask({ secret }, (m) => ('port' in m ? m.port : undefined))
  return {
    url: `http://127.0.0.1:${port}/tessera-webhooks`,
    state,
    /** Starts or ends an outage; answers when the receiver switched. */
    setFailing: (failing: boolean) => ask({ failing }, (m) => ('failing' in m ? m.at : undefined)),
    /** Waits until everything the receiver saw so far is in `state`. */
    flush: () => ask({ flush: true }, (m) => ('batch' in m && !m.batch.length ? true : undefined)),
    /** webhook-ids acknowledged more than once. */
    doubleAcks: () => [...state.acks.values()].filter((n) => n > 1).length,
    close: () =>
      new Promise<void>((r) => {
        child.once('exit', () => r())
        child.disconnect()
      }),
  }
}

// ---------------------------------------------------------------------------------------------------
// The entries

type Entry = {
  name: 'node' | 'workerd'
  loadUrl: string
  host: string
  /** The database as the server sees it (counts and read-back). */
  runner: SqlRunner
  /** How deliveries and retries run on this entry (printed). */
  how: string
  /** Log lines of the outbox and webhooks (Node entry). */
  logs: string[]
  close(): Promise<void>
}

type Program = { programId: number; participantId: number; keys: string[]; webhookId: number }

const scalar = async (db: SqlRunner, sql: string, args: (string | number | null)[] = []) => Number((await db.rows(sql, args))[0]?.[0] ?? 0)

/** API keys (as the console stores them: prefix and hash) and the webhook, with plain SQL on either database. */
async function prepareProgram(db: SqlRunner, receiverUrl: string, secret: string): Promise<Program> {
  const programId = await scalar(db, "SELECT id FROM programs WHERE public_key = 'demo'")
  if (!programId) throw new Error('the demo program is missing: seed first')
  const participantId = await scalar(db, "SELECT id FROM participants WHERE program_id = ? AND status = 'active' ORDER BY id LIMIT 1", [programId])
  const keys = Array.from({ length: API_KEYS }, () => generateApiKey())
  const now = Date.now()
  await db.batch(
    keys.map(
      (k, i) =>
        `INSERT INTO api_keys (program_id, name, prefix, key_hash, expires_at, rate_limit, created_at) VALUES (${programId}, 'bench webhooks ${i}', '${apiKeyPrefix(k)}', '${hashApiKey(k)}', ${now + 86_400_000}, ${KEY_RATE_LIMIT}, ${now})`,
    ),
  )
  const others = await scalar(db, 'SELECT count(*) FROM webhooks WHERE active = 1')
  if (others) throw new Error(`the seed has ${others} active webhooks; the bench expects none`)
  await db.run("INSERT INTO webhooks (program_id, url, secret, events, active, consecutive_failures, created_at) VALUES (?, ?, ?, '[\"points.changed\"]', 1, 0, ?)", [programId, receiverUrl, secret, now])
  const webhookId = await scalar(db, 'SELECT max(id) FROM webhooks')
  return { programId, participantId, keys, webhookId }
}

async function startNode(receiverUrl: string, secret: string): Promise<{ entry: Entry; program: Program }> {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-bench-webhooks-'))
  const url = `file:${join(dir, 'bench.db')}`
  console.log(`  database ${url}`)
  const opened = await phase('open + migrate (libSQL)', () => openLibsql(url))
  await phase('seedDemo', () => seedDemo(opened.db))
  const program = await phase('API keys + webhook', () => prepareProgram(libsqlRunner(opened.client), receiverUrl, secret))
  await opened.client.execute('PRAGMA wal_checkpoint(TRUNCATE)')
  opened.client.close()
  const server = await phase('startNodeServer', () => startNodeServer({ port: 0, quiet: true, databaseUrl: url, env: { ENVIRONMENT: 'development' } }))
  // The server's own log sink (read at each call): keep what the outbox and the deliveries report.
  const logs: string[] = []
  server.deps.log = (line: string) => void logs.push(line)
  const client = (server.deps.db as unknown as { $client: Client }).$client
  return {
    program,
    entry: {
      name: 'node',
      loadUrl: `http://127.0.0.1:${server.port}`,
      host: `localhost:${server.port}`,
      runner: libsqlRunner(client),
      how: 'first attempts in-process after each write (dispatchOutboxLater, 10 ms rounds); a retry due within the minute on the in-process timer, later ones by the minute sweep (setInterval 60 s)',
      logs,
      async close() {
        await server.close()
        if (!opts.keep) rmSync(dir, { recursive: true, force: true })
        else console.log(`  kept ${url}`)
      },
    },
  }
}

async function startWorkerd(receiverUrl: string, secret: string): Promise<{ entry: Entry; program: Program }> {
  const worker = await startDeployedWorker({ step: phase })
  const runner = d1Runner(worker.db)
  const program = await phase('API keys + webhook', () => prepareProgram(runner, receiverUrl, secret))
  // The seed ran in the Worker, which may hold the program's (empty) webhook list for config.cacheTtlMs.
  await phase('webhook list cache expiry', () => sleep(WEBHOOK_CACHE_MS + 1000))
  const fetcher = await worker.mf.getWorker('tessera')
  const logs: string[] = []
  const cron = setInterval(() => {
    fetcher.scheduled({ cron: '* * * * *' }).catch((err: unknown) => logs.push(`[bench] scheduled failed: ${(err as Error).message}`))
  }, CRON_MS)
  return {
    program,
    entry: {
      name: 'workerd',
      loadUrl: worker.loadUrl,
      host: worker.host,
      runner,
      how: "first attempts by the outbox queue's consumer (wrangler.toml: batches of 10, 1 s); retries by the minute cron (the bench fires scheduled() every 60 s: Miniflare runs no cron)",
      logs,
      async close() {
        clearInterval(cron)
        await worker.close()
      },
    },
  }
}

// ---------------------------------------------------------------------------------------------------
// Phases

/** Exactly `amount` points calls (bench/produce.ts, forked), optionally paced at `rate` a second. */
function producePoints(entry: Entry, program: Program, amount: number, connections: number, rate?: number): Promise<ProduceResult> {
  const job: ProduceJob = {
    url: entry.loadUrl,
    host: entry.host,
    path: `/api/v1/participants/${program.participantId}/points`,
    body: JSON.stringify({ type: 'earn', amount: 1, reason: 'bench webhooks' }),
    apiKeys: program.keys,
    amount,
    connections,
    ...(rate ? { rate } : {}),
  }
  return new Promise((resolvePromise, reject) => {
    const child = fork(join(BENCH_DIR, 'produce.ts'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
    let answered = false
    child.once('message', (msg: { result?: ProduceResult; error?: string }) => {
      answered = true
      if (msg.error) reject(new Error(msg.error))
      else resolvePromise(msg.result!)
    })
    child.once('exit', (code) => {
      if (!answered) reject(new Error(`the producer exited with ${code} before answering`))
    })
    child.send(job)
  })
}

const fmtWrite = (w: ProduceResult) =>
  `${int(w.ok)} 2xx, ${int(w.failed)} failed, ${int(w.retried)} sent again with their key${Object.keys(w.notOk).length ? ` (answers: ${fmtCounts(w.notOk)})` : ''}`

/** The phase's `points.changed` events: outbox rows after `mark`. */
async function phaseEvents(db: SqlRunner, mark: number): Promise<string[]> {
  const rows = await db.rows("SELECT id FROM outbox WHERE id > ? AND topic = 'webhook' AND json_extract(payload, '$.event') = 'points.changed' ORDER BY id", [mark])
  return rows.map((r) => `evt_${r[0]}`)
}

type DeliveryStats = { states: Record<string, number>; attempts: Record<string, number>; outbox: Record<string, number>; webhookActive: boolean }

async function deliveryStats(db: SqlRunner, mark: number, webhookId: number): Promise<DeliveryStats> {
  const states: Record<string, number> = {}
  for (const [state, n] of await db.rows('SELECT state, count(*) FROM webhook_deliveries WHERE outbox_id > ? GROUP BY state', [mark])) states[String(state)] = Number(n)
  const attempts: Record<string, number> = {}
  for (const [a, n] of await db.rows('SELECT attempts, count(*) FROM webhook_deliveries WHERE outbox_id > ? GROUP BY attempts ORDER BY attempts', [mark])) attempts[String(a)] = Number(n)
  const outbox: Record<string, number> = {}
  for (const [s, n] of await db.rows("SELECT status, count(*) FROM outbox WHERE id > ? AND topic = 'webhook' GROUP BY status", [mark])) outbox[String(s)] = Number(n)
  const webhookActive = (await scalar(db, 'SELECT active FROM webhooks WHERE id = ?', [webhookId])) === 1
  return { states, attempts, outbox, webhookActive }
}

const fmtCounts = (c: Record<string, number>) =>
  Object.entries(c)
    .map(([k, v]) => `${k} ${int(v)}`)
    .join(', ') || 'none'

/**
 * Waits until the receiver acknowledged every one of `events` (or the deadline), printing progress;
 * answers when the last of them was acknowledged (the receiver's clock) and those still missing.
 */
async function waitDelivered(receiver: Receiver, events: string[], deadline: number, entry: Entry, mark: number) {
  let nextNote = Date.now() + PROGRESS_EVERY_MS
  for (;;) {
    const missing = events.filter((e) => !receiver.state.delivered.has(e))
    if (!missing.length || Date.now() >= deadline) {
      const lastAt = Math.max(0, ...events.map((e) => receiver.state.delivered.get(e)?.at ?? 0))
      return { missing, lastAt }
    }
    if (Date.now() >= nextNote) {
      nextNote += PROGRESS_EVERY_MS
      const pending = await scalar(entry.runner, "SELECT count(*) FROM webhook_deliveries WHERE outbox_id > ? AND state = 'pending'", [mark])
      const next = await scalar(entry.runner, "SELECT min(next_attempt_at) FROM webhook_deliveries WHERE outbox_id > ? AND state = 'pending'", [mark])
      console.log(
        `    ${new Date().toISOString().slice(11, 19)}  ${int(events.length - missing.length)}/${int(events.length)} delivered, ${int(receiver.state.refused)} attempts answered 500 so far, ` +
          `${int(pending)} deliveries pending${next ? ` (next due in ${secs(Math.max(0, next - Date.now()))})` : ''}`,
      )
    }
    await sleep(100)
  }
}

type VolumeResult = {
  events: number
  write: ProduceResult
  delivered: number
  missing: number
  firstWriteToAllMs: number
  afterLastWriteMs: number
  deliveriesPerSecond: number
  /** From the event's outbox row (written with the call) to its acknowledgement, ms. */
  latency: { p50: number; p99: number; max: number }
  doubleAcks: number
  otherIds: number
  invalid: number
  db: DeliveryStats
}

async function volumePhase(entry: Entry, program: Program, receiver: Receiver, amount: number): Promise<VolumeResult> {
  const mark = await scalar(entry.runner, 'SELECT coalesce(max(id), 0) FROM outbox')
  console.log(`\n  Volume: ${int(amount)} x POST /api/v1/participants/${program.participantId}/points (${opts.connections} connections, a fresh Idempotency-Key each)`)
  const write = await producePoints(entry, program, amount, opts.connections)
  console.log(`    written in ${secs(write.finishedAt - write.startedAt)} (${fmtRps((write.ok / (write.finishedAt - write.startedAt)) * 1000)} calls/s, p50 ${write.p50} ms, p99 ${write.p99} ms): ${fmtWrite(write)}`)
  const events = await phaseEvents(entry.runner, mark)
  const { missing, lastAt } = await waitDelivered(receiver, events, write.finishedAt + opts.deliveryTimeout * 1000, entry, mark)
  await receiver.flush()
  const firstAck = Math.min(...events.map((e) => receiver.state.delivered.get(e)?.at ?? Infinity))
  const latency = await eventLatency(entry.runner, mark, receiver)
  const result: VolumeResult = {
    events: events.length,
    write,
    delivered: events.length - missing.length,
    missing: missing.length,
    firstWriteToAllMs: lastAt - write.startedAt,
    afterLastWriteMs: Math.max(0, lastAt - write.finishedAt),
    deliveriesPerSecond: ((events.length - missing.length) / Math.max(1, lastAt - firstAck)) * 1000,
    latency,
    doubleAcks: receiver.doubleAcks(),
    otherIds: receiver.state.otherIds,
    invalid: receiver.state.invalid,
    db: await deliveryStats(entry.runner, mark, program.webhookId),
  }
  console.log(
    `    ${int(result.delivered)}/${int(result.events)} events delivered and verified ${secs(result.firstWriteToAllMs)} after the first write ` +
      `(${secs(result.afterLastWriteMs)} after the last answered; ${fmtRps(result.deliveriesPerSecond)} deliveries/s)`,
  )
  console.log(`    from write to acknowledgement, per event: p50 ${fmtMs(latency.p50)}, p99 ${fmtMs(latency.p99)}, max ${fmtMs(latency.max)}`)
  console.log(`    deliveries in the database: ${fmtCounts(result.db.states)}; attempts: ${fmtCounts(result.db.attempts)}`)
  return result
}

/** Per acknowledged event of the phase: acknowledgement time minus its outbox row's created_at. */
async function eventLatency(db: SqlRunner, mark: number, receiver: Receiver) {
  const rows = await db.rows("SELECT id, created_at FROM outbox WHERE id > ? AND topic = 'webhook' AND json_extract(payload, '$.event') = 'points.changed'", [mark])
  const lat = rows
    .map(([id, at]) => (receiver.state.delivered.get(`evt_${id}`)?.at ?? NaN) - Number(at))
    .filter((n) => Number.isFinite(n))
    .sort((a, b) => a - b)
  const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))] ?? 0
  return { p50: q(0.5), p99: q(0.99), max: lat.at(-1) ?? 0 }
}

type OutageResult = {
  events: number
  write: ProduceResult
  outageMs: number
  refused: number
  refusedEvents: number
  delivered: number
  missing: number
  missingSample: string[]
  recoveryMs: number
  doubleAcks: number
  otherIds: number
  invalid: number
  db: DeliveryStats
}

async function outagePhase(entry: Entry, program: Program, receiver: Receiver, rate: number): Promise<OutageResult> {
  const mark = await scalar(entry.runner, 'SELECT coalesce(max(id), 0) FROM outbox')
  const amount = Math.max(1, Math.round(opts.outage * rate))
  const s = receiver.state
  const refusedBefore = s.refused
  const doubleBefore = receiver.doubleAcks()
  const otherBefore = s.otherIds
  const invalidBefore = s.invalid
  console.log(`\n  Outage: the receiver answers 500 for ${opts.outage} s from the phase's first event; ${int(amount)} events written meanwhile (${rate}/s)`)
  s.firstRefusedAt = 0
  await receiver.setFailing(true)
  const writing = producePoints(entry, program, amount, 10, rate)
  const startedAt = Date.now()
  while (!s.firstRefusedAt && Date.now() - startedAt < 120_000) await sleep(20)
  const outageFrom = s.firstRefusedAt || startedAt
  await sleep(Math.max(0, outageFrom + opts.outage * 1000 - Date.now()))
  const recoveredAt = await receiver.setFailing(false)
  console.log(`    receiver recovered after ${secs(recoveredAt - outageFrom)}: ${int(s.refused - refusedBefore)} attempts answered 500`)
  const write = await writing
  console.log(`    written in ${secs(write.finishedAt - write.startedAt)}: ${fmtWrite(write)}`)
  const events = await phaseEvents(entry.runner, mark)
  const { missing, lastAt } = await waitDelivered(receiver, events, recoveredAt + opts.recoveryTimeout * 1000, entry, mark)
  await receiver.flush()
  // A delivery's webhook-id is msg_{its id} (webhooks.ts messageIdOf).
  const deliveryIds = await entry.runner.rows('SELECT id FROM webhook_deliveries WHERE outbox_id > ?', [mark])
  const refusedEvents = deliveryIds.filter(([id]) => s.refusedIds.has(`msg_${id}`)).length
  const result: OutageResult = {
    events: events.length,
    write,
    outageMs: recoveredAt - outageFrom,
    refused: s.refused - refusedBefore,
    refusedEvents,
    delivered: events.length - missing.length,
    missing: missing.length,
    missingSample: missing.slice(0, 5),
    recoveryMs: Math.max(0, lastAt - recoveredAt),
    doubleAcks: receiver.doubleAcks() - doubleBefore,
    otherIds: s.otherIds - otherBefore,
    invalid: s.invalid - invalidBefore,
    db: await deliveryStats(entry.runner, mark, program.webhookId),
  }
  console.log(
    `    ${int(result.delivered)}/${int(result.events)} events delivered (${int(refusedEvents)} of them refused at least once), the last ${secs(result.recoveryMs)} after the receiver recovered`,
  )
  console.log(`    deliveries in the database: ${fmtCounts(result.db.states)}; attempts: ${fmtCounts(result.db.attempts)}`)
  return result
}

function checksFor(name: string, expected: number, v: VolumeResult, o: OutageResult | undefined): Check[] {
  const checks: Check[] = [
    {
      target: `${name}: events written`,
      rule: `${int(expected)} calls all 2xx, one points.changed event each`,
      measured: `${int(v.write.ok)} 2xx (${int(v.write.retried)} after a retry with the same key), ${int(v.write.failed)} failed; ${int(v.events)} events`,
      pass: v.write.ok === expected && v.events === expected,
    },
    {
      target: `${name}: all delivered and verified`,
      rule: `every event acknowledged, within ${opts.deliveryTimeout} s of the last write`,
      measured: `${int(v.delivered)}/${int(v.events)} in ${secs(v.firstWriteToAllMs)} from the first write (${secs(v.afterLastWriteMs)} after the last)`,
      pass: v.missing === 0 && v.events > 0,
    },
    {
      target: `${name}: volume, once each`,
      rule: '0 webhook-ids acknowledged twice, 0 events under two ids',
      measured: `${v.doubleAcks} twice, ${v.otherIds} under two ids`,
      pass: v.doubleAcks === 0 && v.otherIds === 0,
    },
  ]
  if (o) {
    checks.push(
      {
        target: `${name}: outage refused`,
        rule: 'the receiver answered 500 to the outage events (the phase tests something)',
        measured: `${int(o.refused)} attempts answered 500, ${int(o.refusedEvents)} of ${int(o.events)} events refused at least once`,
        pass: o.refused > 0 && o.write.ok === o.events && o.write.failed === 0,
      },
      {
        target: `${name}: outage, nothing lost`,
        rule: `every event acknowledged within ${opts.recoveryTimeout} s of recovery`,
        measured: `${int(o.delivered)}/${int(o.events)}, the last ${secs(o.recoveryMs)} after recovery${o.missing ? ` (missing ${o.missingSample.join(', ')}...)` : ''}`,
        pass: o.missing === 0 && o.events > 0,
      },
      {
        target: `${name}: outage, never twice`,
        rule: '0 webhook-ids acknowledged twice, 0 events under two ids',
        measured: `${o.doubleAcks} twice, ${o.otherIds} under two ids`,
        pass: o.doubleAcks === 0 && o.otherIds === 0,
      },
    )
  }
  const invalid = v.invalid + (o?.invalid ?? 0)
  checks.push({ target: `${name}: signatures`, rule: 'every request verified by standardwebhooks', measured: `${invalid} not verified`, pass: invalid === 0 })
  return checks
}

// ---------------------------------------------------------------------------------------------------

async function main() {
  const startedAt = new Date()
  console.log(
    `Tessera webhooks bench: node ${process.version}, ${availableParallelism()} CPUs (${cpus()[0]?.model ?? '?'}), entries ${opts.entries.join(', ')}, ` +
      `${int(opts.events)} events (workerd ${int(opts.workerdEvents)}), outage ${opts.outage} s at ${opts.outageRate} events/s (workerd ${opts.workerdOutageRate})`,
  )
  console.log(
    `Retry schedule (webhooks.ts RETRY_SCHEDULE_MS, no setting shortens it): ${RETRY_SCHEDULE_MS.map((ms) => fmtMs(ms)).join(', ')}; ` +
      'an event refused twice waits the real 5 minutes.',
  )
  const load0 = loadavg()[0]!
  if (load0 > 0.5) console.log(`Note: load average is ${load0.toFixed(2)} before starting: other processes share these CPUs.`)

  const results: Record<string, { volume: VolumeResult; outage?: OutageResult; logs: string[]; how: string }> = {}
  const checks: Check[] = []
  for (const name of opts.entries) {
    if (name !== 'node' && name !== 'workerd') throw new Error(`BENCH_ENTRIES: unknown entry "${name}" (node, workerd)`)
    console.log(`\nSetup (${name})`)
    const secret = newWebhookSecret()
    const receiver = await startReceiver(secret)
    const { entry, program } = name === 'node' ? await startNode(receiver.url, secret) : await startWorkerd(receiver.url, secret)
    console.log(`  deliveries: ${entry.how}`)
    const events = name === 'node' ? opts.events : opts.workerdEvents
    const rate = name === 'node' ? opts.outageRate : opts.workerdOutageRate
    const volume = await volumePhase(entry, program, receiver, events)
    const outage = opts.outage > 0 && rate > 0 ? await outagePhase(entry, program, receiver, rate) : undefined
    if (receiver.state.invalidSamples.length) {
      console.log(`  ${receiver.state.invalid} requests failed verification, the first:`)
      for (const line of receiver.state.invalidSamples) console.log(`    ${line}`)
    }
    if (entry.logs.length) {
      console.log(`  ${entry.logs.length} log lines from the outbox and deliveries, the first:`)
      for (const line of entry.logs.slice(0, 5)) console.log(`    ${line}`)
    }
    results[name] = { volume, ...(outage ? { outage } : {}), logs: entry.logs.slice(0, 50), how: entry.how }
    checks.push(...checksFor(name, events, volume, outage))
    await entry.close()
    await receiver.close()
  }

  console.log('\nResults')
  const head = ['entry', 'events', 'calls/s', 'all delivered (from 1st write)', 'after last write', 'deliveries/s', 'outage events', 'refused', 'lost', 'twice', 'recovered after']
  printTable(
    head,
    Object.entries(results).map(([name, r]) => [
      name,
      int(r.volume.events),
      fmtRps((r.volume.write.ok / (r.volume.write.finishedAt - r.volume.write.startedAt)) * 1000),
      r.volume.missing ? `${int(r.volume.missing)} missing` : secs(r.volume.firstWriteToAllMs),
      secs(r.volume.afterLastWriteMs),
      fmtRps(r.volume.deliveriesPerSecond),
      r.outage ? int(r.outage.events) : '-',
      r.outage ? `${int(r.outage.refused)} (${int(r.outage.refusedEvents)} events)` : '-',
      r.outage ? int(r.outage.missing) : '-',
      r.outage ? int(r.outage.doubleAcks) : '-',
      r.outage && !r.outage.missing ? secs(r.outage.recoveryMs) : '-',
    ]),
  )
  console.log('\nChecks')
  printChecks(checks)

  const resultsDir = join(BENCH_DIR, 'results')
  mkdirSync(resultsDir, { recursive: true })
  const file = join(resultsDir, `webhooks-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`)
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        startedAt: startedAt.toISOString(),
        machine: { node: process.version, cpus: availableParallelism(), model: cpus()[0]?.model ?? null, platform: process.platform, loadAverageAtStart: load0 },
        config: { ...opts, retryScheduleMs: RETRY_SCHEDULE_MS },
        phases,
        results,
        checks,
      },
      null,
      2,
    )}\n`,
  )
  console.log(`\nWrote ${resolve(file)}`)
  process.exit(checks.some((c) => c.pass === false) ? 1 : 0)
}

main().catch((err) => {
  console.error(err)
  process.exit(2)
})
