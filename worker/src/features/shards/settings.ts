import { type SQL, sql } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import { programs } from '../../db/schema'
import type { Deps } from '../../deps'
import { AppError } from '../../lib/errors'

/**
 * How many shards a deployment declares and where they are, and the answer for a program on none of
 * them (decision 0041). Shared by both entries and the local tools (db:migrate, npm start's workerd).
 */

/** SHARDS (or `--shards`): a whole number from 1 to 64. */
export function shardCount(value: string | number | undefined): number {
  if (value === undefined || value === '') return 1
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new Error(`SHARDS must be a whole number from 1 to 64 (got ${JSON.stringify(value)})`)
  return n
}

/** Shard n's libSQL URL: SHARD_n_URL, else a file beside the control database (a memory database beside one in memory). */
export function shardUrl(controlUrl: string, n: number, env: Record<string, string | undefined>): string {
  const set = env[`SHARD_${n}_URL`]
  if (set) return set
  if (n === 1 || controlUrl.includes(':memory:')) return controlUrl
  if (!controlUrl.startsWith('file:')) throw new Error(`SHARD_${n}_URL is not set (shard ${n} of a database that is not a local file)`)
  return controlUrl.replace(/(\.db)?$/, (ext) => `-shard-${n}${ext || ''}`)
}

/**
 * Whether this app serves `program`: the directory puts it on this app's shard (1, control, unless said),
 * or this is the old copy of a program moved away, served read-only to requests that a router's cache
 * still sends here (for at most a minute after the move: its writes are refused, READ_ONLY_MOVED).
 */
export const servesProgram = (deps: Pick<Deps, 'shard'>, program: { shard: number; readOnly?: string | null }) =>
  program.shard === (deps.shard ?? 1) || program.readOnly === READ_ONLY_MOVED

/** A program whose shard this deployment does not declare (or a directory read that failed): refused, never served from another database. */
export function unservedShard(): Response {
  return new Response(JSON.stringify({ error: { code: 'shard_unavailable', message: "This program's database is not available on this server" } }), {
    status: 503,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', 'retry-after': '30' },
  })
}

/**
 * A moved program's `read_only` on its old copy (features/shards/move.ts): reads are still answered there
 * for the requests a router's cache sends before it learns the new shard; writes are refused, to be
 * retried where the program now lives.
 */
export const READ_ONLY_MOVED = 'This program has moved to another database: try again in a minute.'

/** A program's `read_only` while an operator moves it (features/shards/move.ts), as its refused writes say it. */
export const READ_ONLY_MOVING = 'This program is moving to another database: changes are paused for a few minutes. Try again shortly.'

/**
 * Rows whose program takes writes (or that belong to no program), for the background work that writes
 * or announces on a program's behalf: the outbox, webhook retries and imports pause for a program while
 * it moves (their rows travel with it and go on from its new shard), and its old copy never sends what
 * the new one will (decision 0041).
 */
export const programTakesWrites = (programId: SQLiteColumn): SQL =>
  sql`(${programId} IS NULL OR ${programId} NOT IN (SELECT ${programs.id} FROM ${programs} WHERE ${programs.readOnly} IS NOT NULL))`

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses a write to a read-only program (being moved, or the old copy of a moved one): 503
 * `program_read_only` with Retry-After. Reads go on. Called where each surface finds its program: the
 * participant routes, the console's program routes and the server API.
 */
export function refuseWriteIfReadOnly(method: string, program: { readOnly: string | null }): void {
  if (program.readOnly && !SAFE_METHODS.has(method.toUpperCase())) {
    throw new AppError('program_read_only', 503, program.readOnly, undefined, { retry_after_seconds: 60 })
  }
}
