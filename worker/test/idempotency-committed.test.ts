import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { challengeCompletions, challenges, pointsLedger, requestIdempotency, rewardClaims } from '../src/db/schema'
import { expectFailure, makeRewardsTest, type RewardsTest } from './rewards-fixtures'

/**
 * A process that dies after its write committed and before it stored its answer (kill -9 between the
 * two): the key stays in progress, and once its lease is over a retry answers the original result,
 * rebuilt from what was committed (Idempotent-Replayed: true), without writing again. A participant's
 * submit and one-time claim are unique per participant, not per key, so a re-run would otherwise answer
 * "already completed"; the key's mark, written in the write's own batch, tells the retry it committed.
 *
 * The death is a trigger that makes storing the answer fail: the request answers 500 after its write
 * committed, exactly what a client sees when the process dies there.
 */
async function dieBeforeStoringAnswers(t: RewardsTest, run: () => Promise<unknown>) {
  await t.db.run(sql.raw(`CREATE TRIGGER die_before_answer BEFORE UPDATE OF status ON request_idempotency WHEN NEW.status IS NOT NULL BEGIN SELECT RAISE(ABORT, 'killed'); END`))
  try {
    await run()
  } finally {
    await t.db.run(sql.raw('DROP TRIGGER die_before_answer'))
  }
}

const submit = (t: RewardsTest, member: { id: number; token: string }, challengeId: number, key: string) =>
  t.call('/public/challenges/submit', { member, json: { challenge_id: challengeId }, key })

describe('an Idempotency-Key whose write committed before its process died', () => {
  it('answers a challenge submit retried after the lease with its original result, crediting once', async () => {
    const t = await makeRewardsTest()
    const member = await t.addMember()
    const [article] = await t.db.select().from(challenges).where(eq(challenges.identifier, 'pour-over-guide'))
    await dieBeforeStoringAnswers(t, async () => {
      const died = await submit(t, member, article!.id, 'crash-submit')
      expect(died.status).toBe(500)
    })
    const [key] = await t.scope.select(requestIdempotency, eq(requestIdempotency.key, `p:${member.id}:crash-submit`))
    expect(key).toMatchObject({ status: null, response: null })
    expect(key!.completedAt).not.toBeNull()
    // During the lease: still in progress.
    expect((await submit(t, member, article!.id, 'crash-submit')).status).toBe(409)
    t.clock.advance(t.deps.config.idempotencyLeaseMs)
    const retry = await submit(t, member, article!.id, 'crash-submit')
    expect(retry.status).toBe(200)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    const body = (await retry.json()) as Record<string, any>
    expect(body).toMatchObject({ success: true, points: article!.points, challenge: { id: article!.id } })
    // Stored now: the next retry replays it.
    const again = await submit(t, member, article!.id, 'crash-submit')
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual(body)
    expect(await t.scope.count(challengeCompletions, eq(challengeCompletions.participantId, member.id))).toBe(1)
    expect(await t.scope.count(pointsLedger, and(eq(pointsLedger.participantId, member.id), eq(pointsLedger.source, 'challenge')))).toBe(1)
    expect(await t.balance(member)).toMatchObject({ unused: article!.points })
    // Another key is another request: the refusal the product gives for a second completion.
    expect((await submit(t, member, article!.id, 'another-key')).status).toBe(409)
  })

  it('answers a one-time claim retried after the lease with its original result, spending once', async () => {
    const t = await makeRewardsTest()
    const reward = await t.addReward({ threshold: 100, repeatable: false })
    const member = await t.addMember(250)
    await dieBeforeStoringAnswers(t, async () => {
      expect((await t.claim(member, reward.id, { key: 'crash-claim' })).status).toBe(500)
    })
    t.clock.advance(t.deps.config.idempotencyLeaseMs)
    const retry = await t.claim(member, reward.id, { key: 'crash-claim' })
    expect(retry.status, JSON.stringify(retry.body)).toBe(200)
    expect(retry.res.headers.get('idempotent-replayed')).toBe('true')
    expect(retry.body).toMatchObject({ success: true, reward: { id: reward.id } })
    expect(await t.balance(member)).toMatchObject({ unused: 150 })
    expect(await t.scope.count(rewardClaims, eq(rewardClaims.participantId, member.id))).toBe(1)
    expectFailure(await t.claim(member, reward.id, { key: 'other-key' }), 409, 'already_claimed')
  })

  it('runs again when the process died before its write: nothing was marked, the write happens once', async () => {
    const t = await makeRewardsTest()
    const reward = await t.addReward({ threshold: 100, repeatable: false })
    const member = await t.addMember(250)
    // A failure inside the write's batch (the claim never committed) gives the key up at once.
    await t.db.run(sql.raw(`CREATE TRIGGER die_in_write BEFORE INSERT ON reward_claims BEGIN SELECT RAISE(ABORT, 'killed'); END`))
    expect((await t.claim(member, reward.id, { key: 'crash-before' })).status).toBe(500)
    await t.db.run(sql.raw('DROP TRIGGER die_in_write'))
    expect(await t.scope.count(requestIdempotency, eq(requestIdempotency.key, `p:${member.id}:crash-before`))).toBe(0)
    const retry = await t.claim(member, reward.id, { key: 'crash-before' })
    expect(retry.status).toBe(200)
    expect(retry.res.headers.get('idempotent-replayed')).toBeNull()
    expect(await t.balance(member)).toMatchObject({ unused: 150 })
  })
})
