import { and, asc, eq, gte, isNull, lte, type SQL, sql } from 'drizzle-orm'
import { participantActions, participants, tiers } from '../../db/schema'
import { batch, rawStatement } from '../../db/batch'
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


/**
 * recomputeTier for many participants of one program at once (an import's chunk): one batch of two
 * statements whatever their number, where one by one it was three statements each (a 10,000-line
 * import: 30,000 round trips on D1). The same rules: the tier is the first by lower bound whose
 * [min, max] holds the lifetime points, read fresh from the tiers table; a change into a tier is
 * recorded as a `tier_changed` action; the action and the update are in one transaction and see the
 * same rows, so a concurrent recompute records no second change.
 */
export async function recomputeTiers(scope: ProgramScope, participantIds: number[]): Promise<void> {
  if (!participantIds.length) return
  const ids = sql`(SELECT value FROM json_each(${JSON.stringify(participantIds)}))`
  const tierOf = (points: SQL) =>
    sql`(SELECT t.id FROM ${tiers} t WHERE t.program_id = ${scope.programId} AND t.points_threshold_min <= ${points} AND t.points_threshold_max >= ${points} ORDER BY t.points_threshold_min, t.id LIMIT 1)`
  await batch(scope.db, [
    rawStatement(
      scope.db,
      sql`INSERT INTO ${participantActions} (program_id, participant_id, action_type, title, actionable_type, actionable_id)
        SELECT p.program_id, p.id, 'tier_changed', 'Reached ' || t.name, 'Tier', t.id
        FROM ${participants} p JOIN ${tiers} t ON t.id = ${tierOf(sql`p.points`)}
        WHERE p.program_id = ${scope.programId} AND p.id IN ${ids} AND p.tier_id IS NOT t.id`,
    ),
    rawStatement(
      scope.db,
      sql`UPDATE ${participants} SET tier_id = ${tierOf(sql`${participants}.points`)}
        WHERE program_id = ${scope.programId} AND id IN ${ids} AND tier_id IS NOT ${tierOf(sql`${participants}.points`)}`,
    ),
  ])
}
