import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { API_KEY_PATTERN, type ApiKeyCreated, type ApiKeyList } from '../../../../sdk/contract/console/integrations'
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
    // last used is recorded and listed.
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
})
