import type { Client } from '@libsql/client'
import type { BatchItem } from 'drizzle-orm/batch'
import { drizzle as drizzleD1 } from 'drizzle-orm/d1'
import { drizzle as drizzleLibsql } from 'drizzle-orm/libsql'
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core'
import * as schema from './schema'

/** One database type for both drivers: D1 on Workers, libSQL under Node and in tests. */
export type Db = BaseSQLiteDatabase<'async', unknown, typeof schema> & {
  batch<U extends BatchItem<'sqlite'>, T extends Readonly<[U, ...U[]]>>(batch: T): Promise<unknown>
}

export function createD1Db(d1: D1DatabaseLike): Db {
  return drizzleD1(d1 as never, { schema }) as unknown as Db
}

export function createLibsqlDb(client: Client): Db {
  return drizzleLibsql(client, { schema }) as unknown as Db
}

/** The part of the D1 binding drizzle needs; keeps workers-types out of Node-only code. */
export type D1DatabaseLike = { prepare(query: string): unknown; batch(statements: unknown[]): Promise<unknown> }

export { schema }
