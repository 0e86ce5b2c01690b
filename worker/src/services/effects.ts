import type { ProgramScope } from '../db/scope'
import type { Deps } from '../deps'
import { evaluateAutoRewards } from './auto-rewards'
import { recomputeTier } from './tiers'

/**
 * Follow-ups after any completion, claim or points change of one participant: the tier, then the
 * achievement and milestone rewards whose rules now hold. Each step is idempotent, so running it twice
 * (a retry, a concurrent request) changes nothing more.
 */
export async function afterParticipantChange(scope: ProgramScope, deps: Deps, participantId: number): Promise<void> {
  await recomputeTier(scope, participantId)
  await evaluateAutoRewards(scope, deps, participantId)
}
