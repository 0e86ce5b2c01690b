import { D1PreparedQuery } from 'drizzle-orm/d1'

/**
 * The d1 project's guard against a D1-only class of bug: D1 answers a batch's rows as objects, and
 * drizzle turns each back into an array by its keys, so two selected columns of one name (`id` of two
 * joined tables, or a table's `rowid` and its INTEGER PRIMARY KEY, which SQLite names alike) become one
 * and every field after them reads its neighbour's value. libSQL answers arrays, and a statement run
 * on its own is read as arrays on D1 too: only a batch on D1 shows it. Here a batch row with fewer keys
 * than the statement's fields fails the test that ran it, naming the query.
 */
type Mapped = { fields?: unknown[]; query?: { sql: string } }
type Rows = { results?: Record<string, unknown>[] }

function check(query: Mapped, result: unknown) {
  const fields = query.fields?.length
  const rows = (result as Rows | undefined)?.results ?? []
  const short = fields ? rows.find((row) => Object.keys(row).length !== fields) : undefined
  if (short) {
    throw new Error(`A batch on D1 answered rows with ${Object.keys(short).length} keys for ${fields} selected fields: two columns share a name (alias one). ${query.query?.sql ?? ''}`)
  }
}

const proto = D1PreparedQuery.prototype as unknown as Record<'mapAllResult' | 'mapGetResult', (this: Mapped, result: unknown, isFromBatch?: boolean) => unknown>
for (const method of ['mapAllResult', 'mapGetResult'] as const) {
  const original = proto[method]!
  proto[method] = function (this: Mapped, result: unknown, isFromBatch?: boolean) {
    if (isFromBatch) check(this, result)
    return original.call(this, result, isFromBatch)
  }
}
