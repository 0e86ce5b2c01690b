import { and, asc, eq, gte, isNull, lte, sql } from 'drizzle-orm'
import { participants, tiers } from '../../db/schema'
import { PROGRAM_ID, preparedFor } from '../../db/prepared'
import { type ProgramScope, programScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { appCache } from '../../lib/cache'
import { contentKey } from '../programs/content-version'
import { actionInsert } from '../webhooks/events'

type TierBounds = { id: number; name: string; min: number; max: number }

/** A program's tiers by lower bound, cached for config.cacheTtlMs and by content version (they change rarely). */
export function loadTiers(deps: Deps, programId: number): Promise<TierBounds[]> {
  return appCache<TierBounds[]>(deps, 'tiers').get(contentKey(deps, programId), async () => {
    const scope = programScope(deps.db, programId)
    return scope.db
      .select({ id: tiers.id, name: tiers.name, min: tiers.pointsThresholdMin, max: tiers.pointsThresholdMax })
      .from(tiers)
      .where(scope.where(tiers))
      .orderBy(asc(tiers.pointsThresholdMin), asc(tiers.id))
  })
}

/**
 * Whether a participant with these lifetime points and tier may need recomputeTier, from the cached
 * tiers: false means they are in the tier their points fall in, so the query can be skipped (a write
 * that already returned the participant's new values asks this first). True is confirmed by
 * recomputeTier on fresh rows.
 */
export async function tierMayChange(deps: Deps, programId: number, p: { points: number; tierId: number | null }): Promise<boolean> {
  return (tierForPoints(await loadTiers(deps, programId), p.points)?.id ?? null) !== p.tierId
}

/** The tier whose [min, max] holds these lifetime points (the first by lower bound), or undefined. */
export const tierForPoints = (list: TierBounds[], points: number) => list.find((t) => t.min <= points && t.max >= points)

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

