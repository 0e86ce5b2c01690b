import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ConsoleFairDraw } from '../../../../sdk/contract/fairness'
import { sweepstakeDrawEntries, sweepstakeDraws } from '../../db/schema'
import { adminBrowser, makeAdmin } from '../../../test/console-fixtures'
import { makeRewardsTest, type RewardsTest } from '../../../test/rewards-fixtures'

type IntentAnswer = { success: boolean; message: string; data?: { entrants: number; total_tickets: number; commitment: string } }

async function setup() {
  const t = await makeRewardsTest()
  const admin = await makeAdmin(t, { organizationId: t.program.organizationId, organizationAdmin: true })
  const browser = await adminBrowser(t, admin)
  const intent = async (rewardId: number, json: Record<string, unknown>) => {
    const res = await browser.request(`/admin/v2/programs/${t.program.id}/rewards/${rewardId}`, { json: { id: rewardId, ...json } })
    return { status: res.status, body: (await res.json()) as IntentAnswer }
  }
  const entrant = async (rewardId: number, tickets: number, values: Parameters<RewardsTest['addMember']>[1] = {}) => {
    const m = await t.addMember(tickets * 10, values)
    const r = await t.claim(m, rewardId, { entries: tickets })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return m
  }
  const sweepstake = (limit: number) => t.addReward({ selection: 'sweepstake', threshold: 10, limit, repeatable: true })
  const snapshot = async (rewardId: number) => {
    const draw = await t.scope.first(sweepstakeDraws, eq(sweepstakeDraws.rewardId, rewardId))
    return draw ? await t.scope.select(sweepstakeDrawEntries, eq(sweepstakeDrawEntries.drawId, draw.id)) : []
  }
  return { t, browser, intent, entrant, sweepstake, snapshot }
}

describe("reward detail 'generate entries' (sweepstake)", () => {
  it("generates the weighted entries without staff in one step, 'Entries generated', and again changes nothing", async () => {
    const s = await setup()
    const reward = await s.sweepstake(2)
    const a = await s.entrant(reward.id, 1)
    const b = await s.entrant(reward.id, 3)
    await s.entrant(reward.id, 40, { staff: true })

    const first = await s.intent(reward.id, { intent: 'generate_entries', selectedData: [] })
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body).toMatchObject({ success: true, message: 'Entries generated', data: { entrants: 2, total_tickets: 4 } })
    const rows = await s.snapshot(reward.id)
    expect(rows.map((r) => [r.participantId, r.tickets]).sort()).toEqual([
      [a.id, 1],
      [b.id, 3],
    ])
    // The draw panel reads the same generated entries (committed, entries closed).
    const panel = (await (await s.browser.request(`/admin/v2/programs/${s.t.program.id}/rewards/${reward.id}/fair_draw`)).json()) as { data: ConsoleFairDraw }
    expect(panel.data).toMatchObject({ status: 'committed', entrants: 2, total_tickets: 4, commitment: first.body.data!.commitment })

    // Idempotent: a second click (or two at once) answers the same entries and writes nothing.
    const [again, twice] = await Promise.all([s.intent(reward.id, { intent: 'generate_entries' }), s.intent(reward.id, { intent: 'generate_entries' })])
    expect(again.body).toEqual(first.body)
    expect(twice.body).toEqual(first.body)
    expect(await s.snapshot(reward.id)).toHaveLength(2)
    expect(await s.t.scope.count(sweepstakeDraws)).toBe(1)
  })

  it('generates only the selected participants when some are selected', async () => {
    const s = await setup()
    const reward = await s.sweepstake(1)
    await s.entrant(reward.id, 2)
    const chosen = await s.entrant(reward.id, 5)
    const res = await s.intent(reward.id, { intent: 'generate_entries', selectedData: [chosen.id] })
    expect(res.body).toMatchObject({ success: true, message: 'Entries generated', data: { entrants: 1, total_tickets: 5 } })
    expect((await s.snapshot(reward.id)).map((r) => r.participantId)).toEqual([chosen.id])
  })

  it("answers 'Failed to perform action' to an empty result and 'Invalid intent' to an unknown one, writing nothing", async () => {
    const s = await setup()
    const reward = await s.sweepstake(1)
    await s.entrant(reward.id, 3, { staff: true })
    const empty = await s.intent(reward.id, { intent: 'generate_entries' })
    expect(empty.status).toBe(422)
    expect(empty.body).toMatchObject({ success: false, message: 'Failed to perform action' })
    expect(await s.t.scope.count(sweepstakeDraws)).toBe(0)
    const unknown = await s.intent(reward.id, { intent: 'generate_everything' })
    expect(unknown.status).toBe(422)
    expect(unknown.body).toMatchObject({ success: false, message: 'Invalid intent' })
    const redeem = await s.t.addReward({ selection: 'redeem' })
    expect((await s.intent(redeem.id, { intent: 'generate_entries' })).status).toBe(404)
  })
})
