import { and, eq } from 'drizzle-orm'
import { participants, referrals } from '../db/schema'
import type { ProgramScope } from '../db/scope'
import type { Deps } from '../deps'
import { AppError } from '../lib/errors'
import { loadChallengeCatalog } from './challenge-catalog'
import { effectiveStatus, isVisible } from './challenge-status'
import { completeChallenge } from './completions'
import { webhookInsert } from './events'
import { dispatchOutboxLater, outboxIdsFrom } from './outbox'

/**
 * Approves a pending referral (engine-rules.md, Referrals): the referrer completes the referral
 * challenge once for this referral (period key `ref:{id}`, within its max_completions) and so earns its
 * points once. Approving twice, or concurrently, credits once.
 */
export async function approveReferral(scope: ProgramScope, deps: Deps, referralId: number): Promise<boolean> {
  const now = deps.clock.now()
  const updated = await scope
    .update(referrals, { status: 'approved', updatedAt: new Date(now) }, and(eq(referrals.id, referralId), eq(referrals.status, 'pending')))
    .returning()
  const referral = updated[0]
  if (!referral) return false
  const [event] = (await deps.db.batch([webhookInsert(deps.db, scope.programId, 'referral.approved', { referral_id: referral.id, referrer_id: referral.referrerId, referred_participant_id: referral.referredParticipantId })])) as unknown[]
  dispatchOutboxLater(deps, outboxIdsFrom([event], [0]))
  const catalog = await loadChallengeCatalog(deps, scope.programId)
  const challenge = catalog.list.find((c) => c.challengeType === 'referral' && isVisible(c) && effectiveStatus(c, now) === 'active')
  const referrer = await scope.first(participants, eq(participants.id, referral.referrerId))
  if (!challenge || !referrer) return true
  try {
    const { points } = await completeChallenge(scope, deps, {
      challenge,
      participant: referrer,
      periodKey: `ref:${referral.id}`,
      actionType: 'referral_approved',
      details: { referral_id: referral.id, referred_participant_id: referral.referredParticipantId },
    })
    await scope.update(referrals, { points }, eq(referrals.id, referral.id))
  } catch (err) {
    // The cap of the referral challenge was reached, or this referral was credited already.
    if (!(err instanceof AppError && (err.code === 'already_completed' || err.code === 'completion_limit_reached'))) throw err
  }
  return true
}
