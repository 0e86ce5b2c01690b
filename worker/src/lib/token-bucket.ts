/**
 * Request rate limits held in memory: one token bucket per key, refilled at `perSecond` tokens a second
 * up to `burstSeconds` seconds' worth, one token a request. No database statement per request (the
 * server API's limit was a D1 write on every call); the buckets live in the process under Node and in
 * the isolate on Workers, where Cloudflare spreads a client's calls over a few isolates, so a key can
 * at most get a small multiple of its limit there (decision 0033). Sign-in limits, which must hold
 * across isolates and restarts, stay in the database (platform/limiter.ts).
 */
export type RateDecision = {
  ok: boolean
  /** Requests a second (RateLimit-Limit). */
  limit: number
  /** Requests left now (RateLimit-Remaining). */
  remaining: number
  /** Seconds until the bucket is full again (RateLimit-Reset). */
  resetSeconds: number
  /** When refused: seconds until the next request is allowed (Retry-After). */
  retryAfterSeconds: number
  /** The bucket before this take (none: this take made it) and right after it (TokenBuckets.retake). */
  readonly taken?: { before: Bucket | undefined; after: Bucket }
}

/** A key's tokens at `at` (ms). */
export type Bucket = { tokens: number; at: number }

/** Keys kept at most; the least recently used are forgotten first (a forgotten key starts full). */
const MAX_BUCKETS = 10_000

export class TokenBuckets {
  readonly #buckets = new Map<string, Bucket>()

  take(key: string, perSecond: number, burstSeconds: number, now: number): RateDecision {
    const capacity = Math.max(1, perSecond * burstSeconds)
    let bucket = this.#buckets.get(key)
    const before = bucket ? { ...bucket } : undefined
    if (bucket) {
      this.#buckets.delete(key)
      bucket.tokens = Math.min(capacity, bucket.tokens + (Math.max(0, now - bucket.at) / 1000) * perSecond)
      bucket.at = Math.max(bucket.at, now)
    } else {
      bucket = { tokens: capacity, at: now }
      if (this.#buckets.size >= MAX_BUCKETS) this.#buckets.delete(this.#buckets.keys().next().value!)
    }
    this.#buckets.set(key, bucket)
    const ok = bucket.tokens >= 1
    if (ok) bucket.tokens -= 1
    return {
      ok,
      limit: perSecond,
      remaining: Math.floor(bucket.tokens),
      resetSeconds: Math.ceil((capacity - bucket.tokens) / perSecond),
      retryAfterSeconds: ok ? 0 : Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond)),
      taken: { before, after: { ...bucket } },
    }
  }

  /**
   * A request's `take` made again at another rate, as if it had been made at that rate: the bucket as it
   * was before it (when no other take came between; else the token it took given back), then a take at
   * `perSecond` (refilled at that rate; a lower rate caps the bucket at once). For a rate learnt after
   * the take: a key's rate edited while the request went on its cached verification (decision 0037).
   */
  retake(key: string, perSecond: number, burstSeconds: number, now: number, previous: RateDecision): RateDecision {
    const bucket = this.#buckets.get(key)
    const { taken } = previous
    if (bucket && taken && bucket.tokens === taken.after.tokens && bucket.at === taken.after.at) {
      if (taken.before) Object.assign(bucket, taken.before)
      else this.#buckets.delete(key)
    } else if (bucket && previous.ok) bucket.tokens += 1
    return this.take(key, perSecond, burstSeconds, now)
  }
}
