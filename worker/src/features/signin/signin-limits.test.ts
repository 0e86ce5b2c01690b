import { describe, expect, it } from 'vitest'
import { lastMail, makeTestApp } from '../../../test/helpers'
import { onD1 } from '../../../test/test-database'
import { check, start, startsOf, venue } from './signin-limits-fixtures'
import { WRONG_CODES_PER_IP } from './signin-throttle'

/**
 * Per-address sign-in limits count what is suspicious only (issue 25): codes mailed and never
 * confirmed, and wrong codes. A crowd behind one address (a stadium's screen, a store's Wi-Fi, a
 * carrier's NAT) signs in; a mail bomb or a code spray from one address is cut off.
 */
/** The crowd behind one address: 60 people on libSQL, 20 on D1 (three round trips to workerd each). */
const CROWD = onD1 ? 20 : 60

describe('sign-in limits per client address: crowds and sprays', () => {
  it('lets a crowd (60 people, 20 on D1) behind one address each sign up and in, as the site does it (a start that ends in a sign-in gives its count back)', async () => {
    const t = await makeTestApp()
    for (let i = 0; i < CROWD; i++) {
      const b = t.browser()
      const email = `fan${i}@example.com`
      // The site's first step sends the e-mail alone: a new one answers "sign up" and mails nothing.
      const asked = await b.json<Record<string, unknown>>('/public/signin/verify', { json: { email }, headers: venue })
      expect(asked.body.sign_type).toBe('SIGN_UP')
      const sent = await start(b, email)
      expect(sent.status, JSON.stringify(sent.body)).toBe(200)
      const signedIn = await check(b, email, (await lastMail(t.db, email))!.code!, sent.body.browser_token)
      expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200)
      expect(signedIn.body.ok).toBe(true)
    }
    // Nothing suspicious is left on the address: the next crowd starts from zero.
    expect(await startsOf(t, venue['cf-connecting-ip'])).toBe(0)
  }, 300_000)

  it(`stops a wrong-code spray across 50 accounts from one address after ${WRONG_CODES_PER_IP.limit} wrong codes, though no account is locked`, async () => {
    const t = await makeTestApp()
    // Fifty people started signing up, each from their own address.
    const pending: { email: string; token: string; code: string }[] = []
    for (let i = 0; i < 50; i++) {
      const email = `target${i}@example.com`
      const sent = await start(t.browser(), email, { 'cf-connecting-ip': `198.51.100.${i + 1}` })
      pending.push({ email, token: sent.body.browser_token, code: (await lastMail(t.db, email))!.code! })
    }
    // One address guesses two codes for each (never enough to lock an account: 5 are free).
    const attacker = { 'cf-connecting-ip': '192.0.2.66' }
    const statuses: number[] = []
    for (const p of pending) {
      for (const guess of ['000000', '999999']) {
        if (guess === p.code) continue
        statuses.push((await check(t.browser(), p.email, guess, p.token, attacker)).status)
      }
    }
    expect(statuses.indexOf(429)).toBe(WRONG_CODES_PER_IP.limit)
    expect(statuses.slice(WRONG_CODES_PER_IP.limit).every((s) => s === 429)).toBe(true)
    // The right code from the person's own address still works.
    const own = pending[49]!
    expect((await check(t.browser(), own.email, own.code, own.token, { 'cf-connecting-ip': '198.51.100.50' })).body.ok).toBe(true)
  }, 300_000)

})
