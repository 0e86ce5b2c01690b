import { asc } from 'drizzle-orm'
import { Hono } from 'hono'
import { programs } from '../../db/schema'
import type { AppEnv } from '../../env'

/**
 * Development only (mounted under /_dev outside production, which the shard router sends to control):
 * where each program lives, from the directory. `GET /_dev/shards.json` answers
 * `[{ public_key, shard }]`.
 */
export const shardsDevRoutes = new Hono<AppEnv>().get('/shards.json', async (c) => {
  const rows = await c.get('deps').db.select({ public_key: programs.publicKey, shard: programs.shard }).from(programs).orderBy(asc(programs.id))
  return c.json(rows, 200, { 'cache-control': 'no-store' })
})
