import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { bool, createdAt, id, json } from './columns'
import { programs } from './programs'

export const chainNetworks = ['testnet', 'mainnet'] as const
export type ChainNetwork = (typeof chainNetworks)[number]

/**
 * The program's chain (Aptos) integration (admin-console-part-a.md: id, enabled, network,
 * wallet_address). Once the network is mainnet it never changes (features/collectibles/integration.ts).
 */
export const chainIntegrations = sqliteTable(
  'chain_integrations',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    enabled: bool('enabled').notNull().default(false),
    network: text('network', { enum: chainNetworks }).notNull().default('testnet'),
    /** Read-only in the console: the address the program's collectibles are minted from. */
    walletAddress: text('wallet_address'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('chain_integrations_program_uq').on(t.programId)],
)

/**
 * The append-only, hash-chained log of every chain transaction of a program (the simulated local chain
 * writes only here; the Aptos adapter records its on-chain transactions here too). Entry n's `hash` is
 * SHA-256(entry n-1's hash + canonical JSON of entry n), so editing, removing or reordering any entry
 * breaks every later hash (verifyChainLog). UNIQUE (program, seq) serialises appends; UNIQUE
 * (program, idempotency key) makes a create or a mint happen once.
 */
export const chainTransactions = sqliteTable(
  'chain_transactions',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    /** 1, 2, 3... per program: the position in the program's hash chain. */
    seq: integer('seq').notNull(),
    kind: text('kind', { enum: ['create_collection', 'mint'] }).notNull(),
    /** `collection:{rewardId}` or `mint:{rewardId}:{participantId}`. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** 'local' (the simulated chain), 'testnet' or 'mainnet'. */
    network: text('network').notNull(),
    status: text('status', { enum: ['success', 'failed'] }).notNull(),
    /** The transaction's hash on its chain (on the local chain: the entry's own hash). */
    txHash: text('tx_hash').notNull(),
    /** Plain ids, no foreign keys: the log outlives a deleted reward or participant (history is never rewritten). */
    rewardId: integer('reward_id'),
    participantId: integer('participant_id'),
    /** What the transaction made: { collection_address } or { token_address, owner_address }. */
    data: json<Record<string, string | number | null>>('data').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    /** Part of the hashed entry: ms since the epoch. */
    recordedAt: integer('recorded_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chain_transactions_seq_uq').on(t.programId, t.seq),
    uniqueIndex('chain_transactions_key_uq').on(t.programId, t.idempotencyKey),
    index('chain_transactions_reward_idx').on(t.programId, t.rewardId, t.seq),
    index('chain_transactions_participant_idx').on(t.programId, t.participantId, t.seq),
  ],
)
