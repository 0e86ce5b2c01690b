import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ChainTransactionPage } from '../../../../sdk/contract/console/collectibles'
import type { RewardDetail } from '../../../../sdk/contract/console/rewards'
import { chainTransactions, outbox, programs, rewardClaims } from '../../db/schema'
import { programScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { makeRewardsTest } from '../../../test/rewards-fixtures'
import { adminWith, consoleAs } from '../participants/participants-fixtures'
import { evaluateAutoRewards } from '../rewards/auto-rewards'
import { deliverOutbox } from '../webhooks/outbox'
import type { ChainAdapter } from './adapter'
import type { AptosClientLike, AptosDeployment } from './aptos'
import { canonicalJson, collectionKey, GENESIS_HASH, mintKey, sha256Hex, verifyChainLog } from './chain-log'
import { collectibleRewardFor, enableChain } from './collectibles-fixtures'
import { chainFor, saveChainIntegration } from './integration'
import { MINT_TOPIC, runMint } from './service'

/** A valid Ed25519 key (AIP-80 form): the SDK's real Account is built from it. */
const TEST_KEY = `ed25519-priv-0x${'4f'.repeat(32)}`

/**
 * An in-memory Aptos network behind the SDK boundary (AptosClientLike): it records submissions, keeps
 * collections and tokens, and can fail the next submissions. The adapter above it runs for real.
 */
function fakeAptos() {
  type Tx = { hash: string; success: boolean; vm_status: string; events: { type: string; data: Record<string, unknown> }[] }
  const txs = new Map<string, Tx>()
  const collections = new Map<string, string>()
  const tokens: { owner: string; collection: string; name: string; id: string }[] = []
  const state = { submissions: 0, failSubmits: 0, failOnChain: 0, n: 0 }
  const hex = (n: number, tag: string) => `0x${tag}${n.toString(16).padStart(62, '0')}`
  const client = {
    async createCollectionTransaction(args: { creator: { accountAddress: { toString(): string } }; name: string }) {
      return { kind: 'create', creator: args.creator.accountAddress.toString(), name: args.name }
    },
    async mintDigitalAssetTransaction(args: { creator: { accountAddress: { toString(): string } }; collection: string; name: string }) {
      return { kind: 'mint', creator: args.creator.accountAddress.toString(), collection: args.collection, name: args.name }
    },
    async signAndSubmitTransaction({ transaction }: { transaction: { kind: string; creator: string; name: string; collection?: string } }) {
      if (state.failSubmits > 0) {
        state.failSubmits--
        throw new Error('fullnode unreachable')
      }
      state.submissions++
      const hash = hex(++state.n, 'aa')
      if (state.failOnChain > 0) {
        state.failOnChain--
        txs.set(hash, { hash, success: false, vm_status: 'OUT_OF_GAS', events: [] })
        return { hash }
      }
      if (transaction.kind === 'create') {
        collections.set(`${transaction.creator}:${transaction.name}`, hex(state.n, 'cc'))
        txs.set(hash, { hash, success: true, vm_status: 'Executed successfully', events: [] })
      } else {
        const collection = collections.get(`${transaction.creator}:${transaction.collection}`)!
        const id = hex(state.n, 'dd')
        tokens.push({ owner: transaction.creator, collection, name: transaction.name, id })
        txs.set(hash, { hash, success: true, vm_status: 'Executed successfully', events: [{ type: '0x4::collection::Mint', data: { token: id } }] })
      }
      return { hash }
    },
    async waitForTransaction({ transactionHash }: { transactionHash: string }) {
      return txs.get(transactionHash)!
    },
    async getTransactionByHash({ transactionHash }: { transactionHash: string }) {
      const tx = txs.get(transactionHash)
      if (!tx) throw new Error('not found')
      return tx
    },
    async getCollectionData({ creatorAddress, collectionName }: { creatorAddress: string; collectionName: string }) {
      return { collection_id: collections.get(`${creatorAddress}:${collectionName}`)! }
    },
    async getAccountOwnedTokensFromCollectionAddress({ accountAddress, collectionAddress }: { accountAddress: string; collectionAddress: string }) {
      return tokens.filter((t) => t.owner === accountAddress && t.collection === collectionAddress).map((t) => ({ token_data_id: t.id, current_token_data: { token_name: t.name, token_data_id: t.id } }))
    },
  }
  const deployment: AptosDeployment = { privateKey: TEST_KEY, client: () => client as unknown as AptosClientLike }
  return { client, state, tokens, deployment }
}

async function setup(kind: 'simulated' | 'aptos') {
  const aptos = fakeAptos()
  const queued: number[] = []
  let capture = false
  const overrides: Partial<Deps> = { enqueue: async (ids) => void (capture ? queued.push(...ids) : await deliverOutbox(r.deps, ids)) }
  if (kind === 'aptos') overrides.aptos = aptos.deployment
  const r = await makeRewardsTest(overrides)
  const admin = await consoleAs(r, 'admin@tessera.dev')
  capture = true
  await enableChain(r.db, r.program.id)
  const runQueue = async () => {
    const ids = queued.splice(0)
    return ids.length ? deliverOutbox(r.deps, ids) : { delivered: 0, failed: 0 }
  }
  const base = `/admin/v2/programs/${r.program.id}/rewards`
  const achievement = (name = 'Explorer badge') => r.addReward({ name, selection: 'achievement', threshold: 0, limit: 10, parameters: { rule: 'completed_challenges', value: 0 }, image: '/badge.png' })
  const createCollection = (rewardId: number) => admin.json<{ success: boolean; message: string; data?: { nft_collection: string | null; nft_collection_transaction_create_url: string } }>(`${base}/${rewardId}`, { json: { intent: 'create_nft_collection' } })
  /** Signs another admin in (its sign-in mail is delivered at once). */
  const signIn = async (email: string, grants: [string, string][]) => {
    capture = false
    try {
      return await adminWith(r, email, r.program.id, grants)
    } finally {
      capture = true
    }
  }
  return { ...r, aptos, admin, base, queued, runQueue, achievement, createCollection, signIn }
}

const logOf = (db: Parameters<typeof programScope>[0], programId: number) => programScope(db, programId).select(chainTransactions).orderBy(chainTransactions.seq)

for (const kind of ['simulated', 'aptos'] as const) {
  describe(`chain adapter contract: ${kind}`, () => {
    async function adapter() {
      const t = await setup(kind)
      const reward = await t.achievement()
      const member = await t.addMember()
      const chain: ChainAdapter = await chainFor(t.scope, t.deps)
      return { ...t, reward, member, chain }
    }

    it('is the adapter the configuration asks for', async () => {
      const { chain } = await adapter()
      expect(chain.network).toBe(kind === 'simulated' ? 'local' : 'testnet')
    })

    it('creates a collection and mints into it, each idempotent by key, every transaction in a verified log', async () => {
      const { chain, reward, member, scope, db, program, aptos } = await adapter()
      const created = await chain.createCollection({ key: collectionKey(reward.id), rewardId: reward.id, name: 'Badge #1', description: 'd', uri: '' })
      expect(created).toMatchObject({ kind: 'create_collection', status: 'success', key: collectionKey(reward.id) })
      expect(created.hash).toMatch(/^(0x)?[0-9a-f]{64}$/)
      expect(created.address).toMatch(/^0x[0-9a-f]{64}$/)
      expect(await chain.createCollection({ key: collectionKey(reward.id), rewardId: reward.id, name: 'Badge #1', description: 'd', uri: '' })).toEqual(created)

      const input = { key: mintKey(reward.id, member.id), rewardId: reward.id, participantId: member.id, collectionName: 'Badge #1', collectionAddress: created.address!, name: 'Badge #1 #m', description: 'd', uri: '' }
      const minted = await chain.mint(input)
      expect(minted).toMatchObject({ kind: 'mint', status: 'success' })
      expect(minted.address).toMatch(/^0x[0-9a-f]{64}$/)
      expect(minted.owner_address).toMatch(/^0x[0-9a-f]{64}$/)
      expect(await chain.mint(input)).toEqual(minted)

      expect(await chain.getTransaction(minted.hash)).toMatchObject({ hash: minted.hash, kind: 'mint', status: 'success' })
      expect(await chain.getTransaction(created.hash)).toMatchObject({ hash: created.hash, kind: 'create_collection' })
      expect(await chain.getTransaction('0x' + 'ef'.repeat(32))).toBeNull()

      const log = await logOf(db, program.id)
      expect(log.map((l) => [l.seq, l.kind, l.txHash])).toEqual([
        [1, 'create_collection', created.hash],
        [2, 'mint', minted.hash],
      ])
      expect(await verifyChainLog(scope)).toEqual({ ok: true, entries: 2 })
      if (kind === 'aptos') expect(aptos.state.submissions).toBe(2)
    })
  })
}

describe('the hash-chained transaction log', () => {
  it('chains each entry to the previous one with SHA-256(previous hash + canonical JSON)', async () => {
    const t = await setup('simulated')
    const reward = await t.achievement()
    await t.createCollection(reward.id)
    const [first] = await logOf(t.db, t.program.id)
    expect(first!.prevHash).toBe(GENESIS_HASH)
    const entry = { program_id: t.program.id, seq: 1, kind: 'create_collection', idempotency_key: collectionKey(reward.id), network: 'local', status: 'success', tx_hash: null, reward_id: reward.id, participant_id: null, data: first!.data, recorded_at: first!.recordedAt }
    expect(first!.hash).toBe(await sha256Hex(GENESIS_HASH + canonicalJson(entry)))
    expect(canonicalJson({ b: 1, a: { d: [1, 'x'], c: null } })).toBe('{"a":{"c":null,"d":[1,"x"]},"b":1}')
  })

  it('is append-only in the database, and verify finds an edited, removed or forged entry', async () => {
    const t = await setup('simulated')
    const reward = await t.achievement()
    await t.createCollection(reward.id)
    for (let i = 0; i < 3; i++) {
      const m = await t.addMember()
      await evaluateAutoRewards(t.scope, t.deps, m.id)
    }
    await t.runQueue()
    expect(await verifyChainLog(t.scope)).toEqual({ ok: true, entries: 4 })
    await expect(t.execute(`UPDATE chain_transactions SET status = 'failed' WHERE seq = 2`)).rejects.toThrow(/append-only/)
    await expect(t.execute(`DELETE FROM chain_transactions WHERE seq = 2`)).rejects.toThrow(/append-only/)

    // Someone with the database's keys drops the guards: the chain still tells.
    await t.execute('DROP TRIGGER chain_transactions_no_update')
    await t.execute('DROP TRIGGER chain_transactions_no_delete')
    await t.execute(`UPDATE chain_transactions SET data = json_set(data, '$.owner_address', '0xevil') WHERE program_id = ${t.program.id} AND seq = 3`)
    expect(await verifyChainLog(t.scope)).toMatchObject({ ok: false, brokenAt: 3, reason: 'entry hash does not match its content' })
    // Re-hashing the edited entry moves the break to the next one.
    const [row] = await t.scope.select(chainTransactions, eq(chainTransactions.seq, 3))
    const forged = await sha256Hex(row!.prevHash + canonicalJson({ program_id: row!.programId, seq: 3, kind: row!.kind, idempotency_key: row!.idempotencyKey, network: 'local', status: row!.status, tx_hash: null, reward_id: row!.rewardId, participant_id: row!.participantId, data: row!.data, recorded_at: row!.recordedAt }))
    await t.execute({ sql: `UPDATE chain_transactions SET hash = ?, tx_hash = ? WHERE program_id = ? AND seq = 3`, args: [forged, forged, t.program.id] })
    expect(await verifyChainLog(t.scope)).toMatchObject({ ok: false, brokenAt: 4, reason: 'previous hash does not match' })
    await t.execute(`DELETE FROM chain_transactions WHERE program_id = ${t.program.id} AND seq = 2`)
    expect(await verifyChainLog(t.scope)).toMatchObject({ ok: false, brokenAt: 2, reason: 'missing or reordered entry' })
  })

  it('never forks under concurrent appends', async () => {
    const t = await setup('simulated')
    const reward = await t.achievement()
    await t.createCollection(reward.id)
    const members = await Promise.all(Array.from({ length: 6 }, () => t.addMember()))
    await Promise.all(members.map((m) => evaluateAutoRewards(t.scope, t.deps, m.id)))
    await Promise.all([t.runQueue(), deliverOutbox(t.deps)])
    const log = await logOf(t.db, t.program.id)
    expect(log.map((l) => l.seq)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(await verifyChainLog(t.scope)).toEqual({ ok: true, entries: 7 })
  })
})

describe('create_nft_collection', () => {
  it("creates the achievement's collection once: 'NFT collection created', then the detail links it", async () => {
    const t = await setup('simulated')
    const reward = await t.achievement()
    const before = await t.admin.json<{ data: RewardDetail }>(`${t.base}/${reward.id}`)
    expect(before.body.data).toMatchObject({ nft_collection: null, nft_collection_transaction_create_url: null, blockchain_enabled: true })
    const res = await t.createCollection(reward.id)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ success: true, message: 'NFT collection created' })
    const detail = await t.admin.json<{ data: RewardDetail }>(`${t.base}/${reward.id}`)
    expect(detail.body.data.nft_collection).toMatch(/^0x[0-9a-f]{64}$/)
    expect(detail.body.data.nft_collection_transaction_create_url).toBe(res.body.data!.nft_collection_transaction_create_url)
    // The link exists now: a second create is refused and nothing is added.
    const again = await t.createCollection(reward.id)
    expect(again.status).toBe(422)
    expect(await logOf(t.db, t.program.id)).toHaveLength(1)
  })

  it('is refused for another selection and with the integration off', async () => {
    const t = await setup('simulated')
    const redeem = await t.addReward({ selection: 'redeem' })
    expect((await t.createCollection(redeem.id)).status).toBe(422)
    const reward = await t.achievement()
    await saveChainIntegration(t.scope, t.deps, { enabled: false, network: 'testnet' })
    const off = await t.createCollection(reward.id)
    expect(off.status).toBe(422)
    expect(off.body.message).toBe('The blockchain integration is not enabled for this program')
    expect(await logOf(t.db, t.program.id)).toHaveLength(0)
  })

  it('creates one collection when clicked twice at once', async () => {
    const t = await setup('simulated')
    const reward = await t.achievement()
    const answers = await Promise.all([t.createCollection(reward.id), t.createCollection(reward.id)])
    expect(answers.some((a) => a.status === 200)).toBe(true)
    expect((await logOf(t.db, t.program.id)).filter((l) => l.kind === 'create_collection')).toHaveLength(1)
  })

  it('creates the collection on Aptos when the deployment has a signer', async () => {
    const t = await setup('aptos')
    const reward = await t.achievement()
    const res = await t.createCollection(reward.id)
    expect(res.body.message).toBe('NFT collection created')
    expect(res.body.data!.nft_collection_transaction_create_url).toMatch(/^https:\/\/explorer\.aptoslabs\.com\/txn\/0x[0-9a-f]{64}\?network=testnet$/)
    expect(t.aptos.state.submissions).toBe(1)
  })
})

describe('one collectible per achievement earner, through the outbox', () => {
  it('queues the mint in the award batch and mints once, however often the award and the delivery run', async () => {
    const t = await setup('simulated')
    const reward = await t.achievement()
    await t.createCollection(reward.id)
    const m = await t.addMember()
    await Promise.all([evaluateAutoRewards(t.scope, t.deps, m.id), evaluateAutoRewards(t.scope, t.deps, m.id)])
    await evaluateAutoRewards(t.scope, t.deps, m.id)
    const rows = await t.db.select().from(outbox).where(eq(outbox.topic, MINT_TOPIC))
    expect(rows).toHaveLength(1)
    await t.runQueue()
    // Delivered again (a queue redelivery) and run again by hand: still one mint.
    await deliverOutbox(t.deps, [rows[0]!.id])
    await Promise.all([runMint(t.deps, t.program.id, { reward_id: reward.id, participant_id: m.id }), runMint(t.deps, t.program.id, { reward_id: reward.id, participant_id: m.id })])
    const mints = (await logOf(t.db, t.program.id)).filter((l) => l.kind === 'mint')
    expect(mints).toHaveLength(1)
    expect(mints[0]).toMatchObject({ rewardId: reward.id, participantId: m.id, idempotencyKey: mintKey(reward.id, m.id) })
  })

  it('queues nothing without a collection or with the integration off', async () => {
    const t = await setup('simulated')
    const reward = await t.achievement()
    const m = await t.addMember()
    await evaluateAutoRewards(t.scope, t.deps, m.id)
    expect(await t.scope.count(rewardClaims, eq(rewardClaims.rewardId, reward.id))).toBe(1)
    expect(await t.db.select().from(outbox).where(eq(outbox.topic, MINT_TOPIC))).toHaveLength(0)
    const other = await t.achievement('Second badge')
    await t.createCollection(other.id)
    await saveChainIntegration(t.scope, t.deps, { enabled: false, network: 'testnet' })
    const n = await t.addMember()
    await evaluateAutoRewards(t.scope, t.deps, n.id)
    expect(await t.db.select().from(outbox).where(eq(outbox.topic, MINT_TOPIC))).toHaveLength(0)
  })

  it('keeps the achievement when the chain fails, retries, and never mints twice (Aptos)', async () => {
    const t = await setup('aptos')
    const reward = await t.achievement()
    await t.createCollection(reward.id)
    const m = await t.addMember()
    t.aptos.state.failSubmits = 1
    await evaluateAutoRewards(t.scope, t.deps, m.id)
    expect(await t.runQueue()).toEqual({ delivered: 0, failed: 1 })
    // The award stands; the mint waits for its retry.
    expect(await t.scope.count(rewardClaims, and(eq(rewardClaims.rewardId, reward.id), eq(rewardClaims.participantId, m.id)))).toBe(1)
    const [row] = await t.db.select().from(outbox).where(eq(outbox.topic, MINT_TOPIC))
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'fullnode unreachable' })
    // A transaction that fails on chain is logged as failed and retried too.
    t.aptos.state.failOnChain = 1
    t.clock.advance(60_000)
    expect(await deliverOutbox(t.deps)).toEqual({ delivered: 0, failed: 1 })
    t.clock.advance(120_000)
    // Two deliverers at once: the outbox claim lets one run it.
    const results = await Promise.all([deliverOutbox(t.deps), deliverOutbox(t.deps)])
    expect(results.reduce((n, r) => n + r.delivered, 0)).toBe(1)
    const mints = (await logOf(t.db, t.program.id)).filter((l) => l.kind === 'mint')
    expect(mints.map((l) => l.status)).toEqual(['failed', 'success'])
    expect(t.aptos.tokens).toHaveLength(1)
    expect(await verifyChainLog(t.scope)).toMatchObject({ ok: true })
  })

  it('recovers a mint that reached the chain but not the log, without minting again (Aptos)', async () => {
    const t = await setup('aptos')
    const reward = await t.achievement()
    await t.createCollection(reward.id)
    const m = await t.addMember()
    const [claim] = await t.scope.insert(rewardClaims, { rewardId: reward.id, participantId: m.id, claimKey: 'once', status: 'won' }).returning()
    expect(claim).toBeTruthy()
    // The chain holds the token (the process stopped before logging it).
    const collection = (await logOf(t.db, t.program.id))[0]!
    const signer = String(collection.data.creator_address)
    t.aptos.tokens.push({ owner: signer, collection: String(collection.data.collection_address), name: `${reward.name} #${m.id}`, id: '0x' + 'ab'.repeat(32) })
    expect(await runMint(t.deps, t.program.id, { reward_id: reward.id, participant_id: m.id })).toBe('minted')
    expect(t.aptos.state.submissions).toBe(1) // the collection only
    const mints = (await logOf(t.db, t.program.id)).filter((l) => l.kind === 'mint')
    expect(mints).toHaveLength(1)
    expect(mints[0]!.data.token_address).toBe('0x' + 'ab'.repeat(32))
  })
})

describe('the chain integration', () => {
  it('locks the network once mainnet is chosen', async () => {
    const t = await setup('simulated')
    await saveChainIntegration(t.scope, t.deps, { enabled: true, network: 'mainnet' })
    await expect(saveChainIntegration(t.scope, t.deps, { enabled: true, network: 'testnet' })).rejects.toThrow('The network is locked once mainnet is chosen')
    expect(await saveChainIntegration(t.scope, t.deps, { enabled: false, network: 'mainnet' })).toMatchObject({ enabled: false, network: 'mainnet' })
  })

  it('mints on the network of the integration (Aptos mainnet)', async () => {
    const t = await setup('aptos')
    await saveChainIntegration(t.scope, t.deps, { enabled: true, network: 'mainnet' })
    const chain = await chainFor(t.scope, t.deps)
    expect(chain.network).toBe('mainnet')
    const integration = await saveChainIntegration(t.scope, t.deps, { enabled: true, network: 'mainnet' })
    expect(integration.walletAddress).toMatch(/^0x[0-9a-f]{64}$/)
  })
})

describe('Blockchain Transactions tabs', () => {
  it('shows the log on the reward (with a collection) and on the participant', async () => {
    const t = await setup('simulated')
    const reward = await t.achievement()
    const none = await t.admin.json(`${t.base}/${reward.id}/blockchain_transactions`)
    expect(none.status).toBe(404)
    await t.createCollection(reward.id)
    const m = await t.addMember()
    await evaluateAutoRewards(t.scope, t.deps, m.id)
    await t.runQueue()
    const tab = await t.admin.json<ChainTransactionPage>(`${t.base}/${reward.id}/blockchain_transactions`)
    expect(tab.status).toBe(200)
    expect(tab.body.data.map((r) => [r.kind, r.status])).toEqual([
      ['mint', 'success'],
      ['create_collection', 'success'],
    ])
    expect(tab.body.data[0]!.tx_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(tab.body.meta.total).toBe(2)
    const mine = await t.admin.json<ChainTransactionPage>(`/admin/v2/programs/${t.program.id}/participants/${m.id}/blockchain_transactions`)
    expect(mine.status).toBe(200)
    expect(mine.body.data).toEqual([expect.objectContaining({ kind: 'mint', participant_id: m.id, reward_id: reward.id })])
  })

  it('needs rewards manage to create a collection and rewards view for the tab', async () => {
    const t = await setup('simulated')
    const reward = await t.achievement()
    const viewer = await t.signIn('viewer@example.com', [['rewards', 'view']])
    const refused = await viewer.json(`${t.base}/${reward.id}`, { json: { intent: 'create_nft_collection' } })
    expect(refused.status).toBe(403)
    expect(await logOf(t.db, t.program.id)).toHaveLength(0)
    const manager = await t.signIn('manager@example.com', [['rewards', 'view'], ['rewards', 'manage']])
    expect((await manager.json(`${t.base}/${reward.id}`, { json: { intent: 'create_nft_collection' } })).status).toBe(200)
    expect((await viewer.json(`${t.base}/${reward.id}/blockchain_transactions`)).status).toBe(200)
    const nobody = await t.signIn('nobody@example.com', [['users', 'view']])
    expect((await nobody.json(`${t.base}/${reward.id}/blockchain_transactions`)).status).toBe(403)
  })

  it("never shows or touches another program's log", async () => {
    const t = await setup('simulated')
    const reward = await t.achievement()
    await t.createCollection(reward.id)
    const [other] = await t.db.select().from(programs).where(eq(programs.publicKey, 'demo-b'))
    const otherProgram = other ?? (await t.db.select().from(programs)).find((p) => p.id !== t.program.id)
    expect(otherProgram).toBeTruthy()
    const otherScope = programScope(t.db, otherProgram!.id)
    expect(await verifyChainLog(otherScope)).toEqual({ ok: true, entries: 0 })
    // The reward id under another program's path is not found.
    const foreign = await t.admin.json(`/admin/v2/programs/${otherProgram!.id}/rewards/${reward.id}/blockchain_transactions`)
    expect([403, 404]).toContain(foreign.status)
    // A mint queued under the wrong program finds nothing to mint.
    const m = await t.addMember()
    expect(await runMint(t.deps, otherProgram!.id, { reward_id: reward.id, participant_id: m.id })).toBe('skipped')
    expect(await otherScope.count(chainTransactions)).toBe(0)
  })
})

describe("the program's chain log", () => {
  it('lists every transaction, opens one by its hash (the creation link) and verifies the chain', async () => {
    const t = await setup('simulated')
    const reward = await t.achievement()
    const created = await t.createCollection(reward.id)
    const m = await t.addMember()
    await evaluateAutoRewards(t.scope, t.deps, m.id)
    await t.runQueue()
    const base = `/admin/v2/programs/${t.program.id}/blockchain_transactions`
    const list = await t.admin.json<ChainTransactionPage>(base)
    expect(list.body.data.map((r) => r.seq)).toEqual([2, 1])
    const link = created.body.data!.nft_collection_transaction_create_url
    expect(link).toBe(`${base}/${list.body.data[1]!.tx_hash}`)
    const one = await t.admin.json<{ data: { kind: string; chain_status: string } }>(link)
    expect(one.status).toBe(200)
    expect(one.body.data).toMatchObject({ kind: 'create_collection', chain_status: 'success' })
    expect((await t.admin.json(`${base}/${'0'.repeat(64)}`)).status).toBe(404)
    expect((await t.admin.json(`${base}/verify`)).body).toEqual({ ok: true, entries: 2 })
  })
})

describe('synced achievement winners', () => {
  it('get one collectible each, even when the sync runs twice', async () => {
    const t = await setup('simulated')
    const reward = await t.achievement()
    await t.createCollection(reward.id)
    const members = [await t.addMember(), await t.addMember()]
    for (let i = 0; i < 2; i++) {
      const res = await t.admin.json(`${t.base}/${reward.id}`, { json: { intent: 'sync_winners', send_email: false } })
      expect([202, 422]).toContain(res.status)
    }
    // The syncs, then the mints they queued.
    for (let i = 0; i < 4; i++) await t.runQueue()
    const mints = (await logOf(t.db, t.program.id)).filter((l) => l.kind === 'mint')
    expect(mints.map((l) => l.participantId).sort()).toEqual(members.map((m) => m.id).sort())
    expect(await verifyChainLog(t.scope)).toMatchObject({ ok: true })
  })
})

describe('a collectible lives where its collection lives', () => {
  it('keeps minting a simulated-chain collection locally after an Aptos signer is configured', async () => {
    const t = await setup('aptos')
    const rewardId = await collectibleRewardFor(t.db, t.program.id, 'Local badge')
    const m = await t.addMember()
    await evaluateAutoRewards(t.scope, t.deps, m.id)
    await t.runQueue()
    const mints = (await logOf(t.db, t.program.id)).filter((l) => l.kind === 'mint' && l.rewardId === rewardId)
    expect(mints.map((l) => l.network)).toEqual(['local'])
    expect(t.aptos.state.submissions).toBe(0)
  })
})
