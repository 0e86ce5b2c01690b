import type { Clock } from '../../deps'
import type { ProgramScope } from '../../db/scope'
import type { ChainAdapter, ChainTx } from './adapter'
import { appendEntry, byTxHash, type ChainLogRow, sha256Hex } from './chain-log'

export const LOCAL_NETWORK = 'local'

/** A log row as the adapter's answer. */
export function txOf(row: ChainLogRow, explorer: (row: ChainLogRow) => string | null = () => null): ChainTx {
  const data = row.data
  const address = (row.kind === 'mint' ? data.token_address : data.collection_address) ?? null
  return {
    hash: row.txHash,
    kind: row.kind,
    status: row.status,
    network: row.network,
    key: row.idempotencyKey,
    address: address === null ? null : String(address),
    owner_address: data.owner_address == null ? null : String(data.owner_address),
    explorer_url: explorer(row),
    recorded_at: row.recordedAt,
  }
}

/** A deterministic 32-byte address from the program and the key (the same mint always has the same token). */
const addressOf = async (programId: number, what: string) => `0x${await sha256Hex(`tessera-local:${programId}:${what}`)}`

/**
 * The simulated local chain: no network, every transaction is an entry of the program's append-only,
 * hash-chained log (chain-log.ts), and the entry's hash is the transaction hash. Collections and tokens
 * get deterministic addresses; the owner of a minted token is the program's simulated wallet.
 */
export function createSimulatedChain(scope: ProgramScope, clock: Clock): ChainAdapter {
  const wallet = () => addressOf(scope.programId, 'wallet')
  return {
    network: LOCAL_NETWORK,
    async createCollection(input) {
      const { row } = await appendEntry(scope, {
        kind: 'create_collection',
        idempotencyKey: input.key,
        network: LOCAL_NETWORK,
        status: 'success',
        rewardId: input.rewardId,
        participantId: null,
        data: { collection_name: input.name, collection_address: await addressOf(scope.programId, input.key), creator_address: await wallet(), uri: input.uri },
        recordedAt: clock.now(),
      })
      return txOf(row)
    },
    async mint(input) {
      const { row } = await appendEntry(scope, {
        kind: 'mint',
        idempotencyKey: input.key,
        network: LOCAL_NETWORK,
        status: 'success',
        rewardId: input.rewardId,
        participantId: input.participantId,
        data: { collection_address: input.collectionAddress, token_name: input.name, token_address: await addressOf(scope.programId, input.key), owner_address: await wallet(), uri: input.uri },
        recordedAt: clock.now(),
      })
      return txOf(row)
    },
    async getTransaction(hash) {
      const row = await byTxHash(scope, hash)
      return row && row.network === LOCAL_NETWORK ? txOf(row) : null
    },
  }
}
