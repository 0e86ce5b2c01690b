import { eq, sql } from 'drizzle-orm'
import { rewardClaims, rewards } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { AppError } from '../../lib/errors'
import { isUniqueViolation } from '../challenges/completions'
import { afterParticipantChange } from '../challenges/effects'
import { invalidateRewardCatalog } from './reward-catalog'
import { actionInsert } from '../webhooks/events'
import { ledgerWrite, pointsEventFor } from '../points/ledger'
import { dispatchOutboxLater, outboxIdsFrom } from '../webhooks/outbox'
import { batch } from '../../db/batch'

/**
 * Refunds one claim (an admin undoing it, a failed fulfilment): the points spent come back as a
 * `refund` ledger row, the claim is marked refunded and the reward's inventory is released, in one
 * batch. The refund's ledger key is inserted without ON CONFLICT, so a second refund of the same claim
 * fails the whole batch and changes nothing. Lifetime points are untouched (a refund is not an earn).
 * Assigned coupon codes stay with the claim: a code once shown is not handed out again.
 */
export async function refundClaim(scope: ProgramScope, deps: Deps, claimId: number, reason = 'Refund'): Promise<{ refunded: number }> {
  const claim = await scope.first(rewardClaims, eq(rewardClaims.id, claimId))
  if (!claim) throw new AppError('not_found', 404, 'claim_id: not found', { claim_id: 'not found' })
  if (claim.status === 'refunded') throw new AppError('already_completed', 409, 'This claim was refunded already')
  const key = `refund:${claim.id}`
  const event = { ...(await pointsEventFor(deps, scope.programId)), data: { reward_id: claim.rewardId, claim_id: claim.id } }
  let results: unknown[]
  try {
    results = (await batch(deps.db, [
      ...ledgerWrite(
        scope,
        { participantId: claim.participantId, delta: claim.pointsSpent, kind: 'refund', source: 'reward', sourceId: claim.rewardId, title: reason, idempotencyKey: key },
        event,
        { strict: true },
      ),
      scope.update(rewardClaims, { status: 'refunded' }, eq(rewardClaims.id, claim.id)),
      scope.update(rewards, { claims: sql`${rewards.claims} - 1` as never }, eq(rewards.id, claim.rewardId)),
      actionInsert(scope, { participantId: claim.participantId, actionType: 'reward_refunded', title: reason, points: claim.pointsSpent, actionableType: 'Reward', actionableId: claim.rewardId, dedupeKey: key }),
    ])) as unknown[]
  } catch (err) {
    if (isUniqueViolation(err, 'points_ledger')) throw new AppError('already_completed', 409, 'This claim was refunded already')
    throw err
  }
  if (event.subscribed) dispatchOutboxLater(deps, outboxIdsFrom(results, [1]))
  // The released stock shows at once in this instance (elsewhere a cached "sold out" is re-read).
  invalidateRewardCatalog(deps)
  await afterParticipantChange(scope, deps, claim.participantId)
  return { refunded: claim.pointsSpent }
}
