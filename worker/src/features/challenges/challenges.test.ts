import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { challengeCompletions, challenges, outbox, participantActions, participantAnswers, participantProfileAttributes, participants, pointsLedger, questions } from '../../db/schema'
import { submitChallengeResponseSchema } from '../../../../sdk/contract/challenges'
import { makeTestApp, quickParticipant, subscribeEveryEvent } from '../../../test/helpers'

type Json = Record<string, any>

async function challengeByIdentifier(t: Awaited<ReturnType<typeof makeTestApp>>, identifier: string) {
  const [row] = await t.db.select().from(challenges).where(eq(challenges.identifier, identifier))
  return row!
}

describe('GET /public/challenges/{id}', () => {
  it('answers by id or identifier with the entity fields of section 3', async () => {
    const t = await makeTestApp()
    const c = await challengeByIdentifier(t, 'taste-profile-survey')
    const byId = await t.browser().json<Json>(`/public/challenges/${c.id}`)
    const byIdentifier = await t.browser().json<Json>('/public/challenges/taste-profile-survey')
    expect(byId.status).toBe(200)
    expect(byIdentifier.body.id).toBe(c.id)
    for (const field of ['identifier', 'caption', 'description', 'content', 'challenge_type', 'parameters', 'status', 'points', 'reward_type', 'cta_button_text', 'link_url', 'bypass_modal', 'api_completion_only', 'finish', 'image', 'icon', 'success_message', 'duration', 'completed_by_current_participant_on', 'is_repeatable_and_completed', 'current_participant_name', 'questions', 'participant_answers', 'referral_url', 'social_network_posts', 'donation_challenge', 'membership_challenge', 'updated_at']) {
      expect(byId.body, field).toHaveProperty(field)
    }
    expect(byId.body.questions.length).toBe(15)
    expect(JSON.stringify(byId.body)).not.toContain('"correct"')
  })

  it('hides drafts and other programs, and reports scheduled and ended as such', async () => {
    const t = await makeTestApp()
    const b = t.browser()
    expect((await b.json('/public/challenges/barista-workshop-rsvp')).status).toBe(404)
    expect((await b.json('/public/challenges/taste-profile-survey?program=links')).status).toBe(404)
    expect((await b.json<Json>('/public/challenges/holiday-blend-preview')).body.status).toBe('scheduled')
    expect((await b.json<Json>('/public/challenges/cold-brew-summer')).body.status).toBe('ended')
    const missing = await b.json<Json>('/public/challenges/999999')
    expect(missing.body.error.fields).toEqual({ id: 'not found' })
  })

  it('gives a signed-in referral challenge its referral_url', async () => {
    const t = await makeTestApp()
    const { browser, participant } = await quickParticipant(t, 'ref-url@example.com')
    const r = await browser.json<Json>('/public/challenges/invite-friends')
    expect(r.body.referral_url).toBe(`http://localhost/signin?referral_code=${participant.referralCode}`)
  })
})

describe('POST /public/challenges/submit', () => {
  it('completes a visit challenge once, writing completion, ledger, action and webhook outbox together', async () => {
    const t = await makeTestApp()
    const { browser, participant } = await quickParticipant(t, 'visit@example.com')
    await subscribeEveryEvent(t, participant.programId)
    const c = await challengeByIdentifier(t, 'coffee-origins')
    const r = await browser.json<Json>('/public/challenges/submit', { json: { challenge_id: c.id } })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body).toMatchObject({ success: true, message: c.successMessage || 'Challenge Submitted successfully!', points: c.points })
    expect(r.body.challenge.completed_by_current_participant_on).toBeTruthy()
    const again = await browser.json<Json>('/public/challenges/submit', { json: { challenge_id: c.id } })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ ok: false, success: false, error: { code: 'already_completed' } })
    const [p] = await t.db.select().from(participants).where(eq(participants.id, participant.id))
    expect(p).toMatchObject({ unusedPoints: c.points, points: c.points, completedChallenges: 1 })
    const actions = await t.db.select().from(participantActions).where(eq(participantActions.participantId, participant.id))
    expect(actions.filter((a) => a.actionType === 'challenge_completed')).toHaveLength(1)
    expect(actions.filter((a) => a.actionType === 'tier_changed')).toHaveLength(1) // entered Bronze
    const events = (await t.db.select().from(outbox)).filter((o) => o.topic === 'webhook')
    // The completion and its ledger credit, each announced once.
    expect(events.map((e) => (e.payload as Json).event)).toEqual(['challenge.completed', 'points.changed'])
    expect((events[1]!.payload as Json).data).toMatchObject({ participant_id: participant.id, delta: c.points, kind: 'earn', source: 'challenge', source_id: c.id })
  })

  it('accepts the spec form encoding of answers', async () => {
    const t = await makeTestApp()
    const { browser, participant } = await quickParticipant(t, 'form@example.com')
    const quiz = await browser.json<Json>('/public/challenges/coffee-quiz')
    const [rows] = [await t.db.select().from(questions).where(eq(questions.challengeId, quiz.body.id))]
    const { questionOptions } = await import('../../db/schema')
    const form = new URLSearchParams({ challenge_id: String(quiz.body.id) })
    for (const q of rows!) {
      const options = await t.db.select().from(questionOptions).where(eq(questionOptions.questionId, q.id))
      const correct = options.filter((o) => o.correct)
      form.append(`questions[${q.id}][id]`, String(q.id))
      form.append(`questions[${q.id}][type]`, q.answerType)
      for (const o of correct) form.append(`questions[${q.id}][value][]`, String(o.id))
    }
    const res = await browser.request('/public/challenges/submit', { method: 'POST', body: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(res.status, await res.clone().text()).toBe(200)
    expect(((await res.json()) as Json).score).toBe(100)
    const stored = await t.db.select().from(participantAnswers).where(eq(participantAnswers.participantId, participant.id))
    expect(stored.length).toBeGreaterThanOrEqual(rows!.length)
    expect(stored.every((a) => a.completionId !== null)).toBe(true)
  })

  async function quizAnswers(t: Awaited<ReturnType<typeof makeTestApp>>, quiz: Json, pick: 'right' | 'wrong') {
    const { questionOptions } = await import('../../db/schema')
    const answers: Json = {}
    for (const q of quiz.questions as Json[]) {
      const options = await t.db.select().from(questionOptions).where(eq(questionOptions.questionId, q.id))
      const chosen = pick === 'wrong' ? [options.find((o) => !o.correct)!] : options.filter((o) => o.correct)
      answers[q.id] = { value: chosen.map((o) => String(o.id)) }
    }
    return answers
  }

  it('answers a quiz under the pass score with 200, the score and the message, writing nothing', async () => {
    const t = await makeTestApp()
    const { browser, participant } = await quickParticipant(t, 'quiz@example.com')
    const quiz = await browser.json<Json>('/public/challenges/coffee-quiz')
    const r = await browser.json<Json>('/public/challenges/submit', { json: { challenge_id: quiz.body.id, questions: await quizAnswers(t, quiz.body, 'wrong') } })
    // A failed quiz is an outcome of a normal flow, not an error: no 4xx in the participant's console.
    expect(r.status).toBe(200)
    expect(r.body).toEqual({
      success: false,
      result: 'quiz_failed',
      score: 0,
      pass_score: 60,
      message: 'You scored 0%. You need 60% to pass. Please try again.',
    })
    expect(submitChallengeResponseSchema.parse(r.body)).toEqual(r.body)
    expect(await t.db.select().from(challengeCompletions).where(eq(challengeCompletions.participantId, participant.id))).toHaveLength(0)
    expect(await t.db.select().from(participantAnswers).where(eq(participantAnswers.participantId, participant.id))).toHaveLength(0)
    const [p] = await t.db.select().from(participants).where(eq(participants.id, participant.id))
    expect(p).toMatchObject({ unusedPoints: 0, points: 0, completedChallenges: 0 })
    expect((await t.db.select().from(participantActions).where(eq(participantActions.participantId, participant.id))).filter((a) => a.actionType === 'challenge_completed')).toHaveLength(0)
    expect((await t.db.select().from(outbox)).filter((o) => o.topic === 'webhook')).toHaveLength(0)
  })

  it('replays a failed quiz under its Idempotency-Key, and a new key with the right answers passes', async () => {
    const t = await makeTestApp()
    const { browser, participant } = await quickParticipant(t, 'quiz-idem@example.com')
    const quiz = await browser.json<Json>('/public/challenges/coffee-quiz')
    const wrong = { challenge_id: quiz.body.id, questions: await quizAnswers(t, quiz.body, 'wrong') }
    const first = await browser.request('/public/challenges/submit', { json: wrong, headers: { 'idempotency-key': 'quiz-1' } })
    const again = await browser.request('/public/challenges/submit', { json: wrong, headers: { 'idempotency-key': 'quiz-1' } })
    expect(first.status).toBe(200)
    expect(again.status).toBe(200)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(await again.text()).toBe(await first.text())
    const passed = await browser.request('/public/challenges/submit', {
      json: { challenge_id: quiz.body.id, questions: await quizAnswers(t, quiz.body, 'right') },
      headers: { 'idempotency-key': 'quiz-2' },
    })
    expect(passed.status).toBe(200)
    const body = (await passed.json()) as Json
    expect(body).toMatchObject({ success: true, score: 100, points: quiz.body.points })
    expect(await t.db.select().from(challengeCompletions).where(eq(challengeCompletions.participantId, participant.id))).toHaveLength(1)
    const [p] = await t.db.select().from(participants).where(eq(participants.id, participant.id))
    expect(p!.unusedPoints).toBe(quiz.body.points)
  })

  it('validates all answer types of the survey and names each bad question', async () => {
    const t = await makeTestApp()
    const { browser, participant } = await quickParticipant(t, 'survey@example.com')
    const survey = await browser.json<Json>('/public/challenges/taste-profile-survey')
    const qs = survey.body.questions as Json[]
    const byType = (type: string) => qs.find((q) => q.answer_type === type)!
    const bad: Json = {
      [byType('number').id]: { value: '3.5' },
      [byType('decimal').id]: { value: 'abc' },
      [byType('date').id]: { value: '2026-02-30' },
      [byType('date_time').id]: { value: 'yesterday' },
      [byType('time').id]: { value: '25:00' },
      [byType('phone').id]: { value: 'call me' },
      [byType('boolean').id]: { value: 'maybe' },
      [byType('radio_button').id]: { value: ['999999'] },
      [byType('check_box').id]: { value: [String(byType('check_box').options[0].id), String(byType('check_box').options[0].id)] },
      [byType('dropdown').id]: { value: [String(byType('radio_button').options[0].id)] },
      '424242': { value: 'x' },
    }
    const r = await browser.json<Json>('/public/challenges/submit', { json: { challenge_id: survey.body.id, questions: bad } })
    expect(r.status).toBe(422)
    const fields = r.body.error.fields as Record<string, string>
    for (const type of ['number', 'decimal', 'date', 'date_time', 'time', 'phone', 'boolean', 'radio_button', 'check_box', 'dropdown']) {
      expect(fields[`questions[${byType(type).id}]`], type).toBeTruthy()
    }
    expect(fields['questions[424242]']).toBe('is not a question of this challenge')
    expect(await t.db.select().from(participantAnswers).where(eq(participantAnswers.participantId, participant.id))).toHaveLength(0)

    const good: Json = {}
    const sample: Record<string, (q: Json) => string | string[]> = {
      text: () => '  Oat latte  ',
      text_area: () => 'Smooth and nutty',
      wysiwyg: () => '<p>Rich <b>chocolate</b> notes</p>',
      dropdown: (q) => [String(q.options[0].id)],
      radio_button: (q) => [String(q.options[1].id)],
      image_radio_button: (q) => [String(q.options[0].id)],
      check_box: (q) => q.options.slice(0, 2).map((o: Json) => String(o.id)),
      image_check_box: (q) => [String(q.options[0].id)],
      date: () => '2026-11-01',
      date_time: () => '2026-11-01T08:30',
      time: () => '07:45',
      boolean: () => 'yes',
      phone: () => '+1 (212) 555-0199',
      number: () => '3',
      decimal: () => '4.5',
    }
    for (const q of qs) good[q.id] = { id: q.id, value: sample[q.answer_type]!(q), type: q.answer_type }
    const ok = await browser.json<Json>('/public/challenges/submit', { json: { challenge_id: survey.body.id, questions: good } })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    const stored = await t.db.select().from(participantAnswers).where(eq(participantAnswers.participantId, participant.id))
    expect(stored.find((a) => a.answer === 'Oat latte')).toBeTruthy()
    expect(stored.find((a) => a.answer === 'Rich chocolate notes')).toBeTruthy()
    const after = await browser.json<Json>('/public/challenges/taste-profile-survey')
    expect(after.body.participant_answers.length).toBe(stored.length)
  })

  it('requires the required questions', async () => {
    const t = await makeTestApp()
    const { browser } = await quickParticipant(t, 'req@example.com')
    const survey = await browser.json<Json>('/public/challenges/taste-profile-survey')
    const required = (survey.body.questions as Json[]).filter((q) => q.is_required)
    const r = await browser.json<Json>('/public/challenges/submit', { json: { challenge_id: survey.body.id, questions: {} } })
    expect(r.status).toBe(422)
    for (const q of required) expect(r.body.error.fields[`questions[${q.id}]`]).toBe('is required')
  })

  it('writes profile answers to the profile attributes', async () => {
    const t = await makeTestApp()
    const { browser, participant } = await quickParticipant(t, 'profile@example.com')
    const profile = await browser.json<Json>('/public/challenges/complete-your-profile')
    const answers: Json = {}
    const [rows] = [await t.db.select().from(questions).where(eq(questions.challengeId, profile.body.id))]
    for (const q of rows!) {
      const options = (profile.body.questions as Json[]).find((x) => x.id === q.id)!.options as Json[]
      const value = options.length ? (q.answerType.includes('check') ? options.slice(0, 2).map((o) => String(o.id)) : [String(options[0]!.id)]) : q.answerType === 'phone' ? '+1 212 555 0101' : q.profileAttribute === 'postal' ? '10001' : 'Somewhere 1'
      answers[q.id] = { value }
    }
    const r = await browser.json<Json>('/public/challenges/submit', { json: { challenge_id: profile.body.id, questions: answers } })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const attrs = await t.db.select().from(participantProfileAttributes).where(eq(participantProfileAttributes.participantId, participant.id))
    expect(attrs.map((a) => a.name).sort()).toEqual(rows!.map((q) => q.profileAttribute).filter(Boolean).sort())
    const me = await browser.json<Json>('/public/participant')
    expect(me.body.profile_attributes.phone).toBe('+1 212 555 0101')
  })

  it('completes a video only at the configured percentage', async () => {
    const t = await makeTestApp()
    const { browser } = await quickParticipant(t, 'video@example.com')
    const v = await challengeByIdentifier(t, 'roastery-tour')
    const low = await browser.json<Json>('/public/challenges/submit', { json: { challenge_id: v.id, percentage: 50 } })
    expect(low.status).toBe(422)
    expect(low.body.error.fields.percentage).toBe('must be at least 80')
    const none = await browser.json<Json>('/public/challenges/submit', { json: { challenge_id: v.id } })
    expect(none.body.error.fields.percentage).toBe('is required')
    expect((await browser.json('/public/challenges/submit', { json: { challenge_id: v.id, percentage: 80 } })).status).toBe(200)
  })

  it('repeats a daily challenge once per day', async () => {
    const t = await makeTestApp()
    const { browser, participant } = await quickParticipant(t, 'daily@example.com')
    const d = await challengeByIdentifier(t, 'daily-brew-tip')
    expect((await browser.json('/public/challenges/submit', { json: { challenge_id: d.id } })).status).toBe(200)
    const same = await browser.json<Json>('/public/challenges/submit', { json: { challenge_id: d.id } })
    expect(same.status).toBe(409)
    const state = await browser.json<Json>(`/public/challenges/${d.id}`)
    expect(state.body.is_repeatable_and_completed).toBe(true)
    t.clock.advance(24 * 3600 * 1000)
    expect((await browser.json('/public/challenges/submit', { json: { challenge_id: d.id } })).status).toBe(200)
    const rows = await t.db.select().from(challengeCompletions).where(and(eq(challengeCompletions.participantId, participant.id), eq(challengeCompletions.challengeId, d.id)))
    expect(rows).toHaveLength(2)
  })

  it('refuses inactive, payment, referral, api-only and signed-out submits', async () => {
    const t = await makeTestApp()
    const { browser } = await quickParticipant(t, 'refuse@example.com')
    const ended = await challengeByIdentifier(t, 'cold-brew-summer')
    const r1 = await browser.json<Json>('/public/challenges/submit', { json: { challenge_id: ended.id } })
    expect(r1.body).toMatchObject({ ok: false, message: 'Challenge is not active', error: { code: 'challenge_inactive' } })
    const membership = await challengeByIdentifier(t, 'ember-club')
    expect((await browser.json<Json>('/public/challenges/submit', { json: { challenge_id: membership.id } })).body.error.code).toBe('payment_required')
    const referral = await challengeByIdentifier(t, 'invite-friends')
    expect((await browser.json('/public/challenges/submit', { json: { challenge_id: referral.id } })).status).toBe(422)
    const link = await challengeByIdentifier(t, 'coffee-origins')
    await t.db.update(challenges).set({ apiCompletionOnly: true }).where(eq(challenges.id, link.id))
    expect((await browser.json<Json>('/public/challenges/submit', { json: { challenge_id: link.id } })).body.error.code).toBe('api_completion_only')
    expect((await t.browser().json('/public/challenges/submit', { json: { challenge_id: link.id } })).status).toBe(401)
    const bad = await browser.json<Json>('/public/challenges/submit', { json: {} })
    expect(bad.body.error.fields.challenge_id).toBeTruthy()
    const other = await browser.json<Json>('/public/challenges/submit', { json: { challenge_id: 'not-here' } })
    expect(other.status).toBe(404)
    expect(await t.db.select().from(pointsLedger).where(eq(pointsLedger.source, 'challenge'))).toHaveLength(0)
  })

  it('replays a retried request with the same Idempotency-Key', async () => {
    const t = await makeTestApp()
    const { browser, participant } = await quickParticipant(t, 'idem@example.com')
    const c = await challengeByIdentifier(t, 'pour-over-guide')
    const first = await browser.request('/public/challenges/submit', { json: { challenge_id: c.id }, headers: { 'idempotency-key': 'k-1' } })
    const second = await browser.request('/public/challenges/submit', { json: { challenge_id: c.id }, headers: { 'idempotency-key': 'k-1' } })
    expect(second.status).toBe(first.status)
    expect(await second.text()).toBe(await first.text())
    expect(second.headers.get('idempotent-replayed')).toBe('true')
    const [p] = await t.db.select().from(participants).where(eq(participants.id, participant.id))
    expect(p!.unusedPoints).toBe(c.points)
  })

  it('credits once under 20 parallel submits of a non-repeatable challenge', async () => {
    const t = await makeTestApp()
    const { browser, participant } = await quickParticipant(t, 'burst@example.com')
    const c = await challengeByIdentifier(t, 'share-your-order')
    const results = await Promise.all(Array.from({ length: 20 }, () => browser.request('/public/challenges/submit', { json: { challenge_id: c.id } })))
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    expect(results.filter((r) => r.status === 409)).toHaveLength(19)
    const [p] = await t.db.select().from(participants).where(eq(participants.id, participant.id))
    expect(p!.unusedPoints).toBe(c.points)
    expect(await t.db.select().from(pointsLedger).where(eq(pointsLedger.participantId, participant.id))).toHaveLength(1)
  })
})

describe('unified social', () => {
  it('records views and completes when every post was viewed', async () => {
    const t = await makeTestApp()
    const { browser, participant } = await quickParticipant(t, 'social@example.com')
    const c = await browser.json<Json>('/public/challenges/behind-the-bar')
    const posts = c.body.social_network_posts as Json[]
    let last: Json = {}
    for (const post of posts) {
      const r = await browser.json<Json>(`/public/challenges/${c.body.id}/unified_social_submission?social_network_post_id=${post.id}`, { method: 'POST' })
      expect(r.status).toBe(200)
      last = r.body
    }
    expect(last).toMatchObject({ viewed: posts.length, total: posts.length, completed: true })
    const again = await browser.json<Json>(`/public/challenges/${c.body.id}/unified_social_submission?social_network_post_id=${posts[0]!.id}`, { method: 'POST' })
    expect(again.body.completed).toBe(true)
    expect(await t.db.select().from(challengeCompletions).where(eq(challengeCompletions.participantId, participant.id))).toHaveLength(1)
    const bad = await browser.json<Json>(`/public/challenges/${c.body.id}/unified_social_submission?social_network_post_id=999999`, { method: 'POST' })
    expect(bad.body.error.fields.social_network_post_id).toBeTruthy()
    const missing = await browser.json<Json>(`/public/challenges/${c.body.id}/unified_social_submission`, { method: 'POST' })
    expect(missing.body.error.fields.social_network_post_id).toBeTruthy()
  })
})

describe('home and account', () => {
  it('lists active uncompleted challenges and drops one once completed', async () => {
    const t = await makeTestApp()
    const { browser } = await quickParticipant(t, 'home@example.com')
    const before = await browser.json<{ data: Json[] }>('/public/home/active_uncompleted_challenges')
    const ids = before.body.data.map((c) => c.identifier)
    expect(ids).toContain('coffee-origins')
    expect(ids).not.toContain('barista-workshop-rsvp')
    expect(ids).not.toContain('cold-brew-summer')
    const c = await challengeByIdentifier(t, 'coffee-origins')
    await browser.json('/public/challenges/submit', { json: { challenge_id: c.id } })
    const after = await browser.json<{ data: Json[] }>('/public/home/active_uncompleted_challenges')
    expect(after.body.data.map((x) => x.identifier)).not.toContain('coffee-origins')
    const carousel = await browser.json<{ data: Json[] }>('/public/home/carousel')
    expect(carousel.body.data[0]).toMatchObject({ title: expect.any(String), button_text: expect.any(String) })
    expect((await browser.json<{ data: Json }>('/public/home/extended_profile_challenge')).body.data.identifier).toBe('complete-your-profile')
    expect((await browser.json<{ data: Json }>('/public/home/social_feed_challenge')).body.data.identifier).toBe('behind-the-bar')
    expect((await browser.json<{ data: Json }>('/public/home/donation_challenge')).body.data.donation_challenge.amount_options.length).toBe(3)
  })

  it('pages participant actions with sizes 10-50 and saves e-mail settings', async () => {
    const t = await makeTestApp()
    const { browser, participant } = await quickParticipant(t, 'acct@example.com')
    for (const id of ['coffee-origins', 'pour-over-guide', 'share-your-order']) {
      const c = await challengeByIdentifier(t, id)
      await browser.json('/public/challenges/submit', { json: { challenge_id: c.id } })
    }
    const page = await browser.json<Json>('/public/participant_actions?page=1&per_page=10')
    expect(page.body).toMatchObject({ page: 1, per_page: 10, total_pages: 1 })
    // 3 completions, plus what they set off (entering Bronze, an achievement for 3 challenges)
    expect((page.body.data as Json[]).filter((a) => a.action_type === 'challenge_completed')).toHaveLength(3)
    expect(page.body.total).toBe((page.body.data as Json[]).length)
    expect(page.body.data[0].title).toBeTruthy()
    const badSize = await browser.json<Json>('/public/participant_actions?per_page=7')
    expect(badSize.body.error.fields.per_page).toBe('must be 10, 20, 30, 40 or 50')
    const program = await browser.json<Json>('/public/program')
    const setting = program.body.email_settings[1]
    const saved = await browser.json<Json>('/public/account/update_email_settings', { form: { email_setting_id: String(setting.id), participant_id: String(participant.id) } })
    expect(saved.body).toMatchObject({ success: true, errors: [] })
    const me = await browser.json<Json>('/public/participant')
    expect(me.body.email_setting_id).toBe(setting.id)
    const wrong = await browser.json<Json>('/public/account/update_email_settings', { json: { email_setting_id: 999999 } })
    expect(wrong.body).toMatchObject({ success: false, error: { fields: { email_setting_id: expect.any(String) } } })
    const missing = await browser.json<Json>('/public/account/update_email_settings', { json: {} })
    expect(missing.body.error.fields.email_setting_id).toBe('is required')
  })
})
