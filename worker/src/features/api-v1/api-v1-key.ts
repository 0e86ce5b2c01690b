import { type SQL, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { API_V1_RATE_LIMIT } from '../../../../sdk/contract/api-v1'
import type { Deps } from '../../deps'
import { mapPerOwner } from '../../lib/cache'
import { AppError } from '../../lib/errors'
import { type RateDecision, TokenBuckets } from '../../lib/token-bucket'
import type { ClaimGuard } from '../../middleware/idempotency'
import { apiKeyRateNow, bearerApiKey, hashApiKey, type VerifiedApiKey, verifyApiKey } from '../integrations/api-keys'
import type { AppEnv } from '../../env'

/**
 * The app's context plus what the `/api/v1` middleware sets: the verified key and its Idempotency-Key
 * (here with the key's check, which reads it; api-v1-env.ts names it for the rest of the feature).
 */
export type ApiV1Env = {
  Variables: AppEnv['Variables'] & {
    /** The request's key as last confirmed (the request log's program and key); unset on a refusal. */
    apiKey: VerifiedApiKey | undefined
    /** The request's key and its check (this file): kept or verified, confirmed by a statement or not yet. */
    requestKey: RequestKey | undefined
    idempotencyKey: string | undefined
    /** The key's rate limit as this request left it (the RateLimit-* headers). */
    rateLimit: RateDecision | undefined
  }
}

/**
 * The server API's key check (decision 0037). A key verified by a statement is kept in the isolate
 * (the process under Node), so the next calls of that key make no statement for it; and every call
 * that went on a kept verification reads the key's state in a statement it makes anyway (the
 * participant read, the Idempotency-Key's claim: `RequestKey.rateNow`), or in one of its own before
 * doing anything else. So a revoke, a rate edit or an expiry made in any isolate holds from the key's
 * next request, as when every call read the key's row.
 */

/** How long a verification is kept: a backstop only, revocation never waits for it (see above). */
export const API_KEY_CACHE_MS = 60_000
/** Keys kept per app; the least recently verified are forgotten first. */
const API_KEY_CACHE_MAX = 1_000

type Kept = { key: VerifiedApiKey; verifiedAt: number }
/** Per app (deps): one per isolate on Workers, one per process under Node, one per test app. */
const keptOf = mapPerOwner<string, Kept>()

/** The keys' rate buckets, in this process (Node) or isolate (Workers): no statement per request (decision 0033). */
const rateBuckets = new TokenBuckets()

/** The one refusal of a key that is not (or no longer) good: unknown, revoked, expired or deleted alike. */
export const invalidApiKey = () => new AppError('unauthenticated', 401, 'Invalid, revoked or expired API key')

function keep(deps: Deps, key: VerifiedApiKey, now: number) {
  const kept = keptOf(deps)
  kept.delete(key.bucket)
  if (kept.size >= API_KEY_CACHE_MAX) kept.delete(kept.keys().next().value!)
  kept.set(key.bucket, { key, verifiedAt: now })
}

/**
 * The request's API key, and whether a statement of this request has confirmed it yet. Made by
 * `apiKeyAuth` (api-v1-middleware.ts) from the header: from the isolate's cache (not confirmed) or
 * verified by a statement (confirmed).
 */
export class RequestKey {
  #confirmed: boolean
  #key: VerifiedApiKey

  private constructor(
    private readonly c: Context<ApiV1Env>,
    key: VerifiedApiKey,
    confirmed: boolean,
    /** The request's time: a key expired by then is refused. */
    readonly now: number,
    private readonly token: string,
  ) {
    this.#key = key
    this.#confirmed = confirmed
  }

  /**
   * The key of `Authorization: Bearer tsk_...`, kept or verified (one statement), its rate bucket
   * taken. Throws 401 for a key that is not good, 429 past its rate (with the RateLimit answer set).
   */
  static async of(c: Context<ApiV1Env>, header: string, now: number): Promise<RequestKey> {
    const deps = c.get('deps')
    const token = bearerApiKey(header)
    if (!token) throw invalidApiKey()
    const kept = keptOf(deps)
    const digest = hashApiKey(token)
    const hit = kept.get(digest)
    let request: RequestKey
    if (hit && hit.key.expiresAt > now && now - hit.verifiedAt < API_KEY_CACHE_MS && now >= hit.verifiedAt) {
      request = new RequestKey(c, hit.key, false, now, token)
    } else {
      if (hit) kept.delete(digest)
      const key = await verifyApiKey(deps.db, token, now)
      if (!key) throw invalidApiKey()
      keep(deps, key, now)
      request = new RequestKey(c, key, true, now, token)
    }
    c.set('apiKey', request.#key)
    c.set('rateLimit', rateBuckets.take(request.#key.bucket, request.#key.rateLimit, API_V1_RATE_LIMIT.burstSeconds, now))
    // Refused at a kept rate: the key is read first (a statement on refusals only), since its rate may
    // have been raised since it was kept; `ensure` takes again at the rate read.
    if (!c.get('rateLimit')!.ok) await request.ensure()
    const limit = c.get('rateLimit')!
    if (!limit.ok) throw rateLimited(request.#key, limit)
    return request
  }

  get key(): VerifiedApiKey {
    return this.#key
  }

  /** A statement of this request has read the key's state (or verified it). */
  get confirmed(): boolean {
    return this.#confirmed
  }

  /** For a statement the request makes anyway: the key's rate while it is still good, else NULL (apiKeyRateNow). */
  get rateNow(): SQL<number | null> {
    return apiKeyRateNow(this.#key.keyId, this.now)
  }

  /**
   * What a statement carrying `rateNow` answered (`undefined` when it answered no row for it: a key
   * deleted): refuses a key no longer good (401, nothing answered but the refusal), applies a rate
   * edited since the key was kept (429 when this request is past the new rate).
   */
  settle(rate: number | null | undefined): void {
    if (rate === null || rate === undefined) this.#refuse()
    this.#confirmed = true
    if (rate !== this.#key.rateLimit) this.#rate(rate!)
  }

  /** Before work that carries no key check of its own: verifies the key by a statement, unless this request did already. */
  async ensure(): Promise<void> {
    if (this.#confirmed) return
    const deps = this.c.get('deps')
    const fresh = await verifyApiKey(deps.db, this.token, this.now)
    if (!fresh) this.#refuse()
    keep(deps, fresh!, this.now)
    this.#confirmed = true
    if (fresh!.rateLimit !== this.#key.rateLimit) this.#rate(fresh!.rateLimit)
  }

  /**
   * The Idempotency-Key claim's guard (middleware/idempotency.ts): the claim inserts only while the
   * key is good at the rate kept, so a revoked key claims (and writes) nothing. None once confirmed.
   */
  claimGuard(): ClaimGuard | undefined {
    if (this.#confirmed) return undefined
    const rate = this.#key.rateLimit
    return { when: sql`${this.rateNow} = ${rate}`, passed: () => this.settle(rate), recheck: () => this.ensure() }
  }

  #refuse(): never {
    // Settled: the refusal is this request's answer, nothing checks the key again.
    this.#confirmed = true
    keptOf(this.c.get('deps')).delete(this.#key.bucket)
    // Answered as an unknown key is: no RateLimit headers, no request log row.
    this.c.set('apiKey', undefined)
    this.c.set('rateLimit', undefined)
    throw invalidApiKey()
  }

  /** A rate learnt after this request's take: kept for the next requests, and this one's take made again at it. */
  #rate(rate: number) {
    this.#key = { ...this.#key, rateLimit: rate }
    const kept = keptOf(this.c.get('deps')).get(this.#key.bucket)
    if (kept) kept.key = this.#key
    this.c.set('apiKey', this.#key)
    const previous = this.c.get('rateLimit')
    const limit = previous
      ? rateBuckets.retake(this.#key.bucket, rate, API_V1_RATE_LIMIT.burstSeconds, this.now, previous)
      : rateBuckets.take(this.#key.bucket, rate, API_V1_RATE_LIMIT.burstSeconds, this.now)
    this.c.set('rateLimit', limit)
    if (!limit.ok) throw rateLimited(this.#key, limit)
  }
}

function rateLimited(key: VerifiedApiKey, limit: RateDecision) {
  const seconds = limit.retryAfterSeconds
  return new AppError('rate_limited', 429, `Too many requests for this API key (${key.rateLimit} a second): retry in ${seconds} s`, undefined, { retry_after_seconds: seconds })
}
