import { is, Param, Placeholder, sql } from 'drizzle-orm'
import { mapPerOwner } from '../lib/cache'
import type { Db } from './client'

/**
 * Queries that run on (almost) every request are built once per database with drizzle's `.prepare()`
 * and placeholders: building the SQL of a query costs drizzle more than running it (bench/api.ts
 * measured ~0.25 ms to build the session lookup against ~0.04 ms to run it). Works on D1 and libSQL.
 */
const builtFor = mapPerOwner<string, unknown>()

export function preparedFor<T>(db: Db, key: string, build: (db: Db) => T): T {
  const queries = builtFor(db)
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

type Slot = { name: string; encode?: (value: unknown) => unknown } | { value: unknown }

/** What each parameter of a prepared statement takes, worked out once per statement. */
const slotsOf = new WeakMap<object, Slot[]>()
function slots(statement: PreparedStatement): Slot[] {
  let found = slotsOf.get(statement)
  if (!found) {
    found = statement.getQuery().params.map((p): Slot => {
      if (is(p, Placeholder)) return { name: p.name }
      if (is(p, Param) && is(p.value, Placeholder)) return { name: p.value.name, encode: (v) => p.encoder.mapToDriverValue(v) }
      return { value: p }
    })
    slotsOf.set(statement, found)
  }
  return found
}

/**
 * drizzle's fillPlaceholders, except that null stays SQL NULL as it does in a built query (drizzle's
 * fill runs the column's encoder on it: a json column would store the text 'null', a timestamp throws).
 */
function fill(statement: PreparedStatement, values: Record<string, unknown>): unknown[] {
  return slots(statement).map((slot) => {
    if ('value' in slot) return slot.value
    if (!(slot.name in values)) throw new Error(`No value for placeholder "${slot.name}" was provided`)
    const value = values[slot.name]
    return value === null || !slot.encode ? value : slot.encode(value)
  })
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
    return { ...query, params: fill(this.statement, this.values) }
  }
  mapResult(response: unknown, isFromBatch?: boolean) {
    return this.statement.mapResult(response, isFromBatch)
  }
  get stmt() {
    return (this.statement as { stmt?: unknown }).stmt
  }
  then(resolve: (value: unknown) => unknown, reject: (reason: unknown) => unknown) {
    // Runs the prepared statement with its parameters filled here (see fill): a view of it whose
    // query carries plain values, which drizzle's own fill passes through unchanged.
    const filled = Object.assign(Object.create(this.statement) as PreparedStatement, { query: this.getQuery() })
    return filled.execute({}).then(resolve, reject)
  }
}

/** A bound statement; T is what its slot of the batch result holds (rows for `.returning()` and selects). */
export type BoundStatement<T> = { readonly __result?: T } & Parameters<Db['batch']>[0][number] & PromiseLike<T>
