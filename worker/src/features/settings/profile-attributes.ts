import { and, asc, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import {
  attributeNameOf,
  type ProfileAttributeList,
  type ProfileAttributeRow,
  type profileAttributeWriteSchema,
} from '../../../../sdk/contract/console/settings'
import type { FormResult } from '../../../../sdk/contract/console/forms'
import { profileAttributeDefinitions } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { AppError } from '../../lib/errors'
import { contentSaved } from '../programs/content-version'

type Entity = typeof profileAttributeDefinitions.$inferSelect
type Values = z.output<typeof profileAttributeWriteSchema>
type Saved = { status: 200 | 201 | 422; result: FormResult & { data?: { id: number } } }

const TAKEN: Saved = { status: 422, result: { success: false, errors: { display_name: 'Display name has already been taken' } } }

function isTaken(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (/UNIQUE constraint failed: profile_attribute_definitions\./i.test(String((e as Error).message ?? e))) return true
  }
  return false
}

export const profileAttributeRow = (row: Entity): ProfileAttributeRow => ({
  id: row.id,
  display_name: row.displayName,
  attribute_name: row.attributeName,
  attribute_field_type: row.attributeFieldType,
  active: row.active,
})

export async function findProfileAttributeOr404(scope: ProgramScope, id: number): Promise<Entity> {
  const row = Number.isSafeInteger(id) && id > 0 ? await scope.first(profileAttributeDefinitions, eq(profileAttributeDefinitions.id, id)) : undefined
  if (!row) throw new AppError('not_found', 404, 'Profile attribute not found', { profile_attribute_id: 'not found' })
  return row
}

/** GET .../profile_attributes: every definition of the program, by display name. */
export async function listProfileAttributes(scope: ProgramScope): Promise<ProfileAttributeList> {
  const rows = await scope.select(profileAttributeDefinitions).orderBy(asc(sql`lower(${profileAttributeDefinitions.displayName})`), asc(profileAttributeDefinitions.id))
  return { data: rows.map(profileAttributeRow) }
}

/**
 * POST .../profile_attributes. The attribute name (the key of participants' values) comes from the
 * display name; the unique index on (program, attribute name) refuses a second one with the same key.
 * The definitions table's triggers move the program's content version (the sign-up form lists them).
 */
export async function createProfileAttribute(scope: ProgramScope, deps: Deps, values: Values): Promise<Saved> {
  try {
    const [row] = await scope
      .insert(profileAttributeDefinitions, {
        displayName: values.display_name,
        attributeName: attributeNameOf(values.display_name),
        attributeFieldType: values.attribute_field_type,
        active: values.active,
      })
      .returning({ id: profileAttributeDefinitions.id })
    contentSaved(deps)
    return { status: 201, result: { success: true, errors: {}, data: { id: row!.id } } }
  } catch (err) {
    if (isTaken(err)) return TAKEN
    throw err
  }
}

/**
 * PUT .../profile_attributes/{id}: display name, field type, active. The attribute name stays: the
 * values participants already gave are kept under it. Another definition with the same display name
 * is refused (in the statement itself).
 */
export async function updateProfileAttribute(scope: ProgramScope, deps: Deps, row: Entity, values: Values): Promise<Saved> {
  // One guarded statement: the update happens only while no other definition has that display name.
  const updated = await scope
    .update(
      profileAttributeDefinitions,
      { displayName: values.display_name, attributeFieldType: values.attribute_field_type, active: values.active },
      and(
        eq(profileAttributeDefinitions.id, row.id),
        sql`NOT EXISTS (SELECT 1 FROM profile_attribute_definitions other WHERE other.program_id = ${scope.programId} AND other.id <> ${row.id} AND lower(other.display_name) = lower(${values.display_name}))`,
      ),
    )
    .returning({ id: profileAttributeDefinitions.id })
  if (!updated.length) return TAKEN
  contentSaved(deps)
  return { status: 200, result: { success: true, errors: {}, data: { id: row.id } } }
}
