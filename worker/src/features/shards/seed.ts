import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { programs } from '../../db/schema'
import { seedDemo } from '../../db/seed'
import { reserveShardIds } from './move'

/**
 * The demo data on one or more shards (`npm start -- --shards 2`, decision 0041). `shards[0]` is shard 1,
 * the control database; with one, this is seedDemo. With more, the demo program stays on control and
 * Tessera Links lives on shard 2: each database is seeded the same way from empty, so a program has the
 * same id on every copy, then the directory (control's programs rows) and shard 2's own row say that
 * Links is on shard 2. Control keeps a copy of Links' seeded rows and shard 2 one of the demo program's:
 * nothing routes to them (features/shards/router.ts reads the directory), and the same numeric
 * participant ids on both are what the isolation test needs.
 */
export async function seedShardedDemo(shards: readonly Db[], opts: { log?: (line: string) => void } = {}) {
  const [control, second] = shards as [Db, Db | undefined]
  const result = await seedDemo(control, opts)
  if (!second) return result
  await seedDemo(second, { log: () => {} })
  const links = (db: Db) => db.select({ id: programs.id, shard: programs.shard }).from(programs).where(eq(programs.publicKey, 'links')).limit(1)
  const [[onControl], [onShard]] = await Promise.all([links(control), links(second)])
  if (!onControl || !onShard || onControl.id !== onShard.id) throw new Error('Seeding shard 2: Tessera Links has another id there than on control')
  // Shard 2's own id range from now on (its seeded rows keep the ids control has).
  await reserveShardIds(second, 2)
  if (onControl.shard === 2 && onShard.shard === 2) return result
  // Shard 2's own row first: a stop between the two leaves the directory pointing at control, as before.
  for (const db of [second, control]) await db.update(programs).set({ shard: 2 }).where(eq(programs.id, onControl.id))
  opts.log?.('[seed] Tessera Links (links) is on shard 2, the demo program on shard 1 (control)')
  return result
}
