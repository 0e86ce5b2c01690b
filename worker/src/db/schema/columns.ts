import { sql } from 'drizzle-orm'
import { integer, text } from 'drizzle-orm/sqlite-core'

/** Every row carries an integer id and UTC timestamps in milliseconds since the epoch. */
export const id = () => integer('id').primaryKey({ autoIncrement: true })
export const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(cast(unixepoch('subsecond') * 1000 as integer))`)
export const updatedAt = () =>
  integer('updated_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(cast(unixepoch('subsecond') * 1000 as integer))`)
export const timestamp = (name: string) => integer(name, { mode: 'timestamp_ms' })
export const bool = (name: string) => integer(name, { mode: 'boolean' })
export const json = <T>(name: string) => text(name, { mode: 'json' }).$type<T>()
