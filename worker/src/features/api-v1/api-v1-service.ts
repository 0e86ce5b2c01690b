import { and, desc, eq, lt, type SQL, sql } from 'drizzle-orm'
import type { ApiLedgerEntry, ApiParticipant, LedgerPage, ParticipantUpsert, PointsAdjust } from '../../../../sdk/contract/api-v1'
import { apiKeys, participantExternalIds, participants, pointsLedger } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import type { IdempotentWrite, ParticipantRow } from '../../env'
import { randomToken } from '../../lib/crypto'
import { AppError } from '../../lib/errors'
import { afterParticipantChange } from '../challenges/effects'
import { isBalanceViolation, ledgerWrite, pointsEventFor } from '../points/ledger'
import { actionInsert, eventDeliveries, participantCreatedInsert, participantUpdatedInsert } from '../webhooks/events'
import { dispatchOutboxLater, outboxIdsFrom } from '../webhooks/outbox'
import { batch, type BatchStatement } from '../../db/batch'
import type { Db } from '../../db/client'
import { param, PROGRAM_ID, preparedFor } from '../../db/prepared'
import { programScope } from '../../db/scope'
import { apiKeyRateNow } from '../integrations/api-keys'
import type { RequestKey } from './api-v1-key'

/** The request's key check, for a statement a read makes anyway (api-v1-key.ts): a cached key confirmed without a statement of its own. */
export type KeyCheck = Pick<RequestKey, 'key' | 'rateNow' | 'settle' | 'now'>

const participantNotFound = () => new AppError('not_found', 404, 'No such participant', { id: 'not found' })
/**
 * An erased participant (features/privacy/erasure.ts): the tombstone keeps the books, but the API no
 * longer reads it, credits it or charges it. Its own export and erase still answer (privacy/api.ts).
 */
const participantErased = () => new AppError('participant_erased', 410, 'This participant was erased', { id: 'erased' })

/** The participant's columns an API answer shows (and its erasure): a read maps these, not the whole row. */
const apiParticipantColumns = {
  id: participants.id,
  email: participants.email,
  firstName: participants.firstName,
  lastName: participants.lastName,
  status: participants.status,
  unusedPoints: participants.unusedPoints,
  points: participants.points,
  createdAt: participants.createdAt,
  updatedAt: participants.updatedAt,
  erasedAt: participants.erasedAt,
}
type ApiParticipantRow = Pick<ParticipantRow, keyof typeof apiParticipantColumns>

export function toApiParticipant(p: ApiParticipantRow, externalId: string | null): ApiParticipant {
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

/**
 * The answer of a points adjust, `{ entry, participant }` as JSON text, built in SQL from the ledger row
 * of `ledgerKey` and its participant: the write's batch stores it as the Idempotency-Key's answer and
 * answers it (idempotentWrite.complete), so the answer and its replays are the same bytes and no
 * statement follows the batch. It must equal `JSON.stringify({ entry: toEntry(row), participant:
 * toApiParticipant(p, externalId) })` of the same rows: same fields in the same order, dates as
 * Date#toISOString writes them (api-v1.test.ts compares the two).
 */
export function pointsAdjustAnswer(scope: ProgramScope, ledgerKey: string): SQL<string> {
  const iso = (ms: string) => sql.raw(`(strftime('%Y-%m-%dT%H:%M:%S', ${ms} / 1000, 'unixepoch') || printf('.%03dZ', ${ms} % 1000))`)
  return sql<string>`(SELECT json_object(
    'entry', json_object('object', 'ledger_entry', 'id', l.id, 'participant_id', l.participant_id, 'delta', l.delta, 'kind', l.kind, 'source', l.source, 'title', l.title, 'created_at', ${iso('l.created_at')}),
    'participant', json_object('object', 'participant', 'id', p.id, 'email', p.email,
      'external_id', (SELECT x.external_id FROM participant_external_ids x WHERE x.program_id = p.program_id AND x.participant_id = p.id LIMIT 1),
      'first_name', p.first_name, 'last_name', p.last_name, 'status', p.status, 'points_balance', p.unused_points, 'lifetime_points', p.points,
      'created_at', ${iso('p.created_at')}, 'updated_at', ${iso('p.updated_at')}))
    FROM points_ledger l JOIN participants p ON p.id = l.participant_id AND p.program_id = l.program_id
    WHERE l.program_id = ${scope.programId} AND l.idempotency_key = ${ledgerKey})`
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
    .select({ participant: apiParticipantColumns, externalId: sql<string | null>`(SELECT ${x.externalId} FROM ${x} WHERE ${x.programId} = ${scope.programId} AND ${x.participantId} = "participants"."id" LIMIT 1)` })
    .from(participants)
    .where(scope.where(participants, where))
    .limit(1)
}

/** SQL, a scalar for the points adjust's Idempotency-Key claim: 1 when participant `id` is in the program, else NULL. */
export function participantInProgram(scope: ProgramScope, id: number): SQL<number | null> {
  const safe = Number.isSafeInteger(id) && id > 0 ? id : 0
  // 1: there, 0: erased, null: not in the program.
  return sql<number | null>`(SELECT p.erased_at IS NULL FROM participants p WHERE p.id = ${safe} AND p.program_id = ${scope.programId})`
}

/** The participant of the key's program, or 404 (an id of another program is simply not found). */
export async function participantOr404(scope: ProgramScope, id: number): Promise<ParticipantRow> {
  const row = Number.isSafeInteger(id) && id > 0 ? await scope.first(participants, eq(participants.id, id)) : undefined
  if (!row) throw participantNotFound()
  if (row.erasedAt) throw participantErased()
  return row
}

type Found = { participant: ApiParticipantRow; externalId: string | null }

/**
 * participantWithExternalId, and with `key` the API key's state in the same statement: the key's row
 * (by id, in the program) is what the statement reads from, the participant joined to it, so the key's
 * state comes back even when no participant matches. A key no longer good is refused (401) before
 * anything is answered.
 */
async function participantFound(scope: ProgramScope, by: FindBy, key?: KeyCheck): Promise<Found | undefined> {
  if (!key) return (await participantWithExternalId(scope, findWhere(scope, findKind(by), (name) => (by as Partial<Record<FindField, unknown>>)[name] as never)))[0]
  const [row] = (await participantWithKey(scope.db, findKind(by)).execute({ programId: scope.programId, keyId: key.key.keyId, now: key.now, ...by })) as {
    keyRate: number | null
    participant: ApiParticipantRow | null
    externalId: string | null
  }[]
  key.settle(row?.keyRate)
  return row?.participant ? { participant: row.participant, externalId: row.externalId } : undefined
}

/** How a read finds its participant: by id, or by e-mail and/or external id (the lookup's filters). */
type FindBy = { id: number } | { email: string; externalId?: never } | { externalId: string; email?: never } | { email: string; externalId: string }
type FindKind = 'id' | 'email' | 'external' | 'email+external'
const findKind = (by: FindBy): FindKind => ('id' in by ? 'id' : by.email !== undefined && by.externalId !== undefined ? 'email+external' : by.email !== undefined ? 'email' : 'external')

type FindField = 'id' | 'email' | 'externalId'

/** The condition of a kind of find, each value given by `value` (the FindBy's, or placeholders of those names for a prepared statement). */
function findWhere(scope: ProgramScope, kind: FindKind, value: (name: FindField) => never): SQL {
  const x = participantExternalIds
  const byExternal = sql`${participants.id} = (SELECT ${x.participantId} FROM ${x} WHERE ${x.programId} = ${scope.programId} AND ${x.externalId} = ${value('externalId')})`
  const byEmail = eq(participants.email, value('email'))
  if (kind === 'id') return eq(participants.id, value('id'))
  if (kind === 'email') return byEmail
  if (kind === 'external') return byExternal
  return and(byExternal, byEmail)!
}

/**
 * The participant a read finds and the API key's state (RequestKey.rateNow), in ONE statement, built
 * once per database and kind of filter: the key's row (by id, in the program) is what the statement
 * reads from, the participant joined to it, so the key's state comes back even when no participant
 * matches. Building this query cost drizzle about as much as the rest of the call (issue 24).
 */
function participantWithKey(db: Db, kind: FindKind) {
  return preparedFor(db, `api-v1-participant-with-key:${kind}`, (d) => {
    const scope = programScope(d, PROGRAM_ID)
    const x = participantExternalIds
    return scope.db
      .select({
        keyRate: apiKeyRateNow(param('keyId'), param('now')),
        participant: apiParticipantColumns,
        externalId: sql<string | null>`(SELECT ${x.externalId} FROM ${x} WHERE ${x.programId} = ${PROGRAM_ID} AND ${x.participantId} = "participants"."id" LIMIT 1)`,
      })
      .from(apiKeys)
      .leftJoin(participants, scope.where(participants, findWhere(scope, kind, param)))
      .where(scope.where(apiKeys, eq(apiKeys.id, param('keyId'))))
      .limit(1)
      .prepare()
  })
}

/** The participant of the key's program with its external id (one statement, with the key's check when given), or 404. */
export async function participantWithExternalIdOr404(scope: ProgramScope, id: number, key?: KeyCheck): Promise<Found> {
  const found = Number.isSafeInteger(id) && id > 0 ? await participantFound(scope, { id }, key) : undefined
  if (!found) throw participantNotFound()
  if (found.participant.erasedAt) throw participantErased()
  return found
}

export async function getParticipant(scope: ProgramScope, id: number, key?: KeyCheck): Promise<ApiParticipant> {
  const found = await participantWithExternalIdOr404(scope, id, key)
  return toApiParticipant(found.participant, found.externalId)
}

/** GET /api/v1/participants?email=|external_id=: a list of zero or one (the filters are unique). */
export async function findParticipants(scope: ProgramScope, query: { email?: string | undefined; external_id?: string | undefined }, key?: KeyCheck): Promise<ApiParticipant[]> {
  const email = query.email?.toLowerCase()
  const externalId = query.external_id
  if (email === undefined && externalId === undefined) return []
  const found = await participantFound(scope, { ...(email !== undefined ? { email } : {}), ...(externalId !== undefined ? { externalId } : {}) } as FindBy, key)
  return found && !found.participant.erasedAt ? [toApiParticipant(found.participant, found.externalId)] : []
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
 *
 * Two statements in all (issue 24): the key's claim, which also read whether the participant is in the
 * program (`write.claimRead`, routes.ts), and this batch, which ends by storing the answer under the
 * key (`write.complete`) and answers that stored text. Answers the body (JSON text).
 */
export async function adjustParticipantPoints(scope: ProgramScope, deps: Deps, participantId: number, input: PointsAdjust, ledgerKey: string, write: IdempotentWrite): Promise<string> {
  // Read with the claim; a key taken over after its lease (no claim of this request's) reads it here.
  if (write.claimRead === undefined) await participantOr404(scope, participantId)
  else if (write.claimRead === null) throw participantNotFound()
  else if (!write.claimRead) throw participantErased()
  const delta = DELTA_SIGN[input.type] * input.amount
  const key = `api:${ledgerKey}`
  const event = { ...(await pointsEventFor(deps, scope.programId)), data: { type: input.type } }
  const answer = pointsAdjustAnswer(scope, key)
  // The batch ends with the participant after the write (for the follow-ups) and the answer, built from
  // this call's entry (or the one a replayed key wrote), so nothing is read or written afterwards.
  const statements: BatchStatement[] = [
    ...ledgerWrite(scope, { participantId, delta, kind: input.type, source: 'api', title: input.reason, idempotencyKey: key }, event, { returningId: true }),
    actionInsert(scope, { participantId, actionType: 'points_adjusted', title: input.reason, points: delta, dedupeKey: key }),
    scope.db.select().from(participants).where(scope.where(participants, eq(participants.id, participantId))).limit(1),
    write.complete(201, answer),
  ]
  let results: unknown[]
  try {
    results = (await batch(deps.db, statements)) as unknown[]
  } catch (err) {
    if (isBalanceViolation(err)) throw new AppError('not_enough_points', 422, 'The participant does not have enough points', { amount: 'is more than the balance' })
    throw err
  }
  if (event.subscribed) dispatchOutboxLater(deps, outboxIdsFrom(results, [1]))
  const participant = (results[3] as ParticipantRow[])[0]!
  let body = (results[4] as { response: string | null }[])[0]?.response
  if (body) write.stored = true
  // This request lost the key (its lease ran out and a retry took it over): the same answer, read alone.
  else body = (await deps.db.all<{ response: string }>(sql`SELECT ${answer} AS response`))[0]!.response
  // The follow-ups (tier, automatic rewards) from the values the batch returned: usually no query.
  await afterParticipantChange(scope, deps, participantId, { participant, completedChallenge: false })
  return body
}

/**
 * GET /api/v1/participants/{id}/ledger: newest first, `limit` rows after the `starting_after` id;
 * `expand[]=participant` puts the participant in each entry.
 */
export async function participantLedger(
  scope: ProgramScope,
  participantId: number,
  query: { limit: number; starting_after?: number | undefined; expand?: 'participant'[] | undefined },
  key?: KeyCheck,
): Promise<LedgerPage> {
  // The participant (its 404, and its expansion with the external id) and the key's check in one statement.
  const found = await participantWithExternalIdOr404(scope, participantId, key)
  const rows = await scope
    .select(pointsLedger, and(eq(pointsLedger.participantId, participantId), query.starting_after !== undefined ? lt(pointsLedger.id, query.starting_after) : undefined))
    .orderBy(desc(pointsLedger.id))
    .limit(query.limit + 1)
  const expanded = query.expand?.includes('participant') ? toApiParticipant(found.participant, found.externalId) : undefined
  const data = rows.slice(0, query.limit).map((row) => (expanded ? { ...toEntry(row), participant: expanded } : toEntry(row)))
  return { object: 'list', data, has_more: rows.length > query.limit }
}
