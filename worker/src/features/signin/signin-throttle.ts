import type { Deps } from '../../deps'
import { AppError } from '../../lib/errors'
import { type LockoutPolicy, limiterOf } from '../../platform/limiter'

/**
 * Sign-in limits (participants and console admins alike), counted in the database across codes,
 * resends, isolates and restarts:
 * - failed codes per account (e-mail and program, or admin e-mail): 5 free, then a growing backoff
 *   (30 s, then doubling to 8 minutes), and from 10 failures in a day a one-hour lockout. A resend never starts a
 *   new count, and while locked even the right code is refused. A success forgets the failures.
 * - codes mailed per target address: 5 an hour, whoever asks;
 * - sign-in starts and code checks per client address: 30 and 60 per 10 minutes.
 */
export const SIGNIN_LOCKOUT: LockoutPolicy = { free: 5, backoffMs: 30_000, lockAfter: 10, lockoutMs: 3_600_000, windowMs: 86_400_000 }
export const MAILS_PER_ADDRESS = { limit: 5, windowMs: 3_600_000 }
export const STARTS_PER_IP = { limit: 30, windowMs: 600_000 }
export const VERIFIES_PER_IP = { limit: 60, windowMs: 600_000 }

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

/** Per client address; an unknown address (no client information at all) is not counted. */
export async function limitClient(deps: Deps, action: 'signin-start' | 'signin-verify', ip: string | undefined, extra?: Record<string, unknown>) {
  if (!ip || ip === 'unknown') return
  const rule = action === 'signin-start' ? STARTS_PER_IP : VERIFIES_PER_IP
  const { ok, retryAfterMs } = await limiterOf(deps).hit(`ip:${action}:${ip}`, rule.limit, rule.windowMs, deps.clock.now())
  if (!ok) throw tooMany('rate_limited', `Too many sign-in requests from your network. Please try again in ${plural(minutes(retryAfterMs), 'minute')}.`, retryAfterMs, extra)
}

/** Counts one code or link mailed to `email` (every program and the console alike). */
export async function limitMailTo(deps: Deps, email: string, extra?: Record<string, unknown>) {
  const { ok, retryAfterMs } = await limiterOf(deps).hit(`mail:to:${email.toLowerCase()}`, MAILS_PER_ADDRESS.limit, MAILS_PER_ADDRESS.windowMs, deps.clock.now())
  if (!ok) throw tooMany('rate_limited', `Too many sign-in e-mails were sent to this address. Please try again in ${plural(minutes(retryAfterMs), 'minute')}.`, retryAfterMs, extra)
}
