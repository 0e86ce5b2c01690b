import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { API_KEY_PATTERN, type ApiKeyCreated, type ApiKeyList, type ApiKeyUpdated } from '../../../../sdk/contract/console/integrations'
import { apiKeys } from '../../db/schema'
import { programScope } from '../../db/scope'
import { sha256Sync } from '../../lib/crypto'
import { makeTestApp } from '../../../test/helpers'
import { adminWith, consoleAs, programByKey } from '../participants/participants-fixtures'
import { generateApiKey, verifyApiKey } from './api-keys'

const DAY = 86_400_000
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)

async function setup() {
  const t = await makeTestApp()
  const program = await programByKey(t, 'demo')
  const admin = await consoleAs(t, 'admin@tessera.dev')
  const base = `/admin/v2/programs/${program.id}/api_auths`
  const create = async (name: string, days = 30) => {
    const res = await admin.json<ApiKeyCreated>(base, { json: { name, expires_at: isoDate(t.clock.now() + days * DAY) } })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body.data
  }
  return { ...t, program, admin, base, create }
}

describe('API keys (settings integrations api_auths)', () => {
  it('generates tsk_ + 43 base62 characters (256 bits), never the same twice', () => {
    const keys = new Set(Array.from({ length: 200 }, generateApiKey))
    expect(keys.size).toBe(200)
    for (const key of keys) expect(key).toMatch(API_KEY_PATTERN)
    // Every base62 character turns up: the sampling is not cut to a smaller alphabet.
    expect(new Set([...keys].join('').slice(0, 8000).replace(/^tsk_|tsk_/g, '')).size).toBe(62)
  })

  it('shows the key once, stores only its SHA-256 and prefix, and never reveals it again', async () => {
    const { admin, base, create, db, program } = await setup()
    const created = await create('Warehouse sync')
    expect(created.api_key).toMatch(API_KEY_PATTERN)
    expect(created).toMatchObject({ name: 'Warehouse sync', prefix: created.api_key.slice(0, 12), status: 'active', last_used_at: null, revoked_at: null })

    // The create answer may not be kept by any cache.
    const raw = await admin.request(base, { json: { name: 'Cache check', expires_at: isoDate(Date.now() + 5 * DAY) } })
    expect(raw.status).toBe(201)
    expect(raw.headers.get('cache-control')).toBe('no-store')

    const [row] = await programScope(db, program.id).select(apiKeys, eq(apiKeys.id, created.id))
    expect(row!.keyHash).toBe(sha256Sync(created.api_key))
    // Nothing stored holds the key itself.
    expect(JSON.stringify(row)).not.toContain(created.api_key.slice(12))

    const list = await admin.request(base)
    const text = await list.text()
    expect(list.status).toBe(200)
    expect(text).not.toContain(created.api_key)
    expect(text).not.toContain(created.api_key.slice(12, 30))
    const page = JSON.parse(text) as ApiKeyList
    expect(page.data.find((k) => k.id === created.id)).toEqual(expect.objectContaining({ name: 'Warehouse sync', prefix: created.prefix, status: 'active' }))
    expect(page.data).toHaveLength(2)
    expect(page.data[0]).not.toHaveProperty('api_key')
  })

  it('verifies a key to its program and key id, refuses a revoked key at once, an expired or unknown one', async () => {
    const t = await setup()
    const { admin, base, create, db, program, clock } = t
    const a = await create('Alpha', 10)
    const b = await create('Beta', 10)

    expect(await verifyApiKey(db, `Bearer ${a.api_key}`, clock.now())).toMatchObject({ programId: program.id, keyId: a.id, rateLimit: 100 })
    expect(await verifyApiKey(db, b.api_key, new Date(clock.now()))).toMatchObject({ programId: program.id, keyId: b.id, rateLimit: 100 })
    // last used is recorded (by the key's request log, decision 0037) and listed.
    expect((await t.app.request('/api/v1/participants?email=a%40example.com', { headers: { authorization: `Bearer ${a.api_key}` } })).status).toBe(200)
    const listed = (await admin.json<ApiKeyList>(base)).body.data.find((k) => k.id === a.id)!
    expect(listed.last_used_at).not.toBeNull()

    // Unknown keys: right shape, wrong secret; same prefix, other tail; wrong shape.
    expect(await verifyApiKey(db, generateApiKey(), clock.now())).toBeNull()
    const samePrefix = `${a.api_key.slice(0, 12)}${'x'.repeat(a.api_key.length - 12)}`
    expect(await verifyApiKey(db, samePrefix, clock.now())).toBeNull()
    for (const bad of ['', null, undefined, 'Bearer ', a.api_key.slice(0, -1), `${a.api_key}x`, a.prefix]) expect(await verifyApiKey(db, bad, clock.now())).toBeNull()

    // Revoked: refused on the very next check.
    const revoked = await admin.json<{ data: { status: string; revoked_at: string } }>(`${base}/${a.id}/revoke`, { json: {} })
    expect(revoked.status).toBe(200)
    expect(revoked.body.data.status).toBe('revoked')
    expect(await verifyApiKey(db, a.api_key, clock.now())).toBeNull()
    // The other key still works.
    expect(await verifyApiKey(db, b.api_key, clock.now())).toMatchObject({ programId: program.id, keyId: b.id, rateLimit: 100 })

    // Expired: works through its last day, refused after it.
    expect(await verifyApiKey(db, b.api_key, clock.now() + 10 * DAY - 60_000)).not.toBeNull()
    expect(await verifyApiKey(db, b.api_key, clock.now() + 11 * DAY)).toBeNull()
    clock.advance(11 * DAY)
    // (The console session has run out by now: sign in again.)
    const again = await consoleAs(t, 'admin@tessera.dev')
    const after = (await again.json<ApiKeyList>(base)).body.data
    expect(Object.fromEntries(after.map((k) => [k.name, k.status]))).toEqual({ Alpha: 'revoked', Beta: 'expired' })
  })

  it('names the field on bad input and refuses past or far expiries', async () => {
    const { admin, base, clock } = await setup()
    const missing = await admin.json<{ errors: Record<string, string> }>(base, { json: {} })
    expect(missing.status).toBe(422)
    expect(Object.keys(missing.body.errors).sort()).toEqual(['expires_at', 'name'])
    const past = await admin.json<{ errors: Record<string, string> }>(base, { json: { name: 'Old', expires_at: isoDate(clock.now() - DAY) } })
    expect(past.status).toBe(422)
    expect(past.body.errors).toEqual({ expires_at: 'Expires at must be a future date' })
    const far = await admin.json<{ errors: Record<string, string> }>(base, { json: { name: 'Far', expires_at: isoDate(clock.now() + 6 * 366 * DAY) } })
    expect(far.body.errors).toEqual({ expires_at: 'Expires at must be within 5 years' })
    const notDate = await admin.json<{ errors: Record<string, string> }>(base, { json: { name: 'X', expires_at: 'tomorrow' } })
    expect(notDate.body.errors).toEqual({ expires_at: 'Expires at must be a date (YYYY-MM-DD)' })
  })

  it("keeps keys to their program: another program's key cannot be revoked or listed here", async () => {
    const t = await setup()
    const links = await programByKey(t, 'links')
    const other = await t.admin.json<ApiKeyCreated>(`/admin/v2/programs/${links.id}/api_auths`, { json: { name: 'Links key', expires_at: isoDate(t.clock.now() + DAY * 3) } })
    expect(other.status).toBe(201)
    expect((await t.admin.json(`${t.base}/${other.body.data.id}/revoke`, { json: {} })).status).toBe(404)
    expect((await t.admin.json<ApiKeyList>(t.base)).body.data).toEqual([])
    expect(await verifyApiKey(t.db, other.body.data.api_key, t.clock.now())).toMatchObject({ programId: links.id, keyId: other.body.data.id })
  })

  it('needs program update', async () => {
    const t = await setup()
    const viewer = await adminWith(t, 'viewer@example.com', t.program.id, [['users', 'manage'], ['rewards', 'manage']])
    expect((await viewer.json(t.base)).status).toBe(403)
    expect((await viewer.json(t.base, { json: { name: 'Nope', expires_at: isoDate(t.clock.now() + DAY) } })).status).toBe(403)
  })

  describe("editing a key's rate limit (PATCH .../api_auths/{id})", () => {
    type Refused = { success: false; errors: Record<string, string> }
    const apiCall = async (t: Awaited<ReturnType<typeof setup>>, key: string) => {
      const res = await t.app.request('/api/v1/participants?email=rate@example.com', { headers: { authorization: `Bearer ${key}` } })
      await res.body?.cancel()
      return { status: res.status, limit: res.headers.get('ratelimit-limit'), remaining: res.headers.get('ratelimit-remaining') }
    }
    const rateOf = async (t: Awaited<ReturnType<typeof setup>>, id: number) => (await programScope(t.db, t.program.id).first(apiKeys, eq(apiKeys.id, id)))!.rateLimit

    it('sets the new rate, lists it, and the next /api/v1 call is limited by it', async () => {
      const t = await setup()
      const key = await t.create('Nightly sync')
      expect(await apiCall(t, key.api_key)).toMatchObject({ status: 200, limit: '100' })

      const lower = await t.admin.json<ApiKeyUpdated>(`${t.base}/${key.id}`, { method: 'PATCH', json: { rate_limit: 5 } })
      expect(lower.status, JSON.stringify(lower.body)).toBe(200)
      expect(lower.body).toEqual({ success: true, errors: {}, data: expect.objectContaining({ id: key.id, name: 'Nightly sync', status: 'active', rate_limit: 5 }) })
      expect((await t.admin.json<ApiKeyList>(t.base)).body.data.find((k) => k.id === key.id)?.rate_limit).toBe(5)

      // The very next call: the new limit, and the bucket (full at 100 a second) cut to 5 x 2 s at once.
      expect(await apiCall(t, key.api_key)).toEqual({ status: 200, limit: '5', remaining: '9' })
      for (let i = 0; i < 9; i++) expect((await apiCall(t, key.api_key)).status).toBe(200)
      expect(await apiCall(t, key.api_key)).toMatchObject({ status: 429, limit: '5' })

      // Raised again (a number in a string, as a form sends it): refills at the new rate from now on.
      const higher = await t.admin.json<ApiKeyUpdated>(`${t.base}/${key.id}`, { method: 'PATCH', json: { rate_limit: '250' } })
      expect(higher.status).toBe(200)
      expect(higher.body.data.rate_limit).toBe(250)
      t.clock.advance(100)
      expect(await apiCall(t, key.api_key)).toMatchObject({ status: 200, limit: '250' })
    })

    it('names the field on a rate out of range, not a whole number or missing, and keeps the old rate', async () => {
      const t = await setup()
      const key = await t.create('Shop')
      const cases: [unknown, string][] = [
        [{ rate_limit: 0 }, 'Rate limit must be at least 1'],
        [{ rate_limit: 1001 }, 'Rate limit must be at most 1000'],
        [{ rate_limit: 2.5 }, 'Rate limit must be a whole number'],
        [{ rate_limit: 'fast' }, 'Rate limit must be a number'],
        [{}, 'Rate limit must be a number'],
      ]
      for (const [json, message] of cases) {
        const res = await t.admin.json<Refused>(`${t.base}/${key.id}`, { method: 'PATCH', json })
        expect(res.status, JSON.stringify(json)).toBe(422)
        expect(res.body).toEqual({ success: false, errors: { rate_limit: message } })
      }
      expect(await rateOf(t, key.id)).toBe(100)
    })

    it("is 404 for another program's key or an unknown one, and leaves it alone", async () => {
      const t = await setup()
      const links = await programByKey(t, 'links')
      const other = await t.admin.json<ApiKeyCreated>(`/admin/v2/programs/${links.id}/api_auths`, { json: { name: 'Links key', expires_at: isoDate(t.clock.now() + DAY * 3) } })
      expect(other.status).toBe(201)
      expect((await t.admin.json(`${t.base}/${other.body.data.id}`, { method: 'PATCH', json: { rate_limit: 7 } })).status).toBe(404)
      expect((await t.admin.json(`${t.base}/999999`, { method: 'PATCH', json: { rate_limit: 7 } })).status).toBe(404)
      expect((await programScope(t.db, links.id).first(apiKeys, eq(apiKeys.id, other.body.data.id)))!.rateLimit).toBe(100)
      // Through its own program it can be edited.
      expect((await t.admin.json(`/admin/v2/programs/${links.id}/api_auths/${other.body.data.id}`, { method: 'PATCH', json: { rate_limit: 7 } })).status).toBe(200)
    })

    it('refuses to edit a revoked key, saying why', async () => {
      const t = await setup()
      const key = await t.create('Old')
      expect((await t.admin.json(`${t.base}/${key.id}/revoke`, { json: {} })).status).toBe(200)
      const res = await t.admin.json<Refused>(`${t.base}/${key.id}`, { method: 'PATCH', json: { rate_limit: 50 } })
      expect(res.status).toBe(422)
      expect(res.body).toEqual({ success: false, errors: { key_id: 'This API key is revoked: its rate limit can no longer be changed' } })
      expect(await rateOf(t, key.id)).toBe(100)
    })

    it('needs program update', async () => {
      const t = await setup()
      const key = await t.create('Guarded')
      const viewer = await adminWith(t, 'rate-viewer@example.com', t.program.id, [['users', 'manage']])
      expect((await viewer.json(`${t.base}/${key.id}`, { method: 'PATCH', json: { rate_limit: 5 } })).status).toBe(403)
      expect(await rateOf(t, key.id)).toBe(100)
    })
  })
})
