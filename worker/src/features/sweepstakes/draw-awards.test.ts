import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '../../db/client'
import { participantActions, rewardClaims, sweepstakeDraws, sweepstakeEntries } from '../../db/schema'
import { programScope } from '../../db/scope'
import { makeRewardsTest } from '../../../test/rewards-fixtures'
import { DRAW_AWARDS_LEASE_MS, resumeDrawAwards } from './draw-awards'
import { AWARDS_IN_DRAW_BATCH, commitDraw, type FairDrawContext, fillEntriesDigests, runDraw } from './fair-draw'

/** More winners than the draw's own batch awards: the rest are awarded after it, under the awards lease. */
const WINNERS = AWARDS_IN_DRAW_BATCH + 2

/** A committed sweepstake of WINNERS winners among as many entrants (one ticket each). */
async function committedDraw() {
  const t = await makeRewardsTest()
  const reward = await t.addReward({ selection: 'sweepstake', threshold: 10, limit: WINNERS, repeatable: true })
  for (let i = 0; i < WINNERS; i++) {
    const m = await t.addMember()
    await t.scope.insert(sweepstakeEntries, { rewardId: reward.id, participantId: m.id, count: 1 })
  }
  const ctx: FairDrawContext = { scope: t.scope, deps: t.deps, program: t.program }
  const draw = await commitDraw(ctx, reward.id, null)
  const row = async () => (await t.scope.first(sweepstakeDraws, eq(sweepstakeDraws.id, draw.id)))!
  const awarded = async () => t.scope.count(rewardClaims, eq(rewardClaims.rewardId, reward.id))
  return { t, reward, ctx, draw, row, awarded }
}

/** Draws with a process that dies right after the draw's batch (every later batch fails: kill -9). */
async function drawThenDie(s: Awaited<ReturnType<typeof committedDraw>>) {
  let batches = 0
  const db = new Proxy(s.t.db, {
    get(target, prop) {
      if (prop === 'batch')
        return async (statements: never) => {
          if (++batches > 1) throw new Error('killed')
          return target.batch(statements)
        }
      const value = Reflect.get(target, prop, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  }) as Db
  const dying: FairDrawContext = { ...s.ctx, scope: programScope(db, s.t.program.id), deps: { ...s.t.deps, db } }
  await expect(runDraw(dying, s.reward.id, null)).rejects.toThrow('killed')
  const drawn = await s.row()
  expect(drawn).toMatchObject({ status: 'drawn', awardedAt: null, awardsLeaseUntil: new Date(s.t.clock.now() + DRAW_AWARDS_LEASE_MS) })
  expect(drawn.winners).toHaveLength(WINNERS)
  expect(await s.awarded()).toBe(AWARDS_IN_DRAW_BATCH)
  return drawn
}

describe('sweepstake awards lease', () => {
  it('leaves live awards to their runner; once the lease is over the sweep awards the rest, once', async () => {
    const s = await committedDraw()
    await drawThenDie(s)
    // Live: the sweep and a second draw request leave them alone.
    expect(await resumeDrawAwards(s.t.deps)).toEqual([])
    expect(await runDraw(s.ctx, s.reward.id, null)).toMatchObject({ status: 'drawn', awardedAt: null })
    expect(await s.awarded()).toBe(AWARDS_IN_DRAW_BATCH)
    s.t.clock.advance(DRAW_AWARDS_LEASE_MS - 1)
    expect(await resumeDrawAwards(s.t.deps)).toEqual([])

    s.t.clock.advance(1)
    // Two sweeps at once: one takes the draw over.
    const taken = await Promise.all([resumeDrawAwards(s.t.deps), resumeDrawAwards(s.t.deps)])
    expect(taken.flat()).toEqual([s.draw.id])
    expect(await s.awarded()).toBe(WINNERS)
    expect((await s.t.reward(s.reward.id)).claims).toBe(WINNERS)
    expect(await s.row()).toMatchObject({ awardedAt: new Date(s.t.clock.now()), awardsLeaseUntil: null })
    const won = await s.t.scope.select(participantActions, and(eq(participantActions.actionType, 'reward_won'), eq(participantActions.actionableId, s.reward.id)))
    expect(won).toHaveLength(WINNERS)
    // Done: nothing left to take.
    s.t.clock.advance(DRAW_AWARDS_LEASE_MS)
    expect(await resumeDrawAwards(s.t.deps)).toEqual([])
  })

  it('a draw request after the lease takes the awards over and finishes them', async () => {
    const s = await committedDraw()
    await drawThenDie(s)
    s.t.clock.advance(DRAW_AWARDS_LEASE_MS)
    expect(await runDraw(s.ctx, s.reward.id, null)).toMatchObject({ status: 'drawn', awardedAt: new Date(s.t.clock.now()), awardsLeaseUntil: null })
    expect(await s.awarded()).toBe(WINNERS)
    expect(await resumeDrawAwards(s.t.deps)).toEqual([])
  })

  it("stores the entries digest of a commit whose process died before storing it, and leaves a young commit's to it", async () => {
    const s = await committedDraw()
    const digest = s.draw.entriesDigest
    expect(digest).toMatch(/^[0-9a-f]{64}$/)
    await s.t.db.update(sweepstakeDraws).set({ entriesDigest: null }).where(eq(sweepstakeDraws.id, s.draw.id))
    expect(await fillEntriesDigests(s.t.deps)).toEqual([])
    s.t.clock.advance(60_000)
    expect(await fillEntriesDigests(s.t.deps)).toEqual([s.draw.id])
    expect((await s.row()).entriesDigest).toBe(digest)
    expect(await fillEntriesDigests(s.t.deps)).toEqual([])
  })
})
