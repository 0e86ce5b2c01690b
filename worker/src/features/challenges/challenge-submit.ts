import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { SubmitChallengeQuizFailed, SubmitChallengeResponse, submitChallengeRequestSchema } from '../../../../sdk/contract/challenges'
import { PROGRAM_ID, preparedFor } from '../../db/prepared'
import { challengeCompletions, participantAnswers, participants, socialPostViews } from '../../db/schema'
import { type ProgramScope, programScope } from '../../db/scope'
import type { Deps } from '../../deps'
import type { IdempotentWrite, ParticipantRow } from '../../env'
import { AppError } from '../../lib/errors'
import { gradeQuiz, validateAnswers, type ValidAnswer } from './answers'
import { type ChallengeContent, findInCatalog, loadChallengeCatalog } from './challenge-catalog'
import { summaryAfterCompletion, toChallengeEntity } from './challenge-entity'
import { effectiveStatus, isVisible } from './challenge-status'
import { completeChallenge } from './completions'

type SubmitInput = z.output<typeof submitChallengeRequestSchema>
export type EngineContext = {
  scope: ProgramScope
  deps: Deps
  participant: ParticipantRow
  origin: string
  /** The Idempotency-Key the request runs under (middleware/idempotency.ts), if any. */
  write?: IdempotentWrite | undefined
}

export const DEFAULT_SUCCESS_MESSAGE = 'Challenge Submitted successfully!'

const fail = (code: 'challenge_inactive' | 'api_completion_only' | 'payment_required' | 'answers_invalid' | 'validation_failed', status: 403 | 422, message: string, fields?: Record<string, string>) =>
  new AppError(code, status, message, fields, { success: false })

/** The visible, active challenge a participant may act on, or the error the spec names. */
export async function activeChallenge(ctx: EngineContext, idOrIdentifier: string | number, field = 'challenge_id'): Promise<ChallengeContent> {
  const catalog = await loadChallengeCatalog(ctx.deps, ctx.scope.programId)
  const challenge = findInCatalog(catalog, idOrIdentifier)
  if (!challenge || !isVisible(challenge)) {
    throw new AppError('not_found', 404, `${field}: no challenge "${String(idOrIdentifier).slice(0, 60)}" in this program`, { [field]: 'not found' }, { success: false })
  }
  if (effectiveStatus(challenge, ctx.deps.clock.now()) !== 'active') throw fail('challenge_inactive', 422, 'Challenge is not active')
  return challenge
}

/**
 * POST /public/challenges/submit: completes the challenge by its type's rule (engine-rules.md,
 * Challenges). Video needs the watched percentage; collect validates and grades answers; visits
 * (article, link, call to action, share, engage) complete on submit; the rest complete elsewhere.
 */
export async function submitChallenge(ctx: EngineContext, input: SubmitInput): Promise<SubmitChallengeResponse> {
  const challenge = await activeChallenge(ctx, input.challenge_id)
  // A retry of a submit whose completion committed before its process died: the original answer.
  if (ctx.write?.committedBefore) return committedAnswer(ctx, challenge)
  if (challenge.apiCompletionOnly) {
    throw fail('api_completion_only', 403, 'This challenge is completed by the program through its API')
  }
  const p = challenge.parameters
  let answers: ValidAnswer[] | undefined
  let score: number | null = null
  let profile: Record<string, string> | undefined
  switch (challenge.challengeType) {
    case 'signup':
      throw new AppError('already_completed', 409, 'You have already completed this challenge', undefined, { success: false })
    case 'referral':
      throw fail('validation_failed', 422, 'This challenge completes when the friends you invite join')
    case 'membership':
    case 'donation':
      throw fail('payment_required', 422, 'This challenge completes once the payment goes through')
    case 'unified_social':
      throw fail('validation_failed', 422, 'View every post to complete this challenge')
    case 'video': {
      const needed = typeof p.duration === 'number' ? p.duration : 100
      if (input.percentage === undefined) throw fail('validation_failed', 422, 'percentage: is required for a video', { percentage: 'is required' })
      if (input.percentage < needed) {
        throw fail('validation_failed', 422, `percentage: watch at least ${needed}% of the video`, { percentage: `must be at least ${needed}` })
      }
      break
    }
    case 'collect': {
      answers = validateAnswers(challenge.questions, input.questions)
      if (challenge.questions.length && !answers.length) throw fail('answers_invalid', 422, 'questions: answer at least one question', { questions: 'answer at least one question' })
      if (p.collect_type === 'quiz') {
        score = gradeQuiz(challenge.questions, answers)
        const pass = Number(p.pass_score ?? 0)
        // Under the pass score is an outcome, not an error: 200, nothing written (no points, no
        // completion, no answers), the score and the product's words.
        if (score < pass) return quizFailed(score, pass)
      }
      if (p.collect_type === 'profile') {
        profile = {}
        for (const a of answers) if (a.question.profileAttribute) profile[a.question.profileAttribute] = a.values.join(', ')
      }
      break
    }
    default:
      break
  }
  const result = await completeChallenge(ctx.scope, ctx.deps, { challenge, participant: ctx.participant, answers, score, profile, extraWrites: ctx.write && [ctx.write.mark] })
  return {
    success: true,
    message: challenge.successMessage || DEFAULT_SUCCESS_MESSAGE,
    points: result.points,
    score,
    challenge: await challengeAfterCompletion(ctx, challenge, result),
  }
}

/**
 * The answer of a submit that committed under this Idempotency-Key (its process died before storing
 * it), rebuilt from the participant's latest completion of the challenge: the one the key's write
 * committed, since the key marked it in the same batch and nothing else runs under the key.
 */
async function committedAnswer(ctx: EngineContext, challenge: ChallengeContent): Promise<SubmitChallengeResponse> {
  const { scope, participant } = ctx
  const cc = challengeCompletions
  const [done] = await scope.db
    .select({ points: cc.points, score: cc.score })
    .from(cc)
    .where(scope.where(cc, and(eq(cc.challengeId, challenge.id), eq(cc.participantId, participant.id))))
    .orderBy(desc(cc.id))
    .limit(1)
  return {
    success: true,
    message: challenge.successMessage || DEFAULT_SUCCESS_MESSAGE,
    points: done?.points ?? challenge.points,
    score: done?.score ?? null,
    challenge: await challengeForParticipant(ctx, challenge),
  }
}

const quizFailed = (score: number, pass: number): SubmitChallengeQuizFailed => ({
  success: false,
  result: 'quiz_failed',
  score,
  pass_score: pass,
  message: `You scored ${score}%. You need ${pass}% to pass. Please try again.`,
})

/**
 * The challenge as the participant sees it after the completion just written. Without questions or
 * posts the entity needs only the completion summary, which the completion itself gives (it is the
 * latest, and whether the challenge is now done follows from its period key and the count taken
 * before it), so nothing is read again; answers and viewed posts are read as for the challenge page.
 */
async function challengeAfterCompletion(ctx: EngineContext, challenge: ChallengeContent, done: { periodKey: string; createdAt: Date; completionsAfter: number | null }) {
  if (challenge.questions.length || challenge.posts.length) return challengeForParticipant(ctx, challenge)
  const now = ctx.deps.clock.now()
  return toChallengeEntity(challenge, { now, origin: ctx.origin, participant: ctx.participant, completions: summaryAfterCompletion(challenge, now, done) })
}

/**
 * Records that the participant viewed one post of a unified social challenge; when every post has
 * been viewed, the challenge completes (once).
 */
export async function recordSocialView(ctx: EngineContext, idOrIdentifier: string, postId: number) {
  const challenge = await activeChallenge(ctx, idOrIdentifier, 'id')
  if (challenge.challengeType !== 'unified_social') throw fail('validation_failed', 422, 'id: not a unified social challenge', { id: 'not a unified social challenge' })
  const all = challenge.posts.flatMap((post) => [post.id, ...post.children.map((c) => c.id)])
  if (!all.includes(postId)) {
    throw new AppError('not_found', 404, 'social_network_post_id: not a post of this challenge', { social_network_post_id: 'not a post of this challenge' })
  }
  const topLevel = challenge.posts.map((post) => post.id)
  const { scope, participant } = ctx
  await scope.insert(socialPostViews, { postId, participantId: participant.id }).onConflictDoNothing()
  const viewed = await scope.count(socialPostViews, and(eq(socialPostViews.participantId, participant.id), inArray(socialPostViews.postId, topLevel)))
  let completed = (await scope.count(challengeCompletions, and(eq(challengeCompletions.challengeId, challenge.id), eq(challengeCompletions.participantId, participant.id)))) > 0
  if (!completed && viewed >= topLevel.length) {
    try {
      await completeChallenge(scope, ctx.deps, { challenge, participant })
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'already_completed')) throw err
    }
    completed = true
  }
  return { success: true as const, viewed, total: topLevel.length, completed }
}

/** One challenge with this participant's completions, answers and viewed posts. */
export async function challengeForParticipant(ctx: Omit<EngineContext, 'participant'> & { participant: ParticipantRow | null }, challenge: ChallengeContent) {
  const { scope, participant, deps } = ctx
  const state = participant ? await participantChallengeState(scope, participant.id, challenge) : { completions: [], answers: [], views: [] }
  return toChallengeEntity(challenge, {
    now: deps.clock.now(),
    origin: ctx.origin,
    participant,
    completions: state.completions,
    answers: state.answers,
    viewedPostIds: new Set(state.views),
  })
}

type ChallengeState = {
  completions: { challengeId: number; periodKey: string; createdAt: Date }[]
  answers: { questionId: number; questionOptionId: number | null; answer: string }[]
  views: number[]
}

/**
 * A participant's completions, answers and viewed posts of one challenge in ONE statement (three
 * subqueries, each a JSON array built by SQLite, each scoped to the program): on Workers every
 * statement is a round trip to D1, and a signed-in challenge page is the session lookup plus this
 * (decision 0014). Answers and views are only asked for when the challenge has questions or posts.
 */
async function participantChallengeState(scope: ProgramScope, participantId: number, challenge: ChallengeContent): Promise<ChallengeState> {
  const [row] = (await preparedFor(scope.db, 'challenge-state', (d) => {
    const cc = challengeCompletions
    const pa = participantAnswers
    const sv = socialPostViews
    const p = (name: string) => sql.placeholder(name)
    return d
      .select({
        completions: sql<string>`(SELECT json_group_array(json_array(${cc.periodKey}, ${cc.createdAt})) FROM ${cc} WHERE ${cc.programId} = ${PROGRAM_ID} AND ${cc.participantId} = ${p('participantId')} AND ${cc.challengeId} = ${p('challengeId')})`,
        answers: sql<string>`CASE WHEN ${p('withAnswers')} = 1 THEN (SELECT json_group_array(json_array(question_id, question_option_id, answer)) FROM (SELECT ${pa.questionId} AS question_id, ${pa.questionOptionId} AS question_option_id, ${pa.answer} AS answer FROM ${pa} WHERE ${pa.programId} = ${PROGRAM_ID} AND ${pa.participantId} = ${p('participantId')} AND ${pa.challengeId} = ${p('challengeId')} ORDER BY ${pa.id})) ELSE '[]' END`,
        views: sql<string>`CASE WHEN ${p('withViews')} = 1 THEN (SELECT json_group_array(${sv.postId}) FROM ${sv} WHERE ${sv.programId} = ${PROGRAM_ID} AND ${sv.participantId} = ${p('participantId')}) ELSE '[]' END`,
      })
      .from(participants)
      .where(programScope(d, PROGRAM_ID).where(participants, eq(participants.id, p('participantId') as never)))
      .prepare()
  }).values({
    programId: scope.programId,
    participantId,
    challengeId: challenge.id,
    withAnswers: challenge.questions.length ? 1 : 0,
    withViews: challenge.posts.length ? 1 : 0,
  })) as [string, string, string][]
  if (!row) return { completions: [], answers: [], views: [] }
  const completions = (JSON.parse(row[0]) as [string, number][]).map(([periodKey, createdAt]) => ({ challengeId: challenge.id, periodKey, createdAt: new Date(createdAt) }))
  const answers = (JSON.parse(row[1]) as [number, number | null, string][]).map(([questionId, questionOptionId, answer]) => ({ questionId, questionOptionId, answer }))
  return { completions, answers, views: JSON.parse(row[2]) as number[] }
}
