import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { programMoves, programs } from '../../db/schema'
import { seedDemo } from '../../db/seed'
import { confirmMove, moveProgram, reserveShardIds } from './move'

/**
 * The demo data on one or more shards (`npm start -- --shards 2`, decision 0041). `shards[0]` is shard 1,
 * the control database; with one, this is seedDemo. With more, both demo programs are seeded on control,
 * then Tessera Links is moved to shard 2 with the operator's command (move.ts: copied with its ids,
 * verified, the directory switched, control's copy deleted), so each database holds its own programs'
 * rows only. Run on every start: a seed already spread does nothing, one stopped halfway resumes, and a
program an operator moved since stays where it was moved. Nothing
 * serves Links yet while this runs (it runs before the Node server listens, and is npm start's first
 * request), so the move does not wait for caches.
 */
export async function seedShardedDemo(shards: readonly Db[], opts: { log?: (line: string) => void } = {}) {
  const [control, second] = shards as [Db, Db | undefined]
  const result = await seedDemo(control, opts)
  if (!second) return result
  const [links] = await control.select({ id: programs.id, shard: programs.shard }).from(programs).where(eq(programs.publicKey, 'links')).limit(1)
  if (!links) throw new Error('Seeding shard 2: Tessera Links is missing on control')
  // The seed's own move: never made (Links still on control, no move recorded), or stopped halfway. A move
  // an operator made since (`npm run shards:move`, recorded) stays as it is: a restart never undoes it.
  const [move] = await control.select({ step: programMoves.step, toShard: programMoves.toShard }).from(programMoves).where(eq(programMoves.programId, links.id)) // tenant-guard: allow (the move records on control)
  if (move ? move.toShard === 2 && move.step !== 'confirmed' : links.shard !== 2) {
    await moveProgram(shards, links.id, 2, { settleMs: 0 })
    await confirmMove(shards, links.id)
    opts.log?.('[seed] Tessera Links (links) moved to shard 2; the demo program stays on shard 1 (control)')
  }
  // Shard 2's own id range from now on (Links keeps the ids it was seeded with on control).
  await reserveShardIds(second, 2)
  return result
}
