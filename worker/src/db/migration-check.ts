import type { D1Database } from '@cloudflare/workers-types'
import journal from '../../../migrations/meta/_journal.json'
import { SHARD_ID_RANGE_SQL, shardIdFloor } from './shard-ids'

/** The newest migration this code was built with, as wrangler names it in `d1_migrations` (its file name). */
export const NEWEST_MIGRATION = `${journal.entries[journal.entries.length - 1]!.tag}.sql`

/**
 * Whether a D1 database has every migration the code needs (decision 0041: a shard that is behind
 * refuses to serve, it never runs half-migrated). Once the answer is yes it is kept for the isolate's
 * life (one statement on a database's first request, then nothing); while it is no, every request asks
 * again, so the first request after the migrations are applied is served (requests in a window before,
 * a start's own seed among them, would otherwise be refused for a while after). Migrations are applied
 * per file in one batch with their `d1_migrations` row (`wrangler d1 migrations apply`, or
 * worker/local's applier), so the newest file's row says the database has them all.
 */
export function migrationCheck(d1: D1Database, reserveIdsOf?: number): () => null | Promise<string | null> {
  let current = false
  return () => {
    // Synchronous once current: no promise on every request.
    if (current) return null
    return d1
      .prepare('SELECT 1 AS ok FROM d1_migrations WHERE name = ?')
      .bind(NEWEST_MIGRATION)
      .first<{ ok: number }>()
      .then(
        (row) => (row ? null : NEWEST_MIGRATION),
        () => NEWEST_MIGRATION, // no d1_migrations table: nothing was applied
      )
      .then(async (missing) => {
        if (missing) return missing
        // Once current: the shard's own id range (features/shards, reserveShardIds), before its first request's writes.
        if (reserveIdsOf && reserveIdsOf > 1) await reserveShardIdsOn(d1, reserveIdsOf)
        current = true
        return null
      })
  }
}

/** reserveShardIds on a raw binding (the check runs outside the request's counted database). */
async function reserveShardIdsOn(d1: D1Database, shard: number): Promise<void> {
  const floor = shardIdFloor(shard)
  // Two idempotent statements: a stop between them is made good by the next isolate's check.
  for (const q of SHARD_ID_RANGE_SQL) await d1.prepare(q).bind(floor).run()
}
