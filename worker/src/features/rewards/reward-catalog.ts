import { asc, eq } from 'drizzle-orm'
import { rewards } from '../../db/schema'
import { programScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { appCache } from '../../lib/cache'
import { contentKey } from '../programs/content-version'
import { isPublished, type RewardRow } from './rewards-state'

export type RewardCatalog = { list: RewardRow[]; byId: Map<number, RewardRow> }

/**
 * The published rewards of a program (approved, not draft) in admin order, read once per
 * config.cacheTtlMs like the challenge catalog: claims and the automatic-award check after every
 * completion and claim read them without a query. What a stale copy can change is bounded by the
 * same TTL as challenge content (an edited price or date applies within it); stock, balances and
 * the one-claim rules are enforced in SQL by the claim batch whatever the copy says, and a claim
 * writes the `claims` count its batch returned back into the copy (noteClaims).
 */
export function loadRewardCatalog(deps: Deps, programId: number): Promise<RewardCatalog> {
  return appCache<RewardCatalog>(deps, 'rewards').get(contentKey(deps, programId), async () => {
    const rows = (await programScope(deps.db, programId).select(rewards).orderBy(asc(rewards.position), asc(rewards.id))).filter(isPublished)
    return { list: rows, byId: new Map(rows.map((r) => [r.id, r])) }
  })
}

/** Drops every cached copy in this instance (after a write that changes reward rows). */
export function invalidateRewardCatalog(deps: Deps) {
  appCache<RewardCatalog>(deps, 'rewards').clear()
}

/** One reward, read fresh (for the rare answers a cached copy must not decide, e.g. "sold out"). */
export async function readReward(deps: Deps, programId: number, rewardId: number): Promise<RewardRow | undefined> {
  const row = await programScope(deps.db, programId).first(rewards, eq(rewards.id, rewardId))
  return row && isPublished(row) ? row : undefined
}

/** Keeps the cached copy's stock count at the value a claim batch just returned. */
export function noteClaims(row: RewardRow, claims: number | undefined) {
  if (typeof claims === 'number') row.claims = claims
}
