import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { seed, TokenClient } from '../../../test/workerd-helpers'

describe('challenges on D1 in workerd', () => {
  it('credits once under 20 parallel submits and replays an idempotency key', async () => {
    await seed()
    const client = await new TokenClient().signUp('burst-d1@example.com')
    const challenge = await client.json<{ id: number; points: number }>('/public/challenges/share-your-order')
    const before = await client.json<{ unused_points: number }>('/public/participant')
    const results = await Promise.all(Array.from({ length: 20 }, () => client.request('/public/challenges/submit', { json: { challenge_id: challenge.body.id } })))
    expect(results.filter((r: { status: number }) => r.status === 200)).toHaveLength(1)
    const after = await client.json<{ unused_points: number }>('/public/participant')
    expect(after.body.unused_points - before.body.unused_points).toBe(challenge.body.points)

    const article = await client.json<{ id: number }>('/public/challenges/pour-over-guide')
    const first = await client.request('/public/challenges/submit', { json: { challenge_id: article.body.id }, headers: { 'idempotency-key': 'd1-key' } })
    const again = await client.request('/public/challenges/submit', { json: { challenge_id: article.body.id }, headers: { 'idempotency-key': 'd1-key' } })
    expect(again.status).toBe(first.status)
    expect(await again.text()).toBe(await first.text())
    expect(again.headers.get('idempotent-replayed')).toBe('true')
  })

  it('validates answers server-side and writes nothing on a bad one', async () => {
    await seed()
    const client = await new TokenClient().signUp('answers-d1@example.com')
    const survey = await client.json<{ id: number; questions: { id: number; answer_type: string }[] }>('/public/challenges/taste-profile-survey')
    const number = survey.body.questions.find((q) => q.answer_type === 'number')!
    const r = await client.json<{ error: { fields: Record<string, string> } }>('/public/challenges/submit', {
      json: { challenge_id: survey.body.id, questions: { [number.id]: { value: 'twelve' } } },
    })
    expect(r.status).toBe(422)
    expect(r.body.error.fields[`questions[${number.id}]`]).toBe('must be a whole number')
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM participant_answers a JOIN participants p ON p.id = a.participant_id WHERE p.email = 'answers-d1@example.com'").first<{ n: number }>()
    expect(rows!.n).toBe(0)
  })
})
