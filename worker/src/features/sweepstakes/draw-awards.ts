import { and, eq, isNull, lte, or } from 'drizzle-orm'
import { rewardClaims, rewards, sweepstakeDraws } from '../../db/schema'
import { inIds } from '../../db/in-ids'
import { programScope, type ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { invalidateRewardCatalog } from '../rewards/reward-catalog'
import type { RewardRow } from '../rewards/rewards-state'
import { claimFailure, claimStatements, errorText } from '../rewards/rewards-write'
import { hasWebhookFor } from '../webhooks/webhooks'
import { batch } from '../../db/batch'

export type DrawRow = typeof sweepstakeDraws.$inferSelect

/**
 * How long a runner holds the awards of a draw (docs/decisions/0034): five minutes. It renews the lease
 * every AWARDS_PER_PASS winners, and a pass is 50 one-batch awards (a second or two on D1), so the
 * lease is far past the slowest honest pass; a runner that died (kill -9, an evicted isolate, a Worker
 * past its query limit) is taken over by the next minute sweep after that.
 */
export const DRAW_AWARDS_LEASE_MS = 5 * 60_000
/** Winners awarded between two renewals of the lease. */
const AWARDS_PER_PASS = 50
/** Draws the minute sweep takes over at most per run. */
const SWEEP_LIMIT = 10

/** The statements that award one winner: the rewards' own award (claim 'once', status won, reward_won). */
export const awardStatements = (scope: ProgramScope, reward: RewardRow, participantId: number, now: number, unsubscribed: boolean) =>
  claimStatements(scope, reward, { participantId, claimKey: 'once', status: 'won', pointsSpent: 0, now, actionType: 'reward_won', unsubscribed })

/** Winners left to award, and nobody holding them: no lease (a draw from before leases), or one that is over. */
const awardsAbandoned = (now: number) =>
  and(eq(sweepstakeDraws.status, 'drawn'), isNull(sweepstakeDraws.awardedAt), or(isNull(sweepstakeDraws.awardsLeaseUntil), lte(sweepstakeDraws.awardsLeaseUntil, new Date(now))))

/**
 * Takes the awards of a draw nobody holds, in one guarded update: of concurrent takers one wins (its
 * lease is in the future, so the others' `<= now` no longer holds). Answers the lease end held, or null.
 */
export async function takeAwards(scope: ProgramScope, deps: Deps, drawId: number): Promise<number | null> {
  const now = deps.clock.now()
  const until = now + DRAW_AWARDS_LEASE_MS
  const taken = await scope.update(sweepstakeDraws, { awardsLeaseUntil: new Date(until) }, and(eq(sweepstakeDraws.id, drawId), awardsAbandoned(now))).returning({ id: sweepstakeDraws.id })
  return taken.length ? until : null
}

/** Renews a lease this runner still holds; null when someone took the draw over meanwhile. */
async function renewAwards(scope: ProgramScope, deps: Deps, drawId: number, held: number): Promise<number | null> {
  const until = deps.clock.now() + DRAW_AWARDS_LEASE_MS
  const renewed = await scope
    .update(sweepstakeDraws, { awardsLeaseUntil: new Date(until) }, and(eq(sweepstakeDraws.id, drawId), isNull(sweepstakeDraws.awardedAt), eq(sweepstakeDraws.awardsLeaseUntil, new Date(held))))
    .returning({ id: sweepstakeDraws.id })
  return renewed.length ? until : null
}

/**
 * Awards the winners the draw's batch left out (more than AWARDS_IN_DRAW_BATCH, or a runner that died
 * after the batch), each in its own batch, under the lease `held`; winners who hold the reward already
 * (the draw's batch, an earlier runner) are skipped, and an award is unique per winner (the claim key),
 * so two runners never award anyone twice. Then marks the draw awarded and ends the lease. A runner
 * that lost its lease stops and answers the draw as it is.
 */
export async function completeAwards(scope: ProgramScope, deps: Deps, reward: RewardRow, draw: DrawRow, held: number): Promise<DrawRow> {
  const winners = (draw.winners ?? []).map((w) => w.participant_id)
  const holding = winners.length
    ? await scope.db
        .select({ participantId: rewardClaims.participantId })
        .from(rewardClaims)
        .where(scope.where(rewardClaims, and(eq(rewardClaims.rewardId, reward.id), eq(rewardClaims.claimKey, 'once'), inIds(rewardClaims.participantId, winners))))
    : []
  const awarded = new Set(holding.map((c) => c.participantId))
  const left = winners.filter((id) => !awarded.has(id))
  const unsubscribed = !(await hasWebhookFor(deps, scope.programId, 'reward.claimed'))
  let lease = held
  const current = async () => (await scope.first(sweepstakeDraws, eq(sweepstakeDraws.id, draw.id)))!
  for (let i = 0; i < left.length; i++) {
    if (i > 0 && i % AWARDS_PER_PASS === 0) {
      const renewed = await renewAwards(scope, deps, draw.id, lease)
      if (renewed === null) return current()
      lease = renewed
    }
    try {
      await batch(scope.db, awardStatements(scope, reward, left[i]!, deps.clock.now(), unsubscribed))
    } catch (err) {
      if (claimFailure(err) === 'already_claimed') continue
      // A participant deleted since the commit cannot be awarded: the draw keeps them as drawn.
      if (/FOREIGN KEY constraint failed/.test(errorText(err))) continue
      throw err
    }
  }
  await scope.update(sweepstakeDraws, { awardedAt: new Date(deps.clock.now()), awardsLeaseUntil: null }, and(eq(sweepstakeDraws.id, draw.id), eq(sweepstakeDraws.awardsLeaseUntil, new Date(lease))))
  invalidateRewardCatalog(deps)
  return current()
}

/**
 * The minute sweep: finishes the awards of draws whose runner died after the draw's batch. Answers
 * the ids of the draws it took over.
 */
export async function resumeDrawAwards(deps: Deps): Promise<number[]> {
  const draws = await deps.db.select().from(sweepstakeDraws).where(awardsAbandoned(deps.clock.now())).limit(SWEEP_LIMIT) // tenant-guard: allow — the sweep covers every program's draws, by state and lease only.
  const taken: number[] = []
  for (const draw of draws) {
    const scope = programScope(deps.db, draw.programId)
    const held = await takeAwards(scope, deps, draw.id)
    if (held === null) continue
    taken.push(draw.id)
    const reward = await scope.first(rewards, eq(rewards.id, draw.rewardId))
    if (!reward) continue
    await completeAwards(scope, deps, reward, draw, held).catch((err: unknown) => deps.log?.(`[sweepstakes] awards of draw ${draw.id} failed: ${(err as Error)?.message ?? String(err)}`))
  }
  return taken
}
