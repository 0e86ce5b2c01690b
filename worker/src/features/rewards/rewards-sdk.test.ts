import { describe, expect, it } from 'vitest'
import { processRewardResponseSchema, rewardListResponseSchema, rewardSchema } from '../../../../sdk/contract/rewards'
import { ApiError, createClient, NotFoundError } from '../../../../sdk/src/index'
import { makeRewardsTest, type Member, type RewardsTest } from '../../../test/rewards-fixtures'

function clientFor(t: RewardsTest, member: Member | null) {
  return createClient({
    baseUrl: 'http://localhost',
    programKey: 'demo',
    auth: 'token',
    sessionToken: member?.token ?? null,
    fetch: ((url: string, init: RequestInit) => t.app.request(url, init)) as typeof fetch,
  })
}

describe('the SDK rewards resource', () => {
  it('retrieves, lists and claims with typed answers and typed errors', async () => {
    const t = await makeRewardsTest()
    const reward = await t.addReward({ threshold: 100, limit: 5 })
    const pricey = await t.addReward({ threshold: 10_000 })
    const member = await t.addMember(150)
    const client = clientFor(t, member)

    expect(rewardSchema.parse(await client.rewards.retrieve(reward.id)).id).toBe(reward.id)
    expect(rewardListResponseSchema.parse(await client.rewards.listActive()).data.length).toBeGreaterThanOrEqual(2)
    const claimed = processRewardResponseSchema.parse(await client.rewards.claim(reward.id, { idempotencyKey: 'sdk-1' }))
    expect(claimed.reward.earned_by_current_participant_on).not.toBeNull()
    // The same key again answers the same claim; nothing more is spent.
    expect(await client.rewards.claim(reward.id, { idempotencyKey: 'sdk-1' })).toEqual(claimed)
    expect(await t.balance(member)).toEqual({ unused: 50, lifetime: 150 })
    expect((await client.rewards.listClaimed()).data.map((r) => r.id)).toEqual([reward.id])
    expect((await client.rewards.listCurrent()).data.map((r) => r.id)).toContain(pricey.id)
    expect((await client.rewards.offers()).data).toHaveProperty('eligible', false)

    const refused = await client.rewards.claim(pricey.id).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(ApiError)
    expect(refused).toMatchObject({ code: 'not_enough_points', status: 422, body: { success: false } })
    await expect(client.rewards.retrieve(999_999)).rejects.toBeInstanceOf(NotFoundError)
  })

  it('shows visitors the featured rewards only', async () => {
    const t = await makeRewardsTest()
    const hidden = await t.addReward({ featured: false })
    const { data } = await clientFor(t, null).rewards.listActive()
    expect(data.map((r) => r.id)).not.toContain(hidden.id)
    await expect(clientFor(t, null).rewards.listClaimed()).rejects.toMatchObject({ status: 401 })
  })
})
