import type { D1Database } from '@cloudflare/workers-types'
import journal from '../../../migrations/meta/_journal.json'

/** The newest migration this code was built with, as wrangler names it in `d1_migrations` (its file name). */
export const NEWEST_MIGRATION = `${journal.entries[journal.entries.length - 1]!.tag}.sql`

/** After a database was found behind, how long until it is asked again (an operator migrating it is seen this soon). */
const RECHECK_MS = 2_000

/**
 * Whether a D1 database has every migration the code needs (decision 0041: a shard that is behind
 * refuses to serve, it never runs half-migrated). Asked once per isolate while the answer is yes (one
 * statement on a database's first request); while no, at most once every 2 s. Migrations are applied
 * per file in one batch with their `d1_migrations` row (`wrangler d1 migrations apply`, or
 * worker/local's applier), so the newest file's row says the database has them all.
 */
export function migrationCheck(d1: D1Database, now: () => number = Date.now): () => null | Promise<string | null> {
  let current = false
  let last: { at: number; answer: Promise<string | null> } | null = null
  return () => {
    // Synchronous once current: no promise on every request.
    if (current) return null
    if (last && now() - last.at < RECHECK_MS) return last.answer
    const answer = d1
      .prepare('SELECT 1 AS ok FROM d1_migrations WHERE name = ?')
      .bind(NEWEST_MIGRATION)
      .first<{ ok: number }>()
      .then(
        (row) => (row ? null : NEWEST_MIGRATION),
        () => NEWEST_MIGRATION, // no d1_migrations table: nothing was applied
      )
      .then((missing) => {
        if (!missing) current = true
        return missing
      })
    last = { at: now(), answer }
    return answer
  }
}
