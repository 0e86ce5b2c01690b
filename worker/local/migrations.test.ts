import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { D1Database } from '@cloudflare/workers-types'
import { Miniflare } from 'miniflare'
import { afterAll, describe, expect, it } from 'vitest'
import { applyPendingMigrations, migrateLocalD1, migrationStatements } from './deployed-worker'

/**
 * npm start's local D1 (worker/local/start-workerd.ts) is migrated by the server itself, keeping the
 * `d1_migrations` table `wrangler d1 migrations apply` keeps, so `npm start -- --wrangler` and wrangler's
 * own command see the same state: each file once, in order, and only the ones a database lacks.
 */
describe('the local D1 migrations npm start applies', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-migrations-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const files = migrationStatements().map((m) => m.file)

  it('applies every file once into a new state folder, then none on the next start', async () => {
    expect(await migrateLocalD1(dir)).toEqual(files)
    expect(await migrateLocalD1(dir)).toEqual([])
  })

  it('keeps wrangler’s d1_migrations rows, and applies only the files a database lacks', async () => {
    const mf = new Miniflare({ modules: true, script: 'export default {}', d1Databases: { DB: 'x' } })
    try {
      const db = (await mf.getD1Database('DB')) as unknown as D1Database
      // A database wrangler migrated up to the second-to-last file.
      await db.prepare('CREATE TABLE d1_migrations(id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)').run()
      for (const { file, statements } of migrationStatements().slice(0, -1))
        await db.batch([...statements.map((s) => db.prepare(s)), db.prepare('INSERT INTO d1_migrations (name) VALUES (?)').bind(file)])
      expect(await applyPendingMigrations(db)).toEqual([files.at(-1)])
      const rows = (await db.prepare('SELECT name FROM d1_migrations ORDER BY id').all<{ name: string }>()).results.map((r) => r.name)
      expect(rows).toEqual(files)
    } finally {
      await mf.dispose()
    }
  })
})
