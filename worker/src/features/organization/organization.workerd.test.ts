import { env, SELF } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { randomToken, sha256 } from '../../lib/crypto'
import { base, mailFor, seed } from '../../../test/workerd-helpers'

/** Inviting admins and toggling features on D1 inside workerd: the batch with its sub-select, json_set, json_each. */

type Json = Record<string, any>
const run = Math.random().toString(36).slice(2, 8)
let cookie = ''
let csrf = ''
let demoId = 0

beforeAll(async () => {
  await seed()
  demoId = (await env.DB.prepare("SELECT id FROM programs WHERE public_key = 'demo'").first<{ id: number }>())!.id
  const admin = (await env.DB.prepare("SELECT id FROM admin_users WHERE email = 'admin@tessera.dev'").first<{ id: number }>())!
  const token = randomToken(32)
  await env.DB.prepare('INSERT INTO admin_sessions (admin_user_id, token_hash, expires_at) VALUES (?, ?, ?)')
    .bind(admin.id, await sha256(token), Date.now() + 3_600_000)
    .run()
  const res = await SELF.fetch(`${base}/public/csrf`)
  csrf = ((await res.json()) as { csrf_token: string }).csrf_token
  const csrfCookie = res.headers.getSetCookie().map((c: string) => c.split(';')[0]!).join('; ')
  cookie = [`tessera_admin=${token}`, csrfCookie].filter(Boolean).join('; ')
})

async function call(path: string, json?: unknown) {
  const headers: Record<string, string> = { cookie, accept: 'application/json' }
  if (json !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'x-csrf-token': csrf })
  const res = await SELF.fetch(`${base}/admin/v2${path}`, { method: json === undefined ? 'GET' : 'POST', headers, body: json === undefined ? null : JSON.stringify(json) })
  return { status: res.status, body: (await res.json()) as Json }
}

describe('organization on D1', () => {
  it('invites an admin with exactly the granted permissions and mails the invitation', async () => {
    const email = `invite-${run}@example.com`
    const res = await call('/users', {
      first_name: 'Dee',
      last_name: 'One',
      email,
      permissions: [
        { program_id: demoId, resource: 'users', action: 'view' },
        { program_id: demoId, resource: 'rewards', action: 'create' },
      ],
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const grants = await env.DB.prepare('SELECT g.program_id, g.resource, g.action FROM admin_program_permissions g JOIN admin_users a ON a.id = g.admin_user_id WHERE a.email = ? ORDER BY g.resource')
      .bind(email)
      .all<Json>()
    expect(grants.results).toEqual([
      { program_id: demoId, resource: 'rewards', action: 'create' },
      { program_id: demoId, resource: 'users', action: 'view' },
    ])
    expect((await mailFor(email)).link).toBe('http://localhost/admin/v2/login')
    const again = await call('/users', { first_name: 'Dee', last_name: 'One', email })
    expect(again).toEqual({ status: 422, body: { success: false, errors: { email: 'An admin with this email already exists' } } })
  })

  it('turns one feature off and on, and lists it by state and name', async () => {
    const off = await call('/feature_programs', { program_id: demoId, feature: 'tiers', enabled: false })
    expect(off.body).toMatchObject({ success: true, data: { feature: 'tiers', enabled: false } })
    const features = JSON.parse((await env.DB.prepare('SELECT features FROM programs WHERE id = ?').bind(demoId).first<{ features: string }>())!.features)
    expect(features).toMatchObject({ tiers: false, receipts: true })
    const list = await call('/feature_programs?q=tessera%20demo&enabled=off')
    expect(list.body.data).toEqual([expect.objectContaining({ program_id: demoId, feature: 'tiers', enabled: false })])
    await call('/feature_programs', { program_id: demoId, feature: 'tiers', enabled: true })
    expect((await call('/feature_programs?q=tiers&enabled=on')).body.data.map((r: Json) => r.program_id)).toContain(demoId)
  })

  it('lists the organization programs', async () => {
    const res = await call('/organization_programs?sort=name')
    expect(res.status).toBe(200)
    expect(res.body.data.map((p: Json) => p.subdomain_url)).toEqual(expect.arrayContaining(['demo', 'links']))
  })
})
