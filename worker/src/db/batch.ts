import type { SQL } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { SQLiteRaw } from 'drizzle-orm/sqlite-core/query-builders/raw'
import type { Db } from './client'

/**
 * One atomic batch that BOTH drivers run: D1 on Workers and libSQL under Node (decision 0031).
 *
 * drizzle types `db.run(sql...)` (a `SQLiteRaw`) as a batch item, and libSQL's batch runs it, but D1's
 * batch reads a prepared `stmt` that a raw query does not have and answers `Cannot read properties of
 * undefined (reading 'bind')`: a write that works under Node and is a 500 on Workers. So `batch` takes
 * only statements both can run: drizzle's query builders, or raw SQL built with `rawStatement`, which
 * prepares it through the database's own session like a builder does. A `SQLiteRaw`, alone or inside
 * a union, is a type error naming the fix; `db.batch` itself is forbidden outside this file by a lint
 * rule (eslint.config.js).
 */

/** A raw SQL statement for a batch: prepared by the driver's session, so D1 can bind it. */
export class RawStatement {
  readonly #db: Db
  readonly #query: SQL
  constructor(db: Db, query: SQL) {
    this.#db = db
    this.#query = query
  }
  /** What drizzle's batch of either driver calls on each item: a prepared query with `getQuery`, `mapResult` (and `stmt` on D1). */
  _prepare(): unknown {
    const { session, dialect } = this.#db as unknown as Internals
    return session.prepareQuery(dialect.sqlToQuery(this.#query), undefined, 'run', false)
  }
  /** Runs it on its own (outside a batch). */
  run(): Promise<unknown> {
    return this.#db.run(this.#query)
  }
}

type Internals = {
  session: { prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, method: 'run', arrayMode: boolean): unknown }
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } }
}

/** Raw SQL (`INSERT ... SELECT`, `UPDATE OR IGNORE`, `changes()`) that may enter a batch on both drivers. */
export const rawStatement = (db: Db, query: SQL) => new RawStatement(db, query)

/**
 * A statement for a batch, for lists built piece by piece. drizzle's own batch item type, which admits
 * `SQLiteRaw`: `batch` refuses those when it sees the list's element types. `null` is a statement left
 * out (an event no webhook takes, events.ts webhookInsert): `batch` runs nothing for it and answers `[]`
 * in its slot.
 */
export type BatchStatement = BatchItem<'sqlite'> | RawStatement | null
/** A slot of a batch: a statement, or `null` for one left out (an event no webhook takes), whose slot answers `[]`. */
type Item = BatchStatement

/** Each statement as it is, but a `db.run(sql...)` (also inside a union) becomes a type error naming the fix. */
type NoRaw<X> = X extends SQLiteRaw<unknown> ? 'raw SQL in a batch: build it with rawStatement(db, sql`...`)' : X
type Batchable<T extends readonly Item[]> = { [K in keyof T]: NoRaw<T[K]> }

type Results<T extends readonly Item[]> = { -readonly [K in keyof T]: T[K] extends null ? [] : T[K] extends RawStatement ? unknown : T[K] extends { _: { result: infer R } } ? R : unknown }

/**
 * Runs statements as one atomic batch (all or nothing) and answers each one's result, in order. An
 * empty list runs nothing. Only statements both drivers can batch are accepted: drizzle's query
 * builders and `rawStatement`s, not `db.run(sql...)`. A `null` slot runs nothing and answers `[]`, so
 * the results of the statements after it keep the places their callers counted.
 */
export async function batch<const T extends readonly Item[]>(db: Db, statements: T & Batchable<T>): Promise<Results<T>> {
  const present = (statements as readonly Item[]).filter((s) => s !== null)
  const results = present.length ? ((await db.batch(present as unknown as Parameters<Db['batch']>[0])) as unknown[]) : []
  if (present.length === statements.length) return results as Results<T>
  let next = 0
  return (statements as readonly Item[]).map((s) => (s === null ? [] : results[next++])) as Results<T>
}
