import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { formDefinitionSchema } from '../../../../sdk/contract/console/forms'
import { featureProgramsPageSchema } from '../../../../sdk/contract/console/organization'
import { adminUsers, programs } from '../../db/schema'
import { adminBrowser, makeAdmin, makeOrganization, makeProgram, programByKey } from '../../../test/console-fixtures'
import { makeTestApp } from '../../../test/helpers'

type Json = Record<string, any>

async function setup() {
  const t = await makeTestApp()
  const demo = await programByKey(t, 'demo')
  const links = await programByKey(t, 'links')
  const [superAdmin] = await t.db.select().from(adminUsers).where(eq(adminUsers.email, 'admin@tessera.dev'))
  const orgAdmin = await makeAdmin(t, { organizationId: demo.organizationId, organizationAdmin: true })
  return { t, demo, links, superAdmin: superAdmin!, orgAdmin }
}

const featuresOf = async (t: Awaited<ReturnType<typeof makeTestApp>>, id: number) => (await t.db.select().from(programs).where(eq(programs.id, id)))[0]!.features

describe('program features (super admin)', () => {
  it('toggles one feature of one program, which the permission checks then follow', async () => {
    const { t, demo, superAdmin, orgAdmin } = await setup()
    const sa = await adminBrowser(t, superAdmin)
    const org = await adminBrowser(t, orgAdmin)
    expect((await org.json(`/admin/v2/programs/${demo.id}/search?q=a`)).status).toBe(200)

    const off = await sa.json<Json>('/admin/v2/feature_programs', { json: { program_id: String(demo.id), feature: 'receipts', enabled: false } })
    expect(off.status, JSON.stringify(off.body)).toBe(200)
    expect(off.body).toEqual({ success: true, errors: {}, data: { program_id: demo.id, feature: 'receipts', enabled: false } })
    const features = await featuresOf(t, demo.id)
    expect(features.receipts).toBe(false)
    expect(features.tiers).toBe(true) // only the named feature moved
    const me = await org.json<Json>('/admin/v2/me')
    expect(me.body.user_permissions[demo.id]).not.toContain('receipts:view')

    await sa.json('/admin/v2/feature_programs', { json: { program_id: demo.id, feature: 'receipts', enabled: true } })
    expect((await featuresOf(t, demo.id)).receipts).toBe(true)
    expect((await org.json<Json>('/admin/v2/me')).body.user_permissions[demo.id]).toContain('receipts:view')
  })

  it('lists every program feature with its state, searchable by program or feature name', async () => {
    const { t, demo, links, superAdmin } = await setup()
    const other = await makeProgram(t, (await makeOrganization(t, 'Far Away')).id, { name: 'Faraway Club', features: { tiers: false } })
    const sa = await adminBrowser(t, superAdmin)
    const all = featureProgramsPageSchema.parse((await sa.json<Json>('/admin/v2/feature_programs?per_page=50')).body)
    expect(all.total).toBe(3 * 7)
    expect(all.data.find((r) => r.program_id === other.id && r.feature === 'tiers')).toEqual({
      program_id: other.id,
      program_name: 'Faraway Club',
      organization_name: 'Far Away',
      feature: 'tiers',
      enabled: false,
    })
    const byProgram = await sa.json<Json>('/admin/v2/feature_programs?q=faraway')
    expect(byProgram.body.total).toBe(7)
    const byFeature = await sa.json<Json>('/admin/v2/feature_programs?q=dynamic%20feed')
    expect(byFeature.body.data.map((r: Json) => r.feature)).toEqual(['dynamic_feed_posts', 'dynamic_feed_posts', 'dynamic_feed_posts'])
    const literal = await sa.json<Json>('/admin/v2/feature_programs?q=%25')
    expect(literal.body.total).toBe(0) // the user's % is taken literally
    const offOnly = await sa.json<Json>('/admin/v2/feature_programs?enabled=off')
    expect(offOnly.body.data.map((r: Json) => [r.program_id, r.feature, r.enabled])).toEqual([
      [other.id, 'tiers', false],
      [links.id, 'otp_login', false], // the seed's magic-link program
    ])
    const sorted = await sa.json<Json>(`/admin/v2/feature_programs?q=${encodeURIComponent('Tessera Demo')}&sort=feature`)
    expect(sorted.body.data.map((r: Json) => r.feature)).toEqual(['donation_challenge', 'dynamic_feed_posts', 'offers_reward', 'otp_login', 'receipts', 'social_network_posts', 'tiers'])
    expect(sorted.body.data.every((r: Json) => r.program_id === demo.id)).toBe(true)
  })

  it('answers the add-feature form with every program to pick', async () => {
    const { t, demo, links, superAdmin } = await setup()
    const sa = await adminBrowser(t, superAdmin)
    const form = formDefinitionSchema.parse((await sa.json<Json>('/admin/v2/feature_programs/new')).body)
    const program = form.fields.find((f) => f.name === 'program_id')!
    expect(program.type).toBe('select')
    expect(program.options!.map((o) => o.value).sort()).toEqual([String(demo.id), String(links.id)].sort())
    expect(form.fields.find((f) => f.name === 'feature')!.options!.map((o) => o.value)).toContain('donation_challenge')
    expect(form.fields.find((f) => f.name === 'enabled')!.type).toBe('boolean')
    expect(form.defaultValues.enabled).toBe(true)
  })

  it('refuses everyone but super admins, and bad input naming the field, writing nothing', async () => {
    const { t, demo, superAdmin, orgAdmin } = await setup()
    const before = await featuresOf(t, demo.id)
    const org = await adminBrowser(t, orgAdmin)
    const granted = await adminBrowser(t, await makeAdmin(t, { organizationId: demo.organizationId, grants: [[demo.id, 'super_admin:manage'], [demo.id, 'program:manage']] }))
    for (const b of [org, granted]) {
      expect((await b.json('/admin/v2/feature_programs')).status).toBe(403)
      expect((await b.json('/admin/v2/feature_programs/new')).status).toBe(403)
      expect((await b.json('/admin/v2/feature_programs', { json: { program_id: demo.id, feature: 'tiers', enabled: false } })).status).toBe(403)
    }
    const sa = await adminBrowser(t, superAdmin)
    const bad = await sa.json<Json>('/admin/v2/feature_programs', { json: { program_id: '', feature: 'flying', enabled: 'yes' } })
    expect(bad.status).toBe(422)
    expect(bad.body).toEqual({ success: false, errors: { program_id: 'Program is required', feature: 'Feature is required', enabled: 'must be true or false' } })
    const missing = await sa.json<Json>('/admin/v2/feature_programs', { json: { program_id: 999999, feature: 'tiers' } })
    expect(missing.body).toEqual({ success: false, errors: { program_id: 'Program not found' } })
    expect(await featuresOf(t, demo.id)).toEqual(before)
  })
})
