import { inArray, type SQL, sql } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'

/**
 * `column IN (ids)` with the ids bound as ONE JSON parameter: one statement text whatever the number of
 * ids, and clear of D1's 100 bound parameters per statement (a page, an import chunk, an export).
 */
export const inIds = (column: SQLiteColumn, ids: readonly (number | string)[]): SQL => inArray(column, sql`(SELECT value FROM json_each(${JSON.stringify(ids)}))`)
