import { type Column, getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm'

/**
 * Maps a positional row (what drizzle's prepared `.values()` answers on libSQL and D1) of a table's
 * columns, in getTableColumns order from `offset`, to the table's select model. drizzle's own mapping
 * of a joined select decides per field and per row how to decode it and normalizes every value first:
 * for the session lookup (a participant's ~25 columns, on every signed-in request) that cost more than
 * the query (bench/api.ts). Here the decoders are worked out once per table: only the columns whose
 * driver value differs from their JS value (timestamps, booleans, JSON) are decoded, and SQL NULL
 * stays null, as drizzle does. No code is generated (Workers forbid it).
 */
export function tableRowMapper<T extends Table>(table: T, offset = 0): (values: ArrayLike<unknown>) => InferSelectModel<T> {
  const fields = Object.entries(getTableColumns(table)).map(([key, column]) => ({ key, decode: decoderOf(column) }))
  return (values) => {
    const row: Record<string, unknown> = {}
    for (let i = 0; i < fields.length; i++) {
      const { key, decode } = fields[i]!
      const value = values[offset + i]
      row[key] = value === null || value === undefined ? null : decode ? decode(value) : value
    }
    return row as InferSelectModel<T>
  }
}

function decoderOf(column: Column): ((value: unknown) => unknown) | null {
  // Plain integer and text columns (enums included) hand back the driver's value unchanged.
  const plain = column.columnType === 'SQLiteInteger' || column.columnType === 'SQLiteText'
  return plain ? null : (value) => column.mapFromDriverValue(value)
}
