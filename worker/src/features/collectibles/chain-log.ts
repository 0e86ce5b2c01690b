import { and, asc, desc, eq, max } from 'drizzle-orm'
import { chainTransactions } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'

export type ChainLogRow = typeof chainTransactions.$inferSelect
export type ChainKind = ChainLogRow['kind']

/** What a caller appends; seq, prev_hash, hash and (for the local chain) tx_hash are the log's own. */
export type ChainEntryInput = {
  kind: ChainKind
  idempotencyKey: string
  network: string
  status: 'success' | 'failed'
  /** The transaction's hash on its chain; absent on the local chain, where the entry's hash is the transaction. */
  txHash?: string
  rewardId: number | null
  participantId: number | null
  data: Record<string, string | number | null>
  recordedAt: number
}

/** The previous hash of a program's first entry. */
export const GENESIS_HASH = '0'.repeat(64)

/**
 * JSON with object keys sorted at every depth and no whitespace: the same entry always gives the same
 * text, whatever order its fields were built in (RFC 8785's key ordering for the values used here).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('canonicalJson: non-finite number')
    return JSON.stringify(value ?? null)
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/** The hashed fields of an entry (everything but the row id, the hashes and the insert time). */
export function hashedEntry(row: Omit<ChainLogRow, 'id' | 'hash' | 'prevHash' | 'createdAt' | 'txHash'> & { txHash: string | null }) {
  return {
    program_id: row.programId,
    seq: row.seq,
    kind: row.kind,
    idempotency_key: row.idempotencyKey,
    network: row.network,
    status: row.status,
    // On the local chain the transaction hash is the entry hash itself, so it is not part of its input.
    tx_hash: row.network === 'local' ? null : row.txHash,
    reward_id: row.rewardId,
    participant_id: row.participantId,
    data: row.data,
    recorded_at: row.recordedAt,
  }
}

export const entryHash = (prevHash: string, entry: ReturnType<typeof hashedEntry>) => sha256Hex(prevHash + canonicalJson(entry))

export const findByKey = (scope: ProgramScope, key: string) => scope.first(chainTransactions, eq(chainTransactions.idempotencyKey, key))

/** libSQL and D1 name the columns of the failed UNIQUE in the message (drizzle may wrap it in a cause). */
const isUnique = (err: unknown, column: string) => {
  let e: unknown = err
  for (let i = 0; e && i < 6; i++) {
    const text = String((e as Error).message ?? e)
    if (text.includes('UNIQUE constraint failed') && text.includes(column)) return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}
const isSeqConflict = (err: unknown) => isUnique(err, 'chain_transactions.seq')
const isKeyConflict = (err: unknown) => isUnique(err, 'chain_transactions.idempotency_key')

/**
 * Appends one entry at the end of the program's chain and answers it; idempotent by the entry's key:
 * when an entry with the key exists (a retry, a concurrent append) that entry is answered and nothing is
 * added. Two appends racing for the same position: UNIQUE (program, seq) lets one win, the other reads
 * the new tip and tries again, so the chain never forks.
 */
export function appendEntry(scope: ProgramScope, input: ChainEntryInput): Promise<{ row: ChainLogRow; appended: boolean }> {
  // One append at a time per program in this process (no retry storm among local callers); other
  // processes are kept apart by the UNIQUE position and the retry below.
  const queues = appending.get(scope.db) ?? new Map<number, Promise<unknown>>()
  appending.set(scope.db, queues)
  const run = (queues.get(scope.programId) ?? Promise.resolve()).catch(() => {}).then(() => appendNow(scope, input))
  queues.set(scope.programId, run)
  void run.finally(() => {
    if (queues.get(scope.programId) === run) queues.delete(scope.programId)
  }).catch(() => {})
  return run
}

const appending = new WeakMap<object, Map<number, Promise<unknown>>>()

async function appendNow(scope: ProgramScope, input: ChainEntryInput): Promise<{ row: ChainLogRow; appended: boolean }> {
  let last: unknown
  for (let attempt = 0; attempt < 50; attempt++) {
    const existing = await findByKey(scope, input.idempotencyKey)
    if (existing) return { row: existing, appended: false }
    const [tip] = await scope.select(chainTransactions).orderBy(desc(chainTransactions.seq)).limit(1)
    const seq = (tip?.seq ?? 0) + 1
    const prevHash = tip?.hash ?? GENESIS_HASH
    const base = { programId: scope.programId, seq, kind: input.kind, idempotencyKey: input.idempotencyKey, network: input.network, status: input.status, rewardId: input.rewardId, participantId: input.participantId, data: input.data, recordedAt: input.recordedAt }
    const hash = await entryHash(prevHash, hashedEntry({ ...base, txHash: input.txHash ?? null }))
    try {
      const [row] = await scope
        .insert(chainTransactions, { seq, kind: input.kind, idempotencyKey: input.idempotencyKey, network: input.network, status: input.status, txHash: input.txHash ?? hash, rewardId: input.rewardId, participantId: input.participantId, data: input.data, prevHash, hash, recordedAt: input.recordedAt })
        .returning()
      return { row: row!, appended: true }
    } catch (err) {
      if (!isSeqConflict(err) && !isKeyConflict(err)) throw err
      last = err
    }
  }
  throw new Error(`chain log: too many concurrent appends (${String((last as Error)?.message ?? last)})`, { cause: last })
}

export type VerifyResult = { ok: true; entries: number } | { ok: false; entries: number; brokenAt: number; reason: string }

/**
 * Recomputes the program's whole chain from the genesis hash: every entry's seq follows the previous
 * one, its prev_hash is the previous entry's hash, and its hash is SHA-256(prev hash + canonical JSON of
 * the entry). Any edited field, removed or reordered entry is reported with the first position it breaks.
 */
export async function verifyChainLog(scope: ProgramScope): Promise<VerifyResult> {
  const rows = await scope.select(chainTransactions).orderBy(asc(chainTransactions.seq))
  let prev = GENESIS_HASH
  for (const [i, row] of rows.entries()) {
    if (row.seq !== i + 1) return { ok: false, entries: rows.length, brokenAt: i + 1, reason: 'missing or reordered entry' }
    if (row.prevHash !== prev) return { ok: false, entries: rows.length, brokenAt: row.seq, reason: 'previous hash does not match' }
    const expected = await entryHash(prev, hashedEntry(row))
    if (expected !== row.hash) return { ok: false, entries: rows.length, brokenAt: row.seq, reason: 'entry hash does not match its content' }
    if (row.network === 'local' && row.txHash !== row.hash) return { ok: false, entries: rows.length, brokenAt: row.seq, reason: 'transaction hash does not match' }
    prev = row.hash
  }
  return { ok: true, entries: rows.length }
}

/** The program's last position (tests and the verify answer). */
export const chainLength = async (scope: ProgramScope) =>
  (await scope.db.select({ n: max(chainTransactions.seq) }).from(chainTransactions).where(scope.where(chainTransactions)))[0]?.n ?? 0

export const byTxHash = (scope: ProgramScope, hash: string) => scope.first(chainTransactions, eq(chainTransactions.txHash, hash))

export const collectionEntry = (scope: ProgramScope, rewardId: number) =>
  scope.first(chainTransactions, and(eq(chainTransactions.kind, 'create_collection'), eq(chainTransactions.idempotencyKey, collectionKey(rewardId))))

export const collectionKey = (rewardId: number) => `collection:${rewardId}`
export const mintKey = (rewardId: number, participantId: number) => `mint:${rewardId}:${participantId}`
