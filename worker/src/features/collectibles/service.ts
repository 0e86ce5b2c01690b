import { and, asc, count, desc, eq, getTableColumns, gt, is, ne, SQL, sql } from 'drizzle-orm'
import type { ChainTransactionPage, ChainTransactionRow, NftCollectionCreated } from '../../../../sdk/contract/console/collectibles'
import { chainTransactions, outbox, rewardClaims, rewards } from '../../db/schema'
import { type ProgramScope, programScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { AppError } from '../../lib/errors'
import { dispatchOutboxLater, outboxInsert, registerOutboxTask } from '../webhooks/outbox'
import { explorerTxUrl } from './aptos'
import { type ChainLogRow, collectionEntry, collectionKey, mintKey } from './chain-log'
import { chainFor, getChainIntegration } from './integration'
import { createSimulatedChain, LOCAL_NETWORK } from './simulated'

/** The outbox topic of a collectible mint (one per achievement earner). */
export const MINT_TOPIC = 'collectibles.mint'
export type MintPayload = { reward_id: number; participant_id: number }

type RewardLike = { id: number; name: string; selection: string; description: string; image: string | null }

const failed = (message: string) => new AppError('validation_failed', 422, message, { intent: message }, { success: false })

/** The collection's on-chain name: unique per creator on Aptos, so the reward id is part of it. */
export const collectionName = (reward: { id: number; name: string }) => `${reward.name} #${reward.id}`

/** The console's link to the collection's creation transaction (spec: nft_collection_transaction_create_url). */
export function transactionUrl(row: ChainLogRow): string {
  return row.network === LOCAL_NETWORK ? `/admin/v2/programs/${row.programId}/blockchain_transactions/${row.txHash}` : explorerTxUrl(row.network, row.txHash)
}

/** The reward's collection, for the detail (nft_collection and its creation link), or nulls. */
export async function rewardCollection(scope: ProgramScope, rewardId: number) {
  const row = await collectionEntry(scope, rewardId)
  return {
    nft_collection: row ? ((row.data.collection_address as string | null) ?? null) : null,
    nft_collection_transaction_create_url: row ? transactionUrl(row) : null,
  }
}

/**
 * create_nft_collection (spec sections 2 and 4): only for an achievement, with the chain integration on,
 * and while the reward has no collection creation link. Answers 'NFT collection created' and how many
 * mints it queued for earners from before the collection (`queued_mints`, see backfillMints). Two clicks
 * at once: the adapter is idempotent by the collection's key, so one collection is created.
 */
export async function createNftCollection(scope: ProgramScope, deps: Deps, reward: RewardLike): Promise<NftCollectionCreated> {
  if (reward.selection !== 'achievement') throw failed('Collectible collections are for achievement rewards')
  const integration = await getChainIntegration(scope)
  if (!integration?.enabled) throw failed('The blockchain integration is not enabled for this program')
  if (await collectionEntry(scope, reward.id)) {
    // A create that stopped between the collection and its backfill is completed by the next click (queues
    // nothing when it already ran: the mints' dedupe keys), and still refused.
    await backfillMints(scope, deps, reward.id)
    throw failed('The reward already has an NFT collection')
  }
  const chain = await chainFor(scope, deps, integration)
  await chain.createCollection({ key: collectionKey(reward.id), rewardId: reward.id, name: collectionName(reward), description: reward.description || reward.name, uri: reward.image ?? '' })
  const row = (await collectionEntry(scope, reward.id))!
  const queued = await backfillMints(scope, deps, reward.id)
  return {
    success: true,
    message: 'NFT collection created',
    data: { nft_collection: (row.data.collection_address as string | null) ?? null, nft_collection_transaction_create_url: transactionUrl(row), queued_mints: queued },
  }
}

/** Earners per backfill statement: each page is one INSERT ... SELECT with a fixed handful of bound parameters. */
export const BACKFILL_PAGE = 100

/**
 * Queues one mint per earner of the reward from before its collection existed (active claims, not
 * refunded), in pages of BACKFILL_PAGE earners by participant id. Each page is one INSERT ... SELECT with
 * the award's conditions (the collection exists, the integration is on) and the award's dedupe key, so an
 * earner awarded concurrently (whose award batch queues its own mint), a retried create or a second run
 * queues nothing more. Answers how many rows it queued.
 */
export async function backfillMints(scope: ProgramScope, deps: Deps, rewardId: number, pageSize = BACKFILL_PAGE): Promise<number> {
  let after = 0
  let queued = 0
  for (;;) {
    const page = await scope.db
      .selectDistinct({ id: rewardClaims.participantId })
      .from(rewardClaims)
      .where(scope.where(rewardClaims, and(eq(rewardClaims.rewardId, rewardId), ne(rewardClaims.status, 'refunded'), gt(rewardClaims.participantId, after))))
      .orderBy(asc(rewardClaims.participantId))
      .limit(pageSize)
    if (!page.length) break
    const first = page[0]!.id
    const last = page[page.length - 1]!.id
    const participant = sql.raw('rc.participant_id')
    const rows = await mintInsert(scope, rewardId, {
      payload: sql`json_object('reward_id', ${sql.raw(String(Math.trunc(rewardId)))}, 'participant_id', ${participant})`,
      dedupeKey: sql`${mintDedupePrefix(scope.programId, rewardId)} || ${participant}`,
      from: sql`FROM reward_claims rc WHERE rc.program_id = ${scope.programId} AND rc.reward_id = ${rewardId} AND rc.status != 'refunded' AND rc.participant_id BETWEEN ${first} AND ${last} AND`,
    })
    queued += rows.length
    dispatchOutboxLater(deps, rows.map((r) => r.id))
    if (page.length < pageSize) break
    after = last
  }
  return queued
}

/**
 * For an award's batch (an achievement won): queues the earner's mint in the same atomic batch, only
 * when the reward has a collection and the program's integration is on (read inside the statement, so
 * no award costs a query). The dedupe key makes a second award or a replay queue nothing. Its slot
 * holds `[{ id }]` (the outbox row) or `[]`.
 */
export function mintOutboxStatement(scope: ProgramScope, rewardId: number, participantId: number) {
  const payload: MintPayload = { reward_id: rewardId, participant_id: participantId }
  return mintInsert(scope, rewardId, { payload: sql`${JSON.stringify(payload)}`, dedupeKey: sql`${mintDedupeKey(scope.programId, rewardId, participantId)}`, from: sql`WHERE` })
}

/**
 * INSERT INTO outbox ... SELECT of mint rows, queued only while the reward's collection exists and the
 * integration is on, ON CONFLICT (dedupe key) DO NOTHING. `from` is what comes before those conditions:
 * `WHERE` for one row, or `FROM ... WHERE ... AND` for many (the SELECT always has a WHERE, which SQLite
 * needs before an upsert's ON CONFLICT).
 */
function mintInsert(scope: ProgramScope, rewardId: number, row: { payload: SQL; dedupeKey: SQL; from: SQL }) {
  const { programId } = scope
  const given: Record<string, SQL> = {
    programId: sql`${programId}`,
    topic: sql`${MINT_TOPIC}`,
    payload: row.payload,
    dedupeKey: row.dedupeKey,
    status: sql`'pending'`,
    attempts: sql`0`,
  }
  // INSERT ... SELECT lists every column of the table in its order: the rest take their defaults.
  const columns = Object.entries(getTableColumns(outbox))
    .filter(([, col]) => !(col as { shouldDisableInsert?: () => boolean }).shouldDisableInsert?.())
    .map(([key, col]) => given[key] ?? (is(col.default, SQL) ? col.default : col.default === undefined ? sql`null` : sql`${col.default}`))
  // A query builder (not raw SQL), so D1's batch takes it too.
  return scope.db
    .insert(outbox)
    .select(
      sql`SELECT ${sql.join(columns, sql`, `)} ${row.from}
      EXISTS (SELECT 1 FROM chain_transactions ct WHERE ct.program_id = ${programId} AND ct.idempotency_key = ${collectionKey(rewardId)} AND ct.status = 'success')
      AND EXISTS (SELECT 1 FROM chain_integrations ci WHERE ci.program_id = ${programId} AND ci.enabled = 1)`,
    )
    .onConflictDoNothing()
    .returning({ id: outbox.id })
}

const mintDedupePrefix = (programId: number, rewardId: number) => `${MINT_TOPIC}:${programId}:${rewardId}:`
export const mintDedupeKey = (programId: number, rewardId: number, participantId: number) => `${mintDedupePrefix(programId, rewardId)}${participantId}`

/** Queues a mint outside an award's batch (an earner from before the collection existed, a test). */
export const queueMint = (scope: ProgramScope, rewardId: number, participantId: number) =>
  outboxInsert(scope.db, scope.programId, { topic: MINT_TOPIC, payload: { reward_id: rewardId, participant_id: participantId } }, mintDedupeKey(scope.programId, rewardId, participantId))

export type MintOutcome = 'minted' | 'skipped'

/**
 * The queued mint (outbox topic collectibles.mint): mints the earner's collectible into the reward's
 * collection. Skipped (delivered, nothing to do) when the participant no longer holds the reward, the
 * collection is gone or the integration was turned off. A chain failure throws: the outbox retries with
 * backoff, the award itself was written long before. The adapter's mint is idempotent by
 * `mint:{reward}:{participant}`, so a retry or a second delivery never mints twice.
 */
export async function runMint(deps: Deps, programId: number, payload: MintPayload): Promise<MintOutcome> {
  const scope = programScope(deps.db, programId)
  const [reward, claim, collection, integration] = await Promise.all([
    scope.first(rewards, eq(rewards.id, payload.reward_id)),
    scope.first(rewardClaims, and(eq(rewardClaims.rewardId, payload.reward_id), eq(rewardClaims.participantId, payload.participant_id), ne(rewardClaims.status, 'refunded'))),
    collectionEntry(scope, payload.reward_id),
    getChainIntegration(scope),
  ])
  if (!reward || !claim || !collection || collection.status !== 'success' || !integration?.enabled) return 'skipped'
  // A collectible lives where its collection lives: a collection of the simulated chain keeps minting there.
  const chain = collection.network === LOCAL_NETWORK ? createSimulatedChain(scope, deps.clock) : await chainFor(scope, deps, integration)
  if (chain.network !== collection.network) throw new Error(`the collection is on ${collection.network}, the program's chain is now ${chain.network}`)
  await chain.mint({
    key: mintKey(reward.id, payload.participant_id),
    rewardId: reward.id,
    participantId: payload.participant_id,
    collectionName: String(collection.data.collection_name ?? collectionName(reward)),
    collectionAddress: String(collection.data.collection_address ?? ''),
    name: `${reward.name} #${payload.participant_id}`,
    description: reward.description || reward.name,
    uri: reward.activeImage ?? reward.image ?? '',
  })
  return 'minted'
}

registerOutboxTask(MINT_TOPIC, async (deps, programId, payload) => {
  if (programId === null) throw new Error('a mint needs its program')
  return runMint(deps, programId, payload as unknown as MintPayload)
})

type Paging = { page: number; per_page: number }

function toRow(row: ChainLogRow): ChainTransactionRow {
  const address = row.kind === 'mint' ? row.data.token_address : row.data.collection_address
  return {
    id: row.id,
    seq: row.seq,
    tx_hash: row.txHash,
    kind: row.kind,
    status: row.status,
    network: row.network,
    explorer_url: row.network === LOCAL_NETWORK ? null : explorerTxUrl(row.network, row.txHash),
    reward_id: row.rewardId,
    participant_id: row.participantId,
    address: address == null ? null : String(address),
    created_at: new Date(row.recordedAt).toISOString(),
  }
}

async function logPage(scope: ProgramScope, where: ReturnType<typeof eq> | undefined, paging: Paging): Promise<ChainTransactionPage> {
  const [[total], rows] = await Promise.all([
    scope.db.select({ n: count() }).from(chainTransactions).where(scope.where(chainTransactions, where)),
    scope.select(chainTransactions, where).orderBy(desc(chainTransactions.seq)).limit(paging.per_page).offset((paging.page - 1) * paging.per_page),
  ])
  const n = total?.n ?? 0
  return { data: rows.map(toRow), meta: { page: paging.page, per_page: paging.per_page, total: n, total_pages: Math.ceil(n / paging.per_page) } }
}

/** The reward's Blockchain Transactions tab: its collection's creation and its mints (404 without a collection). */
export async function rewardTransactionsTab(scope: ProgramScope, rewardId: number, paging: Paging): Promise<ChainTransactionPage> {
  if (!(await collectionEntry(scope, rewardId))) throw new AppError('not_found', 404, 'The reward has no NFT collection', { feature: 'off' })
  return logPage(scope, eq(chainTransactions.rewardId, rewardId), paging)
}

/** The program's whole log, newest first (GET /programs/{program_id}/blockchain_transactions). */
export const programTransactions = (scope: ProgramScope, paging: Paging) => logPage(scope, undefined, paging)

/** One transaction of the program, as its chain answers it (the creation link of a local collection points here). */
export async function programTransaction(scope: ProgramScope, deps: Deps, hash: string): Promise<ChainTransactionRow & { chain_status: string }> {
  const row = await scope.first(chainTransactions, eq(chainTransactions.txHash, hash))
  if (!row) throw new AppError('not_found', 404, 'Transaction not found', { hash: 'not found' })
  const tx = row.network === LOCAL_NETWORK ? await createSimulatedChain(scope, deps.clock).getTransaction(hash) : await (await chainFor(scope, deps)).getTransaction(hash)
  return { ...toRow(row), chain_status: tx?.status ?? row.status }
}

/** The participant's Blockchain Transactions tab: the collectibles minted for them. */
export const participantTransactionsTab = (scope: ProgramScope, participantId: number, paging: Paging) =>
  logPage(scope, eq(chainTransactions.participantId, participantId), paging)
