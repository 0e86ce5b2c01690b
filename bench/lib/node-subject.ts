/**
 * The Node entry as a bench subject: a fresh libSQL file (WAL, through openLibsql) with migrations,
 * `seedDemo` and the fixture; `startNodeServer` in this process (ENVIRONMENT=development, caches at their
 * default 5 s); a bare Hono app on another port (`/hello`, and `/one-read`: one primary-key read through
 * the server's own libSQL client); the server's round trips to libSQL counted on its client.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import type { Client, InStatement } from '@libsql/client'
import { Hono } from 'hono'
import { openLibsql } from '../../worker/src/db/node'
import { seedDemo } from '../../worker/src/db/seed'
import { startNodeServer } from '../../worker/src/node'
import { phase } from './common'
import { buildFixture, type Fixture, type SqlRunner } from './fixture'
import type { DbCalls, Subject } from './targets'

export const libsqlRunner = (client: Client): SqlRunner => ({
  async rows(sql, args = []) {
    const { rows, columns } = await client.execute({ sql, args })
    return rows.map((r) => columns.map((_, i) => r[i] as string | number | null))
  },
  async run(sql, args = []) {
    await client.execute({ sql, args })
  },
  async batch(statements) {
    await client.batch(statements, 'write')
  },
})

/** Builds the database and the fixture (phases printed), then starts the servers. */
export async function startNodeSubject(opts: { participants: number; duration: number; writeSessions?: number }) {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-bench-'))
  const url = `file:${join(dir, 'bench.db')}`
  console.log(`Database ${url}`)
  const opened = await phase('open + migrate (libSQL)', () => openLibsql(url))
  await phase('seedDemo', () => seedDemo(opened.db))
  const fx: Fixture = await buildFixture(libsqlRunner(opened.client), opts)
  await opened.client.execute('PRAGMA wal_checkpoint(TRUNCATE)')
  opened.client.close()

  const server = await phase('startNodeServer', () => startNodeServer({ port: 0, quiet: true, databaseUrl: url, env: { ENVIRONMENT: 'development' } }))
  const client = (server.deps.db as unknown as { $client: Client }).$client
  const dbCalls = countDbCalls(client)
  const bare = new Hono()
  bare.get('/hello', (c) => c.text('hi'))
  bare.get('/one-read', async (c) => {
    const id = 1 + Math.floor(Math.random() * fx.maxParticipantId)
    const { rows } = await client.execute({ sql: 'SELECT id, email FROM participants WHERE id = ?', args: [id] })
    return c.json(rows[0] ?? null)
  })
  const bareServer = serve({ fetch: bare.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise<void>((r) => bareServer.once('listening', () => r()))
  const barePort = (bareServer.address() as { port: number }).port
  const subject: Subject = {
    name: 'node',
    // The demo program answers on localhost in development (the Host header), like the site in a browser.
    appUrl: `http://localhost:${server.port}`,
    loadUrl: `http://127.0.0.1:${server.port}`,
    host: `localhost:${server.port}`,
    bareUrl: `http://127.0.0.1:${barePort}`,
    floorLabel: 'bare Hono',
    databaseLabel: 'libSQL',
    takeDbCalls: async () => dbCalls.take(),
    takeSql: () => dbCalls.takeSql(),
    cpuUs: () => {
      const u = process.cpuUsage()
      return u.user + u.system
    },
  }
  return {
    subject,
    fx,
    /** The database as the server sees it, for reading back what the writes did. */
    runner: libsqlRunner(client),
    url,
    async close(keep = false) {
      await new Promise<void>((r) => bareServer.close(() => r()))
      await server.close()
      if (!keep) rmSync(dir, { recursive: true, force: true })
    },
  }
}

/**
 * Counts the server's round trips to libSQL (drizzle calls client.execute for a query and
 * client.batch for db.batch). With BENCH_TRACE=1 it also tallies the SQL text, to see which queries
 * a request runs.
 */
function countDbCalls(client: Client) {
  const calls: DbCalls = { queries: 0, batches: 0, batchStatements: 0, transactions: 0 }
  const sqlSeen = new Map<string, number>()
  const trace = process.env.BENCH_TRACE === '1'
  const note = (stmt: InStatement) => {
    if (!trace) return
    const text = typeof stmt === 'string' ? stmt : stmt.sql
    sqlSeen.set(text, (sqlSeen.get(text) ?? 0) + 1)
  }
  const execute = client.execute.bind(client)
  const batch = client.batch.bind(client)
  const transaction = client.transaction.bind(client)
  Object.assign(client, {
    execute: (stmt: InStatement, args?: never) => {
      calls.queries++
      note(stmt)
      return args === undefined ? execute(stmt) : execute(stmt as string, args)
    },
    batch: (stmts: InStatement[], mode?: never) => {
      calls.batches++
      calls.batchStatements += stmts.length
      for (const s of stmts) note(s)
      return batch(stmts, mode)
    },
    transaction: (mode?: never) => {
      calls.transactions++
      return transaction(mode)
    },
  })
  return {
    take(): DbCalls {
      const out = { ...calls }
      calls.queries = calls.batches = calls.batchStatements = calls.transactions = 0
      return out
    },
    takeSql(): [string, number][] {
      const out = [...sqlSeen.entries()].sort((a, b) => b[1] - a[1])
      sqlSeen.clear()
      return out
    },
  }
}
