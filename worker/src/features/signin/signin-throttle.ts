import type { Deps } from '../../deps'
import { AppError } from '../../lib/errors'
import { type LockoutPolicy, limiterOf } from '../../platform/limiter'
import { inNetworks } from '../../lib/cidr'
import { ipHash } from '../../lib/client-ip'

/**
 * Sign-in limits (participants and console admins alike), counted in the database across codes,
 * resends, isolates and restarts:
 * - failed codes per account (e-mail and program, or admin e-mail): 5 free, then a growing backoff
 *   (30 s, then doubling to 8 minutes), and from 10 failures in a day a one-hour lockout. A resend never starts a
 *   new count, and while locked even the right code is refused. A success forgets the failures.
 * - codes mailed per target address: 5 an hour, whoever asks;
 * - per client address, only what is suspicious (a promotion's crowd behind one address signs in
 *   freely): codes mailed and never confirmed, 200 per 10 minutes, and wrong codes, 40 per 10 minutes.
 *   A start or a code check that ends in a sign-in gives its count back. Trusted networks
 *   (TRUSTED_SIGNIN_NETWORKS) skip these two, never the per-account lockout. The numbers and why:
 *   SECURITY.md, "Sign-in limits".
 */
export const SIGNIN_LOCKOUT: LockoutPolicy = { free: 5, backoffMs: 30_000, lockAfter: 10, lockoutMs: 3_600_000, windowMs: 86_400_000 }
export const MAILS_PER_ADDRESS = { limit: 5, windowMs: 3_600_000 }
/** Codes mailed and not confirmed, per client address. */
export const STARTS_PER_IP = { limit: 200, windowMs: 600_000 }
/** Wrong codes, per client address (every program and the console). */
export const WRONG_CODES_PER_IP = { limit: 40, windowMs: 600_000 }

export type Account = { kind: 'participant'; programId: number; email: string } | { kind: 'admin'; email: string }

const accountKey = (a: Account) => (a.kind === 'participant' ? `fail:p:${a.programId}:${a.email}` : `fail:a:${a.email}`)

const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000))
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000))
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

function tooMany(code: 'too_many_attempts' | 'rate_limited', message: string, waitMs: number, extra: Record<string, unknown> = {}) {
  return new AppError(code, 429, message, undefined, { ...extra, retry_after_seconds: seconds(waitMs) })
}

/** Refuses a sign-in step while the account is locked out. */
export async function assertNotLocked(deps: Deps, account: Account, extra?: Record<string, unknown>) {
  const until = await limiterOf(deps).lockedUntil(accountKey(account))
  const now = deps.clock.now()
  if (until > now) throw lockedError(until - now, extra)
}

const lockedError = (waitMs: number, extra?: Record<string, unknown>) =>
  tooMany('too_many_attempts', `Too many failed attempts. Please try again in ${plural(minutes(waitMs), 'minute')}.`, waitMs, extra)

/** Counts a wrong code; answers the lockout error when this failure earned a wait, else null. */
export async function recordSigninFailure(deps: Deps, account: Account, extra?: Record<string, unknown>): Promise<AppError | null> {
  const now = deps.clock.now()
  const { lockedUntil } = await limiterOf(deps).fail(accountKey(account), SIGNIN_LOCKOUT, now)
  return lockedUntil > now ? lockedError(lockedUntil - now, extra) : null
}

export const clearSigninFailures = (deps: Deps, account: Account) => limiterOf(deps).reset(accountKey(account))

/** A count taken on a client address, to give back when the step it counted ends in a sign-in. */
export type ClientCount = { key: string } | null

const clientKey = (action: 'signin-start' | 'signin-verify', addressHash: string) => `ip:${action}:${addressHash}`

/**
 * Counts one sign-in start or code check of the client address (keyed by its keyed hash, as the
 * sign-in codes keep it); refuses past the address's limit. An unknown address (no client information
 * at all) or one in a trusted network is not counted. Answers the count to give back (giveBackClient)
 * once the step proves honest.
 */
export async function limitClient(deps: Deps, action: 'signin-start' | 'signin-verify', ip: string | undefined, extra?: Record<string, unknown>): Promise<ClientCount> {
  if (!ip || ip === 'unknown' || inNetworks(ip, deps.config.trustedSigninNetworks)) return null
  const rule = action === 'signin-start' ? STARTS_PER_IP : WRONG_CODES_PER_IP
  const key = clientKey(action, await ipHash(deps.config.secret, ip))
  const { ok, retryAfterMs } = await limiterOf(deps).hit(key, rule.limit, rule.windowMs, deps.clock.now())
  if (!ok) throw tooMany('rate_limited', `Too many sign-in requests from your network. Please try again in ${plural(minutes(retryAfterMs), 'minute')}.`, retryAfterMs, extra)
  return { key }
}

/** The start's count of a sign-in code, from the address hash the code kept (null: not counted). */
export const startCountOf = (addressHash: string | null | undefined): ClientCount => (addressHash ? { key: clientKey('signin-start', addressHash) } : null)

/** Gives the counts of a step that ended in a sign-in back to their addresses. */
export async function giveBackClient(deps: Deps, ...counts: ClientCount[]) {
  for (const count of counts) if (count) await limiterOf(deps).giveBack(count.key)
}

/** Counts one code or link mailed to `email` (every program and the console alike). */
export async function limitMailTo(deps: Deps, email: string, extra?: Record<string, unknown>) {
  const { ok, retryAfterMs } = await limiterOf(deps).hit(`mail:to:${email.toLowerCase()}`, MAILS_PER_ADDRESS.limit, MAILS_PER_ADDRESS.windowMs, deps.clock.now())
  if (!ok) throw tooMany('rate_limited', `Too many sign-in e-mails were sent to this address. Please try again in ${plural(minutes(retryAfterMs), 'minute')}.`, retryAfterMs, extra)
}
