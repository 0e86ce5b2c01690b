import { fileURLToPath } from 'node:url'
import { type Client, createClient } from '@libsql/client'
import { migrate } from 'drizzle-orm/libsql/migrator'
import { drizzle } from 'drizzle-orm/libsql'
import { createLibsqlDb, type Db } from './client'
import { createLocalLibsqlClient, localPath, startBackgroundCheckpoints } from './libsql-local'

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../migrations', import.meta.url))

/**
 * Opens a libSQL database (a file, `:memory:`, or a Turso URL with DATABASE_AUTH_TOKEN) with foreign
 * keys on, WAL for files, and the same migrations wrangler applies to D1.
 */
export async function openLibsql(url: string, opts: { authToken?: string; migrate?: boolean } = {}): Promise<{ client: Client; db: Db }> {
  const isLocalFile = url.startsWith('file:')
  // A local file or :memory: gets ONE connection that keeps its prepared statements (libsql-local.ts):
  // @libsql/client prepares every statement anew, and opens up to 20 connections under concurrent
  // requests while the PRAGMAs below hold only for the connection that runs them (the others ran with
  // synchronous = FULL, an fsync per write, and no busy timeout). Remote URLs use @libsql/client.
  const client =
    localPath(url) !== null ? createLocalLibsqlClient(url) : createClient({ url, ...(opts.authToken ? { authToken: opts.authToken } : {}) })
  if (isLocalFile) {
    await client.execute('PRAGMA journal_mode = WAL')
    await client.execute('PRAGMA busy_timeout = 5000')
    await client.execute('PRAGMA synchronous = NORMAL')
    startBackgroundCheckpoints(client)
  }
  await client.execute('PRAGMA foreign_keys = ON')
  if (opts.migrate !== false) await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR })
  return { client, db: createLibsqlDb(client) }
}
