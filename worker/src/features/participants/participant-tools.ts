import { and, eq, sql } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { z } from 'zod'
import { intentMessages, type ParticipantIntentResponse, type participantIntentSchema } from '../../../../sdk/contract/console/participants'
import {
  challengeCompletions,
  challenges,
  participantActions,
  participantAnswers,
  participantSessions,
  participantTags,
  participants,
  socialPostViews,
} from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import type { ParticipantRow, ProgramRow } from '../../env'
import { AppError } from '../../lib/errors'
import { programSiteOrigin } from '../../lib/origin'
import { adjustPoints } from '../points/points'
import { createParticipantMagicLink } from '../signin/participant-signin'
import { eventDeliveries, participantUpdatedInsert } from '../webhooks/events'
import { dispatchOutboxLater, outboxIdsFrom } from '../webhooks/outbox'
import { findParticipantOr404, participantDetail } from './participant-tabs'
import { eraseParticipant } from '../privacy/erasure'
import { batch } from '../../db/batch'

type IntentInput = z.output<typeof participantIntentSchema>
export type ToolContext = { scope: ProgramScope; deps: Deps; program: ProgramRow }

/**
 * Takes the participant's completions out of their challenges' `completions` counters, before the
 * completions are deleted in the same batch, so the challenge list keeps counting what exists.
 */
const uncountCompletions = (scope: ProgramScope, participantId: number) =>
  scope.update(
    challenges,
    {
      completions: sql`max(0, ${challenges.completions} - (SELECT count(*) FROM ${challengeCompletions} WHERE ${challengeCompletions.programId} = ${scope.programId} AND ${challengeCompletions.challengeId} = ${challenges.id} AND ${challengeCompletions.participantId} = ${participantId}))` as never,
    },
    sql`${challenges.id} IN (SELECT ${challengeCompletions.challengeId} FROM ${challengeCompletions} WHERE ${challengeCompletions.programId} = ${scope.programId} AND ${challengeCompletions.participantId} = ${participantId})`,
  )

/** Tags the participant with `tag`, or untags them if they had it. Answers whether the tag is now on. */
export async function toggleTag(scope: ProgramScope, participantId: number, tag: string): Promise<boolean> {
  const removed = await scope.delete(participantTags, and(eq(participantTags.participantId, participantId), eq(participantTags.tag, tag))).returning({ tag: participantTags.tag })
  if (removed.length) return false
  await scope.insert(participantTags, { participantId, tag }).onConflictDoNothing()
  return true
}

/**
 * Reset activities (docs/engine-rules-decisions.md, "Participants in the console"): what the participant
 * did goes, what they own stays. One batch removes their challenge completions and answers, post views
 * and participant actions, zeroes completed_challenges and takes the completions out of the challenges'
 * counters. Points, the ledger, reward claims and entries, referrals, tags and profile stay: the balance
 * is still the sum of the ledger, and completing a challenge again credits nothing for a period already
 * credited (the ledger's idempotency key is the guard), so a reset cannot mint points.
 */
export async function resetActivities(scope: ProgramScope, deps: Deps, participantId: number): Promise<void> {
  const mine = (table: { participantId: SQLiteColumn }) => eq(table.participantId, participantId)
  await batch(deps.db, [
    uncountCompletions(scope, participantId),
    scope.delete(participantAnswers, mine(participantAnswers)),
    scope.delete(challengeCompletions, mine(challengeCompletions)),
    scope.delete(socialPostViews, mine(socialPostViews)),
    scope.delete(participantActions, mine(participantActions)),
    scope.update(participants, { completedChallenges: 0 }, eq(participants.id, participantId)),
  ])
}

/**
 * Sets the status and/or the staff flag. Blocking also ends every session of the participant in the
 * same batch, so their very next request is refused (the session lookup finds nothing, and a kept row
 * could not pass anyway: the row_version trigger moved with the status).
 */
async function updateParticipant(ctx: ToolContext, p: ParticipantRow, input: { status?: ParticipantRow['status'] | undefined; staff?: boolean | undefined }) {
  const { scope, deps } = ctx
  const set: Partial<typeof participants.$inferInsert> = { updatedAt: new Date(deps.clock.now()) }
  if (input.status !== undefined) set.status = input.status
  if (input.staff !== undefined) set.staff = input.staff
  const delivery = (await eventDeliveries(deps, scope.programId, ['participant.updated']))['participant.updated']
  const changed = { ...(input.status !== undefined ? { status: input.status } : {}), ...(input.staff !== undefined ? { staff: input.staff } : {}) }
  const results = (await batch(deps.db, [
    scope.update(participants, set as never, eq(participants.id, p.id)),
    participantUpdatedInsert(deps.db, scope.programId, p.id, changed, delivery),
    ...(input.status === 'blocked' ? [scope.delete(participantSessions, eq(participantSessions.participantId, p.id))] : []),
  ])) as unknown[]
  if (delivery.subscribed) dispatchOutboxLater(deps, outboxIdsFrom(results, [1]))
}

/** The per-participant tools (spec section 2), one intent each; every answer carries its toast text. */
export async function runParticipantIntent(ctx: ToolContext, participantId: number, input: IntentInput, headerKey: string | undefined): Promise<ParticipantIntentResponse> {
  const { scope, deps } = ctx
  const p = await findParticipantOr404(scope, participantId)
  const done = async (data: ParticipantIntentResponse['data'] = {}, withParticipant = true): Promise<ParticipantIntentResponse> => ({
    success: true,
    message: intentMessages[input.intent],
    data: withParticipant ? { ...data, participant: await participantDetail(scope, await findParticipantOr404(scope, p.id)) } : data,
  })
  // An erased participant is a tombstone of the program's books: only the delete (a repeat, answered the same) applies.
  if (p.erasedAt && input.intent !== 'delete_participant') {
    throw new AppError('validation_failed', 422, 'participant: was erased', { participant: 'This participant was erased' })
  }
  switch (input.intent) {
    case 'toggle_tag':
      return done({ tagged: await toggleTag(scope, p.id, input.tag) })
    case 'get_magic_link': {
      if (p.status === 'blocked') throw new AppError('validation_failed', 422, 'status: a blocked participant cannot sign in', { status: 'a blocked participant cannot sign in' })
      const origin = await programSiteOrigin(deps, ctx.program)
      const link = await createParticipantMagicLink({ scope, program: ctx.program, deps, origin }, p)
      return done({ magic_link: { url: link.url, expires_at: link.expiresAt.toISOString() } }, false)
    }
    case 'reset_activities':
      await resetActivities(scope, deps, p.id)
      return done()
    case 'update_participant':
      await updateParticipant(ctx, p, input)
      return done()
    case 'create_action': {
      const key = input.idempotency_key ?? headerKey
      if (!key) throw new AppError('validation_failed', 422, 'idempotency_key: is required (or send an Idempotency-Key header)', { idempotency_key: 'is required' })
      const { applied } = await adjustPoints(scope, deps, { participantId: p.id, delta: input.points, title: input.action_title, idempotencyKey: `console:${p.id}:${key}` })
      return done({ applied })
    }
    case 'delete_participant':
      // Erasure that keeps the books (features/privacy): the row stays as an anonymous tombstone.
      await eraseParticipant(scope, deps, p, 'console')
      return done({}, false)
  }
}
