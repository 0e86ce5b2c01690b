import { fillPlaceholders, sql } from 'drizzle-orm'
import type { Db } from './client'

/**
 * Queries that run on (almost) every request are built once per database with drizzle's `.prepare()`
 * and placeholders: building the SQL of a query costs drizzle more than running it (bench/api.ts
 * measured ~0.25 ms to build the session lookup against ~0.04 ms to run it). Works on D1 and libSQL.
 */
const built = new WeakMap<object, Map<string, unknown>>()

export function preparedFor<T>(db: Db, key: string, build: (db: Db) => T): T {
  let queries = built.get(db)
  if (!queries) {
    queries = new Map()
    built.set(db, queries)
  }
  let query = queries.get(key) as T | undefined
  if (query === undefined) {
    query = build(db)
    queries.set(key, query)
  }
  return query
}

/**
 * The program id of a prepared query, bound at execution as `{ programId }`: pass it to
 * programScope(db, PROGRAM_ID) so the prepared query is tenant-scoped like any other.
 */
export const PROGRAM_ID = sql.placeholder('programId') as unknown as number

/** A named placeholder, typed to fit any column of a prepared insert, update or where. */
export const param = (name: string) => sql.placeholder(name) as never

type PreparedStatement = {
  getQuery(): { sql: string; params: unknown[] }
  mapResult(response: unknown, isFromBatch?: boolean): unknown
  execute(values?: Record<string, unknown>): Promise<unknown>
}

/**
 * A statement prepared once (preparedFor + `.prepare()`) bound to this request's values, as an item of
 * `db.batch([...])`: the hot writes then skip drizzle's SQL building (about a quarter of a write's CPU
 * before). drizzle's batch asks each item for `_prepare()`, `getQuery()` and `mapResult()`, and on D1
 * for the prepared `stmt` too; this answers them from the prepared statement with its placeholders
 * filled, so results (`.returning()` rows included) are mapped exactly as for a built query.
 * Every `param()` of the statement needs a value here, `programId` included (PROGRAM_ID). Awaited on
 * its own (outside a batch) it runs alone, like the query builder it replaces.
 */
export function bound<T = unknown>(statement: PreparedStatement, values: Record<string, unknown>): BoundStatement<T> {
  return new Bound(statement, values) as unknown as BoundStatement<T>
}

/** A class rather than an object literal: one small object per statement (a write binds about ten). */
class Bound {
  constructor(
    private readonly statement: PreparedStatement,
    private readonly values: Record<string, unknown>,
  ) {}
  _prepare() {
    return this
  }
  getQuery() {
    const query = this.statement.getQuery()
    return { ...query, params: fillPlaceholders(query.params, this.values) }
  }
  mapResult(response: unknown, isFromBatch?: boolean) {
    return this.statement.mapResult(response, isFromBatch)
  }
  get stmt() {
    return (this.statement as { stmt?: unknown }).stmt
  }
  then(resolve: (value: unknown) => unknown, reject: (reason: unknown) => unknown) {
    return this.statement.execute(this.values).then(resolve, reject)
  }
}

/** A bound statement; T is what its slot of the batch result holds (rows for `.returning()` and selects). */
export type BoundStatement<T> = { readonly __result?: T } & Parameters<Db['batch']>[0][number] & PromiseLike<T>
