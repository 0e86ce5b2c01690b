import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Client } from '@libsql/client'
import { Miniflare } from 'miniflare'
import { drizzle } from 'drizzle-orm/libsql'
import { migrate } from 'drizzle-orm/libsql/migrator'
import { createD1Db, createLibsqlDb, type Db } from '../src/db/client'
import { createLocalLibsqlClient } from '../src/db/libsql-local'
import { MIGRATIONS_DIR, openLibsql } from '../src/db/node'
import { seedDemo } from '../src/db/seed'
import { D1_SERVER_WORKER, remoteD1 } from './d1-remote'
import { migrationStatements } from '../local/deployed-worker'
import { CLOSE_TEST_DATABASES } from './test-database-registry'

/**
 * The database the app-level tests run on (decision 0031): the same test files run twice, once on
 * libSQL (the `node` Vitest project) and once on D1 in workerd through Miniflare (the `d1` project,
 * TESSERA_TEST_DB=d1). A test that passes on one and fails on the other is a bug in the product.
 */
export type TestDatabaseKind = 'libsql' | 'd1'
export const TEST_DATABASE: TestDatabaseKind = process.env.TESSERA_TEST_DB === 'd1' ? 'd1' : 'libsql'
export const onD1 = TEST_DATABASE === 'd1'

/** Where the node project's global setup left the migrated and seeded libSQL template (one file). */
export const LIBSQL_TEMPLATE_ENV = 'TESSERA_LIBSQL_TEMPLATE'
/** Where the d1 project's global setup left the migrated and seeded D1 template (a Miniflare persist dir, one database). */
export const D1_TEMPLATE_ENV = 'TESSERA_D1_TEMPLATE'
const D1_ID = 'tessera-test'
const COMPATIBILITY_DATE = '2026-04-20'

/**
 * A fresh test database with the migrations and the base demo data (no participants), copied from a
 * template the project's global setup migrated and seeded once (test-database-global-setup.ts):
 * copying takes milliseconds where migrating and seeding took 0.5-1 s for each of some 200 apps.
 * On libSQL: a copy of the template file, on one connection without a journal on disk (as fast as
 * memory). On D1: a copy of the D1 template in a slot of the test worker's workerd (a pool of 48,
 * below). `closeTestDatabases` (a setup file, after each test file) removes them. `client` is the
 * libSQL client, or null on D1.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  if (!onD1) {
    const client = await openLibsqlCopy()
    const db = createLibsqlDb(client)
    const execute: Execute = (statement) => client.execute(statement as never) as unknown as Promise<SqlRows>
    const watch: Watch = (listener, onBatch) => {
      const original = client.execute
      const originalBatch = client.batch
      client.execute = ((statement: string | { sql: string }, ...rest: unknown[]) => {
        listener(typeof statement === 'string' ? statement : statement.sql)
        return (original as (...a: unknown[]) => ReturnType<Client['execute']>).call(client, statement, ...rest)
      }) as Client['execute']
      if (onBatch) {
        client.batch = ((statements: (string | { sql: string })[], ...rest: unknown[]) => {
          onBatch(statements.map((s) => (typeof s === 'string' ? s : s.sql)))
          return (originalBatch as (...a: unknown[]) => ReturnType<Client['batch']>).call(client, statements, ...rest)
        }) as Client['batch']
      }
      return () => {
        client.execute = original
        client.batch = originalBatch
      }
    }
    const readMany: ReadMany = async (sqls) => {
      const out: Record<string, unknown>[][] = []
      for (const sql of sqls) {
        const res = await client.execute(sql)
        out.push(res.rows.map((row) => Object.fromEntries(res.columns.map((c, i) => [c, row[i]]))))
      }
      return out
    }
    const rowsWritten = async () => Number((await client.execute('SELECT total_changes() AS n')).rows[0]!.n)
    return { db, client, execute, watch, readMany, rowsWritten }
  }
  const d1 = await d1Slot()
  const execute: Execute = async (statement) => {
    const { sql, args = [] } = typeof statement === 'string' ? { sql: statement } : statement
    const [columns = [], ...values] = (await d1.prepare(sql).bind(...args).raw({ columnNames: true })) as unknown as [string[], ...unknown[][]]
    return { columns, rows: values.map((v) => Object.assign([...v], Object.fromEntries(columns.map((c, i) => [c, v[i]]))) as Row) }
  }
  const watch: Watch = (listener, onBatch) => {
    d1.listeners.add(listener)
    if (onBatch) d1.batchListeners.add(onBatch)
    return () => {
      d1.listeners.delete(listener)
      if (onBatch) d1.batchListeners.delete(onBatch)
    }
  }
  // One D1 batch (one round trip, one consistent read) for many reads.
  const readMany: ReadMany = async (sqls) =>
    sqls.length ? ((await d1.batch(sqls.map((sql) => d1.prepare(sql)))) as { results: Record<string, unknown>[] }[]).map((r) => r.results) : []
  const rowsWritten = async () => d1.written.rows
  return { db: createD1Db(d1), client: null, d1, execute, watch, readMany, rowsWritten }
}

export type TestDatabase = {
  db: Db
  client: Client | null
  /** On D1: the binding itself (prepare, bind, run, first, batch), as the Worker's raw checks use it. */
  d1?: ReturnType<typeof remoteD1>
  execute: Execute
  watch: Watch
  readMany: ReadMany
  /** Rows written so far, triggers included (libSQL's total_changes(); D1's meta.rows_written): a write shows as a change. */
  rowsWritten: () => Promise<number>
}

/** Reads, answered as rows of column-value objects, in order. */
export type ReadMany = (sqls: string[]) => Promise<Record<string, unknown>[][]>

/**
 * Calls `listener` with the SQL of every statement the app runs on its own (not inside a batch), and
 * `onBatch` with the statements of each batch (one round trip); answers the stop.
 */
export type Watch = (listener: (sql: string) => void, onBatch?: (sqls: string[]) => void) => () => void

/** A row as libSQL answers it: by position and by column name. */
export type Row = unknown[] & Record<string, unknown>
export type SqlRows = { columns: string[]; rows: Row[] }
/** Raw SQL on the test database, either driver (for checks below the app: checksums, triggers, counts). */
export type Execute = (statement: string | { sql: string; args?: unknown[] }) => Promise<SqlRows>

/** A workerd serving the D1 databases `ids` (bindings DB, or DB_0 ... DB_n-1) persisted in `dir`. */
async function startD1(dir: string, ids: string[] = [D1_ID]) {
  const mf = new Miniflare({
    modules: true,
    script: D1_SERVER_WORKER,
    compatibilityDate: COMPATIBILITY_DATE,
    d1Databases: ids.length === 1 && ids[0] === D1_ID ? { DB: D1_ID } : Object.fromEntries(ids.map((id, k) => [`DB_${k}`, id])),
    d1Persist: dir,
    unsafeDirectSockets: [{ host: '127.0.0.1', port: 0 }],
  })
  const url = (await mf.unsafeGetDirectURL()).href
  return { mf, url, d1: remoteD1(url) }
}

/**
 * Databases one workerd serves (a pool): a test database on D1 is the next free slot of the test
 * worker's pool, its file a copy of the template put in place before workerd first opens it. One
 * workerd per 48 databases instead of one each: starting one cost about 0.3 s of CPU, for some 600
 * test databases a run. A pool whose slots are all taken is disposed once its last database closes.
 */
export const D1_SLOTS = 48
/** Where the d1 project's global setup left each slot's file name (the name is a hash of its id, found by opening it once). */
export const D1_SLOT_FILES_ENV = 'TESSERA_D1_SLOT_FILES'
const OBJECT_DIR = 'miniflare-D1DatabaseObject'
const slotIds = Array.from({ length: D1_SLOTS }, (_, k) => `${D1_ID}-slot-${k}`)
const sqliteFiles = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite') : [])

/** The file name of each slot's database in a persist dir, in slot order (the global setup, once a run). */
export async function findD1SlotFiles(): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-d1-slots-'))
  const { mf, url } = await startD1(dir, slotIds)
  try {
    const names: string[] = []
    for (let k = 0; k < D1_SLOTS; k++) {
      const before = new Set(sqliteFiles(join(dir, OBJECT_DIR)))
      await remoteD1(url, `DB_${k}`).prepare('SELECT 1').all()
      const added = sqliteFiles(join(dir, OBJECT_DIR)).filter((f) => !before.has(f))
      if (added.length !== 1) throw new Error(`Opening D1 slot ${k} made ${added.length} database files`)
      names.push(added[0]!)
    }
    return names
  } finally {
    await mf.dispose()
    rmSync(dir, { recursive: true, force: true })
  }
}

type Pool = { mf: Miniflare; url: string; dir: string; next: number; open: number }
/** The worker process's pools, on the global object: a file run isolated (a `-mocks` project) loads this module again, and must find them. */
const pools = ((globalThis as Record<symbol, unknown>)[Symbol.for('tessera.d1Pools')] ??= (() => {
  const state = { current: null as Pool | null, retiring: [] as Pool[] }
  // workerd ends with the process (Miniflare's exit hook); its files go with it.
  process.once('exit', () => {
    for (const p of [state.current, ...state.retiring]) if (p) rmSync(p.dir, { recursive: true, force: true })
  })
  return state
})()) as { current: Pool | null; retiring: Pool[] }

/** The next free slot, holding a fresh copy of the template (the template's database file and its WAL). */
async function d1Slot() {
  const template = process.env[D1_TEMPLATE_ENV]
  const files = JSON.parse(process.env[D1_SLOT_FILES_ENV] ?? 'null') as string[] | null
  if (!template || !files) throw new Error(`${D1_TEMPLATE_ENV} or ${D1_SLOT_FILES_ENV} is not set: the d1 project's global setup (worker/test/test-database-global-setup.ts) builds the template`)
  if (!pools.current || pools.current.next >= D1_SLOTS) {
    if (pools.current) pools.retiring.push(pools.current)
    const dir = mkdtempSync(join(tmpdir(), 'tessera-d1-test-'))
    mkdirSync(join(dir, OBJECT_DIR))
    const { mf, url } = await startD1(dir, slotIds)
    pools.current = { mf, url, dir, next: 0, open: 0 }
  }
  const pool = pools.current
  const k = pool.next++
  const [source] = sqliteFiles(join(template, OBJECT_DIR))
  for (const suffix of ['', '-wal', '-shm']) {
    const from = join(template, OBJECT_DIR, `${source}${suffix}`)
    if (existsSync(from)) copyFileSync(from, join(pool.dir, OBJECT_DIR, `${files[k]}${suffix}`))
  }
  pool.open++
  open.push({ pool })
  return remoteD1(pool.url, `DB_${k}`)
}

const open: { pool?: Pool; client?: Client; dir?: string }[] = []
;(globalThis as Record<symbol, unknown>)[CLOSE_TEST_DATABASES] = () => closeTestDatabases()

/** Closes the databases this test file opened (on D1, gives back their slots: a full pool with none left open is disposed) and removes their files. */
export async function closeTestDatabases() {
  const all = open.splice(0)
  for (const { pool: p } of all) if (p) p.open--
  for (const p of pools.retiring.splice(0)) {
    if (p.open > 0) pools.retiring.push(p)
    else {
      await p.mf.dispose().catch(() => {})
      rmSync(p.dir, { recursive: true, force: true })
    }
  }
  for (const { client } of all) client?.close()
  for (const { dir } of all) if (dir) rmSync(dir, { recursive: true, force: true })
}

/** The libSQL template copied, or (a file run without the project's global setup) migrated and seeded in memory. */
async function openLibsqlCopy(): Promise<Client> {
  const template = process.env[LIBSQL_TEMPLATE_ENV]
  if (!template) {
    const { client, db } = await openLibsql(':memory:')
    await seedDemo(db, { participants: 0 })
    return client
  }
  const dir = mkdtempSync(join(tmpdir(), 'tessera-libsql-test-'))
  const path = join(dir, 'test.db')
  copyFileSync(template, path)
  const client = createLocalLibsqlClient(`file:${path}`)
  // A throwaway copy: no fsync and the rollback journal in memory, like the in-memory database it replaces.
  await client.execute('PRAGMA journal_mode = MEMORY')
  await client.execute('PRAGMA synchronous = OFF')
  await client.execute('PRAGMA foreign_keys = ON')
  open.push({ client, dir })
  return client
}

/** Builds the libSQL template file at `path`: migrated and seeded, everything in the one file. */
export async function buildLibsqlTemplate(path: string) {
  // One connection and a rollback journal (no WAL and no background checkpointer, as openLibsql sets up
  // for a served file): when it closes, the one file is the whole database.
  const client = createLocalLibsqlClient(`file:${path}`)
  await client.execute('PRAGMA foreign_keys = ON')
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR })
  await seedDemo(createLibsqlDb(client), { participants: 0 })
  client.close()
}

/** Builds the D1 template in `dir`: the migrations as wrangler applies them, then the base demo data. */
export async function buildD1Template(dir: string) {
  const { mf, d1 } = await startD1(dir)
  try {
    for (const { statements } of migrationStatements()) await d1.batch(statements.map((s) => d1.prepare(s)))
    await seedDemo(createD1Db(d1), { participants: 0 })
  } finally {
    await mf.dispose()
  }
}
