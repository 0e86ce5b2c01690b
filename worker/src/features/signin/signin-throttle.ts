import type { Deps } from '../../deps'
import { AppError } from '../../lib/errors'
import { type LockoutPolicy, limiterOf } from '../../platform/limiter'
import { inNetworks, type Network, parseNetwork } from '../../../../sdk/contract/cidr'
import type { ProgramRow } from '../../env'
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
 *   A start or a code check that ends in a sign-in gives its count back. Past 200, a participant
 *   start where the program has Turnstile must pass its challenge first (up to 400; past that, or
 *   without Turnstile, it is refused). Trusted networks (TRUSTED_SIGNIN_NETWORKS, and a program's own
 *   in its enrollment settings) skip these two, never the per-account lockout. The numbers and why:
 *   SECURITY.md, "Sign-in limits".
 */
export const SIGNIN_LOCKOUT: LockoutPolicy = { free: 5, backoffMs: 30_000, lockAfter: 10, lockoutMs: 3_600_000, windowMs: 86_400_000 }
export const MAILS_PER_ADDRESS = { limit: 5, windowMs: 3_600_000 }
/** Codes mailed and not confirmed, per client address. */
export const STARTS_PER_IP = { limit: 200, windowMs: 600_000 }
/**
 * Past STARTS_PER_IP, a start the program can challenge (Turnstile) goes on once it passes the
 * challenge, up to this many in the window; past it, every start is refused.
 */
export const STARTS_CEILING_PER_IP = 2 * STARTS_PER_IP.limit
/** Wrong codes, per client address (every program and the console). */
export const WRONG_CODES_PER_IP = { limit: 40, windowMs: 600_000 }
/** The field a challenged start answers with a Turnstile token, as a sign-up does. */
export const CHALLENGE_FIELD = 'cf-turnstile-response'

export type Account = { kind: 'participant'; programId: number; email: string } | { kind: 'admin'; email: string }

const accountKey = (a: Account) => (a.kind === 'participant' ? `fail:p:${a.programId}:${a.email}` : `fail:a:${a.email}`)

/** Whole minutes and seconds of a wait (at least one), and a count with its noun: the limits' messages (also privacy codes). */
export const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000))
export const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000))
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** A 429 refusal with its Retry-After (`retry_after_seconds`). */
export function tooMany(code: 'too_many_attempts' | 'rate_limited' | 'resend_too_soon', message: string, waitMs: number, extra: Record<string, unknown> = {}) {
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

/** A request's Turnstile check: passed, or why not (no token sent, or siteverify said no). */
export type ChallengeVerdict = 'passed' | 'missing' | 'failed'

export type ClientGuard = {
  /** Top-level fields of a refusal (the participant site reads sign_type and the like). */
  extra?: Record<string, unknown> | undefined
  /** The program's trusted networks, on top of the deployment's (programTrustedNetworks). */
  trusted?: readonly Network[] | undefined
  /**
   * The program's Turnstile check of this request (asked once: a token is single use); absent where
   * the program has none. A start past STARTS_PER_IP must pass it instead of being refused.
   */
  challenge?: (() => Promise<ChallengeVerdict>) | undefined
}

/** A start past the address's threshold, without a passed challenge: the site shows Turnstile and sends it again. */
function challengeRequired(verdict: Exclude<ChallengeVerdict, 'passed'>, extra?: Record<string, unknown>) {
  const failed = verdict === 'failed'
  return new AppError(
    'challenge_required',
    429,
    failed ? 'The security check failed. Please try it again.' : 'Many sign-ins come from your network right now. Please complete the security check to continue.',
    { [CHALLENGE_FIELD]: failed ? 'The security check failed. Please try again.' : 'Please complete the security check' },
    extra,
  )
}

/**
 * Counts one sign-in start or code check of the client address (keyed by its keyed hash, as the
 * sign-in codes keep it); refuses past the address's limit. A start past it that the program can
 * challenge must pass the challenge instead, up to STARTS_CEILING_PER_IP. An unknown address (no
 * client information at all) or one in a trusted network (the deployment's or the program's) is not
 * counted. Answers the count to give back (giveBackClient) once the step proves honest.
 */
export async function limitClient(deps: Deps, action: 'signin-start' | 'signin-verify', ip: string | undefined, guard: ClientGuard = {}): Promise<ClientCount> {
  if (!ip || ip === 'unknown' || inNetworks(ip, deps.config.trustedSigninNetworks) || inNetworks(ip, guard.trusted ?? [])) return null
  const rule = action === 'signin-start' ? STARTS_PER_IP : WRONG_CODES_PER_IP
  const key = clientKey(action, await ipHash(deps.config.secret, ip))
  const limiter = limiterOf(deps)
  const { ok, count, retryAfterMs } = await limiter.hit(key, rule.limit, rule.windowMs, deps.clock.now())
  if (ok) return { key }
  if (action === 'signin-start' && guard.challenge && count <= STARTS_CEILING_PER_IP) {
    const verdict = await guard.challenge()
    if (verdict === 'passed') return { key }
    // Nothing is mailed for it: a start without a passed challenge costs the address nothing, so
    // unanswered (or forged) challenges never bring an address's crowd to the ceiling.
    await limiter.giveBack(key)
    throw challengeRequired(verdict, guard.extra)
  }
  throw tooMany('rate_limited', `Too many sign-in requests from your network. Please try again in ${plural(minutes(retryAfterMs), 'minute')}.`, retryAfterMs, guard.extra)
}

const parsedNetworks = new WeakMap<readonly string[], Network[]>()

/**
 * A program's trusted networks (console, enrollment settings), parsed once per program row read. The
 * contract validated them when they were saved; an entry that no longer parses is skipped.
 */
export function programTrustedNetworks(program: Pick<ProgramRow, 'trustedSigninNetworks'>): Network[] {
  const list = program.trustedSigninNetworks
  if (!list?.length) return []
  let networks = parsedNetworks.get(list)
  if (!networks) {
    networks = list.flatMap((entry) => {
      try {
        return [parseNetwork(entry)]
      } catch {
        return []
      }
    })
    parsedNetworks.set(list, networks)
  }
  return networks
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
