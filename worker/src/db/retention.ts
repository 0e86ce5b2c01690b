import { and, asc, gt, type SQL, sql } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import { batch, type BatchStatement } from './batch'
import type { Db } from './client'
import { inIds } from './in-ids'

const SWEEP_BATCH = 1000
const SWEEP_MAX_BATCHES = 20

type Retention = {
  table: SQLiteTable
  id: SQLiteColumn
  /** When the row was written. */
  at: SQLiteColumn
  /** Rows written before this go. */
  cutoff: Date
  /** Besides its age, what lets a row go (an outbox row: delivered or failed). */
  done?: SQL
  /** Statements run with each deletion, in the same batch, given the ids about to go. */
  alongside?: (ids: number[]) => BatchStatement[]
}

/**
 * A retention sweep over every program's rows (run from the scheduled sweep: worker/src/index.ts
 * `scheduled`, node.ts's minute timer). Ids grow with time, so the oldest rows are the first ids: each
 * round reads the next SWEEP_BATCH ids (the primary key, no scan of the table) and deletes those past
 * the cutoff and done; it stops at the first round that meets a row too young, so a sweep with nothing
 * to do costs one small read. Answers how many rows went.
 */
export async function deleteExpired(db: Db, r: Retention): Promise<number> {
  let deleted = 0
  // Past the rows kept for not being done yet (an old pending outbox row), the next round goes on after them.
  let after = 0
  for (let round = 0; round < SWEEP_MAX_BATCHES; round++) {
    const oldest = await db
      .select({ id: r.id, at: r.at, done: r.done ?? sql<number>`1` })
      .from(r.table)
      .where(gt(r.id, after))
      .orderBy(asc(r.id))
      .limit(SWEEP_BATCH)
    const young = oldest.findIndex((row) => !((row.at as Date) < r.cutoff))
    const old = young === -1 ? oldest : oldest.slice(0, young)
    const ids = old.filter((row) => Boolean(row.done)).map((row) => row.id as number)
    if (ids.length) {
      await batch(db, [...(r.alongside?.(ids) ?? []), db.delete(r.table).where(and(inIds(r.id, ids), r.done))])
      deleted += ids.length
    }
    if (young !== -1 || oldest.length < SWEEP_BATCH) break
    after = oldest[oldest.length - 1]!.id as number
  }
  return deleted
}
