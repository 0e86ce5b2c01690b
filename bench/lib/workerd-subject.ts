/**
 * The Workers entry as a bench subject (bench/workerd.ts): the Worker as deployed, in workerd on local
 * D1 (worker/local/deployed-worker.ts: wrangler's bundle, wrangler.toml's bindings, migrations, the dev
 * seed, a bare Worker beside it as the floor), plus the same fixture as bench:api, with
 * TESSERA_COUNT_D1=1: D1 calls are counted by the Worker itself (worker/src/db/d1-count.ts), whose
 * isolate totals `/_dev/d1-count` answers; CPU comes from /proc for the workerd process.
 */
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import type { D1Database } from '@cloudflare/workers-types'
import { startDeployedWorker } from '../../worker/local/deployed-worker'
import { phase } from './common'
import { buildFixture, type Fixture, type SqlRunner } from './fixture'
import type { DbCalls, Subject } from './targets'

export const d1Runner = (db: D1Database): SqlRunner => ({
  async rows(sql, args = []) {
    return (await db.prepare(sql).bind(...args).raw()) as (string | number | null)[][]
  },
  async run(sql, args = []) {
    await db.prepare(sql).bind(...args).run()
  },
  async batch(statements) {
    await db.batch(statements.map((s) => db.prepare(s)))
  },
})

/** utime + stime of a process (µs), from /proc (Linux); 0 elsewhere. */
function processCpuUs(pid: number | undefined): number {
  if (!pid) return 0
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // Fields 14 and 15 of stat (utime, stime), counted from field 3 after the command name.
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS
  } catch {
    return 0
  }
}
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
  } catch {
    return 100
  }
})()

/** The workerd process Miniflare started (a child of this process). */
function findWorkerdPid(): number | undefined {
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
        if (name.startsWith('workerd') && ppid === process.pid) return Number(entry)
      } catch {
        // the process ended while we looked
      }
    }
  } catch {
    // no /proc
  }
  return undefined
}

export async function startWorkerdSubject(opts: { participants: number; duration: number; writeSessions?: number; trace?: boolean }) {
  const worker = await startDeployedWorker({ vars: { TESSERA_COUNT_D1: opts.trace ? 'sql' : '1' }, step: phase })
  const runner = d1Runner(worker.db)
  const appUrl = worker.appUrl
  const fx: Fixture = await buildFixture(runner, opts)

  const workerdPid = findWorkerdPid()
  let last: Record<string, number> = {}
  let sql: [string, number][] = []
  const readTotals = async () => {
    const body = (await (await fetch(`${appUrl}/_dev/d1-count${opts.trace ? '?sql' : ''}`)).json()) as Record<string, number> & { sql?: [string, number][] }
    sql = body.sql ?? []
    return body
  }
  last = await readTotals()
  const subject: Subject = {
    name: 'workerd',
    appUrl,
    loadUrl: worker.loadUrl,
    host: worker.host,
    bareUrl: worker.bareUrl,
    floorLabel: 'bare Worker',
    databaseLabel: 'D1',
    async takeDbCalls(): Promise<DbCalls> {
      const now = await readTotals()
      const d = (k: string) => (now[k] ?? 0) - (last[k] ?? 0)
      const calls = { queries: d('queries') + d('execs'), batches: d('batches'), batchStatements: d('batchStatements'), transactions: 0, requests: d('requests') }
      last = now
      return calls
    },
    takeSql: () => sql,
    cpuUs: () => processCpuUs(workerdPid),
  }
  return {
    subject,
    fx,
    runner,
    cpuMeasured: Boolean(workerdPid),
    close: () => worker.close(),
  }
}
