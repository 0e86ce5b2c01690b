import { and, eq, gte, isNull, lte } from 'drizzle-orm'
import { participants, tiers } from '../db/schema'
import type { ProgramScope } from '../db/scope'
import { actionInsert } from './events'

/**
 * Puts the participant in the tier whose [min, max] holds their lifetime points and records a change
 * as a participant action. The guarded update makes concurrent recomputes record one change only.
 */
export async function recomputeTier(scope: ProgramScope, participantId: number): Promise<{ changed: boolean; tierId: number | null }> {
  const participant = await scope.first(participants, eq(participants.id, participantId))
  if (!participant) return { changed: false, tierId: null }
  const tier = await scope.first(tiers, and(lte(tiers.pointsThresholdMin, participant.points), gte(tiers.pointsThresholdMax, participant.points)))
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

