import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { submitChallengeResponseSchema } from '../../../../sdk/contract/challenges'
import { ApiError, createClient } from '../../../../sdk/src/index'
import { challengeCompletions, participants, programs, questionOptions } from '../../db/schema'
import { programScope } from '../../db/scope'
import { createParticipantSession } from '../signin/sessions'
import { makeTestApp } from '../../../test/helpers'

async function memberClient(t: Awaited<ReturnType<typeof makeTestApp>>, email: string) {
  const [program] = await t.db.select().from(programs).where(eq(programs.publicKey, 'demo'))
  const [p] = await programScope(t.db, program!.id)
    .insert(participants, { email, firstName: 'Quiz', lastName: 'Taker', referralCode: `SDK${Date.now() % 100000}`, emailVerifiedAt: new Date(t.clock.now()) })
    .returning()
  const token = await createParticipantSession(t.db, { programId: program!.id, participantId: p!.id, kind: 'token', now: t.clock.now() })
  const client = createClient({
    baseUrl: 'http://localhost',
    programKey: 'demo',
    auth: 'token',
    sessionToken: token,
    fetch: ((url: string, init: RequestInit) => t.app.request(url, init)) as typeof fetch,
  })
  return { client, participantId: p!.id }
}

describe('the SDK challenges resource', () => {
  it('resolves a failed quiz as a typed answer (not a thrown error), then a passed one', async () => {
    const t = await makeTestApp()
    const { client, participantId } = await memberClient(t, 'sdk-quiz@example.com')
    const quiz = await client.challenges.retrieve('coffee-quiz')
    const pick = async (right: boolean) => {
      const out: Record<string, { id: number; value: string[] }> = {}
      for (const q of quiz.questions) {
        const options = await t.db.select().from(questionOptions).where(eq(questionOptions.questionId, q.id))
        const chosen = right ? options.filter((o) => o.correct) : [options.find((o) => !o.correct)!]
        out[q.id] = { id: q.id, value: chosen.map((o) => String(o.id)) }
      }
      return out
    }

    const failed = await client.challenges.submit({ challenge_id: quiz.id, questions: await pick(false) }, { idempotencyKey: 'sdk-quiz-1' })
    expect(submitChallengeResponseSchema.parse(failed)).toEqual(failed)
    if (failed.success) throw new Error('expected a failed quiz')
    expect(failed).toEqual({ success: false, result: 'quiz_failed', score: 0, pass_score: 60, message: 'You scored 0%. You need 60% to pass. Please try again.' })
    // The same key answers the same outcome; nothing was recorded.
    expect(await client.challenges.submit({ challenge_id: quiz.id, questions: await pick(false) }, { idempotencyKey: 'sdk-quiz-1' })).toEqual(failed)
    expect(await t.db.select().from(challengeCompletions).where(eq(challengeCompletions.participantId, participantId))).toHaveLength(0)

    const passed = await client.challenges.submit({ challenge_id: quiz.id, questions: await pick(true) })
    if (!passed.success) throw new Error(passed.message)
    expect(passed).toMatchObject({ score: 100, points: quiz.points })
    expect(passed.challenge.completed_by_current_participant_on).not.toBeNull()

    // A real refusal still throws.
    const again = await client.challenges.submit({ challenge_id: quiz.id, questions: await pick(true) }).catch((e: unknown) => e)
    expect(again).toBeInstanceOf(ApiError)
    expect(again).toMatchObject({ code: 'already_completed', status: 409 })
  })
})
