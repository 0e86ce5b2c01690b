import { and, asc, eq, exists, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import { chainTransactions, rewards } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'

const mint = alias(chainTransactions, 'minted')

/**
 * The address of the collectible collection a completion of this challenge leads to, once that
 * collection has minted at least once ("a challenge that was already minted as a collectible",
 * admin-console-part-b.md); null otherwise. A collection belongs to an achievement reward
 * (features/collectibles); the achievement's rule (auto-rewards.ts parseAutoRule) links it here when
 * it counts completed challenges (any challenge counts) or asks for every challenge with a tag this
 * challenge carries. A lifetime-points rule is not a link: points come from anywhere, not from this
 * challenge's completions. One query: the collection's creation joined to its reward, with a
 * successful mint of the same reward (chain_transactions_reward_idx).
 */
export async function mintedCollectionAddress(scope: ProgramScope, tagList: readonly string[]): Promise<string | null> {
  const p = rewards.parameters
  const rule = sql`json_extract(${p}, '$.rule')`
  // parseAutoRule: `tag` when a non-empty text, else a text `value`.
  const tag = sql`case when json_type(${p}, '$.tag') = 'text' and json_extract(${p}, '$.tag') <> '' then json_extract(${p}, '$.tag') when json_type(${p}, '$.value') = 'text' then json_extract(${p}, '$.value') end`
  const linked = or(
    sql`${rule} = 'completed_challenges'`,
    tagList.length ? and(sql`${rule} = 'tag'`, sql`${tag} in (select value from json_each(${JSON.stringify(tagList)}))`) : undefined,
  )
  const minted = scope.db
    .select({ one: sql`1` })
    .from(mint)
    .where(and(eq(mint.programId, chainTransactions.programId), eq(mint.rewardId, chainTransactions.rewardId), eq(mint.kind, 'mint'), eq(mint.status, 'success')))
  const [row] = await scope.db
    .select({ address: sql<string | null>`json_extract(${chainTransactions.data}, '$.collection_address')` })
    .from(chainTransactions) // tenant-guard: allow (where: programId = scope.programId; the join and the mint subquery follow it)
    .innerJoin(rewards, and(eq(rewards.programId, chainTransactions.programId), eq(rewards.id, chainTransactions.rewardId)))
    .where(
      and(
        eq(chainTransactions.programId, scope.programId),
        eq(chainTransactions.kind, 'create_collection'),
        eq(chainTransactions.status, 'success'),
        eq(rewards.selection, 'achievement'),
        linked,
        exists(minted),
      ),
    )
    .orderBy(asc(chainTransactions.seq))
    .limit(1)
  return row?.address || null
}
