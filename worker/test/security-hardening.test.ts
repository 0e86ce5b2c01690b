import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createApp } from '../src/app'
import { configFromEnv, productionProblems } from '../src/config'
import { domainLists, paymentSessions, programs } from '../src/db/schema'
import { SIGNIN_LOCKOUT } from '../src/features/signin/signin-throttle'
import { lastMail, makeTestApp, quickParticipant, TestBrowser } from './helpers'
import { makeOffersTest } from './offers-fixtures'

type T = Awaited<ReturnType<typeof makeTestApp>>
type Json = Record<string, any>
const FORGED = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', forwarded: 'host=evil.example;proto=https' }
const signup = { first_name: 'Nia', last_name: 'Okafor', agree_terms: true }

const PROD_ENV = {
  APP_SECRET: 'production-secret-production-secret-0123',
  MAIL_API_KEY: 'key',
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  ADMIN_HOST: 'console.tessera.test',
  BASE_DOMAIN: 'tessera.test',
}

/** The same app and database under a production configuration (mail and payments stay local). */
function production(t: T) {
  const config = configFromEnv(PROD_ENV)
  return createApp({ ...t.deps, config })
}

async function start(b: TestBrowser, email: string, extra: Record<string, unknown> = signup, headers: Record<string, string> = {}) {
  return b.json<Json>('/public/signin/verify', { json: { email, ...extra }, headers })
}

describe('absolute URLs come from configuration, never from request headers', () => {
  it('mails participant sign-in links to the configured origin whatever X-Forwarded-Host says', async () => {
    const t = await makeTestApp()
    const b = t.browser()
    const sent = await b.json<Json>('/public/signin/verify?program=links', { json: { email: 'victim@example.com', ...signup }, headers: FORGED })
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    const mail = (await lastMail(t.db, 'victim@example.com'))!
    expect(mail.link).toMatch(/^http:\/\/localhost\/signin\/magic\?token=/)
    expect(mail.text + mail.html).not.toContain('evil.example')
  })

  it('in production: the program subdomain of BASE_DOMAIN, else its own domain, over https', async () => {
    const t = await makeTestApp()
    const app = production(t)
    const b = new TestBrowser(app, 'links.tessera.test')
    await b.json<Json>('/public/signin/verify', { json: { email: 'victim@example.com', ...signup }, headers: FORGED })
    expect((await lastMail(t.db, 'victim@example.com'))!.link).toMatch(/^https:\/\/links\.tessera\.test\/signin\/magic\?token=[^&]+&program=links$/)

    const [links] = await t.db.select().from(programs).where(eq(programs.publicKey, 'links'))
    await t.db.insert(domainLists).values({ programId: links!.id, domain: 'rewards.links-brand.test', domainType: 'perk_domain' })
    const app2 = production(t) // a fresh app: the program's site origin is cached per app
    const b2 = new TestBrowser(app2, 'links.tessera.test')
    await b2.json<Json>('/public/signin/verify', { json: { email: 'other@example.com', ...signup }, headers: { ...FORGED, host: 'links.tessera.test' } })
    expect((await lastMail(t.db, 'other@example.com'))!.link).toMatch(/^https:\/\/rewards\.links-brand\.test\/signin\/magic\?/)
  })

  it('mails console sign-in links to the console host', async () => {
    const t = await makeTestApp()
    await t.browser().json('/admin/v2/auth/sign_in', { json: { email: 'admin@tessera.dev' }, headers: FORGED })
    expect((await lastMail(t.db, 'admin@tessera.dev'))!.link).toMatch(/^http:\/\/localhost\/admin\/v2\/auth\/link\?token=/)

    const b = new TestBrowser(production(t), 'console.tessera.test')
    const page = await (await b.request('/admin/v2/auth/sign_in', { headers: { accept: 'text/html' } })).text()
    b.csrf = page.match(/name="csrf-token" content="([^"]+)"/)?.[1] ?? null
    expect(b.csrf).toBeTruthy()
    const r = await b.json('/admin/v2/auth/sign_in', { json: { email: 'admin@tessera.dev' }, headers: FORGED })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect((await lastMail(t.db, 'admin@tessera.dev'))!.link).toMatch(/^https:\/\/console\.tessera\.test\/admin\/v2\/auth\/link\?token=/)
  })

  it('builds payment return URLs and referral links from the configured origin', async () => {
    const t = await makeTestApp()
    const q = await quickParticipant(t, 'payer@example.com')
    const r = await q.browser.json<Json>('/public/challenges/ember-club/membership_checkout_session', { method: 'POST', headers: FORGED })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const [session] = await t.db.select().from(paymentSessions).where(eq(paymentSessions.providerSessionId, r.body.session_id))
    const details = JSON.stringify(session!.details) + r.body.url
    expect(details).not.toContain('evil.example')
    expect(String(session!.details?.success_url)).toMatch(/^http:\/\/localhost\/challenge\//)

    const referral = await q.browser.json<Json>('/public/challenges/invite-friends', { headers: FORGED })
    expect(referral.status).toBe(200)
    const entity = referral.body.data ?? referral.body
    expect(entity.referral_url).toMatch(/^http:\/\/localhost\/signin\?referral_code=/)
  })

  it('builds voucher URLs from the configured origin', async () => {
    const t = await makeOffersTest()
    const member = await t.eligibleMember()
    const res = await t.call('/offers/redeem', { member, json: { endeca_key: t.mobileOffer.endecaKey, redemption_type: 'MOBILE' }, headers: FORGED })
    const body = (await res.json()) as Json
    expect(res.status, JSON.stringify(body)).toBe(200)
    expect(JSON.stringify(body)).not.toContain('evil.example')
    expect(body.redemption_data.coupon.voucher).toMatch(/^http:\/\/localhost\/offers\/vouchers\//)
  })

  it('never follows a redirect_to that leaves the site (tab, backslash, scheme)', async () => {
    const t = await makeTestApp()
    for (const target of ['/\t/evil.example', '/\\evil.example', '//evil.example', 'https://evil.example', '/%09/evil.example']) {
      const email = `r${Math.random().toString(36).slice(2)}@example.com`
      await t.browser().json('/public/signin/verify?program=links', { json: { email, ...signup, redirect_to: target } })
      const link = new URL((await lastMail(t.db, email))!.link!)
      const b = t.browser()
      await b.request(`${link.pathname}${link.search}`)
      const res = await b.request('/signin/magic?program=links', { form: { token: link.searchParams.get('token')!, authenticity_token: b.csrf ?? (await b.fetchCsrf()) } })
      expect(res.status).toBe(303)
      expect(res.headers.get('location')).toBe('/?program=links') // home, in the program the link named
    }
  })
})

describe('sign-in codes cannot be guessed, mail cannot be abused', () => {
  it('locks an account after ten failures across two resends; a resend does not reset the count', async () => {
    const t = await makeTestApp()
    const b = t.browser()
    const email = 'target@example.com'
    const verify = (otp: string, token: string) => b.json<Json>('/public/signin/verify', { json: { email, otp, browser_token: token } })
    let sent = await start(b, email)
    let issuedAt = t.clock.now()
    let triesOnCode = 0
    let resends = 0
    const statuses: number[] = []
    let last: Json = {}
    for (let failure = 1; failure <= 10; failure++) {
      // As an attacker would: a new code when this one is used up or about to expire.
      if (triesOnCode === 5 || t.clock.now() - issuedAt > 9 * 60_000) {
        t.clock.advance(Math.max(0, 60_000 - (t.clock.now() - issuedAt)))
        sent = await start(b, email)
        expect(sent.status, JSON.stringify(sent.body)).toBe(200)
        issuedAt = t.clock.now()
        triesOnCode = 0
        resends++
      }
      const code = (await lastMail(t.db, email))!.code!
      const r = await verify(code === '000000' ? '111111' : '000000', sent.body.browser_token)
      triesOnCode++
      statuses.push(r.status)
      last = r.body
      if (r.status === 429 && failure < 10) t.clock.advance(r.body.retry_after_seconds * 1000) // wait out the backoff
    }
    expect(resends).toBe(2)
    expect(statuses, statuses.join()).toEqual([200, 200, 200, 200, 429, 429, 429, 429, 429, 429])
    expect(last.error.code).toBe('too_many_attempts')
    expect(last.retry_after_seconds).toBe(3600) // the lockout window
    // Locked: a new code is refused, and even the right code is refused.
    t.clock.advance(60_000)
    const again = await start(b, email)
    expect(again.status).toBe(429)
    expect(again.body.error.code).toBe('too_many_attempts')
    expect(again.body.message).toMatch(/Too many failed attempts\. Please try again in \d+ minutes?\./)
    const code = (await lastMail(t.db, email))!.code!
    const right = await b.request('/public/signin/verify', { json: { email, otp: code, browser_token: sent.body.browser_token } })
    expect(right.status).toBe(429)
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(3000)
    // After the lockout window, a fresh code works and clears the count.
    t.clock.advance(SIGNIN_LOCKOUT.lockoutMs)
    const fresh = await start(b, email)
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200)
    const ok = await verify((await lastMail(t.db, email))!.code!, fresh.body.browser_token)
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
  })

  it('locks console admins the same way, answering their starts like any e-mail', async () => {
    const t = await makeTestApp()
    const b = t.browser()
    const email = 'admin@tessera.dev'
    let token = ''
    let issuedAt = -Infinity
    let tries = 5
    let last: { status: number; body: Json } = { status: 0, body: {} }
    for (let failure = 1; failure <= 10; failure++) {
      if (tries === 5 || t.clock.now() - issuedAt > 9 * 60_000) {
        t.clock.advance(60_000)
        token = (await b.json<Json>('/admin/v2/auth/start', { json: { email } })).body.data.browser_token
        issuedAt = t.clock.now()
        tries = 0
      }
      const code = (await lastMail(t.db, email))!.code!
      last = await b.json<Json>('/admin/v2/auth/verify', { json: { otp: code === '000000' ? '111111' : '000000', browser_token: token } })
      tries++
      if (last.status === 429 && failure < 10) t.clock.advance(last.body.retry_after_seconds * 1000)
    }
    expect(last.status).toBe(429)
    expect(last.body.retry_after_seconds).toBe(3600)
    const before = (await lastMail(t.db, email))!.id
    t.clock.advance(61_000)
    const started = await b.json<Json>('/admin/v2/auth/start', { json: { email } })
    expect(started.status).toBe(200) // the same answer as any e-mail
    expect((await lastMail(t.db, email))!.id).toBe(before) // but no code is mailed while locked
    const right = await b.json<Json>('/admin/v2/auth/verify', { json: { otp: (await lastMail(t.db, email))!.code, browser_token: token } })
    expect(right.status).toBe(429)
  })

  it('mails an address at most five codes an hour, whoever asks', async () => {
    const t = await makeTestApp()
    const email = 'inbox@example.com'
    for (let i = 0; i < 5; i++) {
      const r = await start(t.browser(), email, signup, { 'cf-connecting-ip': `198.51.100.${i}` })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      t.clock.advance(61_000)
    }
    const sixth = await start(t.browser(), email, signup, { 'cf-connecting-ip': '198.51.100.99' })
    expect(sixth.status).toBe(429)
    expect(sixth.body.error.code).toBe('rate_limited')
    expect(sixth.body.message).toMatch(/Too many sign-in e-mails were sent to this address/)
    t.clock.advance(3_600_000)
    expect((await start(t.browser(), email)).status).toBe(200)
  })

  it('answers nothing about the participant before the code is entered but the first name', async () => {
    const t = await makeTestApp()
    await quickParticipant(t, 'known@example.com')
    const r = await start(t.browser(), 'known@example.com', {})
    expect(r.status).toBe(200)
    expect(r.body.participant).toEqual({ id: null, first_name: 'known', last_name: '', name: 'known', email: 'known@example.com' })
    expect(r.body.sign_type).toBe('OTP')
  })

  it('keeps a sign-up first name short, plain and out of links in the mail', async () => {
    const t = await makeTestApp()
    for (const [name, greeting] of [
      ['Visit evil.example now', 'there'],
      ['<a href=x>Win</a>', 'there'],
      ['x'.repeat(60), 'there'],
      ['Zoë', 'Zoë'],
    ] as const) {
      const email = `g${Math.random().toString(36).slice(2)}@example.com`
      await start(t.browser(), email, { ...signup, first_name: name })
      const mail = (await lastMail(t.db, email))!
      expect(mail.text).toContain(`Hey, ${greeting}!`)
      expect(mail.html).not.toContain('<a href=x>')
    }
  })
})

describe('production fails closed', () => {
  it('is the default: an unset or unknown ENVIRONMENT is production, which needs its secrets', () => {
    expect(() => configFromEnv({})).toThrow(/APP_SECRET/)
    expect(() => configFromEnv({ ENVIRONMENT: 'staging' })).toThrow(/will not start in production/)
    expect(productionProblems({})).toHaveLength(5)
    expect(productionProblems({ ...PROD_ENV, STRIPE_SECRET_KEY: undefined })).toEqual([expect.stringMatching(/STRIPE_SECRET_KEY/)])
    expect(productionProblems({ ...PROD_ENV, STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined, PAYMENTS_DISABLED: 'true' })).toEqual([])
    expect(configFromEnv(PROD_ENV).environment).toBe('production')
  })

  it('wrangler.toml as deployed (no --var) is production and refuses to start without secrets', () => {
    const toml = readFileSync(resolve(__dirname, '../../wrangler.toml'), 'utf8')
    const vars = Object.fromEntries(
      [...(toml.split(/^\[vars\]$/m)[1] ?? '').split(/^\[/m)[0]!.matchAll(/^(\w+)\s*=\s*"([^"]*)"/gm)].map((m) => [m[1], m[2]]),
    )
    expect(vars.ENVIRONMENT).toBeUndefined()
    expect(() => configFromEnv(vars)).toThrow(/will not start in production/)
  })

  it('serves no development route in production', async () => {
    const t = await makeTestApp()
    const app = production(t)
    const b = new TestBrowser(app, 'demo.tessera.test')
    for (const path of ['/_dev/mailbox', '/_dev/mailbox.json', '/_dev/mailbox.json?to=admin@tessera.dev', '/_checkout/cs_local_1']) {
      const res = await b.request(path)
      expect(res.status, path).toBe(404)
    }
    for (const path of ['/_dev/seed', '/_checkout/cs_local_1']) {
      const res = await b.request(path, { method: 'POST', headers: { 'x-tessera-dev': 'seed' } })
      expect([403, 404], path).toContain(res.status)
      expect(res.status === 404 || (await res.text()).includes('csrf')).toBe(true)
    }
    // The development secret is not in use.
    expect(app).toBeDefined()
    expect(configFromEnv(PROD_ENV).secret).toBe(PROD_ENV.APP_SECRET)
  })

  it('answers the console on its own host only, never framed; the site framed by the console host only', async () => {
    const t = await makeTestApp()
    const app = production(t)
    const elsewhere = await new TestBrowser(app, 'demo.tessera.test').request('/admin/v2/auth/sign_in')
    expect(elsewhere.status).toBe(404)
    const onHost = await new TestBrowser(app, 'console.tessera.test').request('/admin/v2/auth/sign_in', { headers: { accept: 'text/html' } })
    expect(onHost.status).toBe(200)
    expect(onHost.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    const site = await new TestBrowser(app, 'demo.tessera.test').request('/', { headers: { accept: 'text/html' } })
    expect(site.headers.get('content-security-policy')).toContain("frame-ancestors 'self' https://console.tessera.test;")
    expect(site.headers.get('content-security-policy')).toContain("base-uri 'none'")
    expect(site.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
  })

  it('names cookies __Host- and marks them Secure in production', async () => {
    const t = await makeTestApp()
    const b = new TestBrowser(production(t), 'demo.tessera.test')
    await b.fetchCsrf()
    expect([...b.cookies.keys()]).toEqual(['__Host-tessera_csrf'])
    const sent = await start(b, 'prod@example.com')
    const code = (await lastMail(t.db, 'prod@example.com'))!.code
    const res = await b.request('/public/signin/verify', { json: { email: 'prod@example.com', otp: code, browser_token: sent.body.browser_token } })
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('__Host-tessera_session='))!
    expect(cookie).toMatch(/; Secure/)
    expect(cookie).toMatch(/Path=\//)
    expect(cookie).not.toMatch(/Domain=/i)
  })
})

describe('sessions end when idle', () => {
  it('signs a participant out after 14 idle days, keeps an active one until the absolute 30 days', async () => {
    const t = await makeTestApp()
    const idle = await quickParticipant(t, 'idle@example.com')
    const active = await quickParticipant(t, 'active@example.com')
    const me = (q: typeof idle) => q.browser.json<Json>('/public/participant')
    t.clock.advance(10 * 86_400_000)
    expect((await me(active)).status).toBe(200)
    t.clock.advance(5 * 86_400_000) // 15 days: idle for 15, active for 5
    expect((await me(idle)).status).toBe(401)
    expect((await me(active)).status).toBe(200)
    for (let day = 15; day < 30; day += 5) {
      t.clock.advance(5 * 86_400_000)
      expect((await me(active)).status, `day ${day + 5}`).toBe(day + 5 < 30 ? 200 : 401)
    }
  })

  it('signs an admin out after 2 idle hours, at most 12 hours after sign-in', async () => {
    const t = await makeTestApp()
    const b = t.browser()
    const started = await b.json<Json>('/admin/v2/auth/start', { json: { email: 'admin@tessera.dev' } })
    await b.json('/admin/v2/auth/verify', { json: { otp: (await lastMail(t.db, 'admin@tessera.dev'))!.code, browser_token: started.body.data.browser_token } })
    const who = async () => (await b.request('/admin/v2/me')).status
    expect(await who()).toBe(200)
    for (let h = 1; h <= 11; h++) {
      t.clock.advance(3_600_000)
      expect(await who(), `hour ${h}`).toBe(200)
    }
    t.clock.advance(3_600_000 + 1)
    expect(await who()).toBe(401) // the absolute 12 hours
    const idle = t.browser()
    const again = await idle.json<Json>('/admin/v2/auth/start', { json: { email: 'admin@tessera.dev' } })
    await idle.json('/admin/v2/auth/verify', { json: { otp: (await lastMail(t.db, 'admin@tessera.dev'))!.code, browser_token: again.body.data.browser_token } })
    expect((await idle.request('/admin/v2/me')).status).toBe(200)
    t.clock.advance(2 * 3_600_000 + 1)
    expect((await idle.request('/admin/v2/me')).status).toBe(401)
  })
})
