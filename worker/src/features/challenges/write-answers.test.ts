import { and, desc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { type Challenge, challengeTileSchema } from '../../../../sdk/contract/challenges'
import type { Reward } from '../../../../sdk/contract/rewards'
import { configFromEnv } from '../../config'
import { challenges, coupons, outbox, participantActions, participants, rewardClaims, rewards, tiers } from '../../db/schema'
import { refundClaim } from '../rewards/reward-refunds'
import { makeTestApp, quickParticipant, subscribeEveryEvent } from '../../../test/helpers'
import { makeRewardsTest } from '../../../test/rewards-fixtures'

/**
 * The write paths answer from what they wrote instead of reading it back, and the home lists are
 * assembled from cached JSON fragments: these check those answers against the fresh reads they
 * replace.
 */

type TestApp = Awaited<ReturnType<typeof makeTestApp>>
const TILE_KEYS = Object.keys(challengeTileSchema.shape) as (keyof Challenge)[]
const tileOf = (c: Challenge) => Object.fromEntries(TILE_KEYS.map((k) => [k, c[k]]))

async function addChallenge(t: TestApp, identifier: string, parameters: Record<string, unknown>, extra: Partial<typeof challenges.$inferInsert> = {}) {
  const [demo] = await t.db.select().from(challenges).where(eq(challenges.identifier, 'coffee-origins'))
  const [row] = await t.db
    .insert(challenges)
    .values({ programId: demo!.programId, identifier, name: identifier, challengeType: 'link', parameters, status: 'active', points: 10, tagList: [], ...extra })
    .returning()
  return row!
}

describe('home lists answer tiles', () => {
  it('each tile is the tile part of the challenge entity, signed out and signed in', async () => {
    const t = await makeTestApp()
    const visitor = t.browser()
    const { browser } = await quickParticipant(t, 'tiles@example.com')
    await browser.json('/public/challenges/submit', { json: { challenge_id: 'daily-brew-tip' } })
    await browser.json('/public/challenges/submit', { json: { challenge_id: 'coffee-origins' } })
    for (const [b, list] of [
      [visitor, 'active_uncompleted_challenges'],
      [browser, 'active_uncompleted_challenges'],
      [browser, 'completed_challenges'],
    ] as const) {
      const res = await b.request(`/public/home/${list}`)
      expect(res.headers.get('content-type')).toBe('application/json')
      const { data } = (await res.json()) as { data: Record<string, unknown>[] }
      expect(data.length, list).toBeGreaterThan(0)
      for (const tile of data) {
        expect(challengeTileSchema.strict().safeParse(tile).success, JSON.stringify(tile)).toBe(true)
        const full = await b.json<Challenge>(`/public/challenges/${tile.identifier}`)
        expect(tile).toEqual(tileOf(full.body))
      }
    }
    const done = await browser.json<{ data: Challenge[] }>('/public/home/completed_challenges')
    expect(done.body.data.map((c) => c.identifier).sort()).toEqual(['coffee-origins', 'daily-brew-tip'])
  })
})

describe('a submit answers the challenge as a fresh read would', () => {
  const submitAndCompare = async (t: TestApp, browser: TestApp['browser'] extends () => infer B ? B : never, identifier: string) => {
    const r = await browser.json<{ challenge: Challenge }>('/public/challenges/submit', { json: { challenge_id: identifier } })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const fresh = await browser.json<Challenge>(`/public/challenges/${identifier}`)
    expect(r.body.challenge).toEqual(fresh.body)
    return r.body.challenge
  }

  it('once, daily, capped and weekly-capped challenges', async () => {
    const t = await makeTestApp()
    await addChallenge(t, 'twice', { max_completions: 2 })
    await addChallenge(t, 'weekly-thrice', { repeat: 'weekly', max_completions: 3 })
    const { browser } = await quickParticipant(t, 'answers@example.com')
    expect((await submitAndCompare(t, browser, 'coffee-origins')).is_repeatable_and_completed).toBe(false)
    expect((await submitAndCompare(t, browser, 'daily-brew-tip')).is_repeatable_and_completed).toBe(true)
    expect((await submitAndCompare(t, browser, 'twice')).is_repeatable_and_completed).toBe(false)
    expect((await submitAndCompare(t, browser, 'twice')).is_repeatable_and_completed).toBe(true)
    expect((await submitAndCompare(t, browser, 'weekly-thrice')).is_repeatable_and_completed).toBe(true)
    t.clock.advance(8 * 86_400_000)
    expect((await submitAndCompare(t, browser, 'weekly-thrice')).is_repeatable_and_completed).toBe(true)
  })

  it('moves the participant to the tier their new points reach, once', async () => {
    const t = await makeTestApp()
    const { browser, participant } = await quickParticipant(t, 'tier@example.com', { points: 995 })
    const [silver] = await t.db.select().from(tiers).where(and(eq(tiers.programId, participant.programId), eq(tiers.name, 'Silver')))
    await submitAndCompare(t, browser, 'coffee-origins')
    const [p] = await t.db.select().from(participants).where(eq(participants.id, participant.id))
    expect(p!.points).toBeGreaterThanOrEqual(1000)
    expect(p!.tierId).toBe(silver!.id)
    const changes = await t.db.select().from(participantActions).where(and(eq(participantActions.participantId, participant.id), eq(participantActions.actionType, 'tier_changed')))
    expect(changes.map((a) => a.title)).toContain('Reached Silver')
    // Prepared statements bind null as SQL NULL, as built ones do (not the JSON text 'null').
    const raw = await t.execute({ sql: "SELECT count(*) FROM participant_actions WHERE action_type = 'tier_changed' AND details IS NULL", args: [] })
    expect(Number(raw.rows[0]![0])).toBe(changes.length)
  })

  it('writes no webhook event when no webhook takes it, and a pending one for each event a webhook takes', async () => {
    const t = await makeTestApp()
    const { browser, participant } = await quickParticipant(t, 'nohook@example.com')
    const before = (await t.db.select().from(outbox)).length
    expect((await browser.request('/public/challenges/submit', { json: { challenge_id: 'coffee-origins' } })).status).toBe(200)
    expect(await t.db.select().from(outbox)).toHaveLength(before)
    await subscribeEveryEvent(t, participant.programId)
    expect((await browser.request('/public/challenges/submit', { json: { challenge_id: 'pour-over-guide' } })).status).toBe(200)
    const events = await t.db.select().from(outbox).orderBy(desc(outbox.id)).limit(2)
    expect(events.map((e) => (e.payload as { event: string }).event).sort()).toEqual(['challenge.completed', 'points.changed'])
    for (const event of events) expect(event.topic).toBe('webhook')
  })
})

describe('automatic rewards after a submit, from the values the batch returned', () => {
  it('awards a milestone the completion reaches, and one created after the rule already held', async () => {
    const t = await makeRewardsTest()
    const member = await t.addMember(990)
    const club = await t.addReward({ selection: 'milestone', threshold: 0, limit: 10, parameters: { rule: 'lifetime_points', value: 1000 } })
    const submit = (identifier: string) => t.call('/public/challenges/submit', { member, json: { challenge_id: identifier } })
    expect((await submit('coffee-origins')).status).toBe(200)
    expect(await t.scope.count(rewardClaims, eq(rewardClaims.rewardId, club.id))).toBe(1)
    const late = await t.addReward({ selection: 'achievement', threshold: 0, limit: 10, parameters: { rule: 'lifetime_points', value: 500 } })
    expect((await submit('daily-brew-tip')).status).toBe(200)
    expect(await t.scope.count(rewardClaims, eq(rewardClaims.rewardId, late.id))).toBe(1)
    expect(await t.scope.count(rewardClaims, eq(rewardClaims.rewardId, club.id))).toBe(1)
  })

  it('awards a tag achievement when the last tagged challenge is completed', async () => {
    const t = await makeRewardsTest()
    const badge = await t.addReward({ selection: 'achievement', threshold: 0, limit: 10, parameters: { rule: 'tag', tag: 'origins' } })
    await addChallenge(t, 'tagged-1', {}, { tagList: ['origins'] })
    await addChallenge(t, 'tagged-2', {}, { tagList: ['origins', 'x'] })
    const member = await t.addMember()
    const submit = (identifier: string) => t.call('/public/challenges/submit', { member, json: { challenge_id: identifier } })
    expect((await submit('tagged-1')).status).toBe(200)
    expect(await t.scope.count(rewardClaims, eq(rewardClaims.rewardId, badge.id))).toBe(0)
    expect((await submit('tagged-2')).status).toBe(200)
    expect(await t.scope.count(rewardClaims, eq(rewardClaims.rewardId, badge.id))).toBe(1)
  })
})

describe('a claim answers the reward as a fresh read would', () => {
  it('a repeatable reward, claim after claim', async () => {
    const t = await makeRewardsTest()
    const pastry = await t.addReward({ threshold: 10, limit: 100, repeatable: true })
    const member = await t.addMember(100)
    for (let i = 0; i < 3; i++) {
      const r = await t.claim(member, pastry.id)
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      expect(r.body.reward).toEqual((await t.get<Reward>(`/public/rewards/${pastry.id}`, member)).body)
    }
    expect((await t.get<Reward>(`/public/rewards/${pastry.id}`, member)).body.claims).toBe(3)
  })

  it('a one-time reward with a coupon: the code is in the answer', async () => {
    const t = await makeRewardsTest()
    const card = await t.addReward({ threshold: 10, limit: 5, couponsRequired: true })
    await t.scope.insert(coupons, [{ rewardId: card.id, code: 'CODE-1' }])
    const member = await t.addMember(50)
    const r = await t.claim(member, card.id)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.reward?.coupon_code).toBe('CODE-1')
    expect(r.body.reward).toEqual((await t.get<Reward>(`/public/rewards/${card.id}`, member)).body)
  })
})

describe('the cached reward catalog', () => {
  const cached = () => ({ config: { ...configFromEnv({ ENVIRONMENT: 'test', APP_SECRET: 'test-secret-test-secret-test-secret-!!' }), cacheTtlMs: 60_000 } })

  it('never refuses a claim as sold out on a stale copy', async () => {
    const t = await makeRewardsTest(cached())
    const one = await t.addReward({ threshold: 10, limit: 1 })
    const [a, b] = [await t.addMember(50), await t.addMember(50)]
    expect((await t.claim(a, one.id)).status).toBe(200)
    expect((await t.claim(b, one.id)).status).toBe(409)
    // Stock released behind the cache's back (another instance refunding, an admin raising the limit).
    await t.db.update(rewards).set({ limit: 2 }).where(eq(rewards.id, one.id))
    expect((await t.claim(b, one.id)).status).toBe(200)
  })

  it('finds a reward published after the copy was taken', async () => {
    const t = await makeRewardsTest(cached())
    const member = await t.addMember(50)
    await t.claim(member, (await t.addReward({ threshold: 10 })).id)
    const fresh = await t.addReward({ threshold: 10 })
    expect((await t.claim(member, fresh.id)).status).toBe(200)
  })

  it('a refund puts the stock back for the next claim', async () => {
    const t = await makeRewardsTest(cached())
    const one = await t.addReward({ threshold: 10, limit: 1 })
    const [a, b] = [await t.addMember(50), await t.addMember(50)]
    expect((await t.claim(a, one.id)).status).toBe(200)
    const [claim] = await t.scope.select(rewardClaims, eq(rewardClaims.rewardId, one.id))
    await refundClaim(t.scope, t.deps, claim!.id)
    expect((await t.claim(b, one.id)).status).toBe(200)
  })
})
