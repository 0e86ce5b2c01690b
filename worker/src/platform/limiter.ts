import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { throttles } from '../db/schema'

/**
 * Rate limits and sign-in lockouts. The default keeps its counters in the database (table `throttles`,
 * D1 on Workers, libSQL under Node): counts are shared by every isolate and process and survive
 * restarts, which an in-memory counter would not. A Workers Rate Limiting binding could sit behind the
 * same interface for the per-IP limits; the account lockouts need durable state either way.
 */
export type Limiter = {
  /**
   * Counts one hit on `key` in a fixed window; `ok` is false once the window holds more than `limit`.
   * `count` is the window's hits, this one included (a limit with steps, such as the sign-in starts'
   * challenge then refusal, reads it).
   */
  hit(key: string, limit: number, windowMs: number, now: number): Promise<{ ok: boolean; retryAfterMs: number; count: number }>
  /** When `key` is locked until (ms since the epoch; 0 or past when it is not). */
  lockedUntil(key: string): Promise<number>
  /** Records one failure on `key`; answers the failures in the window and the lock they earned. */
  fail(key: string, policy: LockoutPolicy, now: number): Promise<{ failures: number; lockedUntil: number }>
  /** Forgets `key` (after a success). */
  reset(key: string): Promise<void>
  /** Takes one hit back from `key`'s current window (a start that ended in a sign-in), never below zero. */
  giveBack(key: string): Promise<void>
}

/**
 * Growing backoff, then a lockout: the first `free` failures cost nothing; from there each failure
 * locks for `backoffMs * 2^(n - free)`, and from `lockAfter` failures on, for `lockoutMs`. Failures
 * are counted in a window of `windowMs` from the first one, across codes and resends.
 */
export type LockoutPolicy = { free: number; backoffMs: number; lockAfter: number; lockoutMs: number; windowMs: number }

export function lockFor(policy: LockoutPolicy, failures: number): number {
  if (failures < policy.free) return 0
  if (failures >= policy.lockAfter) return policy.lockoutMs
  return Math.min(policy.backoffMs * 2 ** (failures - policy.free), policy.lockoutMs)
}

/** One upsert counts and answers, so parallel hits never lose a count (guarded in SQL). */
function countIn(db: Db, key: string, windowMs: number, now: number) {
  const stale = sql`${throttles.windowStartedAt} <= ${now - windowMs}`
  return db
    .insert(throttles)
    .values({ key, count: 1, windowStartedAt: now, lockedUntil: 0 })
    .onConflictDoUpdate({
      target: throttles.key,
      set: {
        count: sql`CASE WHEN ${stale} THEN 1 ELSE ${throttles.count} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${stale} THEN ${now} ELSE ${throttles.windowStartedAt} END`,
        lockedUntil: sql`CASE WHEN ${stale} THEN 0 ELSE ${throttles.lockedUntil} END`,
      },
    })
    .returning({ count: throttles.count, windowStartedAt: throttles.windowStartedAt, lockedUntil: throttles.lockedUntil })
}

export function createDbLimiter(db: Db): Limiter {
  return {
    async hit(key, limit, windowMs, now) {
      const [row] = await countIn(db, key, windowMs, now)
      const count = row?.count ?? 1
      const ok = count <= limit
      return { ok, count, retryAfterMs: ok ? 0 : Math.max(0, (row?.windowStartedAt ?? now) + windowMs - now) }
    },
    async lockedUntil(key) {
      const [row] = await db.select({ lockedUntil: throttles.lockedUntil }).from(throttles).where(eq(throttles.key, key)).limit(1)
      return row?.lockedUntil ?? 0
    },
    async fail(key, policy, now) {
      const [row] = await countIn(db, key, policy.windowMs, now)
      const failures = row?.count ?? 1
      const lock = lockFor(policy, failures)
      if (!lock) return { failures, lockedUntil: row?.lockedUntil ?? 0 }
      const until = now + lock
      // Only ever moves the lock later (a slower parallel failure cannot shorten it).
      await db
        .update(throttles)
        .set({ lockedUntil: sql`MAX(${throttles.lockedUntil}, ${until})` })
        .where(eq(throttles.key, key))
      return { failures, lockedUntil: Math.max(until, row?.lockedUntil ?? 0) }
    },
    async reset(key) {
      await db.delete(throttles).where(eq(throttles.key, key))
    },
    async giveBack(key) {
      await db
        .update(throttles)
        .set({ count: sql`MAX(${throttles.count} - 1, 0)` })
        .where(eq(throttles.key, key))
    },
  }
}

const limiters = new WeakMap<Db, Limiter>()

/** The app's limiter: the one in deps (tests, a binding-backed one), else the database counter. */
export function limiterOf(deps: { db: Db; limiter?: Limiter | undefined }): Limiter {
  if (deps.limiter) return deps.limiter
  let limiter = limiters.get(deps.db)
  if (!limiter) limiters.set(deps.db, (limiter = createDbLimiter(deps.db)))
  return limiter
}
