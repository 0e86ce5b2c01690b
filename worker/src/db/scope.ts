import { and, count, eq, type SQL } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Db } from './client'

/** A table whose rows belong to one program. */
export type TenantTable = SQLiteTable & { programId: SQLiteColumn }

type InsertOf<T extends TenantTable> = Omit<T['$inferInsert'], 'programId'>

/**
 * The only way routes and services touch tenant tables: every query built here carries
 * `program_id = ?`, so an unscoped read or write cannot be written by accident. A guard test
 * (worker/test/tenant-guard.test.ts) fails the build when code outside db/ queries a tenant table
 * directly.
 */
export function programScope(db: Db, programId: number) {
  const where = <T extends TenantTable>(table: T, cond?: SQL) =>
    cond ? and(eq(table.programId, programId), cond)! : eq(table.programId, programId)

  return {
    programId,
    db,
    where,
    /** `SELECT * FROM table WHERE program_id = ? AND cond`, dynamic for orderBy/limit/joins. */
    select<T extends TenantTable>(table: T, cond?: SQL) {
      return db.select().from(table as SQLiteTable).where(where(table, cond)).$dynamic() as unknown as SelectOf<T>
    },
    async first<T extends TenantTable>(table: T, cond?: SQL): Promise<T['$inferSelect'] | undefined> {
      const rows = await db
        .select()
        .from(table as SQLiteTable)
        .where(where(table, cond))
        .limit(1)
      return rows[0] as T['$inferSelect'] | undefined
    },
    async count<T extends TenantTable>(table: T, cond?: SQL): Promise<number> {
      const rows = await db
        .select({ n: count() })
        .from(table as SQLiteTable)
        .where(where(table, cond))
      return rows[0]?.n ?? 0
    },
    insert<T extends TenantTable>(table: T, values: InsertOf<T> | InsertOf<T>[]) {
      const rows = (Array.isArray(values) ? values : [values]).map((v) => ({ ...v, programId }))
      return db.insert(table).values(rows as never)
    },
    update<T extends TenantTable>(table: T, set: Partial<InsertOf<T>>, cond?: SQL) {
      return db
        .update(table)
        .set(set as never)
        .where(where(table, cond))
    },
    delete<T extends TenantTable>(table: T, cond?: SQL) {
      return db.delete(table).where(where(table, cond))
    },
  }
}

export type ProgramScope = ReturnType<typeof programScope>

type SelectOf<T extends TenantTable> = PromiseLike<T['$inferSelect'][]> & {
  orderBy(...cols: unknown[]): SelectOf<T>
  limit(n: number): SelectOf<T>
  offset(n: number): SelectOf<T>
}
