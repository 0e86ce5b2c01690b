import type { SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Db } from './client'
import { batch } from './batch'

/** D1 allows at most 100 bound parameters per statement: multi-row inserts are chunked to fit. */
export async function insertChunked<T extends SQLiteTable>(db: Db, table: T, rows: T['$inferInsert'][]) {
  if (!rows.length) return
  // Count what drizzle really binds for one row: omitted columns with literal defaults bind too.
  const perRow = Math.max(...rows.slice(0, 50).map((r) => db.insert(table).values(r as never).toSQL().params.length))
  const perStatement = Math.max(1, Math.floor(100 / perRow))
  const statements = []
  for (let i = 0; i < rows.length; i += perStatement) statements.push(db.insert(table).values(rows.slice(i, i + perStatement) as never))
  for (let i = 0; i < statements.length; i += 50) {
    const group = statements.slice(i, i + 50)
    await batch(db, group)
  }
}
