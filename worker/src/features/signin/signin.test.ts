import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { domainLists, participants, pointsLedger, programs, referrals, signinCodes } from '../../db/schema'
import { signIdentityToken } from './identity'
import { maskEmail } from './participant-signin'
import { lastMail, makeTestApp, type TestBrowser } from '../../../test/helpers'

type VerifyBody = {
  ok: boolean
  sign_type: string | null
  browser_token: string | null
  otp_logged: boolean
  message: string
  participant: { first_name: string; email: string } | null
  session_token?: string
  error?: { code: string; fields?: Record<string, string> }
  redirect_url?: string
}

const signupFields = { first_name: 'Nia', last_name: 'Okafor', agree_terms: true }

async function requestCode(b: TestBrowser, email: string, extra: Record<string, unknown> = signupFields) {
  const r = await b.json<VerifyBody>('/public/signin/verify', { json: { email, ...extra } })
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return r.body
}

async function signUp(t: Awaited<ReturnType<typeof makeTestApp>>, email = 'nia@example.com') {
  const b = t.browser()
  const sent = await requestCode(b, email)
  const code = (await lastMail(t.db, email))!.code!
  const done = await b.json<VerifyBody>('/public/signin/verify', { json: { email, otp: code, browser_token: sent.browser_token } })
  expect(done.body.otp_logged).toBe(true)
  return b
}

describe('participant sign-up and sign-in with one-time codes', () => {
  it('asks an unknown e-mail to sign up, then requires names and terms', async () => {
    const t = await makeTestApp()
    const b = t.browser()
    const first = await b.json<VerifyBody>('/public/signin/verify', { json: { email: 'new@example.com' } })
    // A new e-mail is the next step of the flow, not a failure: 200 (no red console line in browsers).
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ ok: true, sign_type: 'SIGN_UP', otp_logged: false, participant: null })

    const missing = await b.json<VerifyBody>('/public/signin/verify', { json: { email: 'new@example.com', first_name: 'Nia', agree_terms: false } })
    expect(missing.status).toBe(422)
    expect(missing.body.message).toBe('Required fields are missing')
    expect(missing.body.error?.fields).toMatchObject({ last_name: expect.any(String), agree_terms: expect.any(String) })
    expect(await lastMail(t.db, 'new@example.com')).toBeNull()
  })

  it('rejects a malformed e-mail with a message naming the field', async () => {
    const t = await makeTestApp()
    const r = await t.browser().json<VerifyBody>('/public/signin/verify', { json: { email: 'not-an-email' } })
    expect(r.status).toBe(422)
    expect(r.body.error?.fields?.email).toBe('Invalid email')
  })

  it('creates the participant only when the code is verified, credits the sign-up points once', async () => {
    const t = await makeTestApp()
    const b = t.browser()
    const sent = await requestCode(b, 'Nia@Example.com', { ...signupFields, postal: '10001' })
    expect(sent).toMatchObject({ ok: true, sign_type: 'OTP', otp_logged: false, participant: { first_name: 'Nia', email: 'nia@example.com' } })
    expect(sent.browser_token).toMatch(/^[\w-]{20,}$/)
    expect(await t.deps.db.select().from(participants).where(eq(participants.email, 'nia@example.com'))).toHaveLength(0)

    const mail = await lastMail(t.db, 'nia@example.com')
    expect(mail!.subject).toContain('login code')
    expect(mail!.code).toMatch(/^\d{6}$/)
    const stored = await t.db.select().from(signinCodes)
    expect(stored[0]!.secretHash).not.toContain(mail!.code!)

    const done = await b.json<VerifyBody>('/public/signin/verify', { json: { email: 'nia@example.com', otp: mail!.code, browser_token: sent.browser_token } })
    expect(done.body).toMatchObject({ ok: true, otp_logged: true, sign_type: 'OTP' })
    const me = await b.json('/public/participant')
    expect(me.body).toMatchObject({ email: 'nia@example.com', unused_points: 100, points: 100, completed_challenges: 1 })
    expect((me.body.profile_attributes as Record<string, string>).postal).toBe('10001')
    const ledger = await t.db.select().from(pointsLedger)
    expect(ledger).toHaveLength(1)

    // Signing in again later does not credit the sign-up again.
    t.clock.advance(61_000)
    const again = await requestCode(b, 'nia@example.com', {})
    t.clock.advance(1000)
    const code2 = (await lastMail(t.db, 'nia@example.com'))!.code
    await b.json('/public/signin/verify', { json: { email: 'nia@example.com', otp: code2, browser_token: again.browser_token } })
    expect(await t.db.select().from(pointsLedger)).toHaveLength(1)
  })

  it('refuses an expired code (10 minutes, by the fake clock)', async () => {
    const t = await makeTestApp()
    const b = t.browser()
    const sent = await requestCode(b, 'late@example.com')
    const code = (await lastMail(t.db, 'late@example.com'))!.code
    t.clock.advance(10 * 60 * 1000)
    const r = await b.json<VerifyBody>('/public/signin/verify', { json: { email: 'late@example.com', otp: code, browser_token: sent.browser_token } })
    // A field error of the code step, not a 401.
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ ok: false, sign_type: 'OTP', otp_logged: false })
    expect(r.body.error?.code).toBe('code_expired')
    expect(r.body.error?.fields?.otp).toBe('This code has expired. Please request a new code.')
  })

  it('accepts a code just before it expires', async () => {
    const t = await makeTestApp()
    const b = t.browser()
    const sent = await requestCode(b, 'ontime@example.com')
    const code = (await lastMail(t.db, 'ontime@example.com'))!.code
    t.clock.advance(10 * 60 * 1000 - 1)
    const r = await b.json<VerifyBody>('/public/signin/verify', { json: { email: 'ontime@example.com', otp: code, browser_token: sent.browser_token } })
    expect(r.body.otp_logged).toBe(true)
  })

  it('allows at most 5 wrong tries, after which even the right code is refused', async () => {
    const t = await makeTestApp()
    const b = t.browser()
    const sent = await requestCode(b, 'guess@example.com')
    const code = (await lastMail(t.db, 'guess@example.com'))!.code!
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) {
      const r = await b.json<VerifyBody>('/public/signin/verify', { json: { email: 'guess@example.com', otp: wrong, browser_token: sent.browser_token } })
      // The fifth failure earns the account a wait (security-hardening.test.ts follows it to lockout).
      expect(r.status).toBe(i < 4 ? 200 : 429)
      if (i < 4) expect(r.body.error?.fields?.otp).toBe('Invalid code. Please check the code and try again.')
      expect(r.body.error?.code).toBe(i < 4 ? 'invalid_code' : 'too_many_attempts')
    }
    t.clock.advance(61_000)
    const right = await b.json<VerifyBody>('/public/signin/verify', { json: { email: 'guess@example.com', otp: code, browser_token: sent.browser_token } })
    expect(right.status).toBe(429)
    expect(right.body.error?.code).toBe('too_many_attempts')
    expect(right.body.sign_type).toBe('OTP')
  })

  it('counts parallel guesses: 20 at once never get more than 5 comparisons', async () => {
    const t = await makeTestApp()
    const b = t.browser()
    const sent = await requestCode(b, 'burst@example.com')
    const code = (await lastMail(t.db, 'burst@example.com'))!.code!
    const guesses = Array.from({ length: 20 }, (_, i) => String(i).padStart(6, '9')).filter((g) => g !== code)
    await Promise.all(guesses.map((otp) => b.json('/public/signin/verify', { json: { email: 'burst@example.com', otp, browser_token: sent.browser_token } })))
    const [row] = await t.db.select().from(signinCodes).where(eq(signinCodes.email, 'burst@example.com'))
    expect(row!.attempts).toBeLessThanOrEqual(5)
  })

  it('makes the resend wait 60 seconds', async () => {
    const t = await makeTestApp()
    const b = t.browser()
    const sent = await requestCode(b, 'wait@example.com')
    t.clock.advance(59_000)
    const early = await b.json<VerifyBody>('/public/signin/verify', { json: { email: 'wait@example.com', ...signupFields, browser_token: sent.browser_token } })
    expect(early.status).toBe(429)
    expect(early.body).toMatchObject({ sign_type: 'OTP', error: { code: 'resend_too_soon' } })
    expect(early.body.message).toMatch(/wait 1 seconds?/)
    t.clock.advance(1000)
    await requestCode(b, 'wait@example.com', { ...signupFields, browser_token: sent.browser_token })
  })

  it('supersedes an older code with a newer one', async () => {
    const t = await makeTestApp()
    const b = t.browser()
    const first = await requestCode(b, 'two@example.com')
    const oldCode = (await lastMail(t.db, 'two@example.com'))!.code
    t.clock.advance(61_000)
    const second = await requestCode(b, 'two@example.com', { ...signupFields, browser_token: first.browser_token })
    const newCode = (await lastMail(t.db, 'two@example.com'))!.code
    expect(second.browser_token).toBe(first.browser_token)
    if (oldCode !== newCode) {
      const stale = await b.json<VerifyBody>('/public/signin/verify', { json: { email: 'two@example.com', otp: oldCode, browser_token: first.browser_token } })
      expect(stale.body.error?.code).toBe('invalid_code')
    }
    const fresh = await b.json<VerifyBody>('/public/signin/verify', { json: { email: 'two@example.com', otp: newCode, browser_token: first.browser_token } })
    expect(fresh.body.otp_logged).toBe(true)
  })

  it('binds the code to the browser token that asked for it', async () => {
    const t = await makeTestApp()
    const b = t.browser()
    await requestCode(b, 'bound@example.com')
    const code = (await lastMail(t.db, 'bound@example.com'))!.code
    const other = t.browser()
    const r = await other.json<VerifyBody>('/public/signin/verify', { json: { email: 'bound@example.com', otp: code, browser_token: 'someone-elses-browser-token-xyz' } })
    expect(r.body).toMatchObject({ ok: false, otp_logged: false, error: { code: 'invalid_code' } })
    const none = await other.json<VerifyBody>('/public/signin/verify', { json: { email: 'bound@example.com', otp: code } })
    expect(none.body).toMatchObject({ ok: false, otp_logged: false, error: { code: 'invalid_code' } })
  })

  it('uses a code once', async () => {
    const t = await makeTestApp()
    const b = t.browser()
    const sent = await requestCode(b, 'once@example.com')
    const code = (await lastMail(t.db, 'once@example.com'))!.code
    const body = { email: 'once@example.com', otp: code, browser_token: sent.browser_token }
    expect((await b.json<VerifyBody>('/public/signin/verify', { json: body })).body.otp_logged).toBe(true)
    const again = await b.json<VerifyBody>('/public/signin/verify', { json: body })
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ ok: false, otp_logged: false, error: { code: 'invalid_code' } })
  })

  it('answers wrong codes for known and unknown e-mails alike', async () => {
    const t = await makeTestApp()
    await signUp(t, 'known@example.com')
    const b = t.browser()
    const known = await b.json<VerifyBody>('/public/signin/verify', { json: { email: 'known@example.com', otp: '123456', browser_token: 'x'.repeat(32) } })
    const unknown = await b.json<VerifyBody>('/public/signin/verify', { json: { email: 'nobody@example.com', otp: '123456', browser_token: 'x'.repeat(32) } })
    expect(known.status).toBe(unknown.status)
    expect(known.body.message).toBe(unknown.body.message)
    expect(known.body.error?.code).toBe(unknown.body.error?.code)
  })

  it('rotates the session at sign-in and signs out', async () => {
    const t = await makeTestApp()
    const b = await signUp(t, 'rotate@example.com')
    const firstCookie = b.cookies.get('tessera_session')
    t.clock.advance(61_000)
    const sent = await requestCode(b, 'rotate@example.com', {})
    const code = (await lastMail(t.db, 'rotate@example.com'))!.code
    await b.json('/public/signin/verify', { json: { email: 'rotate@example.com', otp: code, browser_token: sent.browser_token } })
    expect(b.cookies.get('tessera_session')).not.toBe(firstCookie)
    // The old token no longer works.
    const stale = t.browser()
    stale.cookies.set('tessera_session', firstCookie!)
    expect((await stale.request('/public/participant')).status).toBe(401)

    expect((await b.request('/public/participant')).status).toBe(200)
    const out = await b.json('/public/signin/sign_out_user', { method: 'POST' })
    expect(out.status).toBe(200)
    expect((await b.request('/public/participant')).status).toBe(401)
  })

  it('sets the session cookie HttpOnly and SameSite=Lax; Secure comes from configuration, never a header', async () => {
    const t = await makeTestApp()
    const b = t.browser()
    const sent = await requestCode(b, 'cookie@example.com')
    const code = (await lastMail(t.db, 'cookie@example.com'))!.code
    const res = await b.request('/public/signin/verify', {
      json: { email: 'cookie@example.com', otp: code, browser_token: sent.browser_token },
      headers: { 'x-forwarded-proto': 'https' },
    })
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('tessera_session='))!
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Lax/)
    expect(cookie).not.toMatch(/Secure/) // http://localhost in tests: a forged X-Forwarded-Proto changes nothing
  })

  it('records a referral from referral_code (approved at verification), ignoring unknown and self codes', async () => {
    const t = await makeTestApp()
    const referrer = await signUp(t, 'ref@example.com')
    const me = await referrer.json<{ referral_code: string }>('/public/participant')
    const b = t.browser()
    const sent = await requestCode(b, 'friend@example.com', { ...signupFields, referral_code: me.body.referral_code })
    const code = (await lastMail(t.db, 'friend@example.com'))!.code
    await b.json('/public/signin/verify', { json: { email: 'friend@example.com', otp: code, browser_token: sent.browser_token } })
    const rows = await t.db.select().from(referrals)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.status).toBe('approved')

    const c = t.browser()
    const sent2 = await requestCode(c, 'stranger@example.com', { ...signupFields, referral_code: 'NOPE1234' })
    const code2 = (await lastMail(t.db, 'stranger@example.com'))!.code
    const ok = await c.json<VerifyBody>('/public/signin/verify', { json: { email: 'stranger@example.com', otp: code2, browser_token: sent2.browser_token } })
    expect(ok.body.otp_logged).toBe(true)
    expect(await t.db.select().from(referrals)).toHaveLength(1)
  })

  it('answers override_enrollment programs with the custom sign-in URL', async () => {
    const t = await makeTestApp()
    const { programs } = await import('../../db/schema')
    await t.db.update(programs).set({ overrideEnrollment: true, programCustomSigninUrl: 'https://partner.example/join' }).where(eq(programs.publicKey, 'demo'))
    const r = await t.browser().json<VerifyBody>('/public/signin/verify', { json: { email: 'x@example.com', ...signupFields } })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ ok: true, sign_type: 'SIGN_UP', redirect_url: 'https://partner.example/join' })
  })

  it('accepts the multipart form of the spec', async () => {
    const t = await makeTestApp()
    const b = t.browser()
    const form = new FormData()
    form.set('email', 'form@example.com')
    form.set('first_name', 'Fo')
    form.set('last_name', 'Rm')
    form.set('agree_terms', 'true')
    form.set('auth_type', 'otp')
    const csrf = await b.fetchCsrf()
    form.set('authenticity_token', csrf)
    const res = await b.request('/public/signin/verify', { method: 'POST', body: form, csrf: false })
    expect(res.status).toBe(200)
  })

  it('masks e-mails for display', () => {
    expect(maskEmail('jane.doe@example.com')).toBe('j*****e@example.com')
    expect(maskEmail('al@example.com')).toBe('a*@example.com')
  })
})

describe('token clients (SDK, embedded widgets)', () => {
  it('get session_token instead of a cookie and authenticate with a bearer token, no CSRF', async () => {
    const t = await makeTestApp()
    const call = (path: string, init: RequestInit = {}) =>
      t.app.request(`http://partner.example${path}`, { ...init, headers: { 'x-program-key': 'demo', 'x-tessera-session': 'token', 'content-type': 'application/json', ...(init.headers as Record<string, string>) } })
    const sent = (await (await call('/public/signin/verify', { method: 'POST', body: JSON.stringify({ email: 'sdk@example.com', ...signupFields }) })).json()) as VerifyBody
    expect(sent.ok).toBe(true)
    const code = (await lastMail(t.db, 'sdk@example.com'))!.code
    const res = await call('/public/signin/verify', { method: 'POST', body: JSON.stringify({ email: 'sdk@example.com', otp: code, browser_token: sent.browser_token }) })
    expect(res.headers.getSetCookie()).toHaveLength(0)
    const done = (await res.json()) as VerifyBody
    expect(done.session_token).toMatch(/^[\w-]{40,}$/)
    const me = await call('/public/participant', { headers: { authorization: `Bearer ${done.session_token}` } })
    expect(me.status).toBe(200)
    const out = await call('/public/signin/sign_out_user', { method: 'POST', headers: { authorization: `Bearer ${done.session_token}` } })
    expect(out.status).toBe(200)
    expect((await call('/public/participant', { headers: { authorization: `Bearer ${done.session_token}` } })).status).toBe(401)
  })
})

describe('magic links', () => {
  it('signs in only from the confirm page POST, once, within 20 minutes', async () => {
    const t = await makeTestApp()
    const b = t.browser('localhost')
    const sent = await b.json<VerifyBody>('/public/signin/verify?program=links', { json: { email: 'link@example.com', ...signupFields } })
    expect(sent.body).toMatchObject({ ok: true, sign_type: 'MAGIC_LINK', browser_token: null })
    const mail = await lastMail(t.db, 'link@example.com')
    const url = new URL(mail!.link!)
    expect(url.pathname).toBe('/signin/magic')

    // A mail scanner's GET shows the page and consumes nothing, however often.
    for (let i = 0; i < 3; i++) {
      const page = await b.request(`${url.pathname}${url.search}`, { headers: { accept: 'text/html' } })
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('Sign in to Tessera Links')
    }
    expect((await b.request('/public/participant?program=links')).status).toBe(401)

    const token = url.searchParams.get('token')!
    const post = await b.request('/signin/magic?program=links', { form: { token, authenticity_token: await b.fetchCsrf() }, csrf: false })
    expect(post.status).toBe(303)
    // The program chosen by ?program= stays through the flow (not the host's default program).
    expect(post.headers.get('location')).toBe('/?program=links')
    expect((await b.request('/public/participant?program=links')).status).toBe(200)

    const reuse = await t.browser().request('/signin/magic?program=links', { form: { token }, csrf: false })
    expect(reuse.status).toBe(403) // no CSRF token: refused before anything else
    const c = t.browser()
    const reuse2 = await c.request('/signin/magic?program=links', { form: { token, authenticity_token: await c.fetchCsrf() }, csrf: false })
    expect(reuse2.status).toBe(410)
  })

  it('expires after 20 minutes', async () => {
    const t = await makeTestApp()
    const b = t.browser()
    await b.json('/public/signin/verify?program=links', { json: { email: 'slow@example.com', ...signupFields } })
    const token = new URL((await lastMail(t.db, 'slow@example.com'))!.link!).searchParams.get('token')!
    t.clock.advance(20 * 60 * 1000)
    const page = await b.request(`/signin/magic?program=links&token=${token}`, { headers: { accept: 'text/html' } })
    expect(page.status).toBe(410)
    const post = await b.request('/signin/magic?program=links', { form: { token, authenticity_token: await b.fetchCsrf() }, csrf: false })
    expect(post.status).toBe(410)
  })
})

describe('referral approval', () => {
  it('approves on e-mail verification and credits the referrer the referral challenge points once', async () => {
    const t = await makeTestApp()
    const referrer = await signUp(t, 'inviter@example.com')
    const me = await referrer.json<{ referral_code: string; unused_points: number }>('/public/participant')
    for (const friend of ['f1@example.com', 'f2@example.com']) {
      const b = t.browser()
      const sent = await requestCode(b, friend, { ...signupFields, referral_code: me.body.referral_code })
      const code = (await lastMail(t.db, friend))!.code
      await b.json('/public/signin/verify', { json: { email: friend, otp: code, browser_token: sent.browser_token } })
    }
    const rows = await t.db.select().from(referrals)
    expect(rows.map((r) => r.status)).toEqual(['approved', 'approved'])
    const after = await referrer.json<{ unused_points: number }>('/public/participant')
    expect(after.body.unused_points - me.body.unused_points).toBe(rows[0]!.points * 2)
    expect(rows[0]!.points).toBeGreaterThan(0)
    const { approveReferral } = await import('../referrals/referrals')
    const { programScope } = await import('../../db/scope')
    expect(await approveReferral(programScope(t.db, rows[0]!.programId), t.deps, rows[0]!.id)).toBe(false)
    const again = await referrer.json<{ unused_points: number }>('/public/participant')
    expect(again.body.unused_points).toBe(after.body.unused_points)
  })

  it('leaves referrals pending when the program reviews them', async () => {
    const t = await makeTestApp()
    const { programs } = await import('../../db/schema')
    await t.db.update(programs).set({ enrollment: { requires_referral_review: true, allow_signup: true, signup_postal_required: false } })
    const referrer = await signUp(t, 'rev@example.com')
    const me = await referrer.json<{ referral_code: string }>('/public/participant')
    const b = t.browser()
    const sent = await requestCode(b, 'friend-rev@example.com', { ...signupFields, referral_code: me.body.referral_code })
    const code = (await lastMail(t.db, 'friend-rev@example.com'))!.code
    await b.json('/public/signin/verify', { json: { email: 'friend-rev@example.com', otp: code, browser_token: sent.browser_token } })
    expect((await t.db.select().from(referrals)).map((r) => r.status)).toEqual(['pending'])
  })
})

describe('magic links of embedded sign-ins (issue 13)', () => {
  const tokenCall = (t: Awaited<ReturnType<typeof makeTestApp>>, path: string, body: unknown, origin = 'https://shop.partner.example') =>
    t.app.request(`http://localhost${path}`, {
      method: 'POST',
      headers: { 'x-program-key': 'links', 'x-tessera-session': 'token', 'content-type': 'application/json', origin },
      body: JSON.stringify(body),
    })

  async function listPartner(t: Awaited<ReturnType<typeof makeTestApp>>) {
    const [links] = await t.db.select().from(programs).where(eq(programs.publicKey, 'links'))
    await t.db.insert(domainLists).values({ programId: links!.id, domain: 'shop.partner.example', domainType: 'other' })
  }

  async function confirm(t: Awaited<ReturnType<typeof makeTestApp>>, email: string) {
    const url = new URL((await lastMail(t.db, email))!.link!)
    const b = t.browser('localhost')
    return b.request('/signin/magic?program=links', { form: { token: url.searchParams.get('token')!, authenticity_token: await b.fetchCsrf() }, csrf: false })
  }

  it('returns to the partner page with a one-time handoff that becomes a token session', async () => {
    const t = await makeTestApp()
    await listPartner(t)
    const sent = await tokenCall(t, '/public/signin/verify', { email: 'embed-link@example.com', ...signupFields, return_to: 'https://shop.partner.example/rewards?tab=1#x' })
    expect(sent.status).toBe(200)
    const post = await confirm(t, 'embed-link@example.com')
    // A page that moves on (the confirm form's CSP form-action 'self' would stop a cross-origin 303).
    expect(post.status).toBe(200)
    const refresh = post.headers.get('refresh')!
    expect(refresh).toMatch(/^0;url=/)
    expect(await post.text()).toContain('Continue to shop.partner.example')
    const location = new URL(refresh.slice('0;url='.length))
    expect(`${location.origin}${location.pathname}${location.search}`).toBe('https://shop.partner.example/rewards?tab=1')
    const hash = new URLSearchParams(location.hash.slice(1))
    expect(hash.get('tessera_program')).toBe('links')
    const handoff = hash.get('tessera_signin')!
    expect(handoff).toMatch(/^[\w-]{30,}$/)

    const done = await tokenCall(t, '/public/signin/handoff', { handoff })
    expect(done.status).toBe(200)
    const body = (await done.json()) as { session_token: string; participant: { email: string } }
    expect(body.participant.email).toBe('embed-link@example.com')
    const me = await t.app.request('http://localhost/public/participant', { headers: { 'x-program-key': 'links', 'x-tessera-session': 'token', authorization: `Bearer ${body.session_token}` } })
    expect(me.status).toBe(200)
    // Once only, and only within 2 minutes.
    expect((await tokenCall(t, '/public/signin/handoff', { handoff })).status).toBe(401)
  })

  it('expires an unused handoff after 2 minutes', async () => {
    const t = await makeTestApp()
    await listPartner(t)
    await tokenCall(t, '/public/signin/verify', { email: 'late-hand@example.com', ...signupFields, return_to: 'https://shop.partner.example/' })
    const refresh = (await confirm(t, 'late-hand@example.com')).headers.get('refresh')!
    const handoff = new URLSearchParams(new URL(refresh.slice('0;url='.length)).hash.slice(1)).get('tessera_signin')!
    t.clock.advance(2 * 60 * 1000)
    expect((await tokenCall(t, '/public/signin/handoff', { handoff })).status).toBe(401)
  })

  it('never returns to a host outside the program domain list', async () => {
    const t = await makeTestApp()
    await listPartner(t)
    await tokenCall(t, '/public/signin/verify', { email: 'evil-return@example.com', ...signupFields, return_to: 'https://evil.example/steal' })
    const post = await confirm(t, 'evil-return@example.com')
    expect(post.status).toBe(303)
    expect(post.headers.get('location')).toBe('/?program=links')
  })

  it('says link, not code, when a magic-link program asks to wait', async () => {
    const t = await makeTestApp()
    const b = t.browser()
    await b.json('/public/signin/verify?program=links', { json: { email: 'twice-link@example.com', ...signupFields } })
    const early = await b.json<VerifyBody>('/public/signin/verify?program=links', { json: { email: 'twice-link@example.com', ...signupFields } })
    expect(early.status).toBe(429)
    expect(early.body.message).toMatch(/before requesting a new link$/)
  })
})

describe('partner identity tokens (issue 13)', () => {
  const secret = 'partner-secret-for-tests-0123456789'
  const now = () => Math.floor(Date.now() / 1000)
  const call = (t: Awaited<ReturnType<typeof makeTestApp>>, token: string) =>
    t.app.request('http://localhost/public/signin/identity', {
      method: 'POST',
      headers: { 'x-program-key': 'demo', 'x-tessera-session': 'token', 'content-type': 'application/json' },
      body: JSON.stringify({ identity_token: token }),
    })

  it('gives a participant created by an identity token the sign-up bonus, once', async () => {
    const t = await makeTestApp()
    await t.db.update(programs).set({ partnerIdentitySecret: secret }).where(eq(programs.publicKey, 'demo'))
    const token = await signIdentityToken(secret, { email: 'bonus@example.com', first_name: 'Bo', iat: now(), exp: now() + 300, jti: 'jti-bonus-1' })
    const body = (await (await call(t, token)).json()) as { session_token: string }
    const me = await t.app.request('http://localhost/public/participant', { headers: { 'x-program-key': 'demo', 'x-tessera-session': 'token', authorization: `Bearer ${body.session_token}` } })
    expect(await me.json()).toMatchObject({ email: 'bonus@example.com', unused_points: 100, points: 100, completed_challenges: 1 })
    const again = await signIdentityToken(secret, { email: 'bonus@example.com', iat: now(), exp: now() + 300, jti: 'jti-bonus-2' })
    expect((await call(t, again)).status).toBe(200)
    expect(await t.db.select().from(pointsLedger)).toHaveLength(1)
  })

  it('names the problem in words', async () => {
    const t = await makeTestApp()
    await t.db.update(programs).set({ partnerIdentitySecret: secret }).where(eq(programs.publicKey, 'demo'))
    const wrong = await signIdentityToken('another-secret-another-secret-!!', { email: 'a@example.com', iat: now(), exp: now() + 60, jti: 'jti-words-1' })
    const body = (await (await call(t, wrong)).json()) as { message: string }
    expect(body.message).toBe('The identity token has a bad signature')
  })
})
