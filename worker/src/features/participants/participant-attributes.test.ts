import { describe, expect, it } from 'vitest'
import type { FormDefinition, FormResult } from '../../../../sdk/contract/console/forms'
import type { ParticipantAttributeRow, TabPage } from '../../../../sdk/contract/console/participants'
import { makeTestApp, quickParticipant } from '../../../test/helpers'
import { consoleAs } from './participants-fixtures'

describe('participant attributes (generic form calls)', () => {
  it('offers the form, adds, lists and edits values by display name; bad input names its field', async () => {
    const t = await makeTestApp()
    const { participant, program } = await quickParticipant(t, 'attrs@example.com')
    const admin = await consoleAs(t, 'admin@tessera.dev')
    const base = `/admin/v2/programs/${program.id}/participants/${participant.id}/attributes`
    const form = await admin.json<FormDefinition>(`${base}/new`)
    expect(form.body.fields.map((f) => [f.name, f.type, f.required])).toEqual([
      ['attribute_display_name', 'select', true],
      ['value', 'textarea', true],
    ])
    expect(form.body.fields[0]!.options!.map((o) => o.value)).toContain('Zip code')

    const created = await admin.json<FormResult>(base, { json: { attribute_display_name: 'Zip code', value: ' 10001 ' } })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ success: true, errors: {} })
    const tab = await admin.json<TabPage<ParticipantAttributeRow>>(base)
    expect(tab.body.data).toEqual([expect.objectContaining({ attribute_name: 'postal', display_name: 'Zip code', value: '10001' })])
    expect((await t.browser().request('/public/participant')).status).toBe(401) // the console wrote it, not the site

    const id = tab.body.data[0]!.id
    const edit = await admin.json<FormDefinition>(`${base}/${id}/edit`)
    expect(edit.body.defaultValues).toEqual({ attribute_display_name: 'Zip code', value: '10001' })
    const patched = await admin.json<FormResult>(`${base}/${id}`, { method: 'PATCH', json: { attribute_display_name: 'City', value: 'Lisbon' } })
    expect(patched.body).toMatchObject({ success: true })
    expect((await admin.json<TabPage<ParticipantAttributeRow>>(base)).body.data.map((a) => [a.attribute_name, a.value])).toEqual([['city', 'Lisbon']])

    const bad = await admin.json<FormResult>(base, { json: { attribute_display_name: 'Password', value: '' } })
    expect(bad.status).toBe(422)
    expect(bad.body).toMatchObject({ success: false, errors: { value: 'Value is required' } })
    const unknown = await admin.json<FormResult>(base, { json: { attribute_display_name: 'Password', value: 'x' } })
    expect(unknown.body.errors).toEqual({ attribute_display_name: "is not one of the program's profile attributes" })
    expect((await admin.json(`${base}/999999/edit`)).status).toBe(404)
  })
})
