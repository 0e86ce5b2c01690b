import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ProfileAttributeList, ProgramSettings, TierRow } from '../../../../sdk/contract/console/settings'
import { participants, programs, tiers } from '../../db/schema'
import { programScope } from '../../db/scope'
import { makeRewardsTest } from '../../../test/rewards-fixtures'
import { addPeople, adminWith, consoleAs } from '../participants/participants-fixtures'
import { HTML_PAGE, makePng, SVG_WITH_SCRIPT } from '../media/media-fixtures'
import { getPublicProgram } from '../programs/programs'
import { sharePreview } from '../site/share-preview'

type Result<T = unknown> = { success: boolean; errors: Record<string, string>; data?: T }
type Form = { fields: { name: string; type: string; required: boolean; options?: { value: string }[] }[]; defaultValues: Record<string, unknown> }

async function setup() {
  const r = await makeRewardsTest()
  const admin = await consoleAs(r, 'admin@tessera.dev')
  const base = `/admin/v2/programs/${r.program.id}`
  const version = async () => (await r.db.select({ v: programs.contentVersion }).from(programs).where(eq(programs.id, r.program.id)))[0]!.v
  const row = async () => (await r.db.select().from(programs).where(eq(programs.id, r.program.id)))[0]!
  return { ...r, admin, base, version, row }
}

describe('console program settings', () => {
  it('reads and saves general, labels and enrollment; each save moves the content version', async () => {
    const { admin, base, version, row } = await setup()
    const read = await admin.json<{ data: ProgramSettings }>(`${base}/settings`)
    expect(read.status).toBe(200)
    expect(read.body.data).toMatchObject({ name: 'Tessera Demo', test_mode: false })

    const before = await version()
    const general = await admin.json<Result<ProgramSettings>>(`${base}/settings/general`, { method: 'PATCH', json: { name: '  Coffee Club  ' } })
    expect(general.status, JSON.stringify(general.body)).toBe(200)
    expect(general.body.data?.name).toBe('Coffee Club')
    expect(await version()).toBeGreaterThan(before)

    const blank = await admin.json<Result>(`${base}/settings/general`, { method: 'PATCH', json: { name: ' ' } })
    expect(blank.status).toBe(422)
    expect(blank.body.errors).toEqual({ name: 'Name is required' })

    const labels = await admin.json<Result<ProgramSettings>>(`${base}/settings/labels`, {
      method: 'PATCH',
      json: { term_points_as: 'beans', term_rewards_as: 'treats', earn_points_icon: '/media/earn.png', current_rewards_icon: '', my_rewards_icon: null, prizes_title: 'Prizes', my_account_title: '' },
    })
    expect(labels.status, JSON.stringify(labels.body)).toBe(200)
    expect(await row()).toMatchObject({ termPointsAs: 'beans', termRewardsAs: 'treats', earnPointsIcon: '/media/earn.png', currentRewardsIcon: null, prizesTitle: 'Prizes', myAccountTitle: null })
    const badIcon = await admin.json<Result>(`${base}/settings/labels`, {
      method: 'PATCH',
      json: { term_points_as: '', term_rewards_as: 'treats', earn_points_icon: 'javascript:alert(1)' },
    })
    expect(badIcon.status).toBe(422)
    expect(badIcon.body.errors).toEqual({ term_points_as: 'Points term is required', earn_points_icon: 'Earn points icon must be an image from the media library or an https URL' })

    const http = await admin.json<Result>(`${base}/settings/enrollment`, { method: 'PATCH', json: { override_enrollment: true, program_custom_signin_url: 'http://example.com/join' } })
    expect(http.status).toBe(422)
    expect(http.body.errors).toEqual({ program_custom_signin_url: 'Custom sign-in URL must be a valid https URL' })
    const missing = await admin.json<Result>(`${base}/settings/enrollment`, { method: 'PATCH', json: { override_enrollment: true, program_custom_signin_url: '' } })
    expect(missing.body.errors).toEqual({ program_custom_signin_url: 'Custom sign-in URL is required when enrollment is overridden' })
    const enrollment = await admin.json<Result>(`${base}/settings/enrollment`, { method: 'PATCH', json: { override_enrollment: true, program_custom_signin_url: 'https://example.com/join' } })
    expect(enrollment.status).toBe(200)
    expect(await row()).toMatchObject({ overrideEnrollment: true, programCustomSigninUrl: 'https://example.com/join' })
  })

  it('saves the trusted networks of enrollment (a list or one text of lines), refusing a bad or too wide entry by name, at most 100', async () => {
    const { admin, base, row } = await setup()
    const enrollment = (json: Record<string, unknown>) => admin.json<Result<ProgramSettings>>(`${base}/settings/enrollment`, { method: 'PATCH', json: { override_enrollment: false, ...json } })
    const saved = await enrollment({ trusted_signin_networks: ' 203.0.113.0/24\n198.51.100.7, 2001:db8:5::/48\n\n203.0.113.0/24 ' })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.data?.trusted_signin_networks).toEqual(['203.0.113.0/24', '198.51.100.7', '2001:db8:5::/48'])
    expect((await row()).trustedSigninNetworks).toEqual(['203.0.113.0/24', '198.51.100.7', '2001:db8:5::/48'])
    expect((await admin.json<{ data: ProgramSettings }>(`${base}/settings`)).body.data.trusted_signin_networks).toEqual(['203.0.113.0/24', '198.51.100.7', '2001:db8:5::/48'])

    const bad = await enrollment({ trusted_signin_networks: ['203.0.113.0/24', '10.0.0.0/40'] })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toEqual({ trusted_signin_networks: 'Trusted networks: "10.0.0.0/40" is not an address range (like 203.0.113.0/24 or 2001:db8::/32)' })
    const name = await enrollment({ trusted_signin_networks: 'office.example.com' })
    expect(name.body.errors).toEqual({ trusted_signin_networks: 'Trusted networks: "office.example.com" is not an address range (like 203.0.113.0/24 or 2001:db8::/32)' })
    const wide = await enrollment({ trusted_signin_networks: ['0.0.0.0/0'] })
    expect(wide.body.errors).toEqual({ trusted_signin_networks: 'Trusted networks: "0.0.0.0/0" is too wide: a program may trust at most a /16 IPv4 range' })
    const many = await enrollment({ trusted_signin_networks: Array.from({ length: 101 }, (_, i) => `198.51.${i}.0/24`) })
    expect(many.status).toBe(422)
    expect(many.body.errors).toEqual({ trusted_signin_networks: 'Trusted networks: at most 100 ranges (101 given)' })
    expect((await row()).trustedSigninNetworks).toEqual(['203.0.113.0/24', '198.51.100.7', '2001:db8:5::/48'])

    // Not sent: kept as saved (a client that only knows the other fields keeps the list); empty: cleared.
    expect((await enrollment({ program_custom_signin_url: '' })).body.data?.trusted_signin_networks).toEqual(['203.0.113.0/24', '198.51.100.7', '2001:db8:5::/48'])
    expect((await enrollment({ trusted_signin_networks: '' })).body.data?.trusted_signin_networks).toEqual([])
    expect((await row()).trustedSigninNetworks).toBeNull()
  })

  it('takes labels as multipart with the icons as files: checked like media uploads, stored in the library, refusals naming the field', async () => {
    const { admin, base, row, program, deps } = await setup()
    const labels = (icons: Record<string, Blob | string>, extra: Record<string, string> = {}) => {
      const form = new FormData()
      for (const [k, v] of Object.entries({ term_points_as: 'beans', term_rewards_as: 'treats', prizes_title: 'Prizes', ...extra })) form.set(k, v)
      for (const [k, v] of Object.entries(icons)) {
        if (typeof v === 'string') form.set(k, v)
        else form.set(k, v, v instanceof File ? v.name : `${k}.png`)
      }
      return admin.json<Result<ProgramSettings>>(`${base}/settings/labels`, { method: 'PATCH', body: form })
    }
    const bytes = (data: Uint8Array, type: string) => new Blob([new Uint8Array(data)], { type })
    const attachments = async () => (await admin.json<{ data: { public_url: string }[] }>(`${base}/program_attachments`)).body.data.map((a) => a.public_url)
    const before = await attachments()

    // An HTML page named .png and an SVG with a script: refused by their bytes, naming the icon's field; nothing stored.
    const html = await labels({ earn_points_icon: bytes(HTML_PAGE, 'image/png'), current_rewards_icon: bytes(makePng(8, 8), 'image/png') })
    expect(html.status).toBe(422)
    expect(Object.keys(html.body.errors)).toEqual(['earn_points_icon'])
    expect(html.body.errors.earn_points_icon).toMatch(/SVG and HTML files are not accepted|must be a/)
    const svg = await labels({ current_rewards_icon: bytes(SVG_WITH_SCRIPT, 'image/svg+xml') })
    expect(svg.status).toBe(422)
    expect(Object.keys(svg.body.errors)).toEqual(['current_rewards_icon'])
    // A text field's refusal still names its field, and no icon is stored for a refused form.
    const blank = await labels({ earn_points_icon: bytes(makePng(8, 8), 'image/png') }, { term_points_as: ' ' })
    expect(blank.status).toBe(422)
    expect(blank.body.errors).toEqual({ term_points_as: 'Points term is required' })
    expect(await attachments()).toEqual(before)

    // Real PNGs: stored through the media storage, the icons are their URLs; a URL field stays a URL.
    const saved = await labels({ earn_points_icon: bytes(makePng(16, 16), 'image/png'), current_rewards_icon: bytes(makePng(12, 12), 'image/png'), my_rewards_icon: '/media/mine.png' })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const after = await row()
    expect(after).toMatchObject({ termPointsAs: 'beans', myRewardsIcon: '/media/mine.png' })
    const stored = (await attachments()).filter((u) => !before.includes(u))
    expect(stored.sort()).toEqual([after.earnPointsIcon, after.currentRewardsIcon].sort())
    expect(after.earnPointsIcon).toMatch(new RegExp(`^/media/${program.id}/[0-9a-f]{32}\\.png$`))
    expect(await deps.storage!.head(after.earnPointsIcon!.slice(1))).toEqual({ contentType: 'image/png', size: makePng(16, 16).byteLength })
    // An empty file is refused naming its field; the saved icon stays.
    const empty = await labels({ my_rewards_icon: new File([], 'mine.png') })
    expect(empty.body.errors).toEqual({ my_rewards_icon: 'is empty' })
    expect((await row()).myRewardsIcon).toBe('/media/mine.png')
  })

  it('puts the SEO title, description and image in the home page head, over the program defaults', async () => {
    const { admin, base, deps, row } = await setup()
    const preview = async () => {
      const program = await row()
      return sharePreview(deps, program, await getPublicProgram(deps.db, program), '/', {})
    }
    const before = await preview()
    expect(before.title).not.toBe('Coffee rewards, brewed daily')
    const saved = await admin.json<Result>(`${base}/settings/seo`, {
      method: 'PATCH',
      json: { title: 'Coffee rewards, brewed daily', description: 'Earn beans with every cup.', image: '/media/social.png' },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(await preview()).toMatchObject({ title: 'Coffee rewards, brewed daily', description: 'Earn beans with every cup.', image: '/media/social.png' })
    const tooLong = await admin.json<Result>(`${base}/settings/seo`, { method: 'PATCH', json: { title: 'x'.repeat(71) } })
    expect(tooLong.status).toBe(422)
    expect(tooLong.body.errors).toEqual({ title: 'SEO title must be at most 70 characters' })
    // Cleared, the program's own preview is back.
    await admin.json<Result>(`${base}/settings/seo`, { method: 'PATCH', json: { title: '', description: '', image: null } })
    expect((await preview()).title).toBe(before.title)
  })

  it('turns test mode on and refuses to turn it back off', async () => {
    const { admin, base, row } = await setup()
    const offWhileOff = await admin.json<Result<ProgramSettings>>(`${base}/settings/test_mode`, { method: 'PUT', json: { test_mode: false } })
    expect(offWhileOff.status).toBe(200)
    const on = await admin.json<Result<ProgramSettings>>(`${base}/settings/test_mode`, { method: 'PUT', json: { test_mode: true } })
    expect(on.status).toBe(200)
    expect(on.body.data?.test_mode).toBe(true)
    const off = await admin.json<Result>(`${base}/settings/test_mode`, { method: 'PUT', json: { test_mode: false } })
    expect(off.status).toBe(422)
    expect(off.body.errors).toEqual({ test_mode: 'Test mode cannot be turned off once it is on' })
    expect((await row()).testMode).toBe(true)
  })

  it('needs program manage for enrollment and profile attributes, program update for the rest', async () => {
    const r = await setup()
    const updater = await adminWith(r, 'updater@example.com', r.program.id, [['program', 'update']])
    expect((await updater.json(`${r.base}/settings/general`, { method: 'PATCH', json: { name: 'Mine' } })).status).toBe(200)
    expect((await updater.json(`${r.base}/settings/enrollment`, { method: 'PATCH', json: { override_enrollment: false } })).status).toBe(403)
    expect((await updater.json(`${r.base}/settings/enrollment`, { method: 'PATCH', json: { override_enrollment: false, trusted_signin_networks: ['0.0.0.0/16'] } })).status).toBe(403)
    expect((await r.row()).trustedSigninNetworks).toBeNull()
    expect((await updater.json(`${r.base}/profile_attributes`)).status).toBe(403)
    expect((await updater.json(`${r.base}/program_tiers`)).status).toBe(403)
  })
})

describe('console profile attributes', () => {
  it('lists, creates with a field type of the mapping, refuses a duplicate, and edits', async () => {
    const { admin, base, version } = await setup()
    const form = await admin.json<Form>(`${base}/profile_attributes/new`)
    expect(form.body.fields.map((f) => [f.name, f.type])).toEqual([
      ['display_name', 'string'],
      ['attribute_field_type', 'select'],
      ['active', 'boolean'],
    ])
    expect(form.body.fields[1]!.options!.map((o) => o.value)).toEqual(expect.arrayContaining(['text', 'text_area', 'dropdown', 'date_time', 'image_check_box', 'decimal', 'time']))
    expect(form.body.defaultValues).toEqual({ display_name: '', attribute_field_type: 'text', active: true })

    const before = await version()
    const created = await admin.json<Result<{ id: number }>>(`${base}/profile_attributes`, { json: { display_name: 'Favourite drink', attribute_field_type: 'dropdown', active: true } })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(await version()).toBeGreaterThan(before)
    const id = created.body.data!.id
    const list = await admin.json<ProfileAttributeList>(`${base}/profile_attributes`)
    expect(list.body.data.find((a) => a.id === id)).toEqual({ id, display_name: 'Favourite drink', attribute_name: 'favourite_drink', attribute_field_type: 'dropdown', active: true })

    const again = await admin.json<Result>(`${base}/profile_attributes`, { json: { display_name: 'favourite  drink', attribute_field_type: 'text', active: true } })
    expect(again.status).toBe(422)
    expect(again.body.errors).toEqual({ display_name: 'Display name has already been taken' })
    const badType = await admin.json<Result>(`${base}/profile_attributes`, { json: { display_name: 'Shoe size', attribute_field_type: 'slider', active: true } })
    expect(badType.status).toBe(422)
    expect(Object.keys(badType.body.errors)).toEqual(['attribute_field_type'])

    const edit = await admin.json<Form>(`${base}/profile_attributes/${id}/edit`)
    expect(edit.body.defaultValues).toEqual({ display_name: 'Favourite drink', attribute_field_type: 'dropdown', active: true })
    const updated = await admin.json<Result>(`${base}/profile_attributes/${id}`, { method: 'PUT', json: { display_name: 'Drink', attribute_field_type: 'radio_button', active: false } })
    expect(updated.status).toBe(200)
    const after = await admin.json<{ data: { attribute_name: string; display_name: string; active: boolean } }>(`${base}/profile_attributes/${id}`)
    // The key of participants' values stays.
    expect(after.body.data).toMatchObject({ display_name: 'Drink', attribute_name: 'favourite_drink', active: false })
    const clash = await admin.json<Result>(`${base}/profile_attributes/${id}`, { method: 'PUT', json: { display_name: 'Phone', attribute_field_type: 'phone', active: true } })
    expect(clash.status).toBe(422)
  })
})

describe('console program tiers', () => {
  const tierBody = (list: Partial<TierRow>[]) => ({ json: { tiers: list }, method: 'PUT' })

  it('needs the tiers feature; saves the whole set at once, contiguous, keeping the first two', async () => {
    const t = await setup()
    const { admin, base, db, program } = t
    await db.update(programs).set({ features: { ...program.features, tiers: false } }).where(eq(programs.id, program.id))
    expect((await admin.json(`${base}/program_tiers`)).status).toBe(403)
    await db.update(programs).set({ features: { ...program.features, tiers: true } }).where(eq(programs.id, program.id))

    const scope = programScope(db, program.id)
    await scope.delete(tiers)
    const empty = await admin.json<{ data: TierRow[] }>(`${base}/program_tiers`)
    expect(empty.body.data).toEqual([])

    const first = await admin.json<Result<TierRow[]>>(`${base}/program_tiers`, tierBody([
      { name: 'Bronze', points_threshold_min: 0, points_threshold_max: 999 },
      { name: 'Silver', points_threshold_min: 1000, points_threshold_max: 1999 },
      { name: 'Gold', points_threshold_min: 2000, points_threshold_max: 2999 },
    ]))
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    const [bronze, silver, gold] = first.body.data!
    expect([bronze!.name, silver!.name, gold!.name]).toEqual(['Bronze', 'Silver', 'Gold'])

    const gap = await admin.json<Result>(`${base}/program_tiers`, tierBody([
      { id: bronze!.id, name: 'Bronze', points_threshold_min: 0, points_threshold_max: 999 },
      { id: silver!.id, name: 'Silver', points_threshold_min: 1200, points_threshold_max: 1999 },
    ]))
    expect(gap.status).toBe(422)
    expect(gap.body.errors).toEqual({ 'tiers.1.points_threshold_min': "Minimum points must be 1000, right after the previous tier's maximum" })
    const inverted = await admin.json<Result>(`${base}/program_tiers`, tierBody([{ name: 'A', points_threshold_min: 10, points_threshold_max: 5 }]))
    expect(inverted.body.errors).toEqual({ 'tiers.0.points_threshold_max': 'Maximum points must be at least the minimum points' })

    const dropFirst = await admin.json<Result>(`${base}/program_tiers`, tierBody([
      { id: silver!.id, name: 'Silver', points_threshold_min: 1000, points_threshold_max: 1999 },
      { id: gold!.id, name: 'Gold', points_threshold_min: 2000, points_threshold_max: 2999 },
    ]))
    expect(dropFirst.status).toBe(422)
    expect(dropFirst.body.errors).toEqual({ tiers: 'The first two tiers cannot be removed' })
    expect(await scope.count(tiers)).toBe(3)

    // A participant with 2500 points sits in Gold; Gold removed and Platinum added from 2000, they move.
    await addPeople(t, program.id, [{ email: 'tiered@example.com', points: 2500 }])
    const saved = await admin.json<Result<TierRow[]>>(`${base}/program_tiers`, tierBody([
      { id: bronze!.id, name: 'Bronze', points_threshold_min: 0, points_threshold_max: 999 },
      { id: silver!.id, name: 'Silver+', points_threshold_min: 1000, points_threshold_max: 1999 },
      { name: 'Platinum', points_threshold_min: 2000, points_threshold_max: 2999 },
    ]))
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.data!.map((t) => t.name)).toEqual(['Bronze', 'Silver+', 'Platinum'])
    const platinum = saved.body.data![2]!
    const [row] = await scope.select(participants, eq(participants.email, 'tiered@example.com'))
    expect(row!.tierId).toBe(platinum.id)
  })
})
