import { and, eq, sql } from 'drizzle-orm'
import { challengeCompletions, challenges, participantAnswers, participantProfileAttributes, participants } from '../db/schema'
import type { ProgramScope } from '../db/scope'
import type { Deps } from '../deps'
import type { ParticipantRow } from '../env'
import { AppError } from '../lib/errors'
import type { ValidAnswer } from './answers'
import type { ChallengeContent } from './challenge-catalog'
import { isRepeatable, periodKey, repeatRule } from './challenge-status'
import { afterParticipantChange } from './effects'
import { actionInsert, webhookInsert } from './events'
import { ledgerInsert } from './ledger'
import { dispatchOutboxLater, outboxIdsFrom } from './outbox'

/** Position of the webhook outbox insert in the completion batch. */
const WEBHOOK_INDEX = 4

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
  extraWrites?: unknown[]
}

const alreadyCompleted = () => new AppError('already_completed', 409, 'You have already completed this challenge', undefined, { success: false })

export const isUniqueViolation = (err: unknown, table: string) => {
  const text = `${(err as Error)?.message ?? ''} ${String((err as { cause?: unknown })?.cause ?? '')}`
  return text.includes('UNIQUE constraint failed') && text.includes(table)
}

/**
 * Completes a challenge for a participant in ONE atomic batch: the completion row (its unique key is
 * the once/period guard), the ledger credit (unique idempotency key), the counters, answers, profile
 * attributes, the participant action and the `challenge.completed` webhook. Then tier and automatic
 * rewards follow. A duplicate completion changes nothing and answers already_completed.
 */
export async function completeChallenge(scope: ProgramScope, deps: Deps, input: CompletionInput) {
  const { challenge, participant } = input
  const now = deps.clock.now()
  const rule = repeatRule(challenge.parameters)
  let key = input.periodKey ?? periodKey(rule, now)
  if (key === null || (rule.maxCompletions && isRepeatable(rule))) {
    const done = await scope.count(challengeCompletions, and(eq(challengeCompletions.challengeId, challenge.id), eq(challengeCompletions.participantId, participant.id)))
    if (rule.maxCompletions && done >= rule.maxCompletions) {
      throw new AppError('completion_limit_reached', 409, 'You have completed this challenge the maximum number of times', undefined, { success: false })
    }
    if (key === null) key = `n:${done + 1}`
  }
  const points = input.points ?? challenge.points
  const completionRef = sql`(SELECT id FROM challenge_completions WHERE program_id = ${scope.programId} AND challenge_id = ${challenge.id} AND participant_id = ${participant.id} AND period_key = ${key})`
  const writes = [
    scope.insert(challengeCompletions, { challengeId: challenge.id, participantId: participant.id, periodKey: key, points, score: input.score ?? null, createdAt: new Date(now) }),
    scope.update(participants, { completedChallenges: sql`${participants.completedChallenges} + 1` as never }, eq(participants.id, participant.id)),
    scope.update(challenges, { completions: sql`${challenges.completions} + 1` as never }, eq(challenges.id, challenge.id)),
    actionInsert(scope, {
      participantId: participant.id,
      actionType: input.actionType ?? 'challenge_completed',
      title: challenge.name,
      points,
      actionableType: 'Challenge',
      actionableId: challenge.id,
      details: { challenge_type: challenge.challengeType, period_key: key, ...(input.score != null ? { score: input.score } : {}), ...input.details },
    }),
    webhookInsert(deps.db, scope.programId, 'challenge.completed', {
      challenge_id: challenge.id,
      identifier: challenge.identifier,
      participant_id: participant.id,
      points,
      period_key: key,
      score: input.score ?? null,
    }),
  ]
  if (points > 0) {
    writes.push(
      ledgerInsert(scope, {
        participantId: participant.id,
        delta: points,
        kind: 'earn',
        source: 'challenge',
        sourceId: challenge.id,
        title: challenge.name,
        idempotencyKey: `challenge:${challenge.id}:${participant.id}:${key}`,
      }) as never,
    )
  }
  for (const a of input.answers ?? []) {
    const rows = a.optionIds.length
      ? a.optionIds.map((optionId, i) => ({ challengeId: challenge.id, participantId: participant.id, questionId: a.question.id, questionOptionId: optionId, answer: a.values[i] ?? '', completionId: completionRef as never }))
      : [{ challengeId: challenge.id, participantId: participant.id, questionId: a.question.id, questionOptionId: null, answer: a.values[0] ?? '', completionId: completionRef as never }]
    writes.push(scope.insert(participantAnswers, rows) as never)
  }
  for (const write of input.extraWrites ?? []) writes.push(write as never)
  for (const [name, value] of Object.entries(input.profile ?? {})) {
    writes.push(
      scope
        .insert(participantProfileAttributes, { participantId: participant.id, name, value })
        .onConflictDoUpdate({ target: [participantProfileAttributes.programId, participantProfileAttributes.participantId, participantProfileAttributes.name], set: { value, updatedAt: new Date(now) } }) as never,
    )
  }
  let results: unknown[]
  try {
    results = (await deps.db.batch(writes as [never, ...never[]])) as unknown[]
  } catch (err) {
    if (isUniqueViolation(err, 'challenge_completions') || isUniqueViolation(err, 'points_ledger')) throw alreadyCompleted()
    throw err
  }
  dispatchOutboxLater(deps, outboxIdsFrom(results, [WEBHOOK_INDEX]))
  await afterParticipantChange(scope, deps, participant.id)
  return { points, periodKey: key }
}
