import { and, eq, gte, isNull, lte, sql } from 'drizzle-orm'
import { participants, tiers } from '../db/schema'
import { PROGRAM_ID, preparedFor } from '../db/prepared'
import { type ProgramScope, programScope } from '../db/scope'
import { actionInsert } from './events'

/**
 * Puts the participant in the tier whose [min, max] holds their lifetime points and records a change
 * as a participant action. The guarded update makes concurrent recomputes record one change only.
 */
export async function recomputeTier(scope: ProgramScope, participantId: number): Promise<{ changed: boolean; tierId: number | null }> {
  // The participant's tier and the tier their points fall in, in one prepared query (it runs after
  // every completion, claim and points change).
  const [participant] = await preparedFor(scope.db, 'tier-for-participant', (d) =>
    d
      .select({ tierId: participants.tierId, tier: { id: tiers.id, name: tiers.name } })
      .from(participants)
      .leftJoin(
        tiers,
        and(eq(tiers.programId, participants.programId), lte(tiers.pointsThresholdMin, participants.points), gte(tiers.pointsThresholdMax, participants.points)),
      )
      .where(programScope(d, PROGRAM_ID).where(participants, eq(participants.id, sql.placeholder('participantId'))))
      .limit(1)
      .prepare(),
  ).all({ programId: scope.programId, participantId })
  if (!participant) return { changed: false, tierId: null }
  const tier = participant.tier
  const tierId = tier?.id ?? null
  if (tierId === participant.tierId) return { changed: false, tierId }
  const updated = await scope
    .update(
      participants,
      { tierId },
      and(eq(participants.id, participantId), participant.tierId === null ? isNull(participants.tierId) : eq(participants.tierId, participant.tierId)),
    )
    .returning({ id: participants.id })
  if (!updated.length) return { changed: false, tierId }
  if (tier) {
    await actionInsert(scope, { participantId, actionType: 'tier_changed', title: `Reached ${tier.name}`, actionableType: 'Tier', actionableId: tier.id })
  }
  return { changed: true, tierId }
}

