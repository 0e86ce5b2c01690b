import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { getTableColumns, getTableName, is } from 'drizzle-orm'
import { SQLiteTable } from 'drizzle-orm/sqlite-core'
import { describe, expect, it } from 'vitest'
import * as schema from '../src/db/schema'

const SRC = join(__dirname, '../src')
const CHECKED = ['features', 'middleware']

const tenantTables = Object.entries(schema)
  .filter(([, v]) => is(v, SQLiteTable) && getTableColumns(v as SQLiteTable).programId?.notNull === true)
  .map(([name, v]) => ({ name, table: getTableName(v as SQLiteTable) }))

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f)
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : []
  })
}

/**
 * Feature routes and services and the middleware reach tenant tables through programScope() (db/scope.ts), which
 * adds `program_id = ?` to every query. A direct `.from(table)`, `.update(table)`, `.insert(table)`
 * or `.delete(table)` must be scoped by `scope.where(...)` in the same statement, or carry a
 * `tenant-guard: allow` comment saying why it is cross-program.
 */
describe('tenant guard', () => {
  it('finds the tenant tables', () => {
    expect(tenantTables.map((t) => t.name)).toEqual(expect.arrayContaining(['participants', 'challenges', 'rewards', 'pointsLedger']))
  })

  it('has no unscoped query on a tenant table', () => {
    const offenders: string[] = []
    for (const dir of CHECKED) {
      for (const file of files(join(SRC, dir))) {
        const text = readFileSync(file, 'utf8')
        for (const { name } of tenantTables) {
          const re = new RegExp(`\\.(from|update|insert|delete|innerJoin|leftJoin)\\(\\s*${name}\\b`, 'g')
          for (const m of text.matchAll(re)) {
            const statement = text.slice(m.index, text.indexOf('\n\n', m.index) === -1 ? undefined : text.indexOf('\n\n', m.index)).slice(0, 600)
            const line = text.slice(text.lastIndexOf('\n', m.index) + 1, text.indexOf('\n', m.index))
            const viaScope = /(scope|programScope\([^()]*\))\s*$/.test(text.slice(0, m.index))
            const scoped = viaScope || /(scope|programScope\([^)]*\))\.where\(/.test(statement) || m[1] === 'innerJoin' || m[1] === 'leftJoin'
            if (!scoped && !line.includes('tenant-guard: allow')) {
              offenders.push(`${file.replace(SRC, 'src')}: ${line.trim()}`)
            }
          }
        }
      }
    }
    expect(offenders).toEqual([])
  })
})
