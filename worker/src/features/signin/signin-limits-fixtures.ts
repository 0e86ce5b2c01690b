import { eq } from 'drizzle-orm'
import { throttles } from '../../db/schema'
import { ipHash } from '../../lib/client-ip'
import { type makeTestApp, type TestBrowser } from '../../../test/helpers'
import { startCountOf } from './signin-throttle'

/** The sign-in calls of the per-address limit tests (signin-limits*.test.ts), from a venue's one address by default. */
export type Json = Record<string, any>
export const signup = { first_name: 'Fan', last_name: 'Crowd', agree_terms: true }
export const venue = { 'cf-connecting-ip': '203.0.113.7' }

export const start = (b: TestBrowser, email: string, headers: Record<string, string> = venue, extra: Json = {}) =>
  b.json<Json>('/public/signin/verify', { json: { email, ...signup, ...extra }, headers })
export const check = (b: TestBrowser, email: string, otp: string, token: string, headers: Record<string, string> = venue) =>
  b.json<Json>('/public/signin/verify', { json: { email, otp, browser_token: token }, headers })

type TestApp = Awaited<ReturnType<typeof makeTestApp>>

/** The unconfirmed starts the address holds in the current window (the key the limit counts on). */
async function startKey(t: TestApp, ip: string) {
  return startCountOf(await ipHash(t.deps.config.secret, ip))!.key
}

/**
 * Puts `count` unconfirmed starts on the address's counter at once, as that many mailed and never
 * confirmed codes would (signin-limits-bursts.test.ts makes them one by one): the tests of what
 * happens past the threshold start there.
 */
export async function fillStarts(t: TestApp, ip: string, count: number) {
  const key = await startKey(t, ip)
  const row = { key, count, windowStartedAt: t.clock.now(), lockedUntil: 0 }
  await t.db.insert(throttles).values(row).onConflictDoUpdate({ target: throttles.key, set: { count, windowStartedAt: row.windowStartedAt } })
}

/** The address's unconfirmed starts in the current window. */
export async function startsOf(t: TestApp, ip: string): Promise<number> {
  const [row] = await t.db.select({ count: throttles.count }).from(throttles).where(eq(throttles.key, await startKey(t, ip)))
  return row?.count ?? 0
}
