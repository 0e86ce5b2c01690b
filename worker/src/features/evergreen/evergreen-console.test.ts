import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { EvergreenSaveResult, EvergreenSetting, EvergreenSettingList } from '../../../../sdk/contract/console/evergreen'
import { evergreenSettings, evergreenSettingValues, programs } from '../../db/schema'
import { makeTestApp } from '../../../test/helpers'
import { adminWith, consoleAs, programByKey } from '../participants/participants-fixtures'

async function setup() {
  const t = await makeTestApp()
  const demo = await programByKey(t, 'demo')
  const links = await programByKey(t, 'links')
  const admin = await consoleAs(t, 'admin@tessera.dev')
  const base = `/admin/v2/programs/${demo.id}`
  const save = (json: Record<string, unknown>, at = base) => admin.json<EvergreenSaveResult>(`${at}/evergreen_setting_values`, { json })
  return { ...t, demo, links, admin, base, save }
}

describe('console evergreen settings', () => {
  it("lists the demo program's seeded definitions, inactive until saved; a program without any lists none", async () => {
    const { admin, base, links } = await setup()
    const list = await admin.json<EvergreenSettingList>(`${base}/evergreen_settings`)
    expect(list.status).toBe(200)
    expect(list.body.data.map((s) => [s.name, s.field_value])).toEqual([
      ['Monthly sweepstakes', { id: null, active: false }],
      ['Points expiry', { id: null, active: false }],
    ])
    expect(list.body.data[0]!.description).toMatch(/1st of every month/)
    expect((await admin.json<EvergreenSettingList>(`/admin/v2/programs/${links.id}/evergreen_settings`)).body.data).toEqual([])
  })

  it('saves a value (once per setting, toggled again), moving the content version', async () => {
    const { admin, base, save, db, demo } = await setup()
    const [first] = (await admin.json<EvergreenSettingList>(`${base}/evergreen_settings`)).body.data
    const version = async () => (await db.select({ v: programs.contentVersion }).from(programs).where(eq(programs.id, demo.id)))[0]!.v
    const before = await version()
    const on = await save({ evergreen_setting_id: first!.id, active: true })
    expect(on.status, JSON.stringify(on.body)).toBe(200)
    expect(on.body).toMatchObject({ success: true, data: { id: first!.id, field_value: { active: true } } })
    expect(on.body.data!.field_value.id).toEqual(expect.any(Number))
    expect(await version()).toBeGreaterThan(before)
    const off = await save({ evergreen_setting_id: String(first!.id), active: false })
    expect(off.body.data!.field_value).toEqual({ id: on.body.data!.field_value.id, active: false })
    expect(await db.select().from(evergreenSettingValues).where(eq(evergreenSettingValues.evergreenSettingId, first!.id))).toHaveLength(1)
    const one = await admin.json<{ data: EvergreenSetting }>(`${base}/evergreen_settings/${first!.id}`)
    expect(one.body.data.field_value.active).toBe(false)
  })

  it("names the field in errors and never writes another program's setting", async () => {
    const { save, base, admin, db, links } = await setup()
    const missing = await save({ active: true })
    expect(missing.status).toBe(422)
    expect(missing.body.errors).toEqual({ evergreen_setting_id: 'Evergreen setting is required' })
    const notBool = await save({ evergreen_setting_id: 1, active: 'yes' })
    expect(notBool.body.errors).toEqual({ active: 'Active must be true or false' })
    const [foreign] = await db.insert(evergreenSettings).values({ programId: links.id, key: 'x', name: 'Links only' }).returning()
    const cross = await save({ evergreen_setting_id: foreign!.id, active: true })
    expect(cross.status).toBe(422)
    expect(cross.body.errors).toEqual({ evergreen_setting_id: 'Evergreen setting not found in this program' })
    expect(await db.select().from(evergreenSettingValues)).toHaveLength(0)
    expect((await admin.json(`${base}/evergreen_settings/${foreign!.id}`)).status).toBe(404)
  })

  it('needs program update', async () => {
    const t = await setup()
    const viewer = await adminWith(t, 'viewer@example.com', t.demo.id, [['rewards', 'view']])
    expect((await viewer.json(`${t.base}/evergreen_settings`)).status).toBe(403)
    expect((await viewer.json(`${t.base}/evergreen_setting_values`, { json: { evergreen_setting_id: 1, active: true } })).status).toBe(403)
  })
})
