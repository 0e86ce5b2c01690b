import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { type DomainList, domainPreview } from '../../../../sdk/contract/console/domains'
import { createApp } from '../../app'
import { configFromEnv } from '../../config'
import { domainLists, programs } from '../../db/schema'
import { makeTestApp } from '../../../test/helpers'
import { adminWith, consoleAs, programByKey } from '../participants/participants-fixtures'

type Result = { success: boolean; errors: Record<string, string>; data?: { id: number; domain: string; domain_type: string; url_path: string | null } }
type Form = { fields: { name: string; type: string; required: boolean; options?: { value: string }[] }[]; defaultValues: Record<string, unknown> }

/** Caches on, as in development and production: the proof that a save is seen on the next request. */
const CACHED = { ...configFromEnv({ ENVIRONMENT: 'test', APP_SECRET: 'test-secret-test-secret-test-secret-!!', LOCAL_ORIGIN: 'http://localhost' }), cacheTtlMs: 60_000 }

/** What a partner page and a custom domain get from one app instance. */
function probes(app: ReturnType<typeof createApp>) {
  const partner = 'https://shop.partner.example'
  return {
    partner,
    corsOf: async () => (await app.request('http://x/public/program', { headers: { origin: partner, 'x-program-key': 'demo' } })).headers.get('access-control-allow-origin'),
    preflight: async () => (await app.request('http://x/public/participant', { method: 'OPTIONS', headers: { origin: partner, 'access-control-request-method': 'GET' } })).status,
    frameable: async () => (await app.request('http://localhost/embed/challenge-tiles?program=demo', { headers: { accept: 'text/html' } })).headers.get('content-security-policy') ?? '',
    byHost: async () => app.request('http://rewards.brand.example/public/program'),
  }
}

async function setup() {
  const t = await makeTestApp({ config: CACHED })
  const demo = await programByKey(t, 'demo')
  const links = await programByKey(t, 'links')
  const admin = await consoleAs(t, 'admin@tessera.dev')
  const base = `/admin/v2/programs/${demo.id}/domain_lists`
  const add = (json: Record<string, unknown>, path = base) => admin.json<Result>(path, { json })
  return { ...t, demo, links, admin, base, add }
}

/**
 * Adds a partner domain and a custom domain with the console of `t`, then removes them: `reader` (the
 * same app or another one on the same database) refuses, then allows, then refuses again, on the very
 * next request each time, with answers it kept before (caches on).
 */
async function followsOnNextRequest(t: Awaited<ReturnType<typeof setup>>, reader: ReturnType<typeof createApp>) {
  const { partner, corsOf, preflight, frameable, byHost } = probes(reader)
  const refused = async () => {
    expect(await corsOf()).toBeNull()
    expect(await preflight()).toBe(403)
    expect(await frameable()).not.toContain(partner)
    expect((await byHost()).status).toBe(404)
  }
  // Read first, so every cache holds the answer from before the save.
  await refused()
  const partnerSaved = await t.add({ domain: 'shop.partner.example', domain_type: 'other' })
  const customSaved = await t.add({ domain: 'rewards.brand.example', domain_type: 'perk_domain' })
  expect([partnerSaved.status, customSaved.status]).toEqual([201, 201])
  expect(await corsOf()).toBe(partner)
  expect(await preflight()).toBe(204)
  expect(await frameable()).toContain(partner)
  // Twice: the second answer on the custom host is the kept one.
  for (let i = 0; i < 2; i++) {
    const custom = await byHost()
    expect(custom.status).toBe(200)
    expect(((await custom.json()) as { id: number }).id).toBe(t.demo.id)
  }
  // Removing them is seen on the next request too.
  for (const id of [partnerSaved.body.data!.id, customSaved.body.data!.id]) expect((await t.admin.json<Result>(`${t.base}/${id}`, { method: 'DELETE' })).status).toBe(200)
  await refused()
}

describe('console domain list', () => {
  it('serves the form, adds domains and lists them, naming the field in every refusal', async () => {
    const { admin, base, add } = await setup()
    const form = await admin.json<Form>(`${base}/new`)
    expect(form.body.fields.map((f) => f.name)).toEqual(['domain', 'domain_type', 'url_path'])
    expect(form.body.fields[1]!.options!.map((o) => o.value)).toEqual(['other', 'perk_domain'])
    expect(form.body.defaultValues).toEqual({ domain: '', domain_type: 'other', url_path: '' })

    const saved = await add({ domain: ' Shop.Partner.Example ', domain_type: 'other' })
    expect(saved.status, JSON.stringify(saved.body)).toBe(201)
    expect(saved.body.data).toMatchObject({ domain: 'shop.partner.example', domain_type: 'other', url_path: null })
    expect((await add({ domain: 'rewards.brand.example', domain_type: 'perk_domain', url_path: '/rewards' })).status).toBe(201)
    const list = await admin.json<DomainList>(base)
    expect(list.body.data.map((d) => [d.domain, d.domain_type, d.url_path])).toEqual([
      ['rewards.brand.example', 'perk_domain', '/rewards'],
      ['shop.partner.example', 'other', null],
    ])

    const refusals: [Record<string, unknown>, RegExp][] = [
      [{ domain: '' }, /Domain is required/],
      [{ domain: 'https://shop.example.com' }, /must not include a scheme/],
      [{ domain: 'shop.example.com/path' }, /must not include a path/],
      [{ domain: 'shop.example.com:8443' }, /must not include a port/],
      [{ domain: 'user@shop.example.com' }, /must not include a user name/],
      [{ domain: 'shop example.com' }, /must not contain spaces/],
      [{ domain: 'localhost' }, /host name such as/],
      [{ domain: '10.0.0.1' }, /not an IP address/],
      [{ domain: '-bad.example.com' }, /letters, digits and hyphens/],
      [{ domain: `${'a'.repeat(64)}.example.com` }, /letters, digits and hyphens/],
      [{ domain: 'shop_x.example.com' }, /letters, digits and hyphens/],
      [{ domain: 'ok.example.com', domain_type: 'www' }, /perk_domain or other/],
      [{ domain: 'ok.example.com', url_path: 'rewards' }, /must start with \//],
      [{ domain: 'ok.example.com', url_path: '/a/../b' }, /\.\. segments/],
    ]
    for (const [body, message] of refusals) {
      const res = await add(body)
      expect(res.status, JSON.stringify(body)).toBe(422)
      const [field] = Object.keys(res.body.errors)
      expect(field).toBe('domain' in body && !('url_path' in body) && !('domain_type' in body) ? 'domain' : 'url_path' in body ? 'url_path' : 'domain_type')
      expect(Object.values(res.body.errors)[0]).toMatch(message)
    }
    const again = await add({ domain: 'SHOP.partner.example' })
    expect(again.status).toBe(422)
    expect(again.body.errors).toEqual({ domain: 'Domain has already been added to this program' })
    // A custom domain on the platform's own base domain is the platform's.
    const platform = await add({ domain: 'x.tessera.localhost', domain_type: 'perk_domain' })
    expect(platform.body.errors.domain).toMatch(/must not be under/)
  })

  it('keeps a custom domain to one program across every program; partner domains may be shared', async () => {
    const { add, links, admin } = await setup()
    expect((await add({ domain: 'rewards.brand.example', domain_type: 'perk_domain' })).status).toBe(201)
    const linksBase = `/admin/v2/programs/${links.id}/domain_lists`
    const taken = await add({ domain: 'rewards.brand.example', domain_type: 'perk_domain' }, linksBase)
    expect(taken.status).toBe(422)
    expect(taken.body.errors).toEqual({ domain: 'Domain is already the custom domain of another program' })
    // The other program may still let that site embed its widgets.
    expect((await add({ domain: 'rewards.brand.example', domain_type: 'other' }, linksBase)).status).toBe(201)
    expect((await add({ domain: 'shop.partner.example' }, linksBase)).status).toBe(201)
    expect((await add({ domain: 'shop.partner.example' })).status).toBe(201)
    expect((await admin.json<DomainList>(linksBase)).body.data.map((d) => d.domain).sort()).toEqual(['rewards.brand.example', 'shop.partner.example'])
  })

  it('feeds program resolution, CORS and frame-ancestors on the next request, caches on', async () => {
    const t = await setup()
    await followsOnNextRequest(t, t.app)
  })

  it('is seen by another app instance sharing the database on its next request (no cache TTL to wait for)', async () => {
    const t = await setup()
    // Another process or isolate: the same database, its own caches (kept per deps object).
    await followsOnNextRequest(t, createApp({ ...t.deps }))
  })

  it('moves the content version and keeps each program to its own rows and its permission', async () => {
    const t = await setup()
    const version = async () => (await t.db.select({ v: programs.contentVersion }).from(programs).where(eq(programs.id, t.demo.id)))[0]!.v
    const before = await version()
    expect((await t.add({ domain: 'shop.partner.example' })).status).toBe(201)
    expect(await version()).toBeGreaterThan(before)
    const [foreign] = await t.db.insert(domainLists).values({ programId: t.links.id, domain: 'links.partner.example' }).returning()
    expect((await t.admin.json(`${t.base}/${foreign!.id}`, { method: 'DELETE' })).status).toBe(404)
    expect((await t.db.select().from(domainLists).where(eq(domainLists.id, foreign!.id))).length).toBe(1)
    const viewer = await adminWith(t, 'viewer@example.com', t.demo.id, [['rewards', 'view']])
    expect((await viewer.json(t.base)).status).toBe(403)
    expect((await viewer.json(t.base, { json: { domain: 'x.example.com' } })).status).toBe(403)
  })

  it('builds the preview as the spec says', () => {
    expect(domainPreview(' My Shop.Example.COM ')).toBe('my-shop.example.com')
    expect(domainPreview('Café & Bar!.example')).toBe('caf--bar.example')
    expect(domainPreview('https://shop.example.com/x')).toBe('httpsshop.example.comx')
  })
})
