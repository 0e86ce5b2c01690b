import { sql } from 'drizzle-orm'
import { pointsLedger } from '../db/schema'
import type { ProgramScope } from '../db/scope'

export type LedgerEntry = {
  participantId: number
  delta: number
  kind: (typeof pointsLedger.$inferInsert)['kind']
  source: (typeof pointsLedger.$inferInsert)['source']
  sourceId?: number | null
  title: string
  idempotencyKey: string
}

/**
 * The ledger insert for a batch. A trigger (migrations/0001_ledger_triggers.sql) applies the delta to
 * the participant's balance and lifetime points in the same statement; the participants CHECK
 * constraint makes an overspend fail the whole batch; a replayed idempotency key inserts nothing and
 * so changes nothing.
 */
export function ledgerInsert(scope: ProgramScope, entry: LedgerEntry) {
  return scope
    .insert(pointsLedger, { ...entry, sourceId: entry.sourceId ?? null })
    .onConflictDoNothing({ target: [pointsLedger.programId, pointsLedger.idempotencyKey] })
}

export const isBalanceViolation = (err: unknown) =>
  /participants_unused_points_nonnegative|CHECK constraint failed/i.test(String((err as Error)?.message ?? err) + String((err as { cause?: unknown })?.cause ?? ''))

export { sql }
