import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getTableName, is } from 'drizzle-orm'
import { SQLiteTable } from 'drizzle-orm/sqlite-core'
import { describe, expect, it } from 'vitest'
import { MIGRATIONS_DIR, openLibsql } from '../src/db/node'
import * as schema from '../src/db/schema'

describe('migrations', () => {
  it('apply cleanly to an empty libSQL file, twice, and create every schema table', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-mig-'))
    const url = `file:${join(dir, 'fresh.db')}`
    const first = await openLibsql(url)
    first.client.close()
    const { client } = await openLibsql(url) // re-running applies nothing new and does not fail
    const rows = await client.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'trigger')")
    const names = rows.rows.map((r) => String(r.name))
    const tables = Object.values(schema)
      .filter((v) => is(v, SQLiteTable))
      .map((t) => getTableName(t as SQLiteTable))
    expect(names).toEqual(expect.arrayContaining([...tables, 'points_ledger_apply']))
    const journal = await client.execute('SELECT count(*) AS n FROM __drizzle_migrations')
    expect(Number(journal.rows[0]!.n)).toBe(readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).length)
    client.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('lists every SQL file in the journal, so wrangler and the Node runner apply the same set', () => {
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] }
    const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).map((f) => f.replace(/\.sql$/, ''))
    expect(journal.entries.map((e) => e.tag)).toEqual(files.sort())
  })
})
