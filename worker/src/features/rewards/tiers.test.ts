import { and, eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { participantActions, participants, tiers } from '../../db/schema'
import { programScope } from '../../db/scope'
import { makeRewardsTest } from '../../../test/rewards-fixtures'
import { recomputeTier, recomputeTiers } from './tiers'

/** The demo program with two tiers of its own: Bronze for 100-499 lifetime points, Silver from 500. */
async function withTiers() {
  const t = await makeRewardsTest()
  await t.db.delete(tiers).where(eq(tiers.programId, t.program.id))
  const [bronze, silver] = await t.scope
    .insert(tiers, [
      { name: 'Bronze', pointsThresholdMin: 100, pointsThresholdMax: 499 },
      { name: 'Silver', pointsThresholdMin: 500, pointsThresholdMax: 1_000_000 },
    ])
    .returning()
  // Four participants: no tier yet under any, one for each tier, and one whose tier is more than their points.
  const members = [await t.addMember(50), await t.addMember(150), await t.addMember(700), await t.addMember(50)]
  await t.db.update(participants).set({ tierId: silver!.id }).where(eq(participants.id, members[3]!.id))
  const ids = members.map((m) => m.id)
  const state = async () => {
    const rows = await t.db.select({ id: participants.id, tierId: participants.tierId }).from(participants).where(inArray(participants.id, ids))
    const actions = await t.db
      .select({ participantId: participantActions.participantId, title: participantActions.title, actionableId: participantActions.actionableId })
      .from(participantActions)
      .where(and(inArray(participantActions.participantId, ids), eq(participantActions.actionType, 'tier_changed')))
    return { tiers: ids.map((id) => rows.find((r) => r.id === id)!.tierId), actions: actions.sort((a, b) => a.participantId - b.participantId) }
  }
  return { t, ids, bronze: bronze!, silver: silver!, state }
}

describe('tiers of many participants at once (an import chunk)', () => {
  it('puts each one in the tier their points fall in and records each change once, as recomputeTier does one by one', async () => {
    const many = await withTiers()
    await recomputeTiers(many.t.scope, many.ids)
    const together = await many.state()
    expect(together.tiers).toEqual([null, many.bronze.id, many.silver.id, null])
    expect(together.actions).toEqual([
      { participantId: many.ids[1], title: 'Reached Bronze', actionableId: many.bronze.id },
      { participantId: many.ids[2], title: 'Reached Silver', actionableId: many.silver.id },
    ])
    // Again: nothing moves, nothing is recorded twice.
    await recomputeTiers(many.t.scope, many.ids)
    expect(await many.state()).toEqual(together)

    // The same participants one by one end the same way.
    const one = await withTiers()
    for (const id of one.ids) await recomputeTier(one.t.scope, id)
    const alone = await one.state()
    expect(alone.tiers).toEqual([null, one.bronze.id, one.silver.id, null])
    expect(alone.actions.map((a) => a.title)).toEqual(together.actions.map((a) => a.title))
  })

  it("touches only the named participants of the scope's program", async () => {
    const { t, ids, state } = await withTiers()
    await recomputeTiers(t.scope, [ids[1]!])
    expect((await state()).tiers).toEqual([null, expect.any(Number), null, expect.any(Number)])
    // Another program's scope finds none of them.
    await recomputeTiers(programScope(t.db, t.program.id + 1000), ids)
    expect((await state()).tiers).toEqual([null, expect.any(Number), null, expect.any(Number)])
  })
})
