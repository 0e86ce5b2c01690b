import { and, eq } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import type { Referrer, ReferrerLookup } from '../../../../sdk/contract/referrals'
import { participants } from '../../db/schema'
import type { AppEnv } from '../../env'
import { clientIp } from '../../lib/client-ip'
import { AppError } from '../../lib/errors'
import { limiterOf } from '../../platform/limiter'

/** Lookups per client address: enough for people opening links, too few to walk the code space. */
export const REFERRER_LOOKUPS_PER_IP = { limit: 60, windowMs: 600_000 }

const CODE = /^[A-Za-z0-9]{1,64}$/

/**
 * The first word of a first name ('Ada' of 'Ada Grace'), trimmed and at most 40 characters; null
 * when there is none.
 */
export function firstNameOnly(name: string | null): string | null {
  const first = name?.trim().split(/\s+/)[0]?.slice(0, 40)
  return first ? first : null
}

/**
 * GET /public/referrals/{code} (mounted at /public/referrals): the referral landing's 'Ada invited
 * you'. Signed out like the landing itself. It answers the referrer's first name and nothing else
 * (no id, last name, e-mail or points), `referrer: null` for an unknown code or a participant who is
 * not active (the same answer, so a code's owner being blocked is not told apart), and is limited per
 * client address.
 */
export const referralPublicRoutes = new Hono<AppEnv>().get('/:code', async (c) => {
  const body: ReferrerLookup = { referrer: await lookupReferrer(c, c.req.param('code')) }
  c.header('cache-control', 'private, no-store')
  return c.json(body)
})

/**
 * The referrer of a code in the program of the request (null: an unknown code or a participant who
 * is not active), counted per client address; over the limit it throws the 429. Used by the lookup
 * above and by the landing's share preview (site/pages.ts), which share the one counter.
 */
export async function lookupReferrer(c: Context<AppEnv>, code: string): Promise<Referrer | null> {
  const deps = c.get('deps')
  const ip = clientIp(c)
  if (ip !== 'unknown') {
    const rule = REFERRER_LOOKUPS_PER_IP
    const { ok, retryAfterMs } = await limiterOf(deps).hit(`ip:referrer-lookup:${ip}`, rule.limit, rule.windowMs, deps.clock.now())
    if (!ok) throw new AppError('rate_limited', 429, 'Too many requests. Please try again later.', undefined, { retry_after_seconds: Math.ceil(retryAfterMs / 1000) })
  }
  const row = CODE.test(code)
    ? await c.get('scope').first(participants, and(eq(participants.referralCode, code.toUpperCase()), eq(participants.status, 'active')))
    : undefined
  return row ? { first_name: firstNameOnly(row.firstName) } : null
}
