import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { batch } from '../../db/batch'
import { createApp } from '../../app'
import type { Db } from '../../db/client'
import {
  coupons,
  participantActions,
  participants,
  pointsLedger,
  rewardClaims,
  sweepstakeEntries,
} from '../../db/schema'
import { claimReward } from './rewards-claim'
import { evaluateAutoRewards } from './auto-rewards'
import { claimFailure, claimStatements } from './rewards-write'
import { expectFailure, makeRewardsTest, type RewardsTest } from '../../../test/rewards-fixtures'

const statuses = (results: { status: number }[]) => {
  const out: Record<number, number> = {}
  for (const r of results) out[r.status] = (out[r.status] ?? 0) + 1
  return out
}

/**
 * The app over the same database, where the first `n` batches wait for one another before running:
 * every request has read the stock and the balance before any of them writes, the worst case for
 * read-then-write code. Only the database's constraints can then keep the invariants.
 */
function barrierApp(t: RewardsTest, n: number) {
  const batches = { count: 0 }
  let release = () => {}
  const gate = new Promise<void>((resolve) => {
    release = resolve
    setTimeout(resolve, 5000)
  })
  const db = new Proxy(t.db, {
    get(target, prop) {
      if (prop === 'batch') {
        return async (statements: never) => {
          if (++batches.count === n) release()
          if (batches.count <= n) await gate
          return target.batch(statements)
        }
      }
      const value = Reflect.get(target, prop, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  }) as Db
  return { app: createApp({ ...t.deps, db }), batches }
}

describe('claims under concurrency (libSQL)', () => {
  it('100 participants claiming a reward with limit 5 at once get exactly 5 claims', async () => {
    const t = await makeRewardsTest()
    const reward = await t.addReward({ threshold: 10, limit: 5 })
    const members = await Promise.all(Array.from({ length: 100 }, () => t.addMember(10)))
    const { app, batches } = barrierApp(t, 100)
    const results = await Promise.all(members.map((m) => t.claim(m, reward.id, { app })))
    expect(statuses(results)).toEqual({ 200: 5, 409: 95 })
    // All 100 read a stock of 5 and tried to write: the CHECK claims <= limit refused 95.
    expect(batches.count).toBe(100)
    for (const r of results.filter((r) => r.status === 409)) expectFailure(r, 409, 'out_of_stock')
    expect((await t.reward(reward.id)).claims).toBe(5)
    expect(await t.scope.count(rewardClaims, eq(rewardClaims.rewardId, reward.id))).toBe(5)
    expect(await t.scope.count(pointsLedger, eq(pointsLedger.kind, 'spend'))).toBe(5)
    const spent = await t.scope.select(participants, eq(participants.unusedPoints, 0))
    expect(spent).toHaveLength(5)
  })

  it('50 parallel claims by one participant who can afford one spend exactly once', async () => {
    for (const repeatable of [false, true]) {
      const t = await makeRewardsTest()
      const reward = await t.addReward({ threshold: 100, limit: 1000, repeatable })
      const member = await t.addMember(150)
      const { app, batches } = barrierApp(t, 50)
      const results = await Promise.all(Array.from({ length: 50 }, () => t.claim(member, reward.id, { app })))
      expect(statuses(results)[200]).toBe(1)
      expect(batches.count).toBe(50)
      const refusals = results.filter((r) => r.status !== 200)
      for (const r of refusals)
        expect(r.body.error?.code).toBe(repeatable ? 'not_enough_points' : 'already_claimed')
      expect(await t.balance(member)).toEqual({ unused: 50, lifetime: 150 })
      expect(await t.scope.count(pointsLedger, eq(pointsLedger.kind, 'spend'))).toBe(1)
      expect(await t.scope.count(rewardClaims, eq(rewardClaims.rewardId, reward.id))).toBe(1)
      expect((await t.reward(reward.id)).claims).toBe(1)
    }
  })

  it('gives each coupon to one participant only', async () => {
    const t = await makeRewardsTest()
    const reward = await t.addReward({ threshold: 5, limit: 100, couponsRequired: true })
    await t.scope.insert(
      coupons,
      Array.from({ length: 10 }, (_, i) => ({ rewardId: reward.id, code: `CODE-${i}` })),
    )
    const members = await Promise.all(Array.from({ length: 30 }, () => t.addMember(5)))
    const { app } = barrierApp(t, 30)
    const results = await Promise.all(members.map((m) => t.claim(m, reward.id, { app })))
    expect(statuses(results)).toEqual({ 200: 10, 409: 20 })
    for (const r of results.filter((r) => r.status === 409)) expectFailure(r, 409, 'out_of_stock')
    const codes = results.filter((r) => r.status === 200).map((r) => r.body.reward!.coupon_code)
    expect(new Set(codes).size).toBe(10)
    const pool = await t.scope.select(coupons, eq(coupons.rewardId, reward.id))
    expect(new Set(pool.map((c) => c.participantId)).size).toBe(10)
    const claimRows = await t.scope.select(rewardClaims, eq(rewardClaims.rewardId, reward.id))
    expect(new Set(pool.map((c) => c.claimId))).toEqual(new Set(claimRows.map((c) => c.id)))
    // Nobody refused paid anything.
    expect(await t.scope.count(pointsLedger, eq(pointsLedger.kind, 'spend'))).toBe(10)
    expect((await t.reward(reward.id)).claims).toBe(10)
  })

  it('awards an achievement once when evaluated concurrently, and never beyond its limit', async () => {
    const t = await makeRewardsTest()
    const badge = await t.addReward({
      selection: 'achievement',
      threshold: 0,
      limit: 3,
      parameters: { rule: 'lifetime_points', value: 10 },
    })
    const members = await Promise.all(Array.from({ length: 6 }, () => t.addMember(10)))
    await Promise.all(
      members.flatMap((m) => Array.from({ length: 5 }, () => evaluateAutoRewards(t.scope, t.deps, m.id))),
    )
    expect(await t.scope.count(rewardClaims, eq(rewardClaims.rewardId, badge.id))).toBe(3)
    expect((await t.reward(badge.id)).claims).toBe(3)
  })
})

describe('the guards are the database constraints', () => {
  it('turns the constraint each guard trips into the right refusal (libSQL)', async () => {
    const t = await makeRewardsTest()
    const member = await t.addMember(50)
    const attempt = async (rewardId: number, pointsSpent: number) => {
      const row = await t.reward(rewardId)
      const statements = claimStatements(t.scope, row, {
        participantId: member.id,
        claimKey: 'once',
        status: 'claimed',
        pointsSpent,
        now: t.clock.now(),
        actionType: 'reward_claimed',
      })
      return batch(t.db, statements).then(
        () => 'ok',
        (err) => claimFailure(err) ?? String(err),
      )
    }
    expect(await attempt((await t.addReward({ threshold: 0, limit: 0 })).id, 0)).toBe('out_of_stock')
    expect(await attempt((await t.addReward({ threshold: 0, limit: 5, couponsRequired: true })).id, 0)).toBe(
      'out_of_stock',
    )
    expect(await attempt((await t.addReward({ threshold: 100, limit: 5 })).id, 100)).toBe('not_enough_points')
    const once = await t.addReward({ threshold: 0, limit: 5 })
    expect(await attempt(once.id, 0)).toBe('ok')
    expect(await attempt(once.id, 0)).toBe('already_claimed')
    expect((await t.reward(once.id)).claims).toBe(1)
    expect(await t.balance(member)).toEqual({ unused: 50, lifetime: 50 })
  })
})

describe('idempotent claims', () => {
  it('answers a retried request with the same Idempotency-Key with the same body and spends once', async () => {
    for (const repeatable of [false, true]) {
      const t = await makeRewardsTest()
      const reward = await t.addReward({ threshold: 100, limit: 10, repeatable })
      const member = await t.addMember(1000)
      const first = await t.claim(member, reward.id, { key: 'click-1' })
      const retry = await t.claim(member, reward.id, { key: 'click-1' })
      expect(first.status).toBe(200)
      expect(retry.status).toBe(200)
      expect(retry.body).toEqual(first.body)
      expect(retry.res.headers.get('idempotent-replayed')).toBe('true')
      expect(await t.balance(member)).toEqual({ unused: 900, lifetime: 1000 })
      expect(await t.scope.count(rewardClaims, eq(rewardClaims.rewardId, reward.id))).toBe(1)
      if (repeatable) {
        // A new key is a new claim of a repeatable reward.
        expect((await t.claim(member, reward.id, { key: 'click-2' })).status).toBe(200)
        expect(await t.balance(member)).toEqual({ unused: 800, lifetime: 1000 })
      }
    }
  })

  it('spends once when the same key races itself', async () => {
    const t = await makeRewardsTest()
    const reward = await t.addReward({ threshold: 100, limit: 10, repeatable: true })
    const member = await t.addMember(1000)
    const results = await Promise.all(
      Array.from({ length: 10 }, () => t.claim(member, reward.id, { key: 'same' })),
    )
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1)
    for (const r of results.filter((r) => r.status !== 200))
      expect(r.body.error?.code).toBe('idempotency_conflict')
    expect(await t.balance(member)).toEqual({ unused: 900, lifetime: 1000 })
  })

  it('replays at the service level too: the claim key and the ledger key make a repeated call a no-op', async () => {
    const t = await makeRewardsTest()
    const redeem = await t.addReward({ threshold: 100, limit: 10, repeatable: true })
    const sweep = await t.addReward({ selection: 'sweepstake', threshold: 10, limit: 1, repeatable: true })
    const member = await t.addMember(1000)
    const [participant] = await t.scope.select(participants, eq(participants.id, member.id))
    const ctx = { scope: t.scope, deps: t.deps, program: t.program, participant: participant! }
    const a = await claimReward(ctx, { rewardId: redeem.id, idempotencyKey: 'svc-1' })
    const b = await claimReward(ctx, { rewardId: redeem.id, idempotencyKey: 'svc-1' })
    expect(b).toEqual(a)
    const e1 = await claimReward(ctx, { rewardId: sweep.id, idempotencyKey: 'svc-2', entries: 3 })
    const e2 = await claimReward(ctx, { rewardId: sweep.id, idempotencyKey: 'svc-2', entries: 3 })
    expect(e2).toEqual(e1)
    expect(e2.reward.participant_sweepstakes_entry).toEqual({ count: 3 })
    expect(await t.balance(member)).toEqual({ unused: 1000 - 100 - 30, lifetime: 1000 })
    const [entries] = await t.scope.select(sweepstakeEntries, eq(sweepstakeEntries.rewardId, sweep.id))
    expect(entries!.count).toBe(3)
  })
})

/** The app over a Db whose batches get one more statement that fails (an action without a type). */
function faultyApp(t: RewardsTest, participantId: number) {
  const db = t.db
  const faulty = new Proxy(db, {
    get(target, prop) {
      if (prop === 'batch') {
        return (statements: unknown[]) =>
          target.batch([
            ...(statements as never[]),
            target
              .insert(participantActions)
              .values({
                programId: t.program.id,
                participantId,
                actionType: sql`NULL` as never,
                title: 'fault',
              }),
          ] as never)
      }
      const value = Reflect.get(target, prop, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  }) as Db
  const logs: string[] = []
  return { app: createApp({ ...t.deps, db: faulty, log: (l) => logs.push(l) }), faulty, logs }
}

describe('a claim that fails part-way writes nothing', () => {
  it('rolls back every row of a redeem claim with a coupon', async () => {
    const t = await makeRewardsTest()
    const reward = await t.addReward({ threshold: 100, limit: 5, couponsRequired: true })
    await t.scope.insert(coupons, { rewardId: reward.id, code: 'ONLY-1' })
    const member = await t.addMember(500)
    const { app, logs } = faultyApp(t, member.id)
    const before = await t.footprint()
    const r = await t.claim(member, reward.id, { app, key: 'k1' })
    expect(r.status).toBe(500)
    expect(logs.join('\n')).toMatch(/NOT NULL constraint failed: participant_actions.action_type/)
    expect(await t.footprint()).toEqual(before)
    expect(await t.balance(member)).toEqual({ unused: 500, lifetime: 500 })
    expect((await t.reward(reward.id)).claims).toBe(0)
    const [coupon] = await t.scope.select(coupons, eq(coupons.rewardId, reward.id))
    expect(coupon).toMatchObject({ participantId: null, claimId: null, assignedAt: null })
    // The failed request did not keep its Idempotency-Key: the retry runs and succeeds.
    const retry = await t.claim(member, reward.id, { key: 'k1' })
    expect(retry.status).toBe(200)
    expect(retry.body.reward?.coupon_code).toBe('ONLY-1')
  })

  it('rolls back a sweepstake purchase and an automatic award', async () => {
    const t = await makeRewardsTest()
    const sweep = await t.addReward({ selection: 'sweepstake', threshold: 10, limit: 1, repeatable: true })
    const badge = await t.addReward({
      selection: 'milestone',
      threshold: 0,
      limit: 5,
      parameters: { rule: 'lifetime_points', value: 1 },
    })
    const member = await t.addMember(100)
    const { app, faulty } = faultyApp(t, member.id)
    const before = await t.footprint()
    expect((await t.claim(member, sweep.id, { app })).status).toBe(500)
    const { programScope } = await import('../../db/scope')
    await expect(evaluateAutoRewards(programScope(faulty, t.program.id), t.deps, member.id)).rejects.toThrow()
    expect(await t.footprint()).toEqual(before)
    expect((await t.reward(badge.id)).claims).toBe(0)
    expect(await t.balance(member)).toEqual({ unused: 100, lifetime: 100 })
  })
})
