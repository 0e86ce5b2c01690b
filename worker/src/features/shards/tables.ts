import { getTableColumns, is } from 'drizzle-orm'
import { getTableConfig, type SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import * as schema from '../../db/schema'

/**
 * The schema as a program move sees it (features/shards/move.ts): which tables hold a program's own
 * rows, in an order where every table comes after the tables it references, and which tables outside
 * them those rows point to. Read from the drizzle schema, so a new table joins moves by itself.
 */

export type MoveTable = {
  name: string
  table: SQLiteTable
  /** Column objects by their JavaScript key (what drizzle's select answers and insert takes). */
  columns: Record<string, SQLiteColumn>
  programId: SQLiteColumn
  /** Its primary key's columns (an upsert's conflict target), and their JavaScript keys in a row. */
  primaryKey: SQLiteColumn[]
  primaryKeyNames: string[]
  /** References to tables that hold no program's rows (admins, organizations, merchants, offers): copied when missing. */
  shared: { column: string; parent: string }[]
  /** Whether another program table references it (its rows are upserted when they differ, never deleted first). */
  referenced: boolean
}

/**
 * Tables with a `program_id` that are not the program's data to move: the programs row itself (moved
 * as one row, move.ts), and what control keeps for every program wherever it lives: the console's
 * grants (read on control, middleware/admin-auth.ts), API key digests and move records.
 */
const DIRECTORY = new Set(['programs', 'admin_program_permissions', 'api_key_directory', 'program_moves'])

/**
 * Copy-order constraints the foreign keys do not show: a sweepstake's entries before its draw (a trigger
 * refuses an entry to a drawn sweepstake, `sweepstake_entries_closed_insert`).
 */
const BEFORE: Record<string, string[]> = { sweepstake_entries: ['sweepstake_draws'] }

/**
 * Columns a trigger keeps moving on the copy as rows arrive, compared as they are not: a participant's
 * `row_version` (bumped by every completion or attribute written; caches read it as "newer", so a copy
 * that ends above the original is right, and an update cannot lower it: `participants_row_version`).
 */
export const UNCOMPARED: Record<string, string[]> = { participants: ['rowVersion'] }

const allTables = (Object.values(schema) as unknown[]).filter((v): v is SQLiteTable => is(v, SQLiteTable))

function describe(table: SQLiteTable) {
  const config = getTableConfig(table)
  const columns = getTableColumns(table) as Record<string, SQLiteColumn>
  const keyOf = new Map(Object.entries(columns).map(([key, col]) => [col.name, key]))
  const single = Object.values(columns).filter((c) => c.primary)
  const composite = config.primaryKeys[0]?.columns ?? []
  const references = config.foreignKeys.map((fk) => {
    const ref = fk.reference()
    return { column: keyOf.get(ref.columns[0]!.name)!, parent: getTableConfig(ref.foreignTable).name }
  })
  const primaryKey = (single.length ? single : composite) as SQLiteColumn[]
  return { name: config.name, table, columns, primaryKey, primaryKeyNames: primaryKey.map((c) => keyOf.get(c.name)!), references }
}

/** Every table of the schema, described once. */
let described: Map<string, ReturnType<typeof describe>> | undefined
const describedTables = () => (described ??= new Map(allTables.map((t) => [getTableConfig(t).name, describe(t)])))

let cached: MoveTable[] | undefined

/** Every table holding a program's own rows, parents before children. */
export function moveTables(): MoveTable[] {
  if (cached) return cached
  const own = [...describedTables().values()].filter((t) => t.columns.programId && !DIRECTORY.has(t.name))
  const ownNames = new Set(own.map((t) => t.name))
  const after = new Map(own.map((t) => [t.name, new Set(t.references.filter((r) => ownNames.has(r.parent) && r.parent !== t.name).map((r) => r.parent))]))
  for (const [first, thens] of Object.entries(BEFORE)) for (const then of thens) after.get(then)?.add(first)
  const ordered: string[] = []
  const placed = new Set<string>()
  while (ordered.length < own.length) {
    const next = own.find((t) => !placed.has(t.name) && [...after.get(t.name)!].every((p) => placed.has(p)))
    if (!next) throw new Error(`The program tables reference each other in a loop: ${own.filter((t) => !placed.has(t.name)).map((t) => t.name).join(', ')}`)
    ordered.push(next.name)
    placed.add(next.name)
  }
  const referenced = new Set(own.flatMap((t) => t.references.filter((r) => r.parent !== t.name).map((r) => r.parent)))
  cached = ordered.map((name) => {
    const t = own.find((x) => x.name === name)!
    return {
      name,
      table: t.table,
      columns: t.columns,
      programId: t.columns.programId!,
      primaryKey: t.primaryKey,
      primaryKeyNames: t.primaryKeyNames,
      shared: t.references.filter((r) => !ownNames.has(r.parent) && r.parent !== 'programs'),
      referenced: referenced.has(name),
    }
  })
  return cached
}

/** A table outside the program tables (admins, organizations...), for copying the rows a program's rows reference. */
export function sharedTable(name: string) {
  const t = describedTables().get(name)
  if (!t) throw new Error(`No table ${name} in the schema`)
  return t
}
