import { sql } from 'drizzle-orm'
import { pointsLedger } from '../../db/schema'
import { bound, PROGRAM_ID, param, preparedFor } from '../../db/prepared'
import { type ProgramScope, programScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { type EventDelivery, eventDeliveries, isUnsubscribed, webhookInsert } from '../webhooks/events'

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
 * The bare ledger row, without its `points.changed` event: for seeds and test fixtures (lint keeps
 * engine code on ledgerWrite, which puts the event in the same batch). A trigger
 * (migrations/0001_ledger_triggers.sql) applies the delta to the participant's balance and lifetime
 * points in the same statement; the participants CHECK constraint makes an overspend fail the whole
 * batch; a replayed idempotency key inserts nothing and so changes nothing.
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

/** How a change records its `points.changed` event, with fields the payload adds (the API's `type`, a refund's claim). */
export type PointsEvent = EventDelivery & { data?: Record<string, unknown> }

/** The points.changed delivery of a write (hasWebhookFor, from the cached webhook list: no read on a warm cache). */
export async function pointsEventFor(deps: Deps, programId: number): Promise<PointsEvent> {
  return (await eventDeliveries(deps, programId, ['points.changed']))['points.changed']
}

/** The `points.changed` payload of a ledger row. */
export function pointsChangedData(entry: LedgerEntry, extra?: Record<string, unknown>) {
  return { participant_id: entry.participantId, delta: entry.delta, kind: entry.kind, source: entry.source, source_id: entry.sourceId ?? null, title: entry.title, ...extra }
}

/**
 * Every change of a participant's points, for one batch: the ledger row and its `points.changed`
 * webhook event, the event keyed by the row's idempotency key, so a replayed key adds neither and each
 * row is announced once. Spread both into the batch (or place them yourself: the event must never
 * come between a statement and one that reads its `changes()`). Without `event` the outbox row is
 * pending and its delivery finds whether anyone takes it; with it an unsubscribed program writes no
 * event (its slot is `null`, which batch leaves out: pointsEventFor). `strict`: a replayed key fails the batch instead of adding
 * nothing (a second refund of a claim). With `returningId` the ledger slot holds `[{ id }]`, empty on
 * a replay; the event slot holds `[{ id }]` of a new outbox row, `[]` when none is written (outboxIdsFrom).
 */
export function ledgerWrite(scope: ProgramScope, entry: LedgerEntry, event?: PointsEvent, opts: { returningId?: boolean; strict?: boolean } = {}) {
  const row = opts.strict
    ? scope.insert(pointsLedger, { ...entry, sourceId: entry.sourceId ?? null })
    : ledgerInsert(scope, entry, { returningId: opts.returningId ?? false })
  const announce = webhookInsert(scope.db, scope.programId, 'points.changed', pointsChangedData(entry, event?.data), entry.idempotencyKey, isUnsubscribed(event))
  return [row, announce] as const
}

export const isBalanceViolation = (err: unknown) =>
  /participants_unused_points_nonnegative|CHECK constraint failed/i.test(String((err as Error)?.message ?? err) + String((err as { cause?: unknown })?.cause ?? ''))

export { sql }
