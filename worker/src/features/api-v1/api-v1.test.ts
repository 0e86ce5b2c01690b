import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { API_V1_RATE_LIMIT, apiErrorSchema, apiV1Operations, type ApiParticipant, ledgerPageSchema, type LedgerPage, participantSchema, pointsAdjustResultSchema, type PointsAdjustResult } from '../../../../sdk/contract/api-v1'
import { apiRequestLog, participants, pointsLedger, requestIdempotency, throttles } from '../../db/schema'
import { sha256 } from '../../lib/crypto'
import { programScope } from '../../db/scope'
import { makeTestApp } from '../../../test/helpers'
import { makeOrganization, makeProgram } from '../../../test/console-fixtures'
import { programByKey } from '../participants/participants-fixtures'
import { createApiKey, revokeApiKey } from '../integrations/api-keys'
import { buildApiV1OpenApi } from '../../../../sdk/contract/api-v1/openapi'

type Json = Record<string, any>
const DAY = 86_400_000

async function setup() {
  const t = await makeTestApp()
  const program = await programByKey(t, 'demo')
  const keyFor = async (programId: number, days = 30) => {
    const made = await createApiKey(programScope(t.db, programId), t.deps, { name: `k${Math.random()}`, expires_at: new Date(t.clock.now() + days * DAY).toISOString().slice(0, 10) }, null)
    if (made.status !== 201) throw new Error('key not made')
    return made.result.data!
  }
  const key = await keyFor(program.id)
  const call = async (path: string, init: { method?: string; json?: unknown; key?: string | null; headers?: Record<string, string> } = {}) => {
    const headers = new Headers(init.headers)
    if (init.key !== null) headers.set('authorization', `Bearer ${init.key ?? key.api_key}`)
    if (init.json !== undefined) headers.set('content-type', 'application/json')
    const res = await t.app.request(`/api/v1${path}`, { method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'), headers, body: init.json !== undefined ? JSON.stringify(init.json) : undefined })
    const text = await res.text()
    return { status: res.status, res, text, body: (text ? JSON.parse(text) : null) as Json }
  }
  const upsert = async (json: unknown, k?: string) => call('/participants', { json, ...(k ? { key: k } : {}) })
  return { ...t, program, key, keyFor, call, upsert }
}

const expectError = (r: { status: number; body: Json; res: Response }, status: number, code: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(status)
  expect(Object.keys(r.body)).toEqual(['error'])
  expect(r.body.error).toMatchObject({ code, message: expect.any(String), request_id: r.res.headers.get('request-id') })
  expect(r.body.error.request_id).toMatch(/.+/)
  apiErrorSchema.strict().parse(r.body)
}

describe('/api/v1 authentication', () => {
  it('refuses a missing, malformed, unknown, revoked (at once) and expired key with 401 and one error shape', async () => {
    const t = await setup()
    expectError(await t.call('/participants?email=a@example.com', { key: null }), 401, 'unauthenticated')
    expectError(await t.call('/participants?email=a@example.com', { key: 'nope' }), 401, 'unauthenticated')
    expectError(await t.call('/participants?email=a@example.com', { key: `tsk_${'A'.repeat(43)}` }), 401, 'unauthenticated')
    expect((await t.call('/participants?email=a@example.com')).status).toBe(200)

    // Revoked: refused from the very next request.
    await revokeApiKey(programScope(t.db, t.program.id), t.deps, t.key.id)
    expectError(await t.call('/participants?email=a@example.com'), 401, 'unauthenticated')

    const expiring = await t.keyFor(t.program.id, 1)
    expect((await t.call('/participants?email=a@example.com', { key: expiring.api_key })).status).toBe(200)
    t.clock.advance(2 * DAY)
    expectError(await t.call('/participants?email=a@example.com', { key: expiring.api_key }), 401, 'unauthenticated')
  })

  it("acts on the key's program only: another program's participant is 404 for every call", async () => {
    const t = await setup()
    const org = await makeOrganization(t)
    const other = await makeProgram(t, org.id)
    const otherKey = await t.keyFor(other.id)
    const mine = await t.upsert({ email: 'ana@example.com', external_id: 'shop-1' })
    expect(mine.status).toBe(201)
    const id = mine.body.id as number
    expectError(await t.call(`/participants/${id}`, { key: otherKey.api_key }), 404, 'not_found')
    expectError(await t.call(`/participants/${id}/ledger`, { key: otherKey.api_key }), 404, 'not_found')
    expectError(await t.call(`/participants/${id}/points`, { key: otherKey.api_key, json: { type: 'earn', amount: 5, reason: 'x' }, headers: { 'idempotency-key': 'x1' } }), 404, 'not_found')
    expect((await t.call('/participants?email=ana@example.com', { key: otherKey.api_key })).body.data).toEqual([])
    expect((await t.call('/participants?external_id=shop-1', { key: otherKey.api_key })).body.data).toEqual([])
    // The same e-mail upserted with B's key is B's own, separate participant.
    const theirs = await t.upsert({ email: 'ana@example.com', external_id: 'shop-1' }, otherKey.api_key)
    expect(theirs.status).toBe(201)
    expect(theirs.body.id).not.toBe(id)
    const [row] = await t.db.select().from(participants).where(eq(participants.id, theirs.body.id))
    expect(row!.programId).toBe(other.id)
  })

  it('answers a Request-Id on every response (success, 401, 404, 422) and logs each keyed call by route pattern', async () => {
    const t = await setup()
    const ok = await t.upsert({ email: 'log@example.com' })
    const missing = await t.call('/participants/999999')
    const bad = await t.upsert({ email: 'not-an-email' })
    const anon = await t.call('/participants/1', { key: null })
    for (const r of [ok, missing, bad, anon]) expect(r.res.headers.get('request-id')).toMatch(/^[\w-]{8,}$/)
    expect(new Set([ok, missing, bad, anon].map((r) => r.res.headers.get('request-id'))).size).toBe(4)
    expect(bad.body.error.fields).toHaveProperty('email')
    const log = await t.db.select().from(apiRequestLog).where(eq(apiRequestLog.keyId, t.key.id))
    expect(log.map((l) => [l.method, l.route, l.status])).toEqual([
      ['POST', '/api/v1/participants', 201],
      ['GET', '/api/v1/participants/:id', 404],
      ['POST', '/api/v1/participants', 422],
    ])
    expect(log.map((l) => l.requestId)).toEqual([ok, missing, bad].map((r) => r.res.headers.get('request-id')))
    expect(log.every((l) => l.programId === t.program.id)).toBe(true)
  })

  it("rate limits per key like Stripe's API (100 a second, bursts of two seconds' worth): RateLimit headers on every answer, 429 with Retry-After past it, other keys unaffected, no statement for it", async () => {
    const t = await setup()
    const other = await t.keyFor(t.program.id)
    const burst = API_V1_RATE_LIMIT.perSecond * API_V1_RATE_LIMIT.burstSeconds
    const first = await t.call('/participants?email=r@example.com')
    expect(first.status).toBe(200)
    expect(Object.fromEntries(['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'ratelimit-policy'].map((h) => [h, first.res.headers.get(h)]))).toEqual({
      'ratelimit-limit': '100',
      'ratelimit-remaining': String(burst - 1),
      'ratelimit-reset': '1',
      'ratelimit-policy': `100;w=1;burst=${burst}`,
    })
    // The clock stands still: the burst, then refusals.
    for (let i = 1; i < burst; i++) expect((await t.call('/participants?email=r@example.com')).status).toBe(200)
    const limited = await t.call('/participants?email=r@example.com')
    expectError(limited, 429, 'rate_limited')
    expect(limited.res.headers.get('retry-after')).toBe('1')
    expect(limited.res.headers.get('ratelimit-remaining')).toBe('0')
    expect((await t.call('/participants?email=r@example.com', { key: other.api_key })).status).toBe(200)
    // 100 a second is the sustained rate: with the burst spent, 3 seconds of 100 requests a second pass, every one.
    for (let s = 0; s < 3; s++) {
      t.clock.advance(1000)
      const statuses = new Set<number>()
      for (let i = 0; i < API_V1_RATE_LIMIT.perSecond; i++) statuses.add((await t.call('/participants?email=r@example.com')).status)
      expect([...statuses]).toEqual([200])
    }
    // Counted in memory: no throttle row (a write on every call, as it once was).
    expect(await t.db.select().from(throttles)).toEqual([])
  }, 120_000)

  it('takes the rate limit set for the key', async () => {
    const t = await setup()
    const made = await createApiKey(programScope(t.db, t.program.id), t.deps, { name: 'slow', expires_at: new Date(t.clock.now() + 30 * DAY).toISOString().slice(0, 10), rate_limit: 5 }, null)
    if (made.status !== 201) throw new Error('key not made')
    const key = made.result.data.api_key
    expect(made.result.data).toMatchObject({ rate_limit: 5 })
    for (let i = 0; i < 5 * API_V1_RATE_LIMIT.burstSeconds; i++) expect((await t.call('/participants?email=s@example.com', { key })).res.headers.get('ratelimit-limit')).toBe('5')
    expectError(await t.call('/participants?email=s@example.com', { key }), 429, 'rate_limited')
    t.clock.advance(200)
    expect((await t.call('/participants?email=s@example.com', { key })).status).toBe(200)
  })
})

describe('/api/v1 keys, call by call', () => {
  // Every operation of the contract (so a new call joins this matrix by being declared): no key, a
  // revoked, an expired and another program's key, beside a valid one.
  it('refuses every call without a valid key of the program, and finds no participant of another program', async () => {
    const t = await setup()
    const org = await makeOrganization(t)
    const other = await makeProgram(t, org.id)
    const foreign = await t.keyFor(other.id)
    const revoked = await t.keyFor(t.program.id)
    await revokeApiKey(programScope(t.db, t.program.id), t.deps, revoked.id)
    const expired = await t.keyFor(t.program.id, 1)
    const mine = await t.upsert({ email: 'matrix@example.com' })
    expect(mine.status).toBe(201)
    t.clock.advance(2 * DAY)
    const { key: valid } = t
    expect(apiV1Operations.length).toBeGreaterThanOrEqual(10)
    let n = 0
    for (const op of apiV1Operations) {
      if (op.path.endsWith('/openapi.json')) continue
      const path = op.path
        .replace(/^\/api\/v1/, '')
        .replace('{id}', String(mine.body.id))
        .replace('{challenge_id}', 'daily-brew-tip')
        .replace('{reward_id}', '1')
      // A valid body where one is needed to reach the participant (the body is checked first).
      const json = op.method === 'get' ? undefined : op.operationId === 'adjustPoints' ? { type: 'earn', amount: 1, reason: 'matrix' } : {}
      const call = (key: string | null) => t.call(path, { method: op.method.toUpperCase(), json, key, headers: { 'idempotency-key': `m-${n++}` } })
      for (const [label, key] of [['no key', null], ['revoked', revoked.api_key], ['expired', expired.api_key]] as const) {
        const r = await call(key)
        expect(r.status, `${op.operationId} with ${label}`).toBe(401)
        expectError(r, 401, 'unauthenticated')
      }
      const ok = await call(valid.api_key)
      expect([401, 403], `${op.operationId} with a valid key: ${ok.text}`).not.toContain(ok.status)
      expect(ok.status, `${op.operationId} with a valid key: ${ok.text}`).toBeLessThan(500)
      if (op.path.includes('{id}')) expectError(await call(foreign.api_key), 404, 'not_found')
    }
  })
})

describe('/api/v1 participants', () => {
  it('upserts by external id or e-mail and looks participants up', async () => {
    const t = await setup()
    const created = await t.upsert({ email: 'Bea@Example.com', external_id: 'cust-42', first_name: 'Bea' })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ object: 'participant', email: 'bea@example.com', external_id: 'cust-42', first_name: 'Bea', points_balance: 0, lifetime_points: 0, status: 'active' })
    participantSchema.strict().parse(created.body)
    const id = created.body.id
    // By external id: updates the same participant, e-mail included.
    const byExternal = await t.upsert({ external_id: 'cust-42', email: 'bea.new@example.com', last_name: 'Lopez' })
    expect(byExternal.status).toBe(200)
    expect(byExternal.body).toMatchObject({ id, email: 'bea.new@example.com', last_name: 'Lopez', first_name: 'Bea' })
    // By e-mail alone.
    expect((await t.upsert({ email: 'bea.new@example.com', first_name: 'Beatriz' })).body).toMatchObject({ id, first_name: 'Beatriz', external_id: 'cust-42' })
    // An unknown external id alone cannot create (no e-mail).
    const noEmail = await t.upsert({ external_id: 'cust-43' })
    expectError(noEmail, 422, 'validation_failed')
    expect(noEmail.body.error.fields).toHaveProperty('email')
    // An external id already used by someone else is refused.
    await t.upsert({ email: 'carl@example.com' })
    expectError(await t.upsert({ email: 'carl@example.com', external_id: 'cust-42' }), 422, 'validation_failed')

    expect((await t.call(`/participants/${id}`)).body).toEqual((await t.call('/participants?external_id=cust-42')).body.data[0])
    expect((await t.call(`/participants/${id}`)).body.external_id).toBe('cust-42')
    // Another participant's external id row (its own id differs from its participant's) is read by participant.
    const dana = await t.upsert({ email: 'dana@example.com', external_id: 'cust-77' })
    expect((await t.call(`/participants/${dana.body.id}`)).body.external_id).toBe('cust-77')
    expect((await t.call('/participants?email=dana@example.com')).body.data[0].external_id).toBe('cust-77')
    expect((await t.call('/participants?email=BEA.NEW@example.com')).body).toMatchObject({ object: 'list', has_more: false, data: [{ id }] })
    expect((await t.call('/participants?email=nobody@example.com')).body.data).toEqual([])
    expectError(await t.call('/participants'), 422, 'validation_failed')
    expectError(await t.call('/participants/abc'), 422, 'validation_failed')
  })
})

describe('/api/v1 points', () => {
  async function withParticipant() {
    const t = await setup()
    const p = (await t.upsert({ email: 'pts@example.com' })).body as ApiParticipant
    const adjust = (json: unknown, key?: string) => t.call(`/participants/${p.id}/points`, { json, headers: key ? { 'idempotency-key': key } : {} })
    const balance = async () => (await t.db.select().from(participants).where(eq(participants.id, p.id)))[0]!.unusedPoints
    return { ...t, p, adjust, balance }
  }

  it('requires an Idempotency-Key; a retried earn answers the identical body and credits once', async () => {
    const t = await withParticipant()
    const noKey = await t.adjust({ type: 'earn', amount: 100, reason: 'Order 1001' })
    expectError(noKey, 422, 'validation_failed')
    expect(noKey.body.error.fields).toHaveProperty('Idempotency-Key')
    expect(await t.balance()).toBe(0)

    const first = await t.adjust({ type: 'earn', amount: 100, reason: 'Order 1001' }, 'order-1001')
    expect(first.status, first.text).toBe(201)
    const result = pointsAdjustResultSchema.parse(first.body) as PointsAdjustResult
    expect(result.entry).toMatchObject({ object: 'ledger_entry', delta: 100, kind: 'earn', title: 'Order 1001', participant_id: t.p.id })
    expect(result.participant).toMatchObject({ points_balance: 100, lifetime_points: 100 })
    const again = await t.adjust({ type: 'earn', amount: 100, reason: 'Order 1001' }, 'order-1001')
    expect(again.status).toBe(201)
    expect(again.text).toBe(first.text)
    expect(again.res.headers.get('idempotent-replayed')).toBe('true')
    expect(await t.balance()).toBe(100)
    expect(await t.db.select().from(pointsLedger).where(eq(pointsLedger.participantId, t.p.id))).toHaveLength(1)
  })

  it('credits once when the same request races itself (one runs, the other replays or answers 409 in progress)', async () => {
    const t = await withParticipant()
    const both = await Promise.all([0, 1, 2].map(() => t.adjust({ type: 'earn', amount: 40, reason: 'Race' }, 'race-1')))
    expect(both.filter((r) => r.status === 201).length).toBeGreaterThanOrEqual(1)
    for (const r of both) if (r.status !== 201) expectError(r, 409, 'idempotency_conflict')
    expect(await t.balance()).toBe(40)
    expect((await t.adjust({ type: 'earn', amount: 40, reason: 'Race' }, 'race-1')).status).toBe(201)
    expect(await t.balance()).toBe(40)
  })

  it('a key whose runner died is taken over after its lease: 409 with Retry-After before, then the answer rebuilt from what committed, credited once', async () => {
    const t = await withParticipant()
    const first = await t.adjust({ type: 'earn', amount: 70, reason: 'Order 9' }, 'crash-9')
    expect(first.status).toBe(201)
    // As if the process died after the write's batch committed, before the answer was stored: the key
    // is still "in progress" under a lease that nobody will end.
    const lease = t.deps.config.idempotencyLeaseMs
    await t.db.update(requestIdempotency).set({ status: null, response: null, completedAt: null, leaseUntil: t.clock.now() + lease }).where(eq(requestIdempotency.key, 'api:crash-9'))
    const during = await t.adjust({ type: 'earn', amount: 70, reason: 'Order 9' }, 'crash-9')
    expectError(during, 409, 'idempotency_conflict')
    expect(Number(during.res.headers.get('retry-after'))).toBe(Math.ceil(lease / 1000))
    t.clock.advance(lease + 1)
    const after = await t.adjust({ type: 'earn', amount: 70, reason: 'Order 9' }, 'crash-9')
    expect(after.status, after.text).toBe(201)
    expect(after.body.entry).toEqual(first.body.entry)
    expect(await t.balance()).toBe(70)
    expect(await t.db.select().from(pointsLedger).where(eq(pointsLedger.participantId, t.p.id))).toHaveLength(1)
    // Stored again: the next retry is a plain replay.
    const replay = await t.adjust({ type: 'earn', amount: 70, reason: 'Order 9' }, 'crash-9')
    expect(replay.res.headers.get('idempotent-replayed')).toBe('true')
    expect(replay.text).toBe(after.text)
  })

  it('a key whose runner died before writing runs again after its lease; retries racing for it run it once', async () => {
    const t = await withParticipant()
    const [row] = await t.db.select({ programId: participants.programId }).from(participants).where(eq(participants.id, t.p.id))
    const body = JSON.stringify({ type: 'earn', amount: 25, reason: 'Order 10' })
    // The key taken by a request that died before its batch: nothing written.
    await programScope(t.db, row!.programId).insert(requestIdempotency, { key: 'api:crash-10', method: 'POST', path: `/api/v1/participants/${t.p.id}/points`, bodyHash: await sha256(body), leaseUntil: t.clock.now() - 1 })
    const racing = await Promise.all([0, 1, 2].map(() => t.adjust(JSON.parse(body), 'crash-10')))
    expect(racing.filter((r) => r.status === 201).length).toBeGreaterThanOrEqual(1)
    for (const r of racing) if (r.status !== 201) expectError(r, 409, 'idempotency_conflict')
    expect(await t.balance()).toBe(25)
    expect(await t.db.select().from(pointsLedger).where(eq(pointsLedger.participantId, t.p.id))).toHaveLength(1)
    const [stored] = await t.db.select().from(requestIdempotency).where(eq(requestIdempotency.key, 'api:crash-10'))
    expect(stored!.status).toBe(201)
  })

  it('answers 422 for the same key with a different body or on another participant, and changes nothing', async () => {
    const t = await withParticipant()
    expect((await t.adjust({ type: 'earn', amount: 50, reason: 'Order 7' }, 'k-7')).status).toBe(201)
    expectError(await t.adjust({ type: 'earn', amount: 60, reason: 'Order 7' }, 'k-7'), 422, 'idempotency_conflict')
    const other = (await t.upsert({ email: 'other@example.com' })).body as ApiParticipant
    expectError(await t.call(`/participants/${other.id}/points`, { json: { type: 'earn', amount: 50, reason: 'Order 7' }, headers: { 'idempotency-key': 'k-7' } }), 422, 'idempotency_conflict')
    expect(await t.balance()).toBe(50)
    expect((await t.call(`/participants/${other.id}`)).body.points_balance).toBe(0)
  })

  it('spends and refunds; a spend over the balance is 422 not_enough_points, and replays as such', async () => {
    const t = await withParticipant()
    await t.adjust({ type: 'earn', amount: 30, reason: 'Order' }, 'e1')
    expect((await t.adjust({ type: 'spend', amount: 20, reason: 'Coupon' }, 's1')).body.participant).toMatchObject({ points_balance: 10, lifetime_points: 30 })
    const over = await t.adjust({ type: 'spend', amount: 11, reason: 'Coupon' }, 's2')
    expectError(over, 422, 'not_enough_points')
    const overAgain = await t.adjust({ type: 'spend', amount: 11, reason: 'Coupon' }, 's2')
    expect(overAgain.text).toBe(over.text)
    expect((await t.adjust({ type: 'refund', amount: 5, reason: 'Returned coupon' }, 'r1')).body.entry).toMatchObject({ delta: 5, kind: 'refund' })
    expect(await t.balance()).toBe(15)
    expectError(await t.adjust({ type: 'bonus', amount: 5, reason: 'x' }, 'bad-1'), 422, 'validation_failed')
    expectError(await t.adjust({ type: 'earn', amount: 0, reason: 'x' }, 'bad-2'), 422, 'validation_failed')
  })

  it('never overdraws under concurrent spends: exactly balance / amount of them succeed', async () => {
    const t = await withParticipant()
    await t.adjust({ type: 'earn', amount: 100, reason: 'Start' }, 'start')
    const spends = await Promise.all(Array.from({ length: 25 }, (_, i) => t.adjust({ type: 'spend', amount: 10, reason: `Spend ${i}` }, `spend-${i}`)))
    const ok = spends.filter((r) => r.status === 201)
    expect(ok).toHaveLength(10)
    expect(spends.filter((r) => r.status === 422).every((r) => r.body.error.code === 'not_enough_points')).toBe(true)
    expect(spends.filter((r) => r.status !== 201 && r.status !== 422)).toEqual([])
    expect(await t.balance()).toBe(0)
  })

  it('100 concurrent earns with distinct keys sum exactly', async () => {
    const t = await withParticipant()
    const earns = await Promise.all(Array.from({ length: 100 }, (_, i) => t.adjust({ type: 'earn', amount: i + 1, reason: `Order ${i}` }, `earn-${i}`)))
    expect(earns.every((r) => r.status === 201)).toBe(true)
    expect(await t.balance()).toBe(5050)
  })

  it('pages the ledger newest first with starting_after and has_more', async () => {
    const t = await withParticipant()
    for (let i = 1; i <= 5; i++) await t.adjust({ type: 'earn', amount: i, reason: `Order ${i}` }, `o-${i}`)
    const page1 = ledgerPageSchema.parse((await t.call(`/participants/${t.p.id}/ledger?limit=2`)).body) as LedgerPage
    expect(page1).toMatchObject({ object: 'list', has_more: true })
    expect(page1.data.map((e) => e.delta)).toEqual([5, 4])
    const page2 = (await t.call(`/participants/${t.p.id}/ledger?limit=2&starting_after=${page1.data[1]!.id}`)).body as LedgerPage
    expect(page2.data.map((e) => e.delta)).toEqual([3, 2])
    expect(page2.has_more).toBe(true)
    const page3 = (await t.call(`/participants/${t.p.id}/ledger?limit=2&starting_after=${page2.data[1]!.id}`)).body as LedgerPage
    expect(page3).toMatchObject({ has_more: false })
    expect(page3.data.map((e) => e.delta)).toEqual([1])
    expectError(await t.call(`/participants/${t.p.id}/ledger?limit=1000`), 422, 'validation_failed')
  })
})

describe('/api/v1 OpenAPI', () => {
  it('serves the OpenAPI 3.1 document without a key; it agrees with the mounted routes and the contract (openapi-check.test.ts)', async () => {
    const t = await setup()
    // A request's Host never becomes the document's base URL: the configured origin does.
    const r = await t.call('/openapi.json', { key: null, headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } })
    expect(r.status).toBe(200)
    const doc = r.body
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.servers).toEqual([{ url: t.deps.config.localOrigin }])
    expect(doc.info.license).toMatchObject({ name: expect.any(String), identifier: expect.any(String) })
    expect(doc).toEqual(JSON.parse(JSON.stringify(buildApiV1OpenApi(t.deps.config.localOrigin))))
    // Bodies and answers come from the contract: the adjust body names its enum.
    expect(doc.components.schemas.PointsAdjust.properties.type.enum).toEqual(['earn', 'spend', 'refund'])
    expect(doc.paths['/api/v1/participants/{id}/points'].post.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true })]))
    expect(doc.paths['/api/v1/participants/{id}/ledger'].get.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'expand[]', in: 'query', style: 'form', explode: true })]))
  })
})
