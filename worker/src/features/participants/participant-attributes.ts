import { and, asc, eq, ne } from 'drizzle-orm'
import type { FormDefinition, FormResult } from '../../../../sdk/contract/console/forms'
import { type ParticipantAttributeRow, participantAttributeWriteSchema, type TabPage } from '../../../../sdk/contract/console/participants'
import { participantProfileAttributes } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import type { ParticipantRow } from '../../env'
import { AppError } from '../../lib/errors'
import { formDefinition, validateForm } from '../console/forms'
import { activeProfileAttributes } from './import-template'
import type { Paging } from './participant-tabs'

const byParticipant = (p: ParticipantRow) => eq(participantProfileAttributes.participantId, p.id)

/** The attributes tab: the participant's profile attribute values, named as the program names them. */
export async function participantAttributesTab(scope: ProgramScope, p: ParticipantRow, paging: Paging): Promise<TabPage<ParticipantAttributeRow>> {
  const names = new Map((await activeProfileAttributes(scope)).map((a) => [a.name, a.displayName]))
  const [total, rows] = await Promise.all([
    scope.count(participantProfileAttributes, byParticipant(p)),
    scope
      .select(participantProfileAttributes, byParticipant(p))
      .orderBy(asc(participantProfileAttributes.name))
      .limit(paging.per_page)
      .offset((paging.page - 1) * paging.per_page),
  ])
  return {
    data: rows.map((r) => ({ id: r.id, attribute_name: r.name, display_name: names.get(r.name) ?? r.name, value: r.value, updated_at: r.updatedAt.toISOString() })),
    meta: { ...paging, total, total_pages: Math.ceil(total / paging.per_page) },
  }
}

async function findAttributeOr404(scope: ProgramScope, p: ParticipantRow, attributeId: number) {
  const row = await scope.first(participantProfileAttributes, and(byParticipant(p), eq(participantProfileAttributes.id, attributeId)))
  if (!row) throw new AppError('not_found', 404, 'Attribute not found', { attribute_id: 'not found' })
  return row
}

/**
 * The new and edit forms (generic form calls): the attribute is a choice among the program's active
 * profile attributes, by display name, as the spec's attribute_display_name.
 */
export async function attributeForm(scope: ProgramScope, p: ParticipantRow, attributeId?: number): Promise<FormDefinition> {
  const attributes = await activeProfileAttributes(scope)
  const options = attributes.map((a) => ({ value: a.displayName, label: a.displayName }))
  const schema = participantAttributeWriteSchema.extend({
    attribute_display_name: participantAttributeWriteSchema.shape.attribute_display_name.meta({ label: 'Attribute', options }),
    value: participantAttributeWriteSchema.shape.value.meta({ label: 'Value', widget: 'textarea' }),
  })
  if (attributeId === undefined) return formDefinition(schema, { attribute_display_name: options[0]?.value ?? '' })
  const row = await findAttributeOr404(scope, p, attributeId)
  return formDefinition(schema, { attribute_display_name: attributes.find((a) => a.name === row.name)?.displayName ?? row.name, value: row.value })
}

/**
 * POST (new) and PATCH (edit) of an attribute value: `{ success, errors }`. A new value for an attribute
 * the participant already has replaces it (one value per attribute); an edit may not move onto another
 * attribute the participant has.
 */
export async function saveAttribute(scope: ProgramScope, deps: Deps, p: ParticipantRow, body: unknown, attributeId?: number): Promise<{ status: 200 | 201 | 422; result: FormResult }> {
  const form = validateForm(participantAttributeWriteSchema, body)
  if (!form.ok) return { status: 422, result: form.result }
  const definition = (await activeProfileAttributes(scope)).find((a) => a.displayName === form.data.attribute_display_name)
  if (!definition) return { status: 422, result: { success: false, errors: { attribute_display_name: "is not one of the program's profile attributes" } } }
  const now = new Date(deps.clock.now())
  if (attributeId === undefined) {
    const [row] = await scope
      .insert(participantProfileAttributes, { participantId: p.id, name: definition.name, value: form.data.value, updatedAt: now })
      .onConflictDoUpdate({ target: [participantProfileAttributes.programId, participantProfileAttributes.participantId, participantProfileAttributes.name], set: { value: form.data.value, updatedAt: now } })
      .returning({ id: participantProfileAttributes.id })
    return { status: 201, result: { success: true, errors: {}, data: { id: row!.id } } }
  }
  const current = await findAttributeOr404(scope, p, attributeId)
  const clash = await scope.first(participantProfileAttributes, and(byParticipant(p), eq(participantProfileAttributes.name, definition.name), ne(participantProfileAttributes.id, current.id)))
  if (clash) return { status: 422, result: { success: false, errors: { attribute_display_name: 'The participant already has a value for this attribute' } } }
  await scope.update(participantProfileAttributes, { name: definition.name, value: form.data.value, updatedAt: now }, eq(participantProfileAttributes.id, current.id))
  return { status: 200, result: { success: true, errors: {}, data: { id: current.id } } }
}
