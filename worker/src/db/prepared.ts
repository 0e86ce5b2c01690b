import { sql } from 'drizzle-orm'
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
