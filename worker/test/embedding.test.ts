import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createApp } from '../src/app'
import { domainLists, participants, programs } from '../src/db/schema'
import { signIdentityToken } from '../src/features/signin/identity'
import { makeTestApp } from './helpers'

const secret = 'partner-secret-for-tests-0123456789'

async function withPartner(t: Awaited<ReturnType<typeof makeTestApp>>) {
  const [demo] = await t.db.select().from(programs).where(eq(programs.publicKey, 'demo'))
  await t.db.insert(domainLists).values({ programId: demo!.id, domain: 'shop.partner.example', domainType: 'other' })
  await t.db.update(programs).set({ partnerIdentitySecret: secret }).where(eq(programs.id, demo!.id))
  return demo!
}

describe('partner origins (CORS)', () => {
  it('answers a preflight from a listed origin and refuses an unlisted one', async () => {
    const t = await makeTestApp()
    await withPartner(t)
    const prod = createApp({ ...t.deps, config: { ...t.deps.config, environment: 'production' } })
    const ok = await prod.request('http://demo.tessera.localhost/public/participant', {
      method: 'OPTIONS',
      headers: { origin: 'https://shop.partner.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,x-program-key' },
    })
    expect(ok.status).toBe(204)
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://shop.partner.example')
    expect(ok.headers.get('access-control-allow-credentials')).toBeNull()
    const no = await prod.request('http://demo.tessera.localhost/public/participant', { method: 'OPTIONS', headers: { origin: 'https://evil.example' } })
    expect(no.status).toBe(403)
  })

  it('adds CORS headers for the program’s partners only, and refuses tokens from other origins', async () => {
    const t = await makeTestApp()
    await withPartner(t)
    const prod = createApp({ ...t.deps, config: { ...t.deps.config, environment: 'production' } })
    const listed = await prod.request('http://x/public/program', { headers: { origin: 'https://shop.partner.example', 'x-program-key': 'demo' } })
    expect(listed.headers.get('access-control-allow-origin')).toBe('https://shop.partner.example')
    const other = await prod.request('http://x/public/program', { headers: { origin: 'https://shop.partner.example', 'x-program-key': 'links' } })
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
    const token = await prod.request('http://x/public/participant', { headers: { origin: 'https://evil.example', 'x-program-key': 'demo', authorization: 'Bearer abc' } })
    expect(token.status).toBe(403)
    const post = await prod.request('http://x/public/signin/verify', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'x-program-key': 'demo', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40example.com',
    })
    expect(post.status).toBe(403)
  })

  it('lets a partner page read the errors and keeps what an answer varies on', async () => {
    const t = await makeTestApp()
    await withPartner(t)
    const prod = createApp({ ...t.deps, config: { ...t.deps.config, environment: 'production' } })
    const partner = { origin: 'https://shop.partner.example', 'x-program-key': 'demo' }
    // Refused after the origin was let through (a body type the API does not take): readable, with CORS.
    const refused = await prod.request('http://x/public/account/update_email_settings', {
      method: 'POST',
      headers: { ...partner, authorization: 'Bearer abc', 'content-type': 'text/plain' },
      body: 'x',
    })
    expect(refused.status).toBe(415)
    expect(refused.headers.get('access-control-allow-origin')).toBe('https://shop.partner.example')
    // A signed-out cacheable read keeps varying on credentials, and on the origin too.
    const read = await prod.request('http://x/public/challenges/coffee-origins', { headers: partner })
    const vary = (read.headers.get('vary') ?? '').split(',').map((v) => v.trim().toLowerCase())
    expect(read.headers.get('access-control-allow-origin')).toBe('https://shop.partner.example')
    expect(vary).toEqual(expect.arrayContaining(['origin', 'authorization', 'cookie']))
  })
})

describe('iframe mode', () => {
  it('serves /embed/{widget} framable by the program’s domain list only', async () => {
    const t = await makeTestApp()
    await withPartner(t)
    const res = await t.app.request('http://localhost/embed/challenge-tiles?program=demo', { headers: { accept: 'text/html' } })
    expect(res.status).toBe(200)
    const csp = res.headers.get('content-security-policy')!
    expect(csp).toContain('frame-ancestors')
    expect(csp).toContain('https://shop.partner.example')
    expect(res.headers.get('x-frame-options')).toBeNull()
    const site = await t.app.request('http://localhost/', { headers: { accept: 'text/html' } })
    expect(site.headers.get('content-security-policy')).toContain("frame-ancestors 'self'")
  })
})

describe('partner identity tokens', () => {
  const now = () => Math.floor(Date.now() / 1000)
  const call = (t: Awaited<ReturnType<typeof makeTestApp>>, token: string) =>
    t.app.request('http://localhost/public/signin/identity', {
      method: 'POST',
      headers: { 'x-program-key': 'demo', 'x-tessera-session': 'token', 'content-type': 'application/json' },
      body: JSON.stringify({ identity_token: token }),
    })

  it('exchanges a signed token for a session once, creating the participant', async () => {
    const t = await makeTestApp()
    await withPartner(t)
    const token = await signIdentityToken(secret, { email: 'Partner.User@example.com', first_name: 'Pat', last_name: 'Ner', iat: now(), exp: now() + 300, jti: 'jti-0001' })
    const res = await call(t, token)
    expect(res.status).toBe(200)
    const body = (await res.json()) as { session_token: string; participant: { email: string } }
    expect(body.participant.email).toBe('partner.user@example.com')
    const me = await t.app.request('http://localhost/public/participant', { headers: { 'x-tessera-session': 'token', authorization: `Bearer ${body.session_token}` } })
    expect(me.status).toBe(200)
    expect((await call(t, token)).status).toBe(401) // the same token twice
    expect(await t.db.select().from(participants).where(eq(participants.email, 'partner.user@example.com'))).toHaveLength(1)
  })

  it('refuses a bad signature, an expired token and a too-long-lived one', async () => {
    const t = await makeTestApp()
    await withPartner(t)
    const wrong = await signIdentityToken('another-secret-another-secret-!!', { email: 'a@example.com', iat: now(), exp: now() + 60, jti: 'jti-0002' })
    expect((await call(t, wrong)).status).toBe(401)
    const expired = await signIdentityToken(secret, { email: 'a@example.com', iat: now() - 120, exp: now() - 60, jti: 'jti-0003' })
    const r = await call(t, expired)
    expect(((await r.json()) as { error: { fields: Record<string, string> } }).error.fields.identity_token).toBe('has expired')
    const long = await signIdentityToken(secret, { email: 'a@example.com', iat: now(), exp: now() + 3600, jti: 'jti-0004' })
    expect((await call(t, long)).status).toBe(401)
  })
})
