import { and, asc, eq, notInArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { FIXED_TIERS, type TierList, type TierRow, type tiersWriteSchema } from '../../../../sdk/contract/console/settings'
import type { FormResult } from '../../../../sdk/contract/console/forms'
import { participants, tiers } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { contentSaved } from '../programs/content-version'
import { batch } from '../../db/batch'

type Values = z.output<typeof tiersWriteSchema>
type Saved = { status: 200 | 422; result: FormResult & { data?: TierRow[] } }

const byPoints = [asc(tiers.pointsThresholdMin), asc(tiers.id)]

/** GET .../program_tiers: the program's tiers by points. */
export async function listTiers(scope: ProgramScope): Promise<TierList> {
  const rows = await scope.select(tiers).orderBy(...byPoints)
  return { data: rows.map((t) => ({ id: t.id, name: t.name, points_threshold_min: t.pointsThresholdMin, points_threshold_max: t.pointsThresholdMax })) }
}

/** The ids of the program's first two tiers by points, in SQL: the delete below never reaches them. */
const fixedTierIds = (programId: number) =>
  sql`(SELECT ft.id FROM tiers ft WHERE ft.program_id = ${programId} ORDER BY ft.points_threshold_min, ft.id LIMIT ${FIXED_TIERS})`

/** Each participant's tier from their lifetime points against the saved tiers (as recomputeTier decides it). */
const tierOfParticipant = sql`(SELECT t.id FROM tiers t WHERE t.program_id = participants.program_id AND t.points_threshold_min <= participants.points AND t.points_threshold_max >= participants.points ORDER BY t.points_threshold_min, t.id LIMIT 1)`

/**
 * PUT .../program_tiers: the whole set (contiguous, non-overlapping: checked by the contract) in one
 * batch: tiers left out are deleted (never the first two: the statement itself excludes them), kept
 * ones updated, new ones inserted, and participants whose points now fall in another tier moved to it.
 * The tiers table's triggers move the program's content version; the cached tiers follow it.
 */
export async function saveTiers(scope: ProgramScope, deps: Deps, values: Values): Promise<Saved> {
  const current = await scope.select(tiers).orderBy(...byPoints)
  const known = new Set(current.map((t) => t.id))
  const keptIds = values.tiers.flatMap((t) => (t.id ? [t.id] : []))
  const errors: Record<string, string> = {}
  values.tiers.forEach((t, i) => {
    if (t.id && !known.has(t.id)) errors[`tiers.${i}.id`] = 'This tier no longer exists: reload the page'
  })
  if (current.slice(0, FIXED_TIERS).some((t) => !keptIds.includes(t.id))) errors.tiers = 'The first two tiers cannot be removed'
  if (Object.keys(errors).length) return { status: 422, result: { success: false, errors } }

  const statements = [
    scope.delete(tiers, and(keptIds.length ? notInArray(tiers.id, keptIds) : undefined, sql`${tiers.id} NOT IN ${fixedTierIds(scope.programId)}`)),
    ...values.tiers
      .filter((t) => t.id)
      .map((t) => scope.update(tiers, { name: t.name, pointsThresholdMin: t.points_threshold_min, pointsThresholdMax: t.points_threshold_max }, eq(tiers.id, t.id!))),
    ...values.tiers
      .filter((t) => !t.id)
      .map((t) => scope.insert(tiers, { name: t.name, pointsThresholdMin: t.points_threshold_min, pointsThresholdMax: t.points_threshold_max })),
    scope.update(participants, { tierId: tierOfParticipant as never }, sql`${participants.tierId} IS NOT ${tierOfParticipant}`),
  ]
  await batch(deps.db, statements)
  contentSaved(deps)
  return { status: 200, result: { success: true, errors: {}, data: (await listTiers(scope)).data } }
}
