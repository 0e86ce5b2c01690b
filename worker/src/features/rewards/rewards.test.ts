import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  type OffersRewardResponse,
  type RewardListResponse,
  processRewardResponseSchema,
  rewardListResponseSchema,
  rewardSchema,
} from '../../../../sdk/contract/rewards'
import {
  coupons,
  outbox,
  participantActions,
  pointsLedger,
  programs,
  rewardClaims,
  sweepstakeEntries,
} from '../../db/schema'
import { expectFailure, makeRewardsTest } from '../../../test/rewards-fixtures'
import { subscribeEveryEvent } from '../../../test/helpers'

const DAY = 86_400_000

describe('reward visibility', () => {
  it('shows an active reward with the section 3 fields, and hides draft, unapproved, scheduled and ended ones', async () => {
    const t = await makeRewardsTest()
    const now = t.clock.now()
    const active = await t.addReward({
      name: 'Tote',
      description: 'A bag',
      descriptionDetails: 'Canvas',
      termsConditions: 'One each',
      image: '/i.png',
      finish: new Date(now + DAY),
    })
    const hidden = [
      await t.addReward({ status: 'draft' }),
      await t.addReward({ approved: false }),
      await t.addReward({ start: new Date(now + 1000) }),
      await t.addReward({ finish: new Date(now) }),
      await t.addReward({ status: 'ended' }),
    ]
    const member = await t.addMember()
    const r = await t.get(`/public/rewards/${active.id}`, member)
    expect(r.status).toBe(200)
    expect(rewardSchema.strict().parse(r.body)).toMatchObject({
      id: active.id,
      name: 'Tote',
      selection: 'redeem',
      description: 'A bag',
      description_details: 'Canvas',
      terms_conditions: 'One each',
      image: { public_url: '/i.png' },
      finish: new Date(now + DAY).toISOString(),
      earned_by_current_participant_on: null,
      participant_sweepstakes_entry: null,
      threshold: 100,
      achievement_reward: null,
      nft_item: null,
      featured: true,
      limit: 10,
      claims: 0,
      balance: 10,
      coupon_code: null,
      status: 'active',
    })
    for (const row of hidden) {
      const res = await t.get<{ error: { code: string; fields: Record<string, string> }; message: string }>(
        `/public/rewards/${row.id}`,
        member,
      )
      expect(res.status).toBe(404)
      expect(res.body.error.fields).toHaveProperty('reward_id')
      expect(res.body.message).toContain(String(row.id))
    }
    const list = await t.get<RewardListResponse>('/public/home/active_rewards', member)
    const ids = list.body.data.map((r) => r.id)
    expect(ids).toContain(active.id)
    for (const row of hidden) expect(ids).not.toContain(row.id)
  })

  it('hides non-featured rewards from signed-out visitors only', async () => {
    const t = await makeRewardsTest()
    const secret = await t.addReward({ featured: false })
    const shown = await t.addReward({ featured: true })
    expect((await t.get(`/public/rewards/${secret.id}`)).status).toBe(404)
    expect((await t.get(`/public/rewards/${shown.id}`)).status).toBe(200)
    const visitor = await t.get<RewardListResponse>('/public/home/active_rewards')
    expect(rewardListResponseSchema.parse(visitor.body).data.every((r) => r.featured)).toBe(true)
    expect(visitor.body.data.map((r) => r.id)).toContain(shown.id)
    expect(visitor.body.data.map((r) => r.id)).not.toContain(secret.id)

    const member = await t.addMember()
    expect((await t.get(`/public/rewards/${secret.id}`, member)).status).toBe(200)
    const signedIn = await t.get<RewardListResponse>('/public/home/active_rewards', member)
    expect(signedIn.body.data.map((r) => r.id)).toContain(secret.id)
  })

  it('answers 404 for a reward of another program and 422 naming reward_id for a malformed id', async () => {
    const t = await makeRewardsTest()
    const [links] = await t.db.select().from(programs).where(eq(programs.publicKey, 'links'))
    const foreign = await t.addReward({}, links!.id)
    const member = await t.addMember(1000)
    expect((await t.get(`/public/rewards/${foreign.id}`, member)).status).toBe(404)
    const bad = await t.get<{ error: { fields: Record<string, string> } }>('/public/rewards/abc', member)
    expect(bad.status).toBe(422)
    expect(bad.body.error.fields.reward_id).toBe('must be a reward id')
  })

  it('requires a signed-in participant for the personal lists', async () => {
    const t = await makeRewardsTest()
    expect((await t.get('/public/home/current_rewards')).status).toBe(401)
    expect((await t.get('/public/home/claimed_rewards')).status).toBe(401)
  })
})

describe('claiming a redeem reward', () => {
  it('spends the threshold once, writes claim, ledger, action and webhook, and answers the reward earned', async () => {
    const t = await makeRewardsTest()
    await subscribeEveryEvent(t, t.program.id)
    const reward = await t.addReward({
      name: 'Latte',
      threshold: 300,
      limit: 3,
      redemptionDetails: 'Show at the counter',
    })
    const member = await t.addMember(500)
    const before = await t.footprint()
    const r = await t.claim(member, reward.id)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const body = processRewardResponseSchema.parse(r.body)
    expect(body).toMatchObject({
      success: true,
      message: 'You have successfully claimed this reward',
      stripe_url: null,
    })
    expect(body.reward).toMatchObject({
      claims: 1,
      balance: 2,
      redemption_details: 'Show at the counter',
      earned_by_current_participant_on: new Date(t.clock.now()).toISOString(),
    })
    expect(await t.balance(member)).toEqual({ unused: 200, lifetime: 500 })
    const after = await t.footprint()
    expect(after).toMatchObject({
      claims: before.claims + 1,
      ledger: before.ledger + 1,
      outbox: before.outbox + 2, // reward.claimed, and the spend's points.changed
      claimsColumn: before.claimsColumn + 1,
    })
    const [spend] = await t.scope.select(pointsLedger, eq(pointsLedger.kind, 'spend'))
    expect(spend).toMatchObject({
      delta: -300,
      source: 'reward',
      sourceId: reward.id,
      participantId: member.id,
    })
    const [action] = await t.scope.select(
      participantActions,
      eq(participantActions.actionType, 'reward_claimed'),
    )
    expect(action).toMatchObject({ points: -300, actionableType: 'Reward', actionableId: reward.id })
    const events = (await t.db.select().from(outbox).where(eq(outbox.topic, 'webhook'))).map((e) => e.payload)
    expect(events).toEqual([
      { event: 'points.changed', data: expect.objectContaining({ participant_id: member.id, delta: -300, kind: 'spend', source: 'reward', source_id: reward.id }) },
      { event: 'reward.claimed', data: expect.objectContaining({ reward_id: reward.id, participant_id: member.id, points_spent: 300 }) },
    ])

    const again = await t.claim(member, reward.id)
    expectFailure(again, 409, 'already_claimed')
    expect(await t.balance(member)).toEqual({ unused: 200, lifetime: 500 })
  })

  it('accepts a multipart form like the site sends', async () => {
    const t = await makeRewardsTest()
    const reward = await t.addReward({ threshold: 0 })
    const member = await t.addMember()
    const res = await t.call('/public/rewards/process_reward', {
      member,
      form: { reward_id: String(reward.id) },
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ success: true })
  })

  it('refuses with the product messages and writes nothing', async () => {
    const t = await makeRewardsTest()
    const member = await t.addMember(50)
    const pricey = await t.addReward({ threshold: 100 })
    const soldOut = await t.addReward({ threshold: 0, limit: 0 })
    const auto = await t.addReward({
      selection: 'achievement',
      threshold: 0,
      parameters: { rule: 'lifetime_points', value: 10_000 },
    })
    const offer = await t.addReward({ selection: 'offer', threshold: 0 })
    const before = await t.footprint()

    const poor = await t.claim(member, pricey.id)
    expectFailure(poor, 422, 'not_enough_points')
    expect(poor.body.message).toBe("You don't have enough points: this costs 100 points")
    expectFailure(await t.claim(member, soldOut.id), 409, 'out_of_stock')
    expectFailure(await t.claim(member, auto.id), 403, 'not_eligible')
    expectFailure(await t.claim(member, offer.id), 403, 'not_eligible')
    expect(await t.footprint()).toEqual(before)
    expect(await t.balance(member)).toEqual({ unused: 50, lifetime: 50 })
  })

  it('rejects bad input with a 4xx naming reward_id, and a signed-out caller with 401', async () => {
    const t = await makeRewardsTest()
    const [links] = await t.db.select().from(programs).where(eq(programs.publicKey, 'links'))
    const foreign = await t.addReward({ threshold: 0 }, links!.id)
    const member = await t.addMember(1000)
    const before = await t.footprint()

    const missing = await t.call('/public/rewards/process_reward', { member, json: {} })
    const missingBody = (await missing.json()) as {
      error: { code: string; fields: Record<string, string> }
      success: boolean
    }
    expect(missing.status).toBe(422)
    expect(missingBody).toMatchObject({
      success: false,
      error: { code: 'validation_failed', fields: { reward_id: 'is required' } },
    })

    for (const bad of ['abc', -1, 1.5, true]) {
      const r = await t.claim(member, bad)
      expectFailure(r, 422, 'validation_failed')
      expect(r.body.error!.fields!.reward_id).toBe('must be a reward id')
    }
    for (const id of [999_999, foreign.id]) {
      const r = await t.claim(member, id)
      expectFailure(r, 404, 'not_found')
      expect(r.body.error!.fields).toHaveProperty('reward_id')
      expect(r.body.message).toContain(String(id))
    }
    const visitor = await t.claim(null, foreign.id)
    expect(visitor.status).toBe(401)
    expect(await t.footprint()).toEqual(before)
  })

  it('lets a repeatable reward be claimed again, each claim with its own key', async () => {
    const t = await makeRewardsTest()
    const reward = await t.addReward({ threshold: 100, repeatable: true, limit: 5 })
    const member = await t.addMember(250)
    expect((await t.claim(member, reward.id)).status).toBe(200)
    expect((await t.claim(member, reward.id)).status).toBe(200)
    expectFailure(await t.claim(member, reward.id), 422, 'not_enough_points')
    const claims = await t.scope.select(rewardClaims, eq(rewardClaims.rewardId, reward.id))
    expect(claims).toHaveLength(2)
    expect(new Set(claims.map((c) => c.claimKey)).size).toBe(2)
    expect(await t.balance(member)).toEqual({ unused: 50, lifetime: 250 })
    const current = await t.get<RewardListResponse>('/public/home/current_rewards', member)
    expect(current.body.data.map((r) => r.id)).toContain(reward.id)
  })

  it('refuses a reward that has ended for someone who earned it, while still showing it to them', async () => {
    const t = await makeRewardsTest()
    const reward = await t.addReward({ threshold: 0, finish: new Date(t.clock.now() + DAY) })
    const member = await t.addMember()
    const other = await t.addMember()
    expect((await t.claim(member, reward.id)).status).toBe(200)
    t.clock.advance(2 * DAY)
    expect((await t.get(`/public/rewards/${reward.id}`, member)).body).toMatchObject({
      status: 'ended',
      earned_by_current_participant_on: expect.any(String),
    })
    expect((await t.get(`/public/rewards/${reward.id}`, other)).status).toBe(404)
    expectFailure(await t.claim(member, reward.id), 422, 'reward_unavailable')
    const claimed = await t.get<RewardListResponse>('/public/home/claimed_rewards', member)
    expect(claimed.body.data.map((r) => r.id)).toEqual([reward.id])
  })
})

describe('coupons', () => {
  it('assigns a free coupon with the claim and shows the code to its holder only', async () => {
    const t = await makeRewardsTest()
    const reward = await t.addReward({ threshold: 0, couponsRequired: true, limit: 5 })
    await t.scope.insert(coupons, [
      { rewardId: reward.id, code: 'A-1' },
      { rewardId: reward.id, code: 'A-2' },
    ])
    const first = await t.addMember()
    const second = await t.addMember()
    const third = await t.addMember(100)
    expect((await t.claim(first, reward.id)).body.reward?.coupon_code).toBe('A-1')
    expect((await t.claim(second, reward.id)).body.reward?.coupon_code).toBe('A-2')
    expect((await t.get(`/public/rewards/${reward.id}`, third)).body.coupon_code).toBeNull()

    const before = await t.footprint()
    const empty = await t.claim(third, reward.id)
    expectFailure(empty, 409, 'out_of_stock')
    expect(await t.footprint()).toEqual(before)
    expect(await t.balance(third)).toEqual({ unused: 100, lifetime: 100 })
  })

  it('claims without a coupon when the pool is empty but coupons are optional', async () => {
    const t = await makeRewardsTest()
    const reward = await t.addReward({ threshold: 0, couponsRequired: false })
    const member = await t.addMember()
    const r = await t.claim(member, reward.id)
    expect(r.status).toBe(200)
    expect(r.body.reward?.coupon_code).toBeNull()
  })
})

describe('sweepstakes', () => {
  it('sells entries at threshold points each and counts them for the participant', async () => {
    const t = await makeRewardsTest()
    const sweep = await t.addReward({ selection: 'sweepstake', threshold: 50, limit: 1, repeatable: true })
    const member = await t.addMember(200)
    const one = await t.claim(member, sweep.id)
    expect(one.status, JSON.stringify(one.body)).toBe(200)
    expect(one.body.message).toBe('You have earned 1 entry into this sweepstakes')
    const three = await t.claim(member, sweep.id, { entries: 2 })
    expect(three.body.reward?.participant_sweepstakes_entry).toEqual({ count: 3 })
    expect(three.body.message).toBe('You have earned 3 entries into this sweepstakes')
    expectFailure(await t.claim(member, sweep.id, { entries: 2 }), 422, 'not_enough_points')
    expect(await t.balance(member)).toEqual({ unused: 50, lifetime: 200 })
    const [row] = await t.scope.select(sweepstakeEntries, eq(sweepstakeEntries.rewardId, sweep.id))
    expect(row!.count).toBe(3)
    // Entries are not claims: `claims` of a sweepstake counts winners.
    expect((await t.reward(sweep.id)).claims).toBe(0)
    expect(await t.scope.count(rewardClaims, eq(rewardClaims.rewardId, sweep.id))).toBe(0)
    const claimed = await t.get<RewardListResponse>('/public/home/claimed_rewards', member)
    expect(claimed.body.data[0]).toMatchObject({ id: sweep.id, participant_sweepstakes_entry: { count: 3 } })
  })

  it('gives one free entry when the threshold is 0', async () => {
    const t = await makeRewardsTest()
    const sweep = await t.addReward({ selection: 'sweepstake', threshold: 0, limit: 1, repeatable: true })
    const member = await t.addMember()
    expect(
      (await t.claim(member, sweep.id, { entries: 5 })).body.reward?.participant_sweepstakes_entry,
    ).toEqual({ count: 1 })
    expectFailure(await t.claim(member, sweep.id), 409, 'already_claimed')
    expect(await t.scope.count(pointsLedger)).toBe(0)
  })

  it('replays a purchase retried with the same Idempotency-Key without buying twice', async () => {
    const t = await makeRewardsTest()
    const sweep = await t.addReward({ selection: 'sweepstake', threshold: 10, limit: 1, repeatable: true })
    const member = await t.addMember(100)
    const a = await t.claim(member, sweep.id, { key: 'buy-1', entries: 2 })
    const b = await t.claim(member, sweep.id, { key: 'buy-1', entries: 2 })
    expect(b.body).toEqual(a.body)
    expect(b.res.headers.get('idempotent-replayed')).toBe('true')
    expect(await t.balance(member)).toEqual({ unused: 80, lifetime: 100 })
  })
})

describe('home lists', () => {
  it('splits current and claimed rewards for the participant', async () => {
    const t = await makeRewardsTest()
    const member = await t.addMember(1000)
    const claimedOne = await t.addReward({ threshold: 100 })
    const open = await t.addReward({ threshold: 5000 })
    const empty = await t.addReward({ threshold: 0, limit: 0 })
    await t.claim(member, claimedOne.id)
    const current = (await t.get<RewardListResponse>('/public/home/current_rewards', member)).body.data.map(
      (r) => r.id,
    )
    expect(current).toContain(open.id)
    expect(current).not.toContain(claimedOne.id)
    expect(current).not.toContain(empty.id)
    const claimed = (await t.get<RewardListResponse>('/public/home/claimed_rewards', member)).body.data
    expect(claimed.map((r) => r.id)).toEqual([claimedOne.id])
    expect(claimed[0]!.earned_by_current_participant_on).toEqual(expect.any(String))
  })

  it('loads each list in a fixed number of queries, however many rewards it holds', async () => {
    const t = await makeRewardsTest()
    const member = await t.addMember(100_000)
    const queriesFor = async (path: string) => {
      let n = 0
      const stop = t.watch(() => n++)
      try {
        expect((await t.get(path, member)).status).toBe(200)
      } finally {
        stop()
      }
      return n
    }
    const paths = [
      '/public/home/active_rewards',
      '/public/home/current_rewards',
      '/public/home/claimed_rewards',
    ]
    const addClaimed = async (count: number) => {
      for (let i = 0; i < count; i++) {
        const r = await t.addReward({ threshold: 10, couponsRequired: false })
        await t.scope.insert(coupons, { rewardId: r.id, code: `C${r.id}` })
        expect((await t.claim(member, r.id)).status).toBe(200)
        await t
          .addReward({ selection: 'sweepstake', threshold: 1, limit: 1, repeatable: true })
          .then((s) => t.claim(member, s.id))
      }
    }
    const measure = async () => {
      const counts: number[] = []
      for (const path of paths) counts.push(await queriesFor(path))
      return counts
    }
    await addClaimed(1)
    const few = await measure()
    await addClaimed(15)
    expect(await measure()).toEqual(few)
    // 3 to resolve the program and the session (one more when the participant's row changed since this
    // process last read it: after the claims, for the first list); then the rewards and the caller's
    // claims, entries and coupons.
    for (const n of few) expect(n).toBeLessThanOrEqual(8)
    expect(few.slice(1).every((n) => n <= 7)).toBe(true)
    expect((await t.get<RewardListResponse>('/public/home/claimed_rewards', member)).body.data).toHaveLength(
      32,
    )
  })

  it('answers the offer reward and the eligibility', async () => {
    const t = await makeRewardsTest()
    const visitor = await t.get<OffersRewardResponse>('/public/home/offers_reward')
    expect(visitor.body.data.eligible).toBe(false)
    const member = await t.addMember(0, { eligibleOffersRewards: true })
    const r = await t.get<OffersRewardResponse>('/public/home/offers_reward', member)
    expect(r.body.data.eligible).toBe(true)
    if (r.body.data.reward) expect(r.body.data.reward.selection).toBe('offer')
  })
})
