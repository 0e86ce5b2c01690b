import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { RewardListResponse } from '../../../../sdk/contract/rewards'
import {
  challengeCompletions,
  challenges,
  outbox,
  participantActions,
  participants,
  rewardClaims,
} from '../../db/schema'
import { evaluateAutoRewards, parseAutoRule } from './auto-rewards'
import { afterParticipantChange } from '../challenges/effects'
import { expectFailure, makeRewardsTest } from '../../../test/rewards-fixtures'
import { subscribeEveryEvent } from '../../../test/helpers'

describe('achievements and milestones are earned automatically', () => {
  it('awards a lifetime-points milestone once the rule holds, once', async () => {
    const t = await makeRewardsTest()
    await subscribeEveryEvent(t, t.program.id)
    const club = await t.addReward({
      name: '1,000 points club',
      selection: 'milestone',
      threshold: 0,
      limit: 10,
      activeImage: '/badge-on.png',
      parameters: { rule: 'lifetime_points', value: 1000 },
    })
    const member = await t.addMember(900)
    await afterParticipantChange(t.scope, t.deps, member.id)
    expect(await t.scope.count(rewardClaims, eq(rewardClaims.rewardId, club.id))).toBe(0)

    await t.credit(member, 100)
    await afterParticipantChange(t.scope, t.deps, member.id)
    await afterParticipantChange(t.scope, t.deps, member.id)
    const claims = await t.scope.select(rewardClaims, eq(rewardClaims.rewardId, club.id))
    expect(claims).toHaveLength(1)
    expect(claims[0]).toMatchObject({
      participantId: member.id,
      claimKey: 'once',
      status: 'won',
      pointsSpent: 0,
    })
    expect((await t.reward(club.id)).claims).toBe(1)
    const actions = await t.scope.select(
      participantActions,
      and(eq(participantActions.actionType, 'reward_won'), eq(participantActions.actionableId, club.id)),
    )
    expect(actions).toHaveLength(1)
    const events = (await t.db.select().from(outbox).where(eq(outbox.topic, 'webhook'))).map((e) => e.payload)
    expect(events).toContainEqual({
      event: 'reward.claimed',
      data: expect.objectContaining({ reward_id: club.id, status: 'won' }),
    })
    expect(await t.balance(member)).toEqual({ unused: 1000, lifetime: 1000 })

    const shown = await t.get(`/public/rewards/${club.id}`, member)
    expect(shown.body).toMatchObject({
      earned_by_current_participant_on: expect.any(String),
      achievement_reward: { active_image: { public_url: '/badge-on.png' } },
    })
    const claimed = await t.get<RewardListResponse>('/public/home/claimed_rewards', member)
    expect(claimed.body.data.map((r) => r.id)).toContain(club.id)
    const current = await t.get<RewardListResponse>('/public/home/current_rewards', member)
    expect(current.body.data.map((r) => r.id)).not.toContain(club.id)
    // Awarded rewards are never claimed by hand.
    expectFailure(await t.claim(member, club.id), 403, 'not_eligible')
  })

  it('awards a completed-challenges achievement, staff included, and skips silently at the limit', async () => {
    const t = await makeRewardsTest()
    const badge = await t.addReward({
      selection: 'achievement',
      threshold: 0,
      limit: 2,
      parameters: { rule: 'completed_challenges', value: 3 },
    })
    const members = [await t.addMember(0, { staff: true }), await t.addMember(), await t.addMember()]
    for (const m of members) {
      await t.scope.update(participants, { completedChallenges: 3 }, eq(participants.id, m.id))
      await evaluateAutoRewards(t.scope, t.deps, m.id)
    }
    const claims = await t.scope.select(rewardClaims, eq(rewardClaims.rewardId, badge.id))
    expect(claims.map((c) => c.participantId)).toEqual([members[0]!.id, members[1]!.id])
    expect((await t.reward(badge.id)).claims).toBe(2)
  })

  it('awards a tag achievement when every started challenge with the tag is completed', async () => {
    const t = await makeRewardsTest()
    const badge = await t.addReward({
      selection: 'achievement',
      threshold: 0,
      limit: 10,
      parameters: { rule: 'tag', tag: 'coffee', value: 0 },
    })
    const member = await t.addMember()
    const now = t.clock.now()
    const make = (identifier: string, tags: string[], extra: Partial<typeof challenges.$inferInsert> = {}) =>
      t.scope
        .insert(challenges, {
          identifier,
          name: identifier,
          challengeType: 'article',
          parameters: {},
          status: 'active',
          tagList: tags,
          ...extra,
        })
        .returning()
        .then((rows) => rows[0]!)
    const a = await make('tagged-a', ['coffee', 'x'])
    const b = await make('tagged-b', ['coffee'])
    await make('tagged-draft', ['coffee'], { status: 'draft' })
    await make('tagged-later', ['coffee'], { start: new Date(now + 86_400_000) })
    await make('untagged', ['tea'])
    const complete = (challengeId: number) =>
      t.scope.insert(challengeCompletions, { challengeId, participantId: member.id, periodKey: 'once' })

    await complete(a.id)
    await evaluateAutoRewards(t.scope, t.deps, member.id)
    expect(await t.scope.count(rewardClaims, eq(rewardClaims.rewardId, badge.id))).toBe(0)
    await complete(b.id)
    await evaluateAutoRewards(t.scope, t.deps, member.id)
    expect(await t.scope.count(rewardClaims, eq(rewardClaims.rewardId, badge.id))).toBe(1)
  })

  it('awards the offer reward to participants eligible for offers', async () => {
    const t = await makeRewardsTest()
    const offer = await t.addReward({ selection: 'offer', threshold: 0, limit: 100 })
    const member = await t.addMember()
    await evaluateAutoRewards(t.scope, t.deps, member.id)
    expect(await t.scope.count(rewardClaims, eq(rewardClaims.rewardId, offer.id))).toBe(0)
    await t.scope.update(participants, { eligibleOffersRewards: true }, eq(participants.id, member.id))
    await afterParticipantChange(t.scope, t.deps, member.id)
    expect(await t.scope.count(rewardClaims, eq(rewardClaims.rewardId, offer.id))).toBe(1)
    const shown = await t.get(`/public/rewards/${offer.id}`, member)
    expect(shown.body.earned_by_current_participant_on).toEqual(expect.any(String))
  })

  it('ignores inactive rewards and malformed rules', async () => {
    const t = await makeRewardsTest()
    const ended = await t.addReward({
      selection: 'milestone',
      threshold: 0,
      status: 'ended',
      parameters: { rule: 'lifetime_points', value: 0 },
    })
    const broken = await t.addReward({
      selection: 'milestone',
      threshold: 0,
      parameters: { rule: 'lifetime_points', value: 'lots' },
    })
    const member = await t.addMember(10)
    await evaluateAutoRewards(t.scope, t.deps, member.id)
    expect(await t.scope.count(rewardClaims, eq(rewardClaims.rewardId, ended.id))).toBe(0)
    expect(await t.scope.count(rewardClaims, eq(rewardClaims.rewardId, broken.id))).toBe(0)
    expect(parseAutoRule({ rule: 'completed_challenges', value: '3' })).toEqual({
      rule: 'completed_challenges',
      value: 3,
    })
    expect(parseAutoRule({ rule: 'tag', value: 'coffee' })).toEqual({ rule: 'tag', tag: 'coffee' })
    expect(parseAutoRule({ rule: 'unknown' })).toBeNull()
  })
})
