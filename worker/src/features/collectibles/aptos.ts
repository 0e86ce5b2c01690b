import type { Clock } from '../../deps'
import type { ProgramScope } from '../../db/scope'
import type { ChainNetwork } from '../../db/schema'
import type { ChainAdapter, ChainTx } from './adapter'
import type { Aptos } from '@aptos-labs/ts-sdk'
import type { AptosClientLike, AptosDeployment, AptosSetup } from '../../platform/aptos-types'
import { appendEntry, byTxHash, type ChainLogRow, findByKey } from './chain-log'
import { txOf } from './simulated'

export type { AptosClientLike, AptosDeployment, AptosSetup, AptosSigner } from '../../platform/aptos-types'


/**
 * The SDK, loaded only when a program's integration uses Aptos: the dynamic import keeps it out of
 * every path that does not (the simulated chain, tests, local development).
 */
export async function loadAptos(network: ChainNetwork, deployment: AptosDeployment): Promise<AptosSetup> {
  const sdk = await import('@aptos-labs/ts-sdk')
  const signer = sdk.Account.fromPrivateKey({ privateKey: new sdk.Ed25519PrivateKey(deployment.privateKey) })
  const client = deployment.client?.(network) ?? new sdk.Aptos(new sdk.AptosConfig({ network: network === 'mainnet' ? sdk.Network.MAINNET : sdk.Network.TESTNET }))
  return { client, signer }
}

export const explorerTxUrl = (network: string, hash: string) => `https://explorer.aptoslabs.com/txn/${hash}?network=${network}`
const explorer = (row: ChainLogRow) => explorerTxUrl(row.network, row.txHash)

type Committed = Awaited<ReturnType<Aptos['waitForTransaction']>>

/** The token a mint created: the `Mint` event of the collection module names it. */
function mintedToken(done: Committed): string | null {
  const events = (done as { events?: { type: string; data: Record<string, unknown> }[] }).events ?? []
  const mint = events.find((e) => /::collection::Mint(Event)?$/.test(e.type))
  const token = mint?.data.token ?? mint?.data.token_address
  return typeof token === 'string' ? token : token && typeof (token as { inner?: unknown }).inner === 'string' ? String((token as { inner: string }).inner) : null
}

/**
 * Aptos (testnet or mainnet, per the program's integration) through `@aptos-labs/ts-sdk`. Every
 * transaction it sends is also appended to the program's hash-chained log (chain-log.ts) with its
 * on-chain hash, which is what the Blockchain Transactions tabs show. Idempotent by key: the log is read
 * first, and before minting the chain itself is asked whether the program's wallet already holds a
 * token of that name in the collection (a crash between commit and log), so a retry never mints twice.
 */
export function createAptosChain(scope: ProgramScope, clock: Clock, network: ChainNetwork, { client, signer }: AptosSetup): ChainAdapter {
  const wallet = () => signer.accountAddress.toString()

  async function submit(transaction: Awaited<ReturnType<AptosClientLike['createCollectionTransaction']>>): Promise<{ hash: string; done: Committed }> {
    const pending = await client.signAndSubmitTransaction({ signer, transaction })
    const done = await client.waitForTransaction({ transactionHash: pending.hash })
    return { hash: pending.hash, done }
  }

  async function record(kind: ChainTx['kind'], key: string, hash: string, success: boolean, rewardId: number, participantId: number | null, data: Record<string, string | number | null>) {
    // A failed transaction stays in the log under its own key; the call fails so the caller (the outbox) retries.
    const { row } = await appendEntry(scope, { kind, idempotencyKey: success ? key : `${key}#failed:${hash}`, network, status: success ? 'success' : 'failed', txHash: hash, rewardId, participantId, data, recordedAt: clock.now() })
    if (!success) throw new Error(`Aptos ${kind} transaction ${hash} failed: ${String((data.vm_status as string) ?? '')}`)
    return txOf(row, explorer)
  }

  return {
    network,
    async createCollection(input) {
      const existing = await findByKey(scope, input.key)
      if (existing) return txOf(existing, explorer)
      const transaction = await client.createCollectionTransaction({ creator: signer, description: input.description, name: input.name, uri: input.uri })
      const { hash, done } = await submit(transaction)
      const collection = done.success ? await client.getCollectionData({ creatorAddress: wallet(), collectionName: input.name }) : null
      return record('create_collection', input.key, hash, done.success, input.rewardId, null, {
        collection_name: input.name,
        collection_address: collection?.collection_id ?? null,
        creator_address: wallet(),
        uri: input.uri,
        vm_status: done.vm_status,
      })
    },
    async mint(input) {
      const existing = await findByKey(scope, input.key)
      if (existing) return txOf(existing, explorer)
      const held = await client.getAccountOwnedTokensFromCollectionAddress({ accountAddress: wallet(), collectionAddress: input.collectionAddress })
      const already = held.find((t) => t.current_token_data?.token_name === input.name)
      if (already) {
        // Minted on chain, never logged (the process stopped in between): log what the chain holds.
        const { row } = await appendEntry(scope, {
          kind: 'mint',
          idempotencyKey: input.key,
          network,
          status: 'success',
          txHash: `recovered:${already.token_data_id}`,
          rewardId: input.rewardId,
          participantId: input.participantId,
          data: { collection_address: input.collectionAddress, token_name: input.name, token_address: already.token_data_id, owner_address: wallet(), uri: input.uri },
          recordedAt: clock.now(),
        })
        return txOf(row, explorer)
      }
      const transaction = await client.mintDigitalAssetTransaction({ creator: signer, collection: input.collectionName, description: input.description, name: input.name, uri: input.uri })
      const { hash, done } = await submit(transaction)
      return record('mint', input.key, hash, done.success, input.rewardId, input.participantId, {
        collection_address: input.collectionAddress,
        token_name: input.name,
        token_address: mintedToken(done),
        owner_address: wallet(),
        uri: input.uri,
        vm_status: done.vm_status,
      })
    },
    async getTransaction(hash) {
      // Only the program's own transactions: the log says what it was; the chain says how it ended.
      const row = await byTxHash(scope, hash)
      if (!row || row.network !== network) return null
      const tx = row.txHash.startsWith('recovered:') ? null : await client.getTransactionByHash({ transactionHash: hash })
      const answer = txOf(row, explorer)
      return tx && 'success' in tx ? { ...answer, status: tx.success ? 'success' : 'failed' } : answer
    },
  }
}
