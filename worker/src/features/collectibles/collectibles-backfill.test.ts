import { and, eq, ne } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { chainTransactions, outbox, participants, programs, rewardClaims } from '../../db/schema'
import { programScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { makeRewardsTest } from '../../../test/rewards-fixtures'
import { consoleAs } from '../participants/participants-fixtures'
import { evaluateAutoRewards } from '../rewards/auto-rewards'
import { deliverOutbox } from '../webhooks/outbox'
import { enableChain } from './collectibles-fixtures'
import { backfillMints, MINT_TOPIC, mintDedupeKey } from './service'

/** Earners from before the collection existed get their collectible when it is created: once each, ever. */

type Created = { success: boolean; message: string; data?: { queued_mints: number } }

async function setup() {
  const queued: number[] = []
  let capture = false
  const overrides: Partial<Deps> = { enqueue: async (ids) => void (capture ? queued.push(...ids) : await deliverOutbox(r.deps, ids)) }
  const r = await makeRewardsTest(overrides)
  const admin = await consoleAs(r, 'admin@tessera.dev')
  capture = true
  await enableChain(r.db, r.program.id)
  // dispatchOutboxLater hands ids to deps.enqueue without awaiting: let it land first.
  const runQueue = async () => {
    await new Promise((resolve) => setTimeout(resolve, 0))
    const ids = queued.splice(0)
    return ids.length ? deliverOutbox(r.deps, ids) : { delivered: 0, failed: 0 }
  }
  const base = `/admin/v2/programs/${r.program.id}/rewards`
  const reward = await r.addReward({ name: 'Early badge', selection: 'achievement', threshold: 0, limit: 1000, parameters: { rule: 'completed_challenges', value: 0 } })
  const createCollection = () => admin.json<Created>(`${base}/${reward.id}`, { json: { intent: 'create_nft_collection' } })
  /** Members who earn the achievement now (before any collection). */
  const earners = async (n: number) => {
    const out = []
    for (let i = 0; i < n; i++) {
      const m = await r.addMember()
      expect(await evaluateAutoRewards(r.scope, r.deps, m.id)).toContain(reward.id)
      out.push(m)
    }
    return out
  }
  const mintRows = () => r.db.select().from(outbox).where(eq(outbox.topic, MINT_TOPIC))
  const minted = async () =>
    (await programScope(r.db, r.program.id).select(chainTransactions, and(eq(chainTransactions.kind, 'mint'), eq(chainTransactions.rewardId, reward.id))))
      .map((l) => l.participantId!)
      .sort((a, b) => a - b)
  return { ...r, reward, createCollection, earners, runQueue, mintRows, minted }
}

const ids = (members: { id: number }[]) => members.map((m) => m.id).sort((a, b) => a - b)

describe('create_nft_collection mints for earners from before the collection', () => {
  it('queues one mint per earner (not the refunded ones), and a second create is refused and queues nothing', async () => {
    const t = await setup()
    const members = await t.earners(3)
    const refunded = (await t.earners(1))[0]!
    await t.scope.update(rewardClaims, { status: 'refunded' }, and(eq(rewardClaims.rewardId, t.reward.id), eq(rewardClaims.participantId, refunded.id)))
    expect(await t.mintRows()).toHaveLength(0)

    const res = await t.createCollection()
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ success: true, message: 'NFT collection created', data: { queued_mints: 3 } })
    const rows = await t.mintRows()
    expect(rows.map((r) => r.dedupeKey).sort()).toEqual(ids(members).map((id) => mintDedupeKey(t.program.id, t.reward.id, id)).sort())
    expect(rows.map((r) => r.payload)).toContainEqual({ reward_id: t.reward.id, participant_id: members[0]!.id })
    expect(await t.runQueue()).toEqual({ delivered: 3, failed: 0 })
    expect(await t.minted()).toEqual(ids(members))

    const again = await t.createCollection()
    expect(again.status).toBe(422)
    expect(await t.mintRows()).toHaveLength(3)
    await t.runQueue()
    expect(await t.minted()).toEqual(ids(members))
  })

  it('mints once for an earner awarded while the collection is being created, and once for a later earner', async () => {
    const t = await setup()
    const before = await t.earners(2)
    const racing = await t.addMember()
    const [res] = await Promise.all([t.createCollection(), evaluateAutoRewards(t.scope, t.deps, racing.id)])
    expect(res.status).toBe(200)
    const later = await t.earners(1)
    // Both paths (the award batch and the backfill) may have tried: one row, one mint, each.
    const everyone = [...before, racing, ...later]
    expect((await t.mintRows()).map((r) => r.dedupeKey).sort()).toEqual(ids(everyone).map((id) => mintDedupeKey(t.program.id, t.reward.id, id)).sort())
    await t.runQueue()
    expect(await t.minted()).toEqual(ids(everyone))
  })

  it('pages through the earners, and a second run (a retried create) queues nothing', async () => {
    const t = await setup()
    const members = await t.earners(5)
    const first = await t.createCollection()
    expect(first.body.data!.queued_mints).toBe(5)
    await t.db.delete(outbox).where(eq(outbox.topic, MINT_TOPIC))
    // Pages of 2: 5 earners in 3 pages, all queued again (their rows were removed), then nothing.
    expect(await backfillMints(t.scope, t.deps, t.reward.id, 2)).toBe(5)
    expect(await backfillMints(t.scope, t.deps, t.reward.id, 2)).toBe(0)
    expect(await t.mintRows()).toHaveLength(5)
    await t.runQueue()
    expect(await t.minted()).toEqual(ids(members))
  })

  it("leaves another program's earners alone", async () => {
    const t = await setup()
    const members = await t.earners(1)
    const [other] = (await t.db.select().from(programs).where(ne(programs.id, t.program.id))).slice(0, 1)
    expect(other).toBeTruthy()
    const otherScope = programScope(t.db, other!.id)
    await enableChain(t.db, other!.id)
    const [stranger] = await otherScope.insert(participants, { email: 'stranger@example.com', firstName: 'S', lastName: 'T', referralCode: 'STRANGER1' }).returning()
    // A claim of the other program, even one naming this reward's id, is not this program's earner.
    const otherReward = await t.addReward({ name: 'Their badge', selection: 'achievement', threshold: 0, parameters: { rule: 'completed_challenges', value: 0 } }, other!.id)
    await otherScope.insert(rewardClaims, { rewardId: otherReward.id, participantId: stranger!.id, claimKey: 'once', status: 'won' })
    await otherScope.insert(rewardClaims, { rewardId: t.reward.id, participantId: stranger!.id, claimKey: 'once', status: 'won' })
    // The stranger's id lies between this program's earners (inside one page's id range).
    members.push(...(await t.earners(1)))

    const res = await t.createCollection()
    expect(res.body.data!.queued_mints).toBe(2)
    const rows = await t.mintRows()
    expect(rows.map((r) => [r.programId, r.dedupeKey]).sort()).toEqual(ids(members).map((id) => [t.program.id, mintDedupeKey(t.program.id, t.reward.id, id)]).sort())
    await t.runQueue()
    expect(await otherScope.count(chainTransactions)).toBe(0)
  })
})
