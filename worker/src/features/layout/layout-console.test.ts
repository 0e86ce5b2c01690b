import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { CarouselList, NavigationMenuList } from '../../../../sdk/contract/console/layout'
import { carouselSlides, navigationMenus, programs } from '../../db/schema'
import { makeRewardsTest } from '../../../test/rewards-fixtures'
import { adminWith, consoleAs, programByKey } from '../participants/participants-fixtures'

type Saved<T> = { success: boolean; errors: Record<string, string> } & T
type PublicProgram = { navigation_menus: { name: string; navigation_url: string; show_in_tab: boolean; show_on_logout: boolean }[] }
type Slide = CarouselList['data'][number]

async function setup() {
  const r = await makeRewardsTest()
  const admin = await consoleAs(r, 'admin@tessera.dev')
  const base = `/admin/v2/programs/${r.program.id}`
  const version = async () => (await r.db.select({ v: programs.contentVersion }).from(programs).where(eq(programs.id, r.program.id)))[0]!.v
  return { ...r, admin, base, version }
}

const menu = (name: string, navigation_url: string, extra: Partial<{ show_in_tab: boolean; show_on_logout: boolean; id: number }> = {}) => ({
  name,
  navigation_url,
  show_in_tab: false,
  show_on_logout: true,
  ...extra,
})

describe('console navigation menus', () => {
  it('replaces the whole list in its order, seen by the participant site on the next request', async () => {
    const { admin, base, get, version } = await setup()
    // The site reads first, so a kept copy would be stale after the save.
    const before = (await get<PublicProgram>('/public/program')).body.navigation_menus
    const v0 = await version()
    const saved = await admin.json<Saved<NavigationMenuList>>(`${base}/navigation_menus`, {
      json: { navigation_menus: [menu('Shop', 'https://shop.example.com/a?b=1', { show_in_tab: true }), menu('Rules', '/rules', { show_on_logout: false })] },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.success).toBe(true)
    expect(saved.body.data.map((m) => m.name)).toEqual(['Shop', 'Rules'])
    expect(await version()).toBeGreaterThan(v0)
    const site = (await get<PublicProgram>('/public/program')).body.navigation_menus
    expect(site).not.toEqual(before)
    expect(site.map((m) => [m.name, m.navigation_url, m.show_in_tab, m.show_on_logout])).toEqual([
      ['Shop', 'https://shop.example.com/a?b=1', true, true],
      ['Rules', '/rules', false, false],
    ])

    // Reordered: the same items, the other way round.
    const [shop, rules] = saved.body.data
    const reordered = await admin.json<Saved<NavigationMenuList>>(`${base}/navigation_menus`, { json: { navigation_menus: [rules, shop] } })
    expect(reordered.body.data.map((m) => m.name)).toEqual(['Rules', 'Shop'])
    expect((await admin.json<NavigationMenuList>(`${base}/navigation_menus`)).body.data.map((m) => m.name)).toEqual(['Rules', 'Shop'])
    expect((await get<PublicProgram>('/public/program')).body.navigation_menus.map((m) => m.name)).toEqual(['Rules', 'Shop'])

    const emptied = await admin.json<Saved<NavigationMenuList>>(`${base}/navigation_menus`, { json: { navigation_menus: [] } })
    expect(emptied.body.data).toEqual([])
    expect((await get<PublicProgram>('/public/program')).body.navigation_menus).toEqual([])
  })

  it('refuses unsafe URLs and empty names with 422 naming the field, and writes nothing', async () => {
    const { admin, base, db, program } = await setup()
    const rows = async () => (await db.select().from(navigationMenus).where(eq(navigationMenus.programId, program.id))).map((m) => m.name)
    const kept = await rows()
    for (const [url, field] of [
      ['javascript:alert(1)', 'navigation_menus.1.navigation_url'],
      ['  JaVaScRiPt:alert(1)', 'navigation_menus.1.navigation_url'],
      ['//evil.example', 'navigation_menus.1.navigation_url'],
      ['data:text/html,<script>', 'navigation_menus.1.navigation_url'],
      ['https://user:pw@evil.example', 'navigation_menus.1.navigation_url'],
      ['/\\evil.example', 'navigation_menus.1.navigation_url'],
    ] as const) {
      const res = await admin.json<{ error: { fields: Record<string, string> } }>(`${base}/navigation_menus`, {
        json: { navigation_menus: [menu('Fine', '/fine'), menu('Bad', url)] },
      })
      expect(res.status, url).toBe(422)
      expect(res.body.error.fields, url).toEqual({ [field]: 'Navigation URL must be an http(s) URL or a path starting with /' })
    }
    const noName = await admin.json<{ error: { fields: Record<string, string> } }>(`${base}/navigation_menus`, { json: { navigation_menus: [menu(' ', '/x')] } })
    expect(noName.body.error.fields).toEqual({ 'navigation_menus.0.name': 'Name is required' })
    const missing = await admin.json<{ error: { fields: Record<string, string> } }>(`${base}/navigation_menus`, { json: {} })
    expect(missing.status).toBe(422)
    expect(Object.keys(missing.body.error.fields)).toEqual(['navigation_menus'])
    expect(await rows()).toEqual(kept)
  })

  it("never touches another program's menus and needs program update", async () => {
    const t = await setup()
    const links = await programByKey(t, 'links')
    await t.db.insert(navigationMenus).values({ programId: links.id, name: 'Theirs', navigationUrl: '/theirs', position: 9 }) // tenant-guard: allow (test fixture: another program's row)
    const theirs = async () => (await t.db.select().from(navigationMenus).where(eq(navigationMenus.programId, links.id))).map((m) => m.name).sort()
    const before = await theirs()
    expect(before).toContain('Theirs')
    expect((await t.admin.json(`${t.base}/navigation_menus`, { json: { navigation_menus: [menu('Ours', '/ours')] } })).status).toBe(200)
    expect(await theirs()).toEqual(before)
    const other = await adminWith(t, 'layout-viewer@example.com', t.program.id, [['challenges', 'manage']])
    expect((await other.json(`${t.base}/navigation_menus`)).status).toBe(403)
    expect((await other.json(`${t.base}/navigation_menus`, { json: { navigation_menus: [] } })).status).toBe(403)
    expect((await other.json(`${t.base}/carousels`, { json: { carousels: [] } })).status).toBe(403)
  })
})

describe('console carousels', () => {
  it('saves the whole set of slides (JSON), reorders it, and the home carousel shows it on the next request', async () => {
    const { admin, base, get } = await setup()
    await get('/public/home/carousel')
    const slide = (title: string, image: string | null = '/brand/hero.png') => ({ title, description: `${title} text`, link: '/rules', button_text: 'Read', image })
    const saved = await admin.json<Saved<CarouselList>>(`${base}/carousels`, { json: { carousels: [slide('Spring'), slide('Summer', null)] } })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.data.map((s) => [s.title, s.image])).toEqual([
      ['Spring', '/brand/hero.png'],
      ['Summer', null],
    ])
    const home = await get<{ data: Slide[] }>('/public/home/carousel')
    expect(home.body.data.map((s) => [s.title, s.description, s.link, s.button_text])).toEqual([
      ['Spring', 'Spring text', '/rules', 'Read'],
      ['Summer', 'Summer text', '/rules', 'Read'],
    ])
    const [a, b] = saved.body.data
    await admin.json(`${base}/carousels`, { json: { carousels: [b, a] } })
    expect((await get<{ data: Slide[] }>('/public/home/carousel')).body.data.map((s) => s.title)).toEqual(['Summer', 'Spring'])
  })

  it('takes the multipart form (carousels[0][title]...) and refuses a javascript: link naming the field', async () => {
    const { admin, base, db, program } = await setup()
    const form = new FormData()
    form.set('carousels[0][title]', 'One')
    form.set('carousels[0][link]', '')
    form.set('carousels[1][title]', 'Two')
    form.set('carousels[1][button_text]', 'Go')
    form.set('carousels[1][link]', 'https://example.com/x')
    const saved = await admin.json<Saved<CarouselList>>(`${base}/carousels`, { method: 'POST', body: form })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.data.map((s) => [s.title, s.link, s.button_text])).toEqual([
      ['One', null, null],
      ['Two', 'https://example.com/x', 'Go'],
    ])
    const bad = await admin.json<{ error: { fields: Record<string, string> } }>(`${base}/carousels`, {
      json: { carousels: [{ title: 'X', link: 'javascript:alert(1)' }, { title: '', image: 'javascript:x' }] },
    })
    expect(bad.status).toBe(422)
    expect(bad.body.error.fields).toEqual({
      'carousels.0.link': 'Link must be an http(s) URL or a path starting with /',
      'carousels.1.title': 'Title is required',
      'carousels.1.image': 'Image must be an http(s) URL or a path starting with /',
    })
    expect((await db.select().from(carouselSlides).where(eq(carouselSlides.programId, program.id))).map((s) => s.title)).toEqual(['One', 'Two'])
  })
})
