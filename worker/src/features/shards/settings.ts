import type { Deps } from '../../deps'

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

/** Whether this app serves `program`: the directory puts it on this app's shard (1, control, unless said). */
export const servesProgram = (deps: Pick<Deps, 'shard'>, program: { shard: number }) => program.shard === (deps.shard ?? 1)

/** A program whose shard this deployment does not declare (or a directory read that failed): refused, never served from another database. */
export function unservedShard(): Response {
  return new Response(JSON.stringify({ error: { code: 'shard_unavailable', message: "This program's database is not available on this server" } }), {
    status: 503,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', 'retry-after': '30' },
  })
}
