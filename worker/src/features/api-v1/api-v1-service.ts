import { and, desc, eq, lt, type SQL, sql } from 'drizzle-orm'
import type { ApiLedgerEntry, ApiParticipant, LedgerPage, ParticipantUpsert, PointsAdjust, PointsAdjustResult } from '../../../../sdk/contract/api-v1'
import { participantExternalIds, participants, pointsLedger } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import type { ParticipantRow } from '../../env'
import { randomToken } from '../../lib/crypto'
import { AppError } from '../../lib/errors'
import { afterParticipantChange } from '../challenges/effects'
import { isBalanceViolation, ledgerWrite, pointsEventFor } from '../points/ledger'
import { actionInsert, eventDeliveries, participantCreatedInsert, participantUpdatedInsert } from '../webhooks/events'
import { dispatchOutboxLater, outboxIdsFrom } from '../webhooks/outbox'
import { batch } from '../../db/batch'

const participantNotFound = () => new AppError('not_found', 404, 'No such participant', { id: 'not found' })

export function toApiParticipant(p: ParticipantRow, externalId: string | null): ApiParticipant {
  return {
    object: 'participant',
    id: p.id,
    email: p.email,
    external_id: externalId,
    first_name: p.firstName,
    last_name: p.lastName,
    status: p.status,
    points_balance: p.unusedPoints,
    lifetime_points: p.points,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  }
}

const toEntry = (row: typeof pointsLedger.$inferSelect): ApiLedgerEntry => ({
  object: 'ledger_entry',
  id: row.id,
  participant_id: row.participantId,
  delta: row.delta,
  kind: row.kind,
  source: row.source,
  title: row.title,
  created_at: row.createdAt.toISOString(),
})

async function externalIdOf(scope: ProgramScope, participantId: number): Promise<string | null> {
  const row = await scope.first(participantExternalIds, eq(participantExternalIds.participantId, participantId))
  return row?.externalId ?? null
}

/**
 * The participant the condition finds in the key's program, with its external id, in ONE statement (a
 * subquery for the id): on Workers every statement is a round trip to D1, and an API read is the key
 * check plus this.
 */
function participantWithExternalId(scope: ProgramScope, where: SQL) {
  const x = participantExternalIds
  return scope.db
    // The outer row's id named with its table: drizzle writes a column of the selected table unqualified,
    // and inside the subquery a bare "id" would be the external id row's own.
    .select({ participant: participants, externalId: sql<string | null>`(SELECT ${x.externalId} FROM ${x} WHERE ${x.programId} = ${scope.programId} AND ${x.participantId} = "participants"."id" LIMIT 1)` })
    .from(participants)
    .where(scope.where(participants, where))
    .limit(1)
}

/** The participant of the key's program, or 404 (an id of another program is simply not found). */
export async function participantOr404(scope: ProgramScope, id: number): Promise<ParticipantRow> {
  const row = Number.isSafeInteger(id) && id > 0 ? await scope.first(participants, eq(participants.id, id)) : undefined
  if (!row) throw participantNotFound()
  return row
}

/** The participant of the key's program with its external id (one statement), or 404. */
async function participantWithExternalIdOr404(scope: ProgramScope, id: number) {
  const [found] = Number.isSafeInteger(id) && id > 0 ? await participantWithExternalId(scope, eq(participants.id, id)) : []
  if (!found) throw participantNotFound()
  return found
}

export async function getParticipant(scope: ProgramScope, id: number): Promise<ApiParticipant> {
  const found = await participantWithExternalIdOr404(scope, id)
  return toApiParticipant(found.participant, found.externalId)
}

/** GET /api/v1/participants?email=|external_id=: a list of zero or one (the filters are unique). */
export async function findParticipants(scope: ProgramScope, query: { email?: string | undefined; external_id?: string | undefined }): Promise<ApiParticipant[]> {
  const x = participantExternalIds
  const byExternal =
    query.external_id !== undefined ? sql`${participants.id} = (SELECT ${x.participantId} FROM ${x} WHERE ${x.programId} = ${scope.programId} AND ${x.externalId} = ${query.external_id})` : undefined
  const byEmail = query.email !== undefined ? eq(participants.email, query.email.toLowerCase()) : undefined
  if (!byExternal && !byEmail) return []
  const [found] = await participantWithExternalId(scope, and(byExternal, byEmail)!)
  return found ? [toApiParticipant(found.participant, found.externalId)] : []
}

/**
 * POST /api/v1/participants: the participant with this `external_id`, else this `email`, updated with
 * what the body sets; created (201) when neither matches. An `external_id` is attached once: a
 * participant keeps the one it has, and an id already used by another participant is refused.
 */
export async function upsertParticipant(scope: ProgramScope, deps: Deps, input: ParticipantUpsert): Promise<{ created: boolean; participant: ApiParticipant }> {
  const email = input.email?.toLowerCase()
  const byExternal = input.external_id !== undefined ? await scope.first(participantExternalIds, eq(participantExternalIds.externalId, input.external_id)) : undefined
  let row = byExternal ? await scope.first(participants, eq(participants.id, byExternal.participantId)) : undefined
  if (!row && email) row = await scope.first(participants, eq(participants.email, email))
  let created = false
  /** The update of an existing participant: columns to set, and the same change as participant.updated names it. */
  const set: Partial<typeof participants.$inferInsert> = {}
  const changed: Record<string, unknown> = {}

  if (!row) {
    if (!email) throw new AppError('validation_failed', 422, 'email: is required to create a participant', { email: 'is required to create a participant' })
    const [inserted] = await scope
      .insert(participants, {
        email,
        firstName: input.first_name ?? email.split('@')[0]!,
        lastName: input.last_name ?? '',
        referralCode: randomToken(6).replace(/[-_]/g, 'x').toUpperCase().slice(0, 8),
        status: 'active',
      })
      .onConflictDoNothing()
      .returning()
    // A parallel call created the same e-mail first: update that one.
    row = inserted ?? (await scope.first(participants, eq(participants.email, email)))!
    created = Boolean(inserted)
  } else {
    if (email && email !== row.email) {
      const taken = await scope.first(participants, eq(participants.email, email))
      if (taken) throw new AppError('validation_failed', 422, 'email: belongs to another participant', { email: 'belongs to another participant' })
      set.email = changed.email = email
    }
    if (input.first_name !== undefined && input.first_name !== row.firstName) set.firstName = changed.first_name = input.first_name
    if (input.last_name !== undefined && input.last_name !== row.lastName) set.lastName = changed.last_name = input.last_name
  }

  // The external id first: a refused one changes nothing else.
  let externalId = byExternal?.externalId ?? (await externalIdOf(scope, row!.id))
  if (input.external_id !== undefined && externalId !== input.external_id) {
    if (externalId !== null) throw new AppError('validation_failed', 422, 'external_id: the participant already has another external_id', { external_id: 'the participant already has another external_id' })
    const attached = await scope.insert(participantExternalIds, { participantId: row!.id, externalId: input.external_id }).onConflictDoNothing().returning({ id: participantExternalIds.id })
    if (!attached.length) throw new AppError('validation_failed', 422, 'external_id: belongs to another participant', { external_id: 'belongs to another participant' })
    externalId = changed.external_id = input.external_id
  }
  if (created) {
    const delivery = (await eventDeliveries(deps, scope.programId, ['participant.created']))['participant.created']
    const results = (await batch(deps.db, [participantCreatedInsert(deps.db, scope.programId, row!, { source: 'api', externalId }, delivery)])) as unknown[]
    if (delivery.subscribed) dispatchOutboxLater(deps, outboxIdsFrom(results, [0]))
  } else if (Object.keys(changed).length) {
    // The change and its participant.updated event in one batch.
    const delivery = (await eventDeliveries(deps, scope.programId, ['participant.updated']))['participant.updated']
    const update = Object.keys(set).length ? [scope.update(participants, { ...set, updatedAt: new Date(deps.clock.now()) }, eq(participants.id, row!.id)).returning()] : []
    let results: unknown[]
    try {
      results = (await batch(deps.db, [...update, participantUpdatedInsert(deps.db, scope.programId, row!.id, changed, delivery)])) as unknown[]
    } catch (err) {
      // A parallel call gave the e-mail to someone else between the check and the write.
      if (/UNIQUE constraint failed/i.test(String((err as Error)?.message) + String((err as { cause?: unknown })?.cause ?? ''))) throw new AppError('validation_failed', 422, 'email: belongs to another participant', { email: 'belongs to another participant' })
      throw err
    }
    if (update.length) row = (results[0] as ParticipantRow[])[0] ?? row
    if (delivery.subscribed) dispatchOutboxLater(deps, outboxIdsFrom(results, [update.length]))
  }
  return { created, participant: toApiParticipant(row!, externalId) }
}

const DELTA_SIGN = { earn: 1, refund: 1, spend: -1 } as const

/**
 * POST /api/v1/participants/{id}/points: one ledger row, the participant action and a `points.changed`
 * webhook in one batch. The ledger trigger moves the balance in the same statement and the
 * participants CHECK (unused_points >= 0) fails the whole batch when a spend is larger than the
 * balance at that moment, so parallel spends can never overdraw. `ledgerKey` (from the request's
 * Idempotency-Key) makes the ledger row itself unique as well.
 */
export async function adjustParticipantPoints(scope: ProgramScope, deps: Deps, participantId: number, input: PointsAdjust, ledgerKey: string): Promise<PointsAdjustResult> {
  await participantOr404(scope, participantId)
  const delta = DELTA_SIGN[input.type] * input.amount
  const key = `api:${ledgerKey}`
  const event = { ...(await pointsEventFor(deps, scope.programId)), data: { type: input.type } }
  let results: unknown[]
  try {
    // The batch ends with what the answer shows: the entry (this call's, or the one a replayed key
    // wrote) and the participant after it, so nothing is read again afterwards.
    results = (await batch(deps.db, [
      ...ledgerWrite(scope, { participantId, delta, kind: input.type, source: 'api', title: input.reason, idempotencyKey: key }, event, { returningId: true }),
      actionInsert(scope, { participantId, actionType: 'points_adjusted', title: input.reason, points: delta, dedupeKey: key }),
      scope.db.select().from(pointsLedger).where(scope.where(pointsLedger, eq(pointsLedger.idempotencyKey, key))).limit(1),
      participantWithExternalId(scope, eq(participants.id, participantId)),
    ])) as unknown[]
  } catch (err) {
    if (isBalanceViolation(err)) throw new AppError('not_enough_points', 422, 'The participant does not have enough points', { amount: 'is more than the balance' })
    throw err
  }
  if (event.subscribed) dispatchOutboxLater(deps, outboxIdsFrom(results, [1]))
  const entry = (results[3] as (typeof pointsLedger.$inferSelect)[])[0]!
  const after = (results[4] as { participant: ParticipantRow; externalId: string | null }[])[0]!
  // The follow-ups (tier, automatic rewards) from the values the batch returned: usually no query.
  await afterParticipantChange(scope, deps, participantId, { participant: after.participant, completedChallenge: false })
  return { entry: toEntry(entry), participant: toApiParticipant(after.participant, after.externalId) }
}

/**
 * GET /api/v1/participants/{id}/ledger: newest first, `limit` rows after the `starting_after` id;
 * `expand[]=participant` puts the participant in each entry.
 */
export async function participantLedger(
  scope: ProgramScope,
  participantId: number,
  query: { limit: number; starting_after?: number | undefined; expand?: 'participant'[] | undefined },
): Promise<LedgerPage> {
  // The participant (its 404, and its expansion with the external id) in one statement.
  const found = await participantWithExternalIdOr404(scope, participantId)
  const rows = await scope
    .select(pointsLedger, and(eq(pointsLedger.participantId, participantId), query.starting_after !== undefined ? lt(pointsLedger.id, query.starting_after) : undefined))
    .orderBy(desc(pointsLedger.id))
    .limit(query.limit + 1)
  const expanded = query.expand?.includes('participant') ? toApiParticipant(found.participant, found.externalId) : undefined
  const data = rows.slice(0, query.limit).map((row) => (expanded ? { ...toEntry(row), participant: expanded } : toEntry(row)))
  return { object: 'list', data, has_more: rows.length > query.limit }
}
