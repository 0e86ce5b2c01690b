import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { bound, PROGRAM_ID, param, preparedFor } from '../../db/prepared'
import { challengeCompletions, challenges, participantAnswers, participantProfileAttributes, participants } from '../../db/schema'
import { type ProgramScope, programScope } from '../../db/scope'
import type { Deps } from '../../deps'
import type { ParticipantRow } from '../../env'
import { AppError } from '../../lib/errors'
import type { ValidAnswer } from './answers'
import { autoRewardsToCheck, earnedStatement, type ParticipantAfter } from '../rewards/auto-rewards'
import type { ChallengeContent } from './challenge-catalog'
import { isRepeatable, periodKey, repeatRule } from './challenge-status'
import { afterParticipantChange } from './effects'
import type { WebhookEvent } from '../../db/schema/integrations'
import { actionInsert, eventDeliveries, isUnsubscribed, participantUpdatedInsert, webhookInsert } from '../webhooks/events'
import { ledgerWrite } from '../points/ledger'
import { dispatchOutboxLater, outboxIdsFrom } from '../webhooks/outbox'
import { batch, type BatchStatement } from '../../db/batch'

export type CompletionInput = {
  challenge: ChallengeContent
  participant: ParticipantRow
  /** Points to credit; defaults to the challenge's points (donations earn the chosen amount's points). */
  points?: number
  score?: number | null
  answers?: ValidAnswer[]
  /** Profile collect: attribute name -> value, upserted with the completion. */
  profile?: Record<string, string>
  /** Extra details for the participant action (e.g. payment session). */
  details?: Record<string, unknown>
  /** A fixed period key (e.g. `ref:{referralId}`: one completion per approved referral). */
  periodKey?: string
  /** The action type recorded (default challenge_completed). */
  actionType?: string
  /** More statements for the same batch (e.g. a membership making the participant eligible for offers). */
  extraWrites?: BatchStatement[]
  /** More webhook events for the same batch (e.g. payment.completed), recorded and dispatched like the completion's own. */
  events?: { event: WebhookEvent; data: Record<string, unknown>; dedupeKey?: string }[]
}

const alreadyCompleted = () => new AppError('already_completed', 409, 'You have already completed this challenge', undefined, { success: false })

export const isUniqueViolation = (err: unknown, table: string) => {
  const text = `${(err as Error)?.message ?? ''} ${String((err as { cause?: unknown })?.cause ?? '')}`
  return text.includes('UNIQUE constraint failed') && text.includes(table)
}

/** The participant's values after the completion, returned by the batch's last statement. */
const AFTER_FIELDS = {
  id: participants.id,
  status: participants.status,
  points: participants.points,
  completedChallenges: participants.completedChallenges,
  eligibleOffersRewards: participants.eligibleOffersRewards,
  tierId: participants.tierId,
}

// The statements every completion writes, prepared once per database and bound per request
// (db/prepared.ts): building their SQL with drizzle cost more than running them.
const statements = (db: Db) =>
  preparedFor(db, 'completion-statements', (d) => {
    const scope = programScope(d, PROGRAM_ID)
    return {
      completion: scope
        .insert(challengeCompletions, {
          challengeId: param('challengeId'),
          participantId: param('participantId'),
          periodKey: param('periodKey'),
          points: param('points'),
          score: param('score'),
          createdAt: param('createdAt'),
        })
        .prepare(),
      challengeCount: scope.update(challenges, { completions: sql`${challenges.completions} + 1` as never }, eq(challenges.id, param('challengeId'))).prepare(),
      participantCount: scope
        .update(participants, { completedChallenges: sql`${participants.completedChallenges} + 1` as never }, eq(participants.id, param('participantId')))
        .returning(AFTER_FIELDS)
        .prepare(),
    }
  })

/**
 * Completes a challenge for a participant in ONE atomic batch: the completion row (its unique key is
 * the once/period guard), the ledger credit (unique idempotency key) and its `points.changed`, the
 * counters, answers, profile attributes (and their `participant.updated`), the participant action, the
 * `challenge.completed` webhook and the caller's own events (a payment's `payment.completed`). Then
 * tier and automatic rewards follow, from the participant's values the batch returned. A duplicate
 * completion changes nothing and answers already_completed.
 */
export async function completeChallenge(scope: ProgramScope, deps: Deps, input: CompletionInput) {
  const { challenge, participant } = input
  const { db, programId } = scope
  const now = deps.clock.now()
  const rule = repeatRule(challenge.parameters)
  let key = input.periodKey ?? periodKey(rule, now)
  /** Completions of this challenge by the participant before this one, when counted. */
  let before: number | null = null
  if (key === null || (rule.maxCompletions && isRepeatable(rule))) {
    before = await scope.count(challengeCompletions, and(eq(challengeCompletions.challengeId, challenge.id), eq(challengeCompletions.participantId, participant.id)))
    if (rule.maxCompletions && before >= rule.maxCompletions) {
      throw new AppError('completion_limit_reached', 409, 'You have completed this challenge the maximum number of times', undefined, { success: false })
    }
    if (key === null) key = `n:${before + 1}`
  }
  const points = input.points ?? challenge.points
  const createdAt = new Date(now)
  const prepared = statements(db)
  const writes: BatchStatement[] = [
    bound(prepared.completion, { programId, challengeId: challenge.id, participantId: participant.id, periodKey: key, points, score: input.score ?? null, createdAt }),
    bound(prepared.challengeCount, { programId, challengeId: challenge.id }),
    actionInsert(scope, {
      participantId: participant.id,
      actionType: input.actionType ?? 'challenge_completed',
      title: challenge.name,
      points,
      actionableType: 'Challenge',
      actionableId: challenge.id,
      details: { challenge_type: challenge.challengeType, period_key: key, ...(input.score != null ? { score: input.score } : {}), ...input.details },
    }),
  ]
  const profileNames = Object.keys(input.profile ?? {})
  const deliveries = await eventDeliveries(
    deps,
    programId,
    ['challenge.completed', 'points.changed', ...(profileNames.length ? (['participant.updated'] as const) : []), ...(input.events ?? []).map((e) => e.event)],
  )
  /** Slots of the events a webhook takes: dispatched after the batch. */
  const dispatch: number[] = []
  const pushEvent = (event: WebhookEvent, statement: BatchStatement) => {
    const index = writes.push(statement) - 1
    if (deliveries[event].subscribed) dispatch.push(index)
  }
  pushEvent(
    'challenge.completed',
    webhookInsert(
      db,
      programId,
      'challenge.completed',
      { challenge_id: challenge.id, identifier: challenge.identifier, participant_id: participant.id, points, period_key: key, score: input.score ?? null },
      undefined,
      isUnsubscribed(deliveries['challenge.completed']),
    ),
  )
  if (points > 0) {
    const [ledger, announce] = ledgerWrite(
      scope,
      { participantId: participant.id, delta: points, kind: 'earn', source: 'challenge', sourceId: challenge.id, title: challenge.name, idempotencyKey: `challenge:${challenge.id}:${participant.id}:${key}` },
      deliveries['points.changed'],
    )
    writes.push(ledger)
    pushEvent('points.changed', announce)
  }
  for (const e of input.events ?? []) pushEvent(e.event, webhookInsert(db, programId, e.event, e.data, e.dedupeKey, isUnsubscribed(deliveries[e.event])))
  // A profile collect is the participant editing their profile.
  if (profileNames.length) pushEvent('participant.updated', participantUpdatedInsert(db, programId, participant.id, { profile: input.profile }, deliveries['participant.updated']))
  const completionRef = input.answers?.length
    ? sql`(SELECT id FROM challenge_completions WHERE program_id = ${programId} AND challenge_id = ${challenge.id} AND participant_id = ${participant.id} AND period_key = ${key})`
    : null
  for (const a of input.answers ?? []) {
    const rows = a.optionIds.length
      ? a.optionIds.map((optionId, i) => ({ challengeId: challenge.id, participantId: participant.id, questionId: a.question.id, questionOptionId: optionId, answer: a.values[i] ?? '', completionId: completionRef as never }))
      : [{ challengeId: challenge.id, participantId: participant.id, questionId: a.question.id, questionOptionId: null, answer: a.values[0] ?? '', completionId: completionRef as never }]
    writes.push(scope.insert(participantAnswers, rows))
  }
  for (const write of input.extraWrites ?? []) writes.push(write)
  for (const [name, value] of Object.entries(input.profile ?? {})) {
    writes.push(
      scope
        .insert(participantProfileAttributes, { participantId: participant.id, name, value })
        .onConflictDoUpdate({ target: [participantProfileAttributes.programId, participantProfileAttributes.participantId, participantProfileAttributes.name], set: { value, updatedAt: createdAt } }),
    )
  }
  // Last, so it returns the participant's values after everything above (the ledger trigger's points,
  // an extra write's offers eligibility).
  const afterIndex = writes.push(bound(prepared.participantCount, { programId, participantId: participant.id })) - 1
  // The automatic rewards these values may earn: the batch reads which of them are held already.
  const predicted = { ...participant, points: participant.points + points, completedChallenges: participant.completedChallenges + 1 }
  const toCheck = await autoRewardsToCheck(deps, programId, predicted, true)
  if (toCheck.length) writes.push(earnedStatement(scope, participant.id, toCheck))
  let results: unknown[]
  try {
    results = (await batch(db, writes)) as unknown[]
  } catch (err) {
    if (isUniqueViolation(err, 'challenge_completions') || isUniqueViolation(err, 'points_ledger')) throw alreadyCompleted()
    throw err
  }
  dispatchOutboxLater(deps, outboxIdsFrom(results, dispatch))
  const after = (results[afterIndex] as ParticipantAfter[])[0]
  const earned = toCheck.length ? new Set((results[afterIndex + 1] as { rewardId: number }[]).map((r) => r.rewardId)) : undefined
  await afterParticipantChange(scope, deps, participant.id, after && { participant: after, completedChallenge: true, earned, earnedChecked: toCheck })
  return { points, periodKey: key, createdAt, completionsAfter: before === null ? null : before + 1 }
}
