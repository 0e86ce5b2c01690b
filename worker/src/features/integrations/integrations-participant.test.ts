import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { OffersPage } from '../../../../sdk/contract/offers'
import type { PublicProgram } from '../../../../sdk/contract/program'
import { configFromEnv } from '../../config'
import { programs } from '../../db/schema'
import { lastMail, makeTestApp } from '../../../test/helpers'
import { consoleAs, programByKey } from '../participants/participants-fixtures'

/**
 * The integrations settings the console saves take effect for participants on the next request, with
 * the app's caches on (a kept public answer is not served after a save: the content version moves).
 */
const cached = () => ({
  config: { ...configFromEnv({ ENVIRONMENT: 'test', APP_SECRET: 'test-secret-test-secret-test-secret-!!', LOCAL_ORIGIN: 'http://localhost' }), cacheTtlMs: 60_000 },
})

async function setup(key = 'demo') {
  const t = await makeTestApp(cached())
  const program = await programByKey(t, key)
  const admin = await consoleAs(t, 'admin@tessera.dev')
  const version = async () => (await t.db.select({ v: programs.contentVersion }).from(programs).where(eq(programs.id, program.id)))[0]!.v
  const publicProgram = async () => (await (await t.app.request(`http://localhost/public/program?program=${key}`, { headers: { host: 'localhost' } })).json()) as PublicProgram
  return { ...t, program, admin, version, publicProgram, base: `/admin/v2/programs/${program.id}` }
}

describe('integrations settings on the participant side', () => {
  it('social network pages: the public program (site footer) lists them on the next request, and drops a deleted one', async () => {
    const t = await setup()
    expect((await t.publicProgram()).social_network_pages).toEqual([])
    const before = await t.version()
    const added = await t.admin.json<{ data: { id: number } }>(`${t.base}/social_network_pages`, { json: { url: 'https://instagram.com/tessera', platform: 'instagram' } })
    expect(added.status).toBe(201)
    expect(await t.version()).toBeGreaterThan(before)
    expect((await t.publicProgram()).social_network_pages).toEqual([{ platform: 'instagram', url: 'https://instagram.com/tessera' }])
    expect((await t.admin.request(`${t.base}/social_network_pages/${added.body.data.id}`, { method: 'DELETE' })).status).toBe(200)
    expect((await t.publicProgram()).social_network_pages).toEqual([])
  })

  it('photo contest: /photos gets the contest while it is active, with the external program id', async () => {
    const t = await setup()
    expect((await t.publicProgram()).photo_contest).toBeNull()
    const on = await t.admin.json(`${t.base}/photo_contest`, { method: 'PATCH', json: { active: true, qrati_program_id: 'contest-42' } })
    expect(on.status).toBe(200)
    expect((await t.publicProgram()).photo_contest).toEqual({ external_program_id: 'contest-42' })
    expect((await t.admin.json(`${t.base}/photo_contest`, { method: 'PATCH', json: { active: false, qrati_program_id: 'contest-42' } })).status).toBe(200)
    expect((await t.publicProgram()).photo_contest).toBeNull()
  })

  it('offers reward: the merchants regex limits the merchants participants find while active', async () => {
    const t = await setup()
    const search = async () => (await (await t.app.request('http://localhost/public/offers/merchants?zip_code=10001', { headers: { host: 'localhost' } })).json()) as OffersPage
    const all = await search()
    expect(all.totalItems).toBeGreaterThan(1)
    const name = all.result[0]!.merchantName
    const regex = `^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`
    const save = (active: boolean) => t.admin.json(`${t.base}/offers_reward`, { method: 'PATCH', json: { active, redirect_magic_link: false, merchants_regex: regex } })
    expect((await save(true)).status).toBe(200)
    const only = await search()
    expect(only.result.map((m) => m.merchantName)).toEqual(all.result.filter((m) => m.merchantName === name).map((m) => m.merchantName))
    expect(only.totalItems).toBeLessThan(all.totalItems)
    // Another merchant's page is not found while the regex excludes it.
    const other = all.result.find((m) => m.merchantName !== name)!
    expect((await t.app.request(`http://localhost/public/offers/merchant?merchant_id=${other.merchantId}`, { headers: { host: 'localhost' } })).status).toBe(404)
    // Inactive: the regex is kept but not applied.
    expect((await save(false)).status).toBe(200)
    expect((await search()).totalItems).toBe(all.totalItems)
  })

  it('offers reward: "redirect magic link" lands a confirmed magic link on /my-offers while active', async () => {
    const t = await setup('links')
    const confirm = async (email: string) => {
      const b = t.browser('localhost')
      expect((await b.json('/public/signin/verify?program=links', { json: { email, first_name: 'Nia', last_name: 'Okafor', agree_terms: true } })).status).toBe(200)
      const token = new URL((await lastMail(t.db, email))!.link!).searchParams.get('token')!
      const post = await b.request('/signin/magic?program=links', { form: { token, authenticity_token: await b.fetchCsrf() }, csrf: false })
      expect(post.status).toBe(303)
      return post.headers.get('location')
    }
    expect(await confirm('before@example.com')).toBe('/?program=links')
    const saved = await t.admin.json(`${t.base}/offers_reward`, { method: 'PATCH', json: { active: true, redirect_magic_link: true, merchants_regex: '.*' } })
    expect(saved.status).toBe(200)
    expect(await confirm('after@example.com')).toBe('/my-offers?program=links')
  })
})
