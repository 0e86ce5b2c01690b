import { describe, expect, it } from 'vitest'
import { programs } from '../../db/schema'
import { captchaOff, createTurnstileVerifier } from '../../platform/captcha'
import { lastMail, makeTestApp } from '../../../test/helpers'
import { siteverifyDouble, TURNSTILE_TEST } from '../../../test/turnstile-siteverify'
import { check, fillStarts, start, startsOf, venue } from './signin-limits-fixtures'
import { STARTS_CEILING_PER_IP, STARTS_PER_IP } from './signin-throttle'

/**
 * Past the per-address threshold of unconfirmed starts, a program with Turnstile asks for the
 * challenge before it refuses (issue 25): a passed one goes on, up to a hard ceiling. With Cloudflare's
 * documented test keys, through the real createTurnstileVerifier and a local siteverify that answers
 * as siteverify does for the test secrets (test/turnstile-siteverify.ts).
 */
const ip = venue['cf-connecting-ip']
const token = { 'cf-turnstile-response': TURNSTILE_TEST.dummyToken }

/** The demo program with Turnstile's always-passing test site key, and siteverify with `secret`. */
async function withTurnstile(secret: string, siteKey: string | null = TURNSTILE_TEST.siteKeyPasses) {
  const siteverify = siteverifyDouble()
  const t = await makeTestApp({ captcha: createTurnstileVerifier({ secret, fetch: siteverify.fetch }) })
  await t.db.update(programs).set({ turnstileSiteKey: siteKey })
  return { t, siteverify }
}

describe('sign-in starts past the per-address threshold: the Turnstile challenge', () => {
  it('asks for the challenge past the threshold; a passed one continues the sign-up: code mailed, verified, signed in', async () => {
    const { t, siteverify } = await withTurnstile(TURNSTILE_TEST.secretPasses)
    await fillStarts(t, ip, STARTS_PER_IP.limit - 1)
    // The last start within the threshold needs no challenge (a sign-up carries its token anyway).
    expect((await start(t.browser(), 'last-in@example.com', venue, token)).status).toBe(200)

    const b = t.browser()
    const asked = await start(b, 'fan@example.com')
    expect(asked.status).toBe(429)
    expect(asked.body.error).toMatchObject({ code: 'challenge_required', fields: { 'cf-turnstile-response': 'Please complete the security check' } })
    expect(asked.res.headers.get('retry-after')).toBeNull()
    expect(await lastMail(t.db, 'fan@example.com')).toBeNull()
    // An unanswered challenge mailed nothing and costs the address nothing.
    expect(await startsOf(t, ip)).toBe(STARTS_PER_IP.limit)

    const verifiedBefore = siteverify.calls.length
    const sent = await start(b, 'fan@example.com', venue, token)
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    // One siteverify for the escalation and the sign-up's bot check alike: a token is single use.
    expect(siteverify.calls.slice(verifiedBefore)).toEqual([{ secret: TURNSTILE_TEST.secretPasses, response: TURNSTILE_TEST.dummyToken, remoteip: ip }])
    const code = (await lastMail(t.db, 'fan@example.com'))!.code!
    const signedIn = await check(b, 'fan@example.com', code, sent.body.browser_token)
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200)
    expect(signedIn.body).toMatchObject({ ok: true, otp_logged: true })
    expect((await b.json<{ email: string }>('/public/participant')).body).toMatchObject({ email: 'fan@example.com' })
    // The confirmed start gave its count back.
    expect(await startsOf(t, ip)).toBe(STARTS_PER_IP.limit)

    // A known participant's sign-in (e-mail only) is challenged the same way, and goes on with a token.
    const again = t.browser()
    expect((await again.json('/public/signin/verify', { json: { email: 'fan@example.com' }, headers: venue })).body).toMatchObject({ error: { code: 'challenge_required' } })
    const resent = await again.json<{ sign_type: string }>('/public/signin/verify', { json: { email: 'fan@example.com', ...token }, headers: venue })
    expect(resent.status, JSON.stringify(resent.body)).toBe(200)
    expect(resent.body.sign_type).toBe('OTP')
  }, 120_000)

  it('refuses a failed challenge (always-failing test secret, or a token the test secret does not accept), mailing nothing', async () => {
    const failing = await withTurnstile(TURNSTILE_TEST.secretFails)
    await fillStarts(failing.t, ip, STARTS_PER_IP.limit)
    const refused = await start(failing.t.browser(), 'bot@example.com', venue, token)
    expect(refused.status).toBe(429)
    expect(refused.body.error).toMatchObject({ code: 'challenge_required', fields: { 'cf-turnstile-response': 'The security check failed. Please try again.' } })
    expect(failing.siteverify.calls).toHaveLength(1)
    expect(await lastMail(failing.t.db, 'bot@example.com')).toBeNull()
    expect(await startsOf(failing.t, ip)).toBe(STARTS_PER_IP.limit)

    const forged = await withTurnstile(TURNSTILE_TEST.secretPasses)
    await fillStarts(forged.t, ip, STARTS_PER_IP.limit)
    const made_up = await start(forged.t.browser(), 'bot@example.com', venue, { 'cf-turnstile-response': 'made-up-token' })
    expect(made_up.body.error).toMatchObject({ code: 'challenge_required' })
    expect(await lastMail(forged.t.db, 'bot@example.com')).toBeNull()
  }, 120_000)

  it(`refuses past the hard ceiling (${STARTS_CEILING_PER_IP} unconfirmed starts) even with a passed challenge`, async () => {
    const { t } = await withTurnstile(TURNSTILE_TEST.secretPasses)
    await fillStarts(t, ip, STARTS_CEILING_PER_IP - 1)
    expect((await start(t.browser(), 'just-in@example.com', venue, token)).status).toBe(200)
    const refused = await start(t.browser(), 'one-too-many@example.com', venue, token)
    expect(refused.status).toBe(429)
    expect(refused.body.error.code).toBe('rate_limited')
    expect(refused.body.message).toMatch(/^Too many sign-in requests from your network/)
    expect(Number(refused.res.headers.get('retry-after'))).toBeGreaterThan(0)
  }, 120_000)

  it('keeps the refusal where Turnstile is not configured: no site key, or no siteverify secret (the check off)', async () => {
    const noSiteKey = await withTurnstile(TURNSTILE_TEST.secretPasses, null)
    await fillStarts(noSiteKey.t, ip, STARTS_PER_IP.limit)
    const refused = await start(noSiteKey.t.browser(), 'fan@example.com', venue, token)
    expect(refused.status).toBe(429)
    expect(refused.body.error.code).toBe('rate_limited')
    expect(refused.body.message).toMatch(/^Too many sign-in requests from your network/)
    expect(noSiteKey.siteverify.calls).toEqual([])

    const checkOff = await makeTestApp({ captcha: captchaOff })
    await checkOff.db.update(programs).set({ turnstileSiteKey: TURNSTILE_TEST.siteKeyPasses })
    await fillStarts(checkOff, ip, STARTS_PER_IP.limit)
    expect((await start(checkOff.browser(), 'fan@example.com', venue, token)).body.error.code).toBe('rate_limited')
  }, 120_000)
})
