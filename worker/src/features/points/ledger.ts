import { sql } from 'drizzle-orm'
import { pointsLedger } from '../../db/schema'
import { bound, PROGRAM_ID, param, preparedFor } from '../../db/prepared'
import { type ProgramScope, programScope } from '../../db/scope'

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
export function ledgerInsert(scope: ProgramScope, entry: LedgerEntry, opts: { returningId?: boolean } = {}) {
  // Prepared once per database, bound per request (db/prepared.ts): it is in every earn and spend batch.
  // With returningId its batch slot holds `[{ id }]`, empty when the key was replayed.
  const statement = preparedFor(scope.db, opts.returningId ? 'ledger-insert-returning' : 'ledger-insert', (d) => {
    const insert = programScope(d, PROGRAM_ID)
      .insert(pointsLedger, {
        participantId: param('participantId'),
        delta: param('delta'),
        kind: param('kind'),
        source: param('source'),
        sourceId: param('sourceId'),
        title: param('title'),
        idempotencyKey: param('idempotencyKey'),
      })
      .onConflictDoNothing({ target: [pointsLedger.programId, pointsLedger.idempotencyKey] })
    return (opts.returningId ? insert.returning({ id: pointsLedger.id }) : insert).prepare()
  })
  return bound(statement, { ...entry, sourceId: entry.sourceId ?? null, programId: scope.programId })
}

export const isBalanceViolation = (err: unknown) =>
  /participants_unused_points_nonnegative|CHECK constraint failed/i.test(String((err as Error)?.message ?? err) + String((err as { cause?: unknown })?.cause ?? ''))

export { sql }
