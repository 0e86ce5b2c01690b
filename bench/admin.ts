/**
 * `npm run bench:admin`: the console dashboard at scale. One run:
 *
 * 1. builds a libSQL file (migrations, `seedDemo` without participants) and fills the demo program
 *    with BENCH_PARTICIPANTS (1,000,000) participants and BENCH_ACTIONS (10,000,000) actions over two
 *    years, inside SQLite (bench/admin-data.ts), rollups by migration 0011's own backfill SQL;
 * 2. signs in the seeded super admin through the real app (one-time code from the dev mailbox);
 * 3. times every dashboard endpoint, the program economics report and its blocks, the participants
 *    page (sorted by points, one tag, active) and
 *    the full participants.csv and actions.csv exports through `app.request`, in this process,
 *    sequentially: BENCH_RUNS (30) runs after 3 warm-ups, p50/p95; for the exports the total time,
 *    the time to the first byte and the peak RSS while the file streams;
 * 4. prints a table with PASS/FAIL (dashboard and economics JSON < 300 ms p95, participants page < 100 ms p95) and
 *    writes bench/results/admin-<timestamp>.json.
 *
 * Environment: BENCH_PARTICIPANTS, BENCH_ACTIONS, BENCH_VISITS (1,000,000), BENCH_RUNS, BENCH_DB (a
 * file path; with BENCH_REUSE=1 and an existing file the build is skipped), BENCH_KEEP_DB=1.
 * Not part of `npm test`.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { eq } from 'drizzle-orm'
import { createApp } from '../worker/src/app'
import { openLibsql } from '../worker/src/db/node'
import { programs } from '../worker/src/db/schema'
import { seedDemo } from '../worker/src/db/seed'
import { buildAdminData } from './admin-data'
import { benchDeps, signIn } from './lib/console-session'

const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]!.replace(/_/g, '')) : fallback)
const log = (line: string) => console.log(line)

async function openDatabase() {
  const dir = process.env.BENCH_DB ? null : mkdtempSync(join(tmpdir(), 'tessera-admin-bench-'))
  const file = process.env.BENCH_DB ? resolve(process.env.BENCH_DB) : join(dir!, 'admin.db')
  const reuse = process.env.BENCH_REUSE === '1' && existsSync(file)
  const { client, db } = await openLibsql(`file:${file}`)
  const [demo] = await db.select().from(programs).where(eq(programs.publicKey, 'demo'))
  if (reuse && demo) {
    log(`Reusing ${file}`)
    return { client, db, file, dir, programId: demo.id }
  }
  const t0 = performance.now()
  log(`Building ${file}`)
  await seedDemo(db, { participants: 0 })
  const [program] = await db.select().from(programs).where(eq(programs.publicKey, 'demo'))
  await buildAdminData(client, {
    programId: program!.id,
    participants: num('BENCH_PARTICIPANTS', 1_000_000),
    actions: num('BENCH_ACTIONS', 10_000_000),
    visits: num('BENCH_VISITS', 1_000_000),
    now: Date.now(),
    log,
  })
  log(`  ${'total'.padEnd(52)} ${((performance.now() - t0) / 1000).toFixed(1).padStart(7)} s\n`)
  return { client, db, file, dir, programId: program!.id }
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

type Row = { name: string; path: string; status: number; p50: number; p95: number; limit: number | null; note?: string }

async function timeJson(call: Awaited<ReturnType<typeof signIn>>, name: string, path: string, limit: number | null, runs: number): Promise<Row> {
  let status = 0
  const times: number[] = []
  for (let i = 0; i < runs + 3; i++) {
    const t0 = performance.now()
    const res = await call(path)
    await res.arrayBuffer()
    const ms = performance.now() - t0
    status = res.status
    if (i >= 3) times.push(ms)
    if (res.status === 404) break
  }
  times.sort((a, b) => a - b)
  return { name, path, status, p50: times.length ? pct(times, 50) : NaN, p95: times.length ? pct(times, 95) : NaN, limit, ...(status === 404 ? { note: 'not built yet (404)' } : {}) }
}

/** A full export: total time, first byte, bytes, and the peak RSS of this process while it streams. */
async function timeExport(call: Awaited<ReturnType<typeof signIn>>, path: string) {
  global.gc?.()
  const before = process.memoryUsage().rss
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10)
  const t0 = performance.now()
  const res = await call(path)
  let firstByte = NaN
  let bytes = 0
  let lines = 0
  const reader = res.body!.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    if (Number.isNaN(firstByte)) firstByte = performance.now() - t0
    bytes += value.byteLength
    for (const b of value) if (b === 10) lines++
    peak = Math.max(peak, process.memoryUsage().rss)
  }
  clearInterval(sampler)
  return { path, status: res.status, seconds: (performance.now() - t0) / 1000, firstByteMs: firstByte, bytes, rows: Math.max(0, lines - 1), rssBeforeMb: before / 2 ** 20, rssPeakMb: peak / 2 ** 20 }
}

async function main() {
  const runs = num('BENCH_RUNS', 30)
  const { client, db, file, dir, programId } = await openDatabase()
  const counts = (await client.execute({ sql: 'SELECT (SELECT count(*) FROM participants WHERE program_id = ?) p, (SELECT count(*) FROM participant_actions WHERE program_id = ?) a', args: [programId, programId] })).rows[0]!
  log(`Program ${programId}: ${Number(counts.p).toLocaleString('en-US')} participants, ${Number(counts.a).toLocaleString('en-US')} actions\n`)

  const deps = benchDeps(db)
  const app = createApp(deps)
  const call = await signIn(app, db, 'admin@tessera.dev')
  const d = `/admin/v2/programs/${programId}/dashboard`
  const dashboard: [string, string][] = [
    ['program_performance_metrics', `${d}/program_performance_metrics`],
    ['users_growth', `${d}/users_growth`],
    ['top_users_all_time', `${d}/top_users_all_time`],
    ['top_users_this_month', `${d}/top_users_this_month`],
    ['latest_users', `${d}/latest_users`],
    ['latest_actions', `${d}/latest_actions`],
    ['actions (rewards, page 1)', `${d}/actions?type=rewards&columnFilters[actionable_type]=Reward`],
    ['actions (challenges, page 50)', `${d}/actions?type=challenges&columnFilters[actionable_type]=Challenge&page=50`],
    ['actions (all, page 1)', `${d}/actions`],
  ]
  // Program economics (issue 27): the whole report and each block, for the default twelve months and for
  // two years; each must stay under 300 ms like the dashboard's blocks.
  const e = `/admin/v2/programs/${programId}/economics`
  const twoYears = `from=${new Date(Date.now() - 729 * 86_400_000).toISOString().slice(0, 10)}`
  const economics: [string, string][] = [
    ['economics (whole report, 12 months)', e],
    ['economics (whole report, 2 years)', `${e}?${twoYears}`],
    ...(['summary', 'earn_burn', 'forecast', 'participation', 'retention', 'tiers'] as const).map((b): [string, string] => [`economics/${b} (2 years)`, `${e}/${b}?${twoYears}`]),
    ['economics/retention.csv (2 years)', `${e}/retention.csv?${twoYears}`],
  ]
  const rows: Row[] = []
  for (const [name, path] of dashboard) rows.push(await timeJson(call, name, path, 300, runs))
  for (const [name, path] of economics) rows.push(await timeJson(call, name, path, 300, runs))
  rows.push(await timeJson(call, 'participants page (points desc, tag, active)', `/admin/v2/programs/${programId}/participants?sort=points&order=desc&tag=vip&status=active`, 100, runs))

  log(`${'endpoint'.padEnd(48)}${'status'.padStart(7)}${'p50 ms'.padStart(10)}${'p95 ms'.padStart(10)}${'target'.padStart(9)}  result`)
  for (const r of rows) {
    const result = r.status !== 200 ? (r.note ?? `HTTP ${r.status}`) : r.limit === null ? 'info' : r.p95 < r.limit ? 'PASS' : 'FAIL'
    log(`${r.name.padEnd(48)}${String(r.status).padStart(7)}${r.p50.toFixed(1).padStart(10)}${r.p95.toFixed(1).padStart(10)}${(r.limit ? `<${r.limit}` : '-').padStart(9)}  ${result}`)
  }

  const exports = [await timeExport(call, `/admin/v2/programs/${programId}/participants.csv`), await timeExport(call, `${d}/actions.csv?type=rewards`)]
  log('\nExports (streamed)')
  for (const e of exports) {
    const what = e.status === 200 ? `${e.rows.toLocaleString('en-US')} rows, ${(e.bytes / 2 ** 20).toFixed(0)} MB in ${e.seconds.toFixed(1)} s, first byte ${e.firstByteMs.toFixed(0)} ms` : `HTTP ${e.status}${e.status === 404 ? ' (not built yet)' : ''}`
    log(`  ${e.path.replace(/\/admin\/v2\/programs\/\d+/, '')}: ${what}; RSS ${e.rssBeforeMb.toFixed(0)} MB before, ${e.rssPeakMb.toFixed(0)} MB peak`)
  }

  const resultsDir = join(import.meta.dirname, 'results')
  mkdirSync(resultsDir, { recursive: true })
  const out = join(resultsDir, `admin-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
  writeFileSync(out, JSON.stringify({ participants: Number(counts.p), actions: Number(counts.a), rows, exports }, null, 2))
  log(`\n${out}`)
  client.close()
  if (dir && process.env.BENCH_KEEP_DB !== '1') rmSync(dir, { recursive: true, force: true })
  else log(`Database kept: ${file}`)
  process.exit(0)
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
