/**
 * `npm run bench:import`: a participant import at scale through the console, under the Node entry's
 * in-process runner (the Workers entry runs the same chunks from its queue). A fresh libSQL file with
 * the demo program, a console session as a browser has one, then a CSV of BENCH_IMPORT_LINES data lines
 * (10,000 by default; about one in a thousand bad, each to be reported by line and field), uploaded
 * twice: the second upload of the same file must change nothing. Reports each run's time and lines a
 * second, and checks the outcome (imported and failed counts, one participant per good line). The
 * participant-import test proves the same rules on 2,000 lines on both databases.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { createApp } from '../worker/src/app'
import { openLibsql } from '../worker/src/db/node'
import { participants, programs } from '../worker/src/db/schema'
import { programScope } from '../worker/src/db/scope'
import { seedDemo } from '../worker/src/db/seed'
import { importsSettled } from '../worker/src/features/participants/import-runner'
import { benchDeps, signIn } from './lib/console-session'

const LINES = Number((process.env.BENCH_IMPORT_LINES ?? '10000').replace(/_/g, ''))

/** The file: every 997th line a bad e-mail, every 1,499th a negative points value; tags on every tenth. */
function csv() {
  const rows = ['email,first_name,last_name,points,tags,city']
  let bad = 0
  for (let i = 0; i < LINES; i++) {
    if (i % 997 === 1) {
      rows.push(`not-an-email-${i},Bad,Row,5,,`)
      bad++
    } else if (i % 1499 === 2) {
      rows.push(`import${i}@example.com,First${i},Last${i},-5,,`)
      bad++
    } else rows.push(`import${i}@example.com,First${i},Last${i},${i % 500},${i % 10 === 0 ? '"vip,gold"' : ''},City${i}`)
  }
  return { text: `${rows.join('\r\n')}\r\n`, bad }
}

type Job = { id: number; status: string; total_rows: number; imported_rows: number; failed_rows: number }

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-import-bench-'))
  const { client, db } = await openLibsql(`file:${join(dir, 'import.db')}`)
  await seedDemo(db, { participants: 0 })
  const [demo] = await db.select().from(programs).where(eq(programs.publicKey, 'demo'))
  // Programs, tiers and rewards cached as in production (5 s), as the import reads them per chunk.
  const deps = benchDeps(db)
  const call = await signIn(createApp(deps), db, 'admin@tessera.dev')
  const csrf = ((await (await call('/public/csrf')).json()) as { csrf_token: string }).csrf_token
  const { text, bad } = csv()
  const before = await programScope(db, demo!.id).count(participants)
  const runs: { run: string; seconds: number; linesPerSecond: number; job: Job }[] = []
  for (const run of ['first upload', 'same file again']) {
    const form = new FormData()
    form.set('email', 'replace')
    form.set('points', 'replace')
    form.set('csv_file', new Blob([text], { type: 'text/csv' }), 'members.csv')
    const t0 = performance.now()
    const res = await call(`/admin/v2/programs/${demo!.id}/participants/import`, { method: 'POST', body: form, headers: { 'x-csrf-token': csrf } })
    if (res.status !== 202) throw new Error(`the upload answered ${res.status}: ${await res.text()}`)
    const { data } = (await res.json()) as { data: Job }
    await importsSettled(deps)
    const seconds = (performance.now() - t0) / 1000
    const job = ((await (await call(`/admin/v2/programs/${demo!.id}/participants/imports/${data.id}`)).json()) as { data: Job }).data
    runs.push({ run, seconds, linesPerSecond: LINES / seconds, job })
  }
  const added = (await programScope(db, demo!.id).count(participants)) - before
  const checks = [
    ['every good line imported, each run', runs.every((r) => r.job.status === 'done' && r.job.imported_rows === LINES - bad)],
    ['every bad line reported, each run', runs.every((r) => r.job.failed_rows === bad)],
    ['one participant per good line (the second run adds none)', added === LINES - bad],
  ] as const
  console.log(`Participant import, ${LINES.toLocaleString('en-US')} lines (${bad} bad), Node entry, libSQL file`)
  for (const r of runs) console.log(`  ${r.run.padEnd(18)} ${r.seconds.toFixed(1).padStart(6)} s  ${Math.round(r.linesPerSecond).toLocaleString('en-US').padStart(7)} lines/s  ${r.job.status}, ${r.job.imported_rows} imported, ${r.job.failed_rows} failed`)
  for (const [name, ok] of checks) console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${name}`)
  const resultsDir = join(import.meta.dirname, 'results')
  mkdirSync(resultsDir, { recursive: true })
  const out = join(resultsDir, `import-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
  writeFileSync(out, JSON.stringify({ lines: LINES, bad, runs, added }, null, 2))
  console.log(`\n${out}`)
  client.close()
  rmSync(dir, { recursive: true, force: true })
  process.exit(checks.every(([, ok]) => ok) ? 0 : 1)
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
