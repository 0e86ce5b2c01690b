import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { D1Database } from '@cloudflare/workers-types'
import { Miniflare } from 'miniflare'
import { afterAll, describe, expect, it } from 'vitest'
import { applyPendingMigrations, d1Bindings, d1Databases, declaredShardCount, migrateLocalD1, migrationStatements, startDeployedWorker } from './deployed-worker'
import { NEWEST_MIGRATION } from '../src/db/migration-check'

/**
 * npm start's local D1 (worker/local/start-workerd.ts) is migrated by the server itself, keeping the
 * `d1_migrations` table `wrangler d1 migrations apply` keeps, so `npm start -- --wrangler` and wrangler's
 * own command see the same state: each file once, in order, all or nothing, and only the files a
 * database lacks. Three small migrations stand in for the repository's (which every start of the
 * crash test and of npm start applies for real).
 */
const MIGRATIONS = [
  { file: '0000_a.sql', statements: ['CREATE TABLE a (id INTEGER PRIMARY KEY)', 'INSERT INTO a (id) VALUES (1)'] },
  { file: '0001_b.sql', statements: ['CREATE TABLE b (id INTEGER PRIMARY KEY)'] },
  { file: '0002_c.sql', statements: ['ALTER TABLE b ADD COLUMN name TEXT'] },
]
const WRANGLER_TABLE = 'CREATE TABLE d1_migrations(id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)'

describe('the local D1 migrations npm start applies', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-migrations-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('reads the repository’s migrations in journal order, as wrangler names them', () => {
    const files = migrationStatements().map((m) => m.file)
    expect(files.length).toBeGreaterThan(30)
    expect(files).toEqual(readdirSync(join(__dirname, '../../migrations')).filter((f) => f.endsWith('.sql')).sort())
  })

  it('applies every file once into a new state folder (wrangler’s layout), then none on the next start', async () => {
    expect(await migrateLocalD1(dir, MIGRATIONS)).toEqual(MIGRATIONS.map((m) => m.file))
    expect(readdirSync(join(dir, 'v3', 'd1', 'miniflare-D1DatabaseObject')).some((f) => f.endsWith('.sqlite'))).toBe(true)
    expect(await migrateLocalD1(dir, MIGRATIONS)).toEqual([])
  })

  it('keeps wrangler’s d1_migrations rows, applies only the files a database lacks, and none of a failing file', async () => {
    const mf = new Miniflare({ modules: true, script: 'export default {}', d1Databases: { DB: 'x' } })
    try {
      const db = (await mf.getD1Database('DB')) as unknown as D1Database
      // A database wrangler migrated up to the first file.
      await db.prepare(WRANGLER_TABLE).run()
      await db.batch([db.prepare(MIGRATIONS[0]!.statements[0]!), db.prepare("INSERT INTO d1_migrations (name) VALUES ('0000_a.sql')")])
      expect(await applyPendingMigrations(db, MIGRATIONS)).toEqual(['0001_b.sql', '0002_c.sql'])
      const names = async () => (await db.prepare('SELECT name FROM d1_migrations ORDER BY id').all<{ name: string }>()).results.map((r) => r.name)
      expect(await names()).toEqual(MIGRATIONS.map((m) => m.file))
      // A file that fails part-way leaves neither its changes nor its row.
      const broken = [...MIGRATIONS, { file: '0003_d.sql', statements: ['CREATE TABLE d (id INTEGER)', 'INSERT INTO nowhere VALUES (1)'] }]
      await expect(applyPendingMigrations(db, broken)).rejects.toThrow(/nowhere/)
      expect(await names()).toEqual(MIGRATIONS.map((m) => m.file))
      expect((await db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'd'").first<{ n: number }>())!.n).toBe(0)
    } finally {
      await mf.dispose()
    }
  })

  it('migrates every D1 binding wrangler.toml declares, shards included (npm run db:migrate -- --remote)', () => {
    const toml = ['[[d1_databases]]', 'binding = "DB"', 'database_id = "a"', '', '[[r2_buckets]]', 'binding = "FILES"', '', '[[d1_databases]]', 'binding = "SHARD_2"', 'database_id = "b"'].join('\n')
    expect(d1Bindings(toml)).toEqual(['DB', 'SHARD_2'])
    expect([declaredShardCount(toml), declaredShardCount(toml.replace('SHARD_2', 'SHARD_3')), declaredShardCount('')]).toEqual([2, 1, 1])
    expect(d1Databases(toml)).toEqual([
      { binding: 'DB', databaseId: 'a' },
      { binding: 'SHARD_2', databaseId: 'b' },
    ])
    expect(d1Bindings(readFileSync(join(__dirname, '../../wrangler.toml'), 'utf8'))).toEqual(['DB'])
  })

  it('migrates a shard beside DB in the same state folder, as npm start -- --shards 2 binds it', async () => {
    expect(await migrateLocalD1(dir, MIGRATIONS, 'SHARD_2')).toEqual(MIGRATIONS.map((m) => m.file))
    expect(await migrateLocalD1(dir, MIGRATIONS, 'SHARD_2')).toEqual([])
  })

  it('a Worker on a D1 without the newest migration refuses every request, naming it, and serves once it is applied', { timeout: 120_000 }, async () => {
    const behind = mkdtempSync(join(tmpdir(), 'tessera-behind-'))
    const all = migrationStatements()
    expect(all.at(-1)!.file).toBe(NEWEST_MIGRATION)
    await migrateLocalD1(behind, all.slice(0, -1))
    const worker = await startDeployedWorker({ persistTo: behind, bare: false, prepare: false })
    try {
      const res = await fetch(`${worker.appUrl}/healthz`)
      expect(res.status).toBe(503)
      const body = (await res.json()) as { error: { code: string; message: string } }
      expect(body.error.code).toBe('database_behind')
      expect(body.error.message).toContain(NEWEST_MIGRATION)
      expect(body.error.message).toContain('npm run db:migrate')
      expect((await fetch(`${worker.appUrl}/healthz`)).status).toBe(503)
      expect(await applyPendingMigrations(worker.db, all)).toEqual([NEWEST_MIGRATION])
      // Asked again on every request while behind: the next one is served.
      expect((await fetch(`${worker.appUrl}/healthz`)).status).toBe(200)
    } finally {
      await worker.close()
      rmSync(behind, { recursive: true, force: true })
    }
  })
})
