import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { challengeCompletions, challenges, participants, pointsLedger, requestIdempotency } from '../src/db/schema'
import { sha256 } from '../src/lib/crypto'
import { programScope } from '../src/db/scope'
import { makeTestApp, quickParticipant } from './helpers'

type Json = Record<string, any>
type T = Awaited<ReturnType<typeof makeTestApp>>

async function challengeRow(t: T, identifier: string) {
  const [row] = await t.db.select().from(challenges).where(eq(challenges.identifier, identifier))
  return row!
}

async function footprint(t: T, participantId: number) {
  const [p] = await t.db.select().from(participants).where(eq(participants.id, participantId))
  const completions = await t.db.select().from(challengeCompletions).where(eq(challengeCompletions.participantId, participantId))
  const credits = await t.db.select().from(pointsLedger).where(and(eq(pointsLedger.participantId, participantId), eq(pointsLedger.source, 'challenge')))
  return { points: p!.unusedPoints, completions: completions.map((c) => c.challengeId).sort(), credits: credits.length }
}

/** The `Idempotency-Key` middleware binds a key to its method, path and body (SHA-256 of the raw body). */
describe('Idempotency-Key', () => {
  it('replays the same key with the same body (Idempotent-Replayed: true) and stores the body hash', async () => {
    const t = await makeTestApp()
    const { browser, participant } = await quickParticipant(t, 'idem-same@example.com')
    const article = await challengeRow(t, 'pour-over-guide')
    const body = JSON.stringify({ challenge_id: article.id })
    const send = () => browser.request('/public/challenges/submit', { method: 'POST', body, headers: { 'content-type': 'application/json', 'idempotency-key': 'same-1' } })
    const first = await send()
    // The middleware read the body with c.req.text(); the handler still parsed it (Hono caches the body).
    expect(first.status).toBe(200)
    const firstBody = (await first.json()) as Json
    expect(firstBody).toMatchObject({ success: true, points: article.points })
    const again = await send()
    expect(again.status).toBe(200)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(await again.json()).toEqual(firstBody)
    expect(await footprint(t, participant.id)).toMatchObject({ points: article.points, completions: [article.id], credits: 1 })
    const [row] = await t.db.select().from(requestIdempotency).where(eq(requestIdempotency.key, `p:${participant.id}:same-1`))
    expect(row!.bodyHash).toBe(await sha256(body))
  })

  it('answers 422 for the same key with a different body, and writes nothing for it', async () => {
    const t = await makeTestApp()
    const { browser, participant } = await quickParticipant(t, 'idem-body@example.com')
    const article = await challengeRow(t, 'pour-over-guide')
    const link = await challengeRow(t, 'coffee-origins')
    const first = await browser.json<Json>('/public/challenges/submit', { json: { challenge_id: article.id }, headers: { 'idempotency-key': 'body-1' } })
    expect(first.status).toBe(200)
    const after = await footprint(t, participant.id)
    const other = await browser.json<Json>('/public/challenges/submit', { json: { challenge_id: link.id }, headers: { 'idempotency-key': 'body-1' } })
    expect(other.status).toBe(422)
    expect(other.res.headers.get('idempotent-replayed')).toBeNull()
    expect(other.body.error).toMatchObject({ code: 'idempotency_conflict', message: 'This Idempotency-Key was used with a different request body' })
    // Same JSON value, other bytes: the raw body is what counts.
    const spaced = await browser.json<Json>('/public/challenges/submit', {
      method: 'POST',
      body: JSON.stringify({ challenge_id: article.id }, null, 2),
      headers: { 'content-type': 'application/json', 'idempotency-key': 'body-1' },
    })
    expect(spaced.status).toBe(422)
    expect(await footprint(t, participant.id)).toEqual(after)
    expect(after).toMatchObject({ completions: [article.id], credits: 1 })
    expect(await t.db.select().from(requestIdempotency).where(eq(requestIdempotency.key, `p:${participant.id}:body-1`))).toHaveLength(1)
    // The identical body still replays.
    const replay = await browser.request('/public/challenges/submit', { json: { challenge_id: article.id }, headers: { 'idempotency-key': 'body-1' } })
    expect(replay.status).toBe(200)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
  })

  it('answers 422 for the same key on another route', async () => {
    const t = await makeTestApp()
    const { browser, participant } = await quickParticipant(t, 'idem-route@example.com', { points: 1000 })
    const article = await challengeRow(t, 'pour-over-guide')
    const body = JSON.stringify({ challenge_id: article.id })
    const headers = { 'content-type': 'application/json', 'idempotency-key': 'route-1' }
    expect((await browser.request('/public/challenges/submit', { method: 'POST', body, headers })).status).toBe(200)
    const before = await footprint(t, participant.id)
    const elsewhere = await browser.json<Json>('/public/rewards/process_reward', { method: 'POST', body, headers })
    expect(elsewhere.status).toBe(422)
    expect(elsewhere.body.error.code).toBe('idempotency_conflict')
    expect(elsewhere.body.error.message).toBe('This Idempotency-Key was used for a different request')
    expect(await footprint(t, participant.id)).toEqual(before)
  })

  it('reads a form body for the hash and still lets CSRF and the handler parse it', async () => {
    const t = await makeTestApp()
    const { browser, participant } = await quickParticipant(t, 'idem-form@example.com')
    const article = await challengeRow(t, 'pour-over-guide')
    const csrf = await browser.fetchCsrf()
    const send = (id: number) =>
      browser.json<Json>('/public/challenges/submit', {
        form: { challenge_id: String(id), authenticity_token: csrf },
        csrf: false,
        headers: { 'idempotency-key': 'form-1' },
      })
    const first = await send(article.id)
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    const again = await send(article.id)
    expect(again.res.headers.get('idempotent-replayed')).toBe('true')
    expect(again.body).toEqual(first.body)
    expect((await send((await challengeRow(t, 'coffee-origins')).id)).status).toBe(422)
    expect(await footprint(t, participant.id)).toMatchObject({ completions: [article.id], credits: 1 })
  })

  it('holds a key in progress for its lease (409 with Retry-After), then lets a retry take it over and run', async () => {
    const t = await makeTestApp()
    const { browser, participant } = await quickParticipant(t, 'idem-lease@example.com')
    const article = await challengeRow(t, 'pour-over-guide')
    const body = JSON.stringify({ challenge_id: article.id })
    // A request that took the key and died before its batch (kill -9): nothing written, the key in progress.
    const lease = t.deps.config.idempotencyLeaseMs
    await programScope(t.db, participant.programId).insert(requestIdempotency, {
      key: `p:${participant.id}:lease-1`,
      method: 'POST',
      path: '/public/challenges/submit',
      bodyHash: await sha256(body),
      leaseUntil: t.clock.now() + lease,
    })
    const send = () => browser.request('/public/challenges/submit', { method: 'POST', body, headers: { 'content-type': 'application/json', 'idempotency-key': 'lease-1' } })
    const during = await send()
    expect(during.status).toBe(409)
    expect(Number(during.headers.get('retry-after'))).toBe(Math.ceil(lease / 1000))
    expect(await footprint(t, participant.id)).toMatchObject({ completions: [], credits: 0 })
    t.clock.advance(lease)
    const after = await send()
    expect(after.status).toBe(200)
    expect(await after.json()).toMatchObject({ success: true, points: article.points })
    expect(await footprint(t, participant.id)).toMatchObject({ points: article.points, completions: [article.id], credits: 1 })
    const replay = await send()
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(await footprint(t, participant.id)).toMatchObject({ credits: 1 })
  })
})
