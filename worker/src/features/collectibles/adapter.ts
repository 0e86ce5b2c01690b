/**
 * The chain adapter (docs/decisions/0018-collectibles-chain-adapter.md): what collectibles need from a
 * chain. Two implementations: the simulated local chain (simulated.ts, the default everywhere) and Aptos
 * (aptos.ts, when the program's integration is on testnet or mainnet and a signer is configured). Both
 * are idempotent by `key`: asking twice for the same collection or mint answers the first transaction.
 */
export type ChainTx = {
  hash: string
  kind: 'create_collection' | 'mint'
  status: 'success' | 'failed'
  /** 'local', 'testnet' or 'mainnet'. */
  network: string
  key: string
  /** The collection's address (create) or the token's (mint). */
  address: string | null
  owner_address: string | null
  explorer_url: string | null
  recorded_at: number
}

export type CreateCollectionInput = { key: string; rewardId: number; name: string; description: string; uri: string }
export type MintInput = { key: string; rewardId: number; participantId: number; collectionName: string; collectionAddress: string; name: string; description: string; uri: string }

export interface ChainAdapter {
  readonly network: string
  createCollection(input: CreateCollectionInput): Promise<ChainTx>
  mint(input: MintInput): Promise<ChainTx>
  getTransaction(hash: string): Promise<ChainTx | null>
}
