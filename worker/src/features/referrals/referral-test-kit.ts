import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { participants, referrals } from '../../db/schema'
import { lastMail, type makeTestApp, type TestBrowser } from '../../../test/helpers'

/** Test helpers of the referral tests (Node tests only): sign-ups through the real one-time-code flow. */

export type TestApp = Awaited<ReturnType<typeof makeTestApp>>
type VerifyBody = { ok: boolean; browser_token: string | null; otp_logged: boolean }

export const REFERRAL_POINTS = 200 // the demo program's "Invite friends" challenge
let nextIp = 10
/** A client address of its own for each sign-up unless a test says otherwise (TEST-NET-3). */
export const freshIp = () => `203.0.113.${nextIp++}`

/** Signs up through POST /public/signin/verify with a one-time code, from `ip` (cf-connecting-ip). */
export async function signUp(t: TestApp, email: string, opts: { ip?: string; browserToken?: string; referralCode?: string } = {}) {
  const b = t.browser()
  const headers = { 'cf-connecting-ip': opts.ip ?? freshIp() }
  const fields = { first_name: 'Ana', last_name: 'Silva', agree_terms: true, referral_code: opts.referralCode, browser_token: opts.browserToken }
  const sent = await b.json<VerifyBody>('/public/signin/verify', { json: { email, ...fields }, headers })
  expect(sent.status, JSON.stringify(sent.body)).toBe(200)
  const code = (await lastMail(t.db, email.toLowerCase()))!.code
  const done = await b.json<VerifyBody>('/public/signin/verify', { json: { email, otp: code, browser_token: sent.body.browser_token }, headers })
  expect(done.body.otp_logged, JSON.stringify(done.body)).toBe(true)
  return { browser: b, browserToken: sent.body.browser_token! }
}

export async function points(b: TestBrowser) {
  return (await b.json<{ unused_points: number }>('/public/participant')).body.unused_points
}

/** The referrer, signed up from `ip`, with their referral code and points so far. */
export async function referrer(t: TestApp, email: string, ip = freshIp()) {
  const { browser, browserToken } = await signUp(t, email, { ip })
  const me = await browser.json<{ referral_code: string; unused_points: number }>('/public/participant')
  return { browser, browserToken, ip, code: me.body.referral_code, points: me.body.unused_points }
}

export async function referralOf(t: TestApp, email: string) {
  const [row] = await t.db
    .select({ referral: referrals })
    .from(referrals) // tenant-guard: allow (test helper: the one demo program)
    .innerJoin(participants, eq(participants.id, referrals.referredParticipantId))
    .where(eq(participants.email, email))
  return row?.referral
}
