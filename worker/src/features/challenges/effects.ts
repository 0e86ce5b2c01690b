import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { evaluateAutoRewards, type KnownAfterWrite } from '../rewards/auto-rewards'
import { recomputeTier, recomputeTiers, tierMayChange } from '../rewards/tiers'
import { inIds } from '../../db/in-ids'
import { participants } from '../../db/schema'

/**
 * Follow-ups after any completion, claim or points change of one participant: the tier, then the
 * achievement and milestone rewards whose rules now hold. Each step is idempotent, so running it twice
 * (a retry, a concurrent request) changes nothing more.
 *
 * `known`: the participant's values the write's batch returned. With them the usual case (same tier,
 * no new award) costs no query: the tier is checked against the cached tiers and the rules against
 * the values (see evaluateAutoRewards); a possible change still goes through the fresh reads below.
 * Answers the ids of the rewards awarded.
 */
export async function afterParticipantChange(scope: ProgramScope, deps: Deps, participantId: number, known?: KnownAfterWrite): Promise<number[]> {
  if (!known || (await tierMayChange(deps, scope.programId, known.participant))) await recomputeTier(scope, participantId)
  return evaluateAutoRewards(scope, deps, participantId, known)
}

/**
 * afterParticipantChange for many participants of one program (an import's chunk of at most a few
 * hundred): their tiers in one batch (recomputeTiers), then each one's automatic rewards, checked
 * against their values read once here (usually no further statement).
 */
export async function afterParticipantsChange(scope: ProgramScope, deps: Deps, participantIds: number[]): Promise<void> {
  if (!participantIds.length) return
  await recomputeTiers(scope, participantIds)
  for (const p of await scope.select(participants, inIds(participants.id, participantIds))) {
    await evaluateAutoRewards(scope, deps, p.id, { participant: p, completedChallenge: false })
  }
}
