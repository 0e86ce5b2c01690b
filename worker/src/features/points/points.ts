import { eq } from 'drizzle-orm'
import { participants } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { AppError } from '../../lib/errors'
import { afterParticipantChange } from '../challenges/effects'
import { actionInsert } from '../webhooks/events'
import { isBalanceViolation, ledgerWrite, pointsEventFor } from './ledger'
import { dispatchOutboxLater, outboxIdsFrom } from '../webhooks/outbox'
import { batch } from '../../db/batch'

export type Adjustment = {
  participantId: number
  /** Signed: positive adds (an admin "add points"), negative removes. */
  delta: number
  title: string
  /** The caller's key: the same key never applies twice. */
  idempotencyKey: string
}

/**
 * An admin adjustment (console "add points", imports): one ledger row of kind adjust, the participant
 * action and a `points.changed` webhook in one batch. A removal larger than the balance fails and
 * changes nothing; a replayed key changes nothing.
 */
export async function adjustPoints(scope: ProgramScope, deps: Deps, a: Adjustment): Promise<{ applied: boolean }> {
  if (!Number.isInteger(a.delta) || a.delta === 0) throw new AppError('validation_failed', 422, 'points: must be a whole number other than 0', { points: 'must be a whole number other than 0' })
  const participant = await scope.first(participants, eq(participants.id, a.participantId))
  if (!participant) throw new AppError('not_found', 404, 'participant_id: not found', { participant_id: 'not found' })
  const event = await pointsEventFor(deps, scope.programId)
  const [ledger, announce] = ledgerWrite(
    scope,
    { participantId: a.participantId, delta: a.delta, kind: a.delta > 0 ? 'earn' : 'adjust', source: 'admin', title: a.title, idempotencyKey: `admin:${a.idempotencyKey}` },
    event,
    { returningId: true },
  )
  let results: unknown[]
  try {
    results = (await batch(deps.db, [
      ledger,
      announce,
      actionInsert(scope, { participantId: a.participantId, actionType: 'points_adjusted', title: a.title, points: a.delta, dedupeKey: `admin:${a.idempotencyKey}` }),
    ])) as unknown[]
  } catch (err) {
    if (isBalanceViolation(err)) throw new AppError('not_enough_points', 422, 'The participant does not have enough points', { points: 'is more than the balance' })
    throw err
  }
  const applied = ((results[0] as unknown[]) ?? []).length > 0
  if (event.subscribed) dispatchOutboxLater(deps, outboxIdsFrom(results, [1]))
  await afterParticipantChange(scope, deps, a.participantId)
  return { applied }
}
