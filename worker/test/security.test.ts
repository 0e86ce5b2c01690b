import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { participants, programs } from '../src/db/schema'
import { lastMail, makeTestApp } from './helpers'

async function signedIn(t: Awaited<ReturnType<typeof makeTestApp>>, email: string, host = 'localhost', query = '') {
  const b = t.browser(host)
  const sent = await b.json<{ browser_token: string }>(`/public/signin/verify${query}`, { json: { email, first_name: 'A', last_name: 'B', agree_terms: true } })
  const code = (await lastMail(t.db, email))!.code
  const done = await b.json(`/public/signin/verify${query}`, { json: { email, otp: code, browser_token: sent.body.browser_token } })
  expect(done.body.otp_logged).toBe(true)
  return b
}

describe('CSRF', () => {
  it('refuses a cookie-authenticated JSON post without X-CSRF-Token', async () => {
    const t = await makeTestApp()
    const b = await signedIn(t, 'csrf@example.com')
    const res = await b.json('/public/signin/sign_out_user', { method: 'POST', csrf: false })
    expect(res.status).toBe(403)
    expect(res.body).toMatchObject({ ok: false, error: { code: 'csrf_failed' } })
    expect((await b.request('/public/participant')).status).toBe(200)
  })

  it('refuses a wrong token and a token from another browser', async () => {
    const t = await makeTestApp()
    const b = await signedIn(t, 'csrf2@example.com')
    const other = t.browser()
    const foreign = await other.fetchCsrf()
    expect((await b.request('/public/signin/sign_out_user', { method: 'POST', headers: { 'x-csrf-token': 'forged' } })).status).toBe(403)
    expect((await b.request('/public/signin/sign_out_user', { method: 'POST', headers: { 'x-csrf-token': foreign } })).status).toBe(403)
  })

  it('refuses a form post without authenticity_token and accepts it with one', async () => {
    const t = await makeTestApp()
    const b = t.browser()
    const refused = await b.request('/public/signin/verify', { form: { email: 'f@example.com' }, csrf: false })
    expect(refused.status).toBe(403)
    const ok = await b.request('/public/signin/verify', { form: { email: 'f@example.com', authenticity_token: await b.fetchCsrf() }, csrf: false })
    expect(ok.status).toBe(200) // reached the sign-in logic: unknown e-mail -> the sign-up step
  })

  it('puts the token in pages as <meta name="csrf-token"> and in GET /public/csrf', async () => {
    const t = await makeTestApp()
    const b = t.browser()
    const page = await b.request('/', { headers: { accept: 'text/html' } })
    const html = await page.text()
    const meta = html.match(/<meta name="csrf-token" content="([^"]+)">/)?.[1]
    expect(meta).toBeTruthy()
    expect(await b.fetchCsrf()).toBe(meta)
    expect(html).toContain('id="tessera-bootstrap"')
  })

  it('accepts only JSON, multipart and urlencoded bodies', async () => {
    const t = await makeTestApp()
    const b = t.browser()
    const res = await b.request('/public/signin/verify', { method: 'POST', body: '<xml/>', headers: { 'content-type': 'text/xml' } })
    expect(res.status).toBe(415)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unsupported_media_type')
  })

  it('does not change state on GET', async () => {
    const t = await makeTestApp()
    const b = await signedIn(t, 'get@example.com')
    expect((await b.request('/public/signin/sign_out_user')).status).toBe(404)
    expect((await b.request('/public/participant')).status).toBe(200)
  })
})

describe('program isolation', () => {
  it('refuses a session of program A on program B', async () => {
    const t = await makeTestApp()
    const a = await signedIn(t, 'iso@example.com')
    expect((await a.request('/public/participant')).status).toBe(200)
    // Same browser, same cookie jar, other program (by key): not signed in there.
    expect((await a.request('/public/participant?program=links')).status).toBe(401)
    // By host: the demo program's subdomain vs the links program's subdomain.
    const onA = t.browser('demo.tessera.localhost')
    onA.cookies = new Map(a.cookies)
    expect((await onA.request('/public/participant')).status).toBe(200)
    const onB = t.browser('links.tessera.localhost')
    onB.cookies = new Map(a.cookies)
    expect((await onB.request('/public/participant')).status).toBe(401)
    // A bearer token of program A is refused on program B too.
    const res = await t.app.request('http://x/public/participant', { headers: { 'x-program-key': 'links', authorization: 'Bearer not-valid-here' } })
    expect(res.status).toBe(401)
  })

  it('resolves programs by public key, subdomain, domain list, and localhost in development only', async () => {
    const t = await makeTestApp()
    const { domainLists } = await import('../src/db/schema')
    const [links] = await t.db.select().from(programs).where(eq(programs.publicKey, 'links'))
    await t.db.insert(domainLists).values({ programId: links!.id, domain: 'rewards.example.org', domainType: 'perk_domain' })
    const name = async (url: string, headers: Record<string, string> = {}) => {
      const res = await t.app.request(url, { headers })
      return res.ok ? ((await res.json()) as { name: string }).name : res.status
    }
    expect(await name('http://localhost/public/program')).toBe('Tessera Demo')
    expect(await name('http://localhost/public/program?program=links')).toBe('Tessera Links')
    expect(await name('http://localhost/public/program', { 'x-program-key': 'links' })).toBe('Tessera Links')
    expect(await name('http://links.tessera.localhost/public/program')).toBe('Tessera Links')
    expect(await name('http://rewards.example.org/public/program')).toBe('Tessera Links')
    expect(await name('http://unknown.example.org/public/program')).toBe(404)
    expect(await name('http://localhost/public/program?program=nope')).toBe(404)
  })

  it('does not answer localhost without a key in production', async () => {
    const t = await makeTestApp()
    const { createApp } = await import('../src/app')
    const prod = createApp({ ...t.deps, config: { ...t.deps.config, environment: 'production' } })
    expect((await prod.request('http://localhost/public/program')).status).toBe(404)
    expect((await prod.request('http://localhost/_dev/mailbox.json')).status).toBe(404)
  })
})

describe('errors and headers', () => {
  it('answers one error shape with a request id and secure headers', async () => {
    const t = await makeTestApp()
    const res = await t.app.request('http://localhost/public/nothing-here', { headers: { accept: 'application/json' } })
    expect(res.status).toBe(404)
    const body = (await res.json()) as Record<string, unknown>
    expect(body).toMatchObject({ ok: false, error: { code: 'not_found' } })
    expect(body.request_id).toBe(res.headers.get('x-request-id'))
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    // An API answer allows nothing and no framing; a page of the site frames itself only.
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
    const page = await t.app.request('http://localhost/no-such-page')
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'self'")
    expect(page.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('refuses oversized payloads with 413 and writes nothing', async () => {
    const t = await makeTestApp()
    const b = t.browser()
    const res = await b.request('/public/signin/verify', { json: { email: 'big@example.com', first_name: 'x'.repeat(1_100_000) } })
    expect(res.status).toBe(413)
    expect(await lastMail(t.db, 'big@example.com')).toBeNull()
  })

  it('names each invalid field in a 422', async () => {
    const t = await makeTestApp()
    const r = await t.browser().json<{ error: { fields: Record<string, string> } }>('/public/signin/verify', {
      json: { email: 'ok@example.com', otp: '12', first_name: 'y'.repeat(200) },
    })
    expect(r.status).toBe(422)
    expect(Object.keys(r.body.error.fields).sort()).toEqual(['first_name', 'otp'])
  })

  it('refuses malformed JSON with 400', async () => {
    const t = await makeTestApp()
    const b = t.browser()
    const res = await b.request('/public/signin/verify', { method: 'POST', body: '{"email":', headers: { 'content-type': 'application/json' } })
    expect(res.status).toBe(400)
  })

  it('keeps balances non-negative in SQL', async () => {
    const t = await makeTestApp()
    await signedIn(t, 'neg@example.com')
    await expect(t.db.update(participants).set({ unusedPoints: -1 }).where(eq(participants.email, 'neg@example.com'))).rejects.toThrow()
  })
})

describe('program pages', () => {
  it('serves a published page body and 404s others', async () => {
    const t = await makeTestApp()
    const ok = await t.browser().json<{ title: string; body: string }>('/public/pages/rules')
    expect(ok.status).toBe(200)
    expect(ok.body.title).toBe('Rules')
    expect(ok.body.body.length).toBeGreaterThan(20)
    const missing = await t.browser().json<{ error: { fields: Record<string, string> } }>('/public/pages/nope')
    expect(missing.status).toBe(404)
    expect(missing.body.error.fields.slug).toBe('not found')
    const program = await t.browser().json<{ partner_config: { iframe_url: string } | null }>('/public/program')
    // The demo's partner page is a store map shipped in the repo (served from the product's origin).
    expect(program.body.partner_config?.iframe_url).toBe('/brand/store-locator.svg')
  })
})
