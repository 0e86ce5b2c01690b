import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { challenges, programs } from '../../db/schema'
import { openTestDatabase } from '../../../test/test-database'
import { confirmMove, moveProgram } from './move'
import { seedShardedDemo } from './seed'

/**
 * `npm start -- --shards 2`'s seed (decision 0041), on libSQL and on D1: both programs made on control,
 * Tessera Links moved to shard 2 and confirmed, so each database holds its own programs' rows only; a
 * second start changes nothing, nor does one after an operator moved Links elsewhere.
 */
describe('the demo seed on two shards', () => {
  it("puts Tessera Links on shard 2 with its rows, keeps the demo program on control, and leaves no copy of Links on control", async () => {
    const [control, shard2] = await Promise.all([openTestDatabase(), openTestDatabase()])
    // Both are copies of the seeded test template (shard 2's copy of Links is replaced by the move).
    const lines: string[] = []
    await seedShardedDemo([control.db, shard2.db], { log: (l) => lines.push(l) })
    expect(lines.join('\n')).toMatch(/Tessera Links \(links\) moved to shard 2/)
    const shardOf = async (key: string) => (await control.db.select({ shard: programs.shard }).from(programs).where(eq(programs.publicKey, key)))[0]!.shard
    expect([await shardOf('demo'), await shardOf('links')]).toEqual([1, 2])
    const [links] = await control.db.select({ id: programs.id }).from(programs).where(eq(programs.publicKey, 'links'))
    const count = async (t: typeof control, programId: number) => (await t.db.select({ id: challenges.id }).from(challenges).where(eq(challenges.programId, programId))).length // tenant-guard: allow (where the seed left rows)
    expect(await count(shard2, links!.id)).toBeGreaterThan(0)
    expect(await count(control, links!.id)).toBe(0)
    // Run again, as every start does: nothing moves.
    const again: string[] = []
    await seedShardedDemo([control.db, shard2.db], { log: (l) => again.push(l) })
    expect(again.join('\n')).not.toMatch(/moved/)
    expect(await count(shard2, links!.id)).toBeGreaterThan(0)

    // An operator moves Links to control: the next start leaves it there.
    await moveProgram([control.db, shard2.db], links!.id, 1, { settleMs: 0 })
    await confirmMove([control.db, shard2.db], links!.id)
    const after: string[] = []
    await seedShardedDemo([control.db, shard2.db], { log: (l) => after.push(l) })
    expect(after.join('\n')).not.toMatch(/moved/)
    expect(await shardOf('links')).toBe(1)
    expect(await count(control, links!.id)).toBeGreaterThan(0)
  })
})
