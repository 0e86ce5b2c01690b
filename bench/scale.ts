/**
 * `npm run bench:scale` (issue 26, decision 0041): does one brand's burst of writes slow another brand
 * down, with the two programs on one database and on two? The demo program takes bench:api's challenge
 * submits (one write batch each) while Tessera Links serves its participants' own reads; the bench
 * reports Links' p99 alone and under the demo program's writes, with 1 shard (both programs in one
 * libSQL file) and with 2 (Links on its own file), on the Node entry.
 *
 *   BENCH_DURATION=10 npm run bench:scale
 *
 * Then the same on the Workers entry (workerd on local D1, SHARD_2 bound for the second run);
 * `BENCH_ENTRIES=node` or `=workerd` runs one. On this 2-core machine the load generator, the server and
 * SQLite share two cores: what a second shard removes is the one writer and the one file both programs
 * queue on, not the CPU. docs/scale.md reads the figures.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SESSION_MODE_HEADER } from '../sdk/contract/paths'
import { openLibsql } from '../worker/src/db/node'
import { seedShardedDemo, shardUrl } from '../worker/src/features/shards'
import { startNodeServer } from '../worker/src/node'
import { fmtLat, fmtRps, load, num } from './lib/common'
import { printTable } from './lib/targets'
import { buildFixture, sessionsFor, type SqlRunner } from './lib/fixture'
import { libsqlRunner } from './lib/node-subject'
import { d1Runner } from './lib/workerd-subject'
import type { D1Database } from '@cloudflare/workers-types'
import { startDeployedWorker } from '../worker/local/deployed-worker'
import type { LoadResult } from './load'

const duration = num('BENCH_DURATION', 10)
const connections = num('BENCH_CONNECTIONS', 20)

/** Token sessions for Links' seeded participants, written on the database that holds Links. */
async function linksTokens(db: SqlRunner): Promise<string[]> {
  const program = Number((await db.rows("SELECT id FROM programs WHERE public_key = 'links'"))[0]![0])
  const ids = (await db.rows('SELECT id FROM participants WHERE program_id = ?', [program])).map((r) => Number(r[0]))
  return sessionsFor(db, program, ids, Date.now() + 86_400_000)
}

type Row = { shards: number; alone: LoadResult; loaded: LoadResult; writes: LoadResult; size?: { seeded: number; participants: number; actions: number; afterParticipants: number; afterActions: number } }

/**
 * The two loads against a server at `base` (its `host`): Links' reads alone, then the same reads while the
 * demo program takes challenge submits.
 */
async function measure(base: string, host: string, readers: string[], submitTokens: string[]) {
  const read = (seconds: number) =>
    load({ url: base, method: 'GET', path: '/public/participant', headers: { host, 'x-program-key': 'links', [SESSION_MODE_HEADER]: 'token' }, tokens: readers, cycleTokens: true, duration: seconds, connections, warmup: 1 })
  const alone = await read(duration)
  const [writes, loaded] = await Promise.all([
    load({
      url: base,
      method: 'POST',
      path: '/public/challenges/submit',
      headers: { host, 'content-type': 'application/json', [SESSION_MODE_HEADER]: 'token' },
      body: JSON.stringify({ challenge_id: 'daily-brew-tip' }),
      tokens: submitTokens,
      duration: duration + 2,
      connections,
      warmup: 0,
    }),
    new Promise<LoadResult>((r) => setTimeout(r, 1000)).then(() => read(duration)),
  ])
  return { alone, loaded, writes }
}

/**
 * The Workers entry (workerd on local D1, as deployed: worker/local/deployed-worker.ts), with Links on
 * SHARD_2 when there are two. Each D1 database here is a local SQLite file behind workerd; on Cloudflare
 * each is its own server, which is where a second shard removes the shared writer.
 */
async function runWorkerd(shards: number): Promise<Row> {
  const worker = await startDeployedWorker({ shards, bare: false })
  try {
    const linksDb = shards > 1 ? ((await worker.mf.getD1Database(`SHARD_${shards}`, 'tessera')) as unknown as D1Database) : worker.db
    const fx = await buildFixture(d1Runner(worker.db), { participants: WORKERD_PARTICIPANTS, duration })
    const readers = await linksTokens(d1Runner(linksDb))
    return { shards, ...(await measure(worker.loadUrl, worker.host, readers, fx.submitTokens)) }
  } finally {
    await worker.close()
  }
}
/** Fewer bulk participants than the Node half: the fixture's inserts go through D1's binding one batch at a time. */
const WORKERD_PARTICIPANTS = num('BENCH_WORKERD_PARTICIPANTS', 5_000)

/** The control database file's size with its WAL folded in. */
async function sizeOf(url: string): Promise<number> {
  const { client } = await openLibsql(url, { migrate: false })
  await client.execute('PRAGMA wal_checkpoint(TRUNCATE)')
  client.close()
  return statSync(url.slice('file:'.length)).size
}
const count = async (url: string, sql: string) => {
  const { client } = await openLibsql(url, { migrate: false })
  const n = Number((await client.execute(sql)).rows[0]![0])
  client.close()
  return n
}

async function run(shards: number): Promise<Row> {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-scale-'))
  const url = `file:${join(dir, 'scale.db')}`
  try {
    const opened = await Promise.all(Array.from({ length: shards }, (_, i) => openLibsql(shardUrl(url, i + 1, {}))))
    await seedShardedDemo(opened.map((o) => o.db))
    for (const o of opened) o.client.close()
    const seeded = await sizeOf(url)
    const before = await count(url, 'SELECT count(*) FROM participants')
    const fixture = await openLibsql(url, { migrate: false })
    const fx = await buildFixture(libsqlRunner(fixture.client), { participants: 20_000, duration })
    fixture.client.close()
    const afterParticipants = await sizeOf(url)
    const participants = (await count(url, 'SELECT count(*) FROM participants')) - before
    const actionsBefore = await count(url, 'SELECT count(*) FROM participant_actions')
    const linksDb = await openLibsql(shardUrl(url, shards, {}), { migrate: false })
    const readers = await linksTokens(libsqlRunner(linksDb.client))
    linksDb.client.close()
    const server = await startNodeServer({ port: 0, quiet: true, databaseUrl: url, shards, env: { ENVIRONMENT: 'development' } })
    try {
      const { alone, loaded, writes } = await measure(`http://127.0.0.1:${server.port}`, `localhost:${server.port}`, readers, fx.submitTokens)
      await server.close()
      const afterActions = await sizeOf(url)
      const actions = (await count(url, 'SELECT count(*) FROM participant_actions')) - actionsBefore
      return { shards, alone, loaded, writes, size: { seeded, participants, actions, afterParticipants, afterActions } }
    } catch (err) {
      await server.close()
      throw err
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const entries = (process.env.BENCH_ENTRIES ?? 'node,workerd').split(',')
const rows: Row[] = []
if (entries.includes('node')) for (const shards of [1, 2]) rows.push(await run(shards))
const workerdRows: Row[] = []
if (entries.includes('workerd')) for (const shards of [1, 2]) workerdRows.push(await runWorkerd(shards))

const table = (title: string, list: Row[]) => {
  if (!list.length) return
  console.log(`\nbench:scale, ${title}, ${duration} s per run, ${connections} connections each`)
  printTable(
    ['shards', 'Links reads alone: req/s, p99', 'Links reads under the demo writes: req/s, p99', 'demo submits: 2xx/s, p99'],
    list.map((r) => [
      String(r.shards),
      `${fmtRps(r.alone.rps)}, ${fmtLat(r.alone.p99)}`,
      `${fmtRps(r.loaded.rps)}, ${fmtLat(r.loaded.p99)}${r.loaded.non2xx + r.loaded.errors ? ` (${r.loaded.non2xx + r.loaded.errors} failed)` : ''}`,
      `${fmtRps(r.writes.ok / (duration + 2))}, ${fmtLat(r.writes.p99)}${r.writes.non2xx + r.writes.errors ? ` (${r.writes.non2xx + r.writes.errors} failed)` : ''}`,
    ]),
  )
}
table('Node entry (libSQL)', rows)
table('Workers entry (workerd, local D1)', workerdRows)
const last = rows.at(-1)?.size
if (last) {
  const perParticipant = (last.afterParticipants - last.seeded) / last.participants
  const perAction = (last.afterActions - last.afterParticipants) / Math.max(1, last.actions)
  console.log(
    `\nSize (control database, WAL folded in): ${last.participants.toLocaleString('en-US')} participants added ${((last.afterParticipants - last.seeded) / 1e6).toFixed(1)} MB ` +
      `(${Math.round(perParticipant)} bytes each: ${((perParticipant * 1e6) / 1e9).toFixed(2)} GB per million); ${last.actions.toLocaleString('en-US')} challenge completions added ` +
      `${((last.afterActions - last.afterParticipants) / 1e6).toFixed(1)} MB (${Math.round(perAction)} bytes each, with their ledger rows and rollups: ${((perAction * 1e6) / 1e9).toFixed(2)} GB per million)`,
  )
}
for (const r of [...rows, ...workerdRows]) if (r.alone.non2xx + r.alone.errors + r.loaded.non2xx + r.loaded.errors) process.exitCode = 1
