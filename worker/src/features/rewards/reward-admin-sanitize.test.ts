import { describe, expect, it } from 'vitest'
import { makeRewardsTest } from '../../../test/rewards-fixtures'
import { consoleAs } from '../participants/participants-fixtures'

type Json = Record<string, any>

const form = (terms: string) => ({
  name: 'Free espresso',
  selection: 'redeem',
  status: 'active',
  description: 'One espresso at the counter',
  threshold: 50,
  limit: 10,
  terms_conditions: terms,
  redemption_details: 'Show the code at the counter',
  tag_list: '',
})

describe('console rewards: terms and conditions are stored sanitized', () => {
  it('strips executable markup on create and update; the edit form and the participant site get the stored value', async () => {
    const r = await makeRewardsTest()
    const admin = await consoleAs(r, 'admin@tessera.dev')
    const base = `/admin/v2/programs/${r.program.id}/rewards`
    const created = await admin.json<Json>(base, { json: form('<ul><li>One per visit</li></ul><img src="x" onerror="alert(1)"><a href="https://tessera.dev" onmouseover=alert(1)>Rules</a>') })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = created.body.data.id as number
    const edit = await admin.json<Json>(`${base}/${id}/edit`)
    expect(edit.body.defaultValues.terms_conditions).toBe(
      '<ul><li>One per visit</li></ul><img src="x" loading="lazy"><a href="https://tessera.dev" target="_blank" rel="noopener noreferrer nofollow">Rules</a>',
    )

    const updated = await admin.json<Json>(`${base}/${id}`, { method: 'PUT', json: form('<p style="background:url(javascript:alert(1))">Terms</p><object data="x.swf"></object>') })
    expect(updated.status, JSON.stringify(updated.body)).toBe(200)
    expect((await admin.json<Json>(`${base}/${id}/edit`)).body.defaultValues.terms_conditions).toBe('<p>Terms</p>')
    const member = await r.addMember(100)
    expect((await r.get<Json>(`/public/rewards/${id}`, member)).body.terms_conditions).toBe('<p>Terms</p>')
    // Plain text stays as written (the site shows it as text).
    await admin.json<Json>(`${base}/${id}`, { method: 'PUT', json: form('Tom & Jerry < 2 per visit') })
    expect((await admin.json<Json>(`${base}/${id}/edit`)).body.defaultValues.terms_conditions).toBe('Tom & Jerry < 2 per visit')
  })
})
