import { and, eq } from 'drizzle-orm'
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { z } from 'zod'
import { makeTestApp } from '../../../worker/test/helpers'
import { challenges, pointsLedger, programs, rewards } from '../../../worker/src/db/schema'
import { programScope } from '../../../worker/src/db/scope'
import { createApiKey } from '../../../worker/src/features/integrations/api-keys'
import { programByKey } from '../../../worker/src/features/participants/participants-fixtures'
import { API_V1_RATE_LIMIT, type actionPageSchema, apiV1Operations, type ledgerPageSchema, type rewardPageSchema } from '../../contract/api-v1'
import {
  ApiAuthenticationError,
  ApiConflictError,
  ApiConnectionError,
  ApiIdempotencyError,
  ApiNotFoundError,
  ApiRateLimitError,
  ApiValidationError,
  createServerClient,
  type FetchLike,
  type Page,
  type LedgerEntry,
  type Action,
  type Reward,
  TesseraApiError,
} from './index'
import { TesseraError } from '../errors'

// The server client against the real app (worker/src/app.ts on libSQL with the demo data): its fetch
// is the app's own, so every call goes through the /api/v1 router, key check, rate limit and
// idempotency store. Failures are injected around that fetch.

const DAY = 86_400_000
type Sent = { method: string; url: URL; idempotencyKey: string | null; body: string | null }

async function setup() {
  const t = await makeTestApp()
  const program = await programByKey(t, 'demo')
  const made = await createApiKey(programScope(t.db, program.id), t.deps, { name: 'sdk tests', expires_at: new Date(t.clock.now() + 30 * DAY).toISOString().slice(0, 10) }, null)
  if (made.status !== 201) throw new Error('key not made')
  const apiKey = made.result.data!.api_key
  const sent: Sent[] = []
  /** The app itself, recording every request that reaches it. */
  const appFetch: FetchLike = async (url, init) => {
    const req = new Request(url, init)
    sent.push({ method: req.method, url: new URL(req.url), idempotencyKey: req.headers.get('idempotency-key'), body: init.body ? String(init.body) : null })
    return t.app.fetch(req)
  }
  const client = (options: Partial<Parameters<typeof createServerClient>[0]> = {}) =>
    createServerClient({ apiKey, baseUrl: 'http://localhost', fetch: appFetch, backoff: { initialDelayMs: 1, maxDelayMs: 5 }, ...options })
  const challenge = async (identifier: string) => (await t.db.select().from(challenges).where(and(eq(challenges.identifier, identifier), eq(challenges.programId, program.id))))[0]!
  const reward = async (name: string) => (await t.db.select().from(rewards).where(and(eq(rewards.name, name), eq(rewards.programId, program.id))))[0]!
  const ledgerOf = (participantId: number) => t.db.select().from(pointsLedger).where(eq(pointsLedger.participantId, participantId))
  return { ...t, program, apiKey, sent, appFetch, client, challenge, reward, ledgerOf }
}

/** `/api/v1/participants/{id}` -> a regex for concrete paths. */
const pathPattern = (template: string) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`)

describe('createServerClient: every /api/v1 call against the app', () => {
  it('has a typed method for every operation of the contract, each answering for real', async () => {
    const t = await setup()
    await t.db.update(programs).set({ partnerIdentitySecret: 'partner-secret-for-tests-0123456789' }).where(eq(programs.id, t.program.id))
    const origins = await t.challenge('coffee-origins')
    await t.db.update(challenges).set({ apiCompletionOnly: true }).where(eq(challenges.id, origins.id))
    const pastry = await t.reward('Free pastry with any drink')
    const tessera = t.client()

    const ana = await tessera.participants.upsert({ email: 'Ana@Example.com', external_id: 'cust-42', first_name: 'Ana' })
    expect(ana).toMatchObject({ object: 'participant', email: 'ana@example.com', external_id: 'cust-42', first_name: 'Ana', points_balance: 0 })
    expect((await tessera.participants.upsert({ external_id: 'cust-42', last_name: 'Silva' })).id).toBe(ana.id)
    expect(await tessera.participants.lookup({ external_id: 'cust-42' })).toMatchObject({ id: ana.id, last_name: 'Silva' })
    expect(await tessera.participants.lookup({ email: 'nobody@example.com' })).toBeNull()
    expect(await tessera.participants.retrieve(ana.id)).toMatchObject({ id: ana.id, email: 'ana@example.com' })

    const earned = await tessera.points.earn(ana.id, { amount: 500, reason: 'Order 1001' })
    expect(earned.entry).toMatchObject({ object: 'ledger_entry', delta: 500, kind: 'earn', title: 'Order 1001' })
    expect(earned.participant.points_balance).toBe(500)
    expect((await tessera.points.spend(ana.id, { amount: 50, reason: 'Manual' })).participant.points_balance).toBe(450)
    expect((await tessera.points.refund(ana.id, { amount: 20, reason: 'Return' })).participant.points_balance).toBe(470)
    expect((await tessera.points.adjust(ana.id, { type: 'earn', amount: 30, reason: 'Bonus' })).participant.points_balance).toBe(500)

    const ledger = await tessera.ledger.list(ana.id, { limit: 2 })
    expect(ledger).toMatchObject({ object: 'list', has_more: true })
    expect(ledger.data.map((e) => e.delta)).toEqual([30, 20])

    const done = await tessera.challenges.complete(ana.id, 'coffee-origins')
    expect(done).toMatchObject({ object: 'challenge_completion', challenge_id: origins.id, participant_id: ana.id, points: origins.points })

    const rewardPage = await tessera.rewards.list({ status: 'active', limit: 100 })
    expect(rewardPage.data.map((r) => r.id)).toContain(pastry.id)
    const claim = await tessera.rewards.claim(ana.id, pastry.id)
    expect(claim).toMatchObject({ object: 'reward_claim', reward_id: pastry.id, participant_id: ana.id })
    expect(claim.participant.points_balance).toBe(done.participant.points_balance - claim.reward.cost)

    const actions = await tessera.actions.list(ana.id, { limit: 100 })
    expect(actions.data.map((a) => a.type)).toEqual(expect.arrayContaining(['points_adjusted', 'reward_claimed']))

    const token = await tessera.identityTokens.create({ external_id: 'cust-42', expires_in: 60 })
    expect(token).toMatchObject({ object: 'identity_token', email: 'ana@example.com', participant_id: ana.id })
    expect(token.token).toMatch(/^v1\./)

    const receipt = await tessera.receipts.create({ participant_id: ana.id, external_id: 'pos-9001', merchant_name: 'Ember & Oak', purchase_date: '2026-11-20', total_amount: 12.5, items: [{ name: 'Latte', price: 4.5 }, { name: 'Beans', sku: 'B-1', quantity: 2, price: 4 }] })
    expect(receipt).toMatchObject({ object: 'receipt', external_id: 'pos-9001', participant_id: ana.id, source: 'external' })
    expect((await tessera.receipts.create({ participant_id: ana.id, external_id: 'pos-9001', items: [{ name: 'Latte', price: 4.5 }] })).id).toBe(receipt.id)

    const economics = await tessera.economics.retrieve({ from: '2025-01-01' })
    expect(economics.period.from).toBe('2025-01-01')
    expect(economics.summary.ok && economics.summary.data.points_outstanding).toBeGreaterThan(0)

    const exported = await tessera.participants.export(ana.id)
    expect(exported).toMatchObject({ format: 'tessera.participant_export.v1', profile: { id: ana.id, email: 'ana@example.com', external_id: 'cust-42', last_name: 'Silva' } })
    expect(exported.ledger.map((e) => e.delta)).toEqual(expect.arrayContaining([500, -50, 20, 30]))
    expect(exported.receipts.map((r) => r.external_id)).toEqual(['pos-9001'])

    // Erasure last: Ana becomes an anonymous tombstone, the same answer on a repeat.
    const erased = await tessera.participants.erase(ana.id)
    expect(erased).toMatchObject({ object: 'participant_erasure', participant_id: ana.id, files: 'done' })
    expect(await tessera.participants.erase(ana.id)).toEqual(erased)
    expect(await tessera.participants.lookup({ external_id: 'cust-42' })).toBeNull()
    // The tombstone keeps the books but is no longer read or credited: 410 participant_erased.
    await expect(tessera.participants.retrieve(ana.id)).rejects.toMatchObject({ status: 410, code: 'participant_erased' })
    await expect(tessera.points.earn(ana.id, { amount: 1, reason: 'After erasure' })).rejects.toMatchObject({ status: 410, code: 'participant_erased' })

    const doc = await tessera.openApi()
    expect(doc).toMatchObject({ openapi: expect.stringMatching(/^3\.1/) })

    // Every operation of the contract (the table the worker's router and the OpenAPI document come
    // from) was called above, with its method and path: a new route without a client method fails here.
    const called = new Set(
      t.sent.flatMap((s) => apiV1Operations.filter((op) => op.method.toUpperCase() === s.method && pathPattern(op.path).test(s.url.pathname)).map((op) => op.operationId)),
    )
    expect([...called].sort()).toEqual(apiV1Operations.map((op) => op.operationId).sort())
    // Every POST carried an Idempotency-Key, a different one per call; no GET did.
    const posts = t.sent.filter((s) => s.method === 'POST')
    expect(posts.every((s) => s.idempotencyKey && /^[0-9a-f-]{36}$/.test(s.idempotencyKey))).toBe(true)
    expect(new Set(posts.map((s) => s.idempotencyKey)).size).toBe(posts.length)
    expect(t.sent.filter((s) => s.method === 'GET').every((s) => s.idempotencyKey === null)).toBe(true)
  })

  it('list types are the contract’s page types', () => {
    expectTypeOf<Page<LedgerEntry>>().toEqualTypeOf<z.output<typeof ledgerPageSchema>>()
    expectTypeOf<Page<Action>>().toEqualTypeOf<z.output<typeof actionPageSchema>>()
    expectTypeOf<Page<Reward>>().toEqualTypeOf<z.output<typeof rewardPageSchema>>()
  })
})

describe('retries and idempotency', () => {
  it('retries a network error with the same Idempotency-Key: a write whose answer was lost is applied once', async () => {
    const t = await setup()
    const tessera = t.client()
    const p = await tessera.participants.upsert({ email: 'lost@example.com' })
    let calls = 0
    // The first request reaches the app (the points are credited), then the connection drops.
    const lossy = t.client({
      fetch: async (url, init) => {
        calls++
        const res = await t.appFetch(url, init)
        if (calls === 1) throw new TypeError('fetch failed: socket hang up')
        return res
      },
    })
    const result = await lossy.points.earn(p.id, { amount: 40, reason: 'Order 7' })
    expect(calls).toBe(2)
    expect(result.participant.points_balance).toBe(40)
    const posts = t.sent.filter((s) => s.method === 'POST' && s.url.pathname.endsWith('/points'))
    expect(posts).toHaveLength(2)
    expect(posts[0]!.idempotencyKey).toBe(posts[1]!.idempotencyKey)
    expect(await t.ledgerOf(p.id)).toHaveLength(1)
    expect((await tessera.participants.retrieve(p.id)).points_balance).toBe(40)
  })

  it('retries network errors, 5xx and 429 (after Retry-After) with backoff, then succeeds', async () => {
    const t = await setup()
    const failures = [
      () => Promise.reject(new TypeError('fetch failed')),
      () => Promise.resolve(new Response(JSON.stringify({ error: { code: 'internal_error', message: 'boom', request_id: 'r1' } }), { status: 503 })),
      () => Promise.resolve(new Response(JSON.stringify({ error: { code: 'rate_limited', message: 'slow down', request_id: 'r2' } }), { status: 429, headers: { 'retry-after': '1' } })),
    ]
    let n = 0
    const times: number[] = []
    const tessera = t.client({
      maxRetries: 3,
      fetch: (url, init) => {
        times.push(Date.now())
        const fail = failures[n++]
        return fail ? fail() : t.appFetch(url, init)
      },
    })
    const p = await tessera.participants.upsert({ email: 'retry@example.com' })
    expect(p.email).toBe('retry@example.com')
    expect(n).toBe(4)
    // Retry-After: 1 was honoured (the backoff itself is a few ms here).
    expect(times[3]! - times[2]!).toBeGreaterThanOrEqual(990)
    // The one request that reached the app carried the key the first attempt had.
    const keys = new Set(t.sent.map((s) => s.idempotencyKey))
    expect(keys.size).toBe(1)
  })

  it('gives up after maxRetries with ApiConnectionError, and times out each attempt', async () => {
    const t = await setup()
    let calls = 0
    const down = t.client({
      maxRetries: 2,
      fetch: () => {
        calls++
        return Promise.reject(new TypeError('fetch failed'))
      },
    })
    const err = await down.participants.retrieve(1).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiConnectionError)
    expect(err).toBeInstanceOf(TesseraApiError)
    expect(err).toMatchObject({ kind: 'connection', status: 0, code: 'connection_error', attempts: 3 })
    expect(calls).toBe(3)

    // A server that never answers: each attempt is aborted at timeoutMs.
    const hanging: FetchLike = (_url, init) => new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))
    const slow = t.client({ fetch: hanging, timeoutMs: 30, maxRetries: 1 })
    const timeout = await slow.participants.retrieve(1).catch((e: unknown) => e)
    expect(timeout).toMatchObject({ kind: 'connection', code: 'timeout', attempts: 2 })

    // The caller's own abort is final: no retry.
    const controller = new AbortController()
    let aborted = 0
    const abortable = t.client({
      fetch: (url, init) => {
        aborted++
        controller.abort()
        return hanging(url, init)
      },
    })
    await expect(abortable.participants.retrieve(1, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' })
    expect(aborted).toBe(1)
  })

  it('never retries another 4xx, and a reused key with another body is an idempotency error', async () => {
    const t = await setup()
    const tessera = t.client({ maxRetries: 5 })
    const p = await tessera.participants.upsert({ email: 'conflict@example.com' })
    await tessera.points.earn(p.id, { amount: 10, reason: 'Order 1' }, { idempotencyKey: 'order-1' })
    // The same key and body again: the first answer, replayed.
    expect((await tessera.points.earn(p.id, { amount: 10, reason: 'Order 1' }, { idempotencyKey: 'order-1' })).participant.points_balance).toBe(10)
    const before = t.sent.length
    const err = await tessera.points.earn(p.id, { amount: 99, reason: 'Order 1' }, { idempotencyKey: 'order-1' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiIdempotencyError)
    expect(err).toMatchObject({ kind: 'idempotency', status: 422, code: 'idempotency_conflict', attempts: 1 })
    expect(t.sent.length - before).toBe(1)
    expect(await t.ledgerOf(p.id)).toHaveLength(1)
  })
})

describe('typed errors', () => {
  it('maps the API error body to classes with code, status, requestId and fields', async () => {
    const t = await setup()
    const tessera = t.client()
    const p = await tessera.participants.upsert({ email: 'errors@example.com' })

    const missing = await tessera.participants.retrieve(999_999).catch((e: unknown) => e)
    expect(missing).toBeInstanceOf(ApiNotFoundError)
    expect(missing).toBeInstanceOf(TesseraError)
    const lastId = t.sent.at(-1)
    expect(lastId).toBeDefined()
    expect(missing).toMatchObject({ name: 'ApiNotFoundError', kind: 'not_found', status: 404, code: 'not_found', requestId: expect.stringMatching(/.+/) })

    const invalid = await tessera.points.earn(p.id, { amount: 0, reason: '' }).catch((e: unknown) => e)
    expect(invalid).toBeInstanceOf(ApiValidationError)
    expect(invalid).toMatchObject({ status: 422, code: 'validation_failed', kind: 'validation' })
    expect(Object.keys((invalid as ApiValidationError).fields ?? {})).toEqual(expect.arrayContaining(['amount', 'reason']))

    const broke = await tessera.points.spend(p.id, { amount: 5, reason: 'Too much' }).catch((e: unknown) => e)
    expect(broke).toMatchObject({ name: 'TesseraApiError', kind: 'api', status: 422, code: 'not_enough_points' })

    const pastry = await t.reward('Free pastry with any drink')
    await t.db.update(rewards).set({ repeatable: false }).where(eq(rewards.id, pastry.id))
    await tessera.points.earn(p.id, { amount: 1000, reason: 'Order' })
    await tessera.rewards.claim(p.id, pastry.id)
    const twice = await tessera.rewards.claim(p.id, pastry.id).catch((e: unknown) => e)
    expect(twice).toBeInstanceOf(ApiConflictError)
    expect(twice).toMatchObject({ kind: 'conflict', status: 409, code: 'already_claimed' })

    const wrongKey = createServerClient({ apiKey: 'tsk_wrong', baseUrl: 'http://localhost', fetch: t.appFetch })
    const auth = await wrongKey.participants.lookup({ email: 'errors@example.com' }).catch((e: unknown) => e)
    expect(auth).toBeInstanceOf(ApiAuthenticationError)
    expect(auth).toMatchObject({ kind: 'authentication', status: 401, code: 'unauthenticated' })
  })

  it('answers the app’s own 429 as ApiRateLimitError with retryAfterSeconds, without waiting past maxRetryAfterMs', async () => {
    const t = await setup()
    const tessera = t.client({ maxRetryAfterMs: 500 })
    const p = await tessera.participants.upsert({ email: 'busy@example.com' })
    // The key's bucket: its limit a second, in bursts of burstSeconds' worth (the clock stands still here).
    for (let i = 1; i < API_V1_RATE_LIMIT.perSecond * API_V1_RATE_LIMIT.burstSeconds; i++) await tessera.participants.retrieve(p.id)
    const started = Date.now()
    const limited = await tessera.participants.retrieve(p.id).catch((e: unknown) => e)
    expect(Date.now() - started).toBeLessThan(1_000)
    expect(limited).toBeInstanceOf(ApiRateLimitError)
    expect(limited).toMatchObject({ kind: 'rate_limit', status: 429, code: 'rate_limited', attempts: 1 })
    expect((limited as ApiRateLimitError).retryAfterSeconds).toBe(1)
    // A second later the bucket holds tokens again: the same client works again.
    t.clock.advance(1000)
    expect((await tessera.participants.retrieve(p.id)).id).toBe(p.id)
  })
})

describe('pagination', () => {
  it('iterates every ledger entry page by page, newest first, and stops fetching on break', async () => {
    const t = await setup()
    const tessera = t.client()
    const p = await tessera.participants.upsert({ email: 'pages@example.com' })
    for (let i = 1; i <= 7; i++) await tessera.points.earn(p.id, { amount: i, reason: `Order ${i}` })
    const pages = () => t.sent.filter((s) => s.url.pathname.endsWith('/ledger'))

    const all: number[] = []
    for await (const entry of tessera.ledger.iterate(p.id, { limit: 3 })) all.push(entry.delta)
    expect(all).toEqual([7, 6, 5, 4, 3, 2, 1])
    expect(pages().map((s) => s.url.searchParams.get('starting_after'))).toEqual([null, expect.any(String), expect.any(String)])

    const before = pages().length
    const firstFour: number[] = []
    for await (const entry of tessera.ledger.iterate(p.id, { limit: 3 })) {
      firstFour.push(entry.delta)
      if (firstFour.length === 4) break
    }
    expect(firstFour).toEqual([7, 6, 5, 4])
    expect(pages().length - before).toBe(2)

    const actions: string[] = []
    for await (const a of tessera.actions.iterate(p.id, { limit: 2 })) if (a.type === 'points_adjusted') actions.push(a.title)
    expect(actions).toEqual(['Order 7', 'Order 6', 'Order 5', 'Order 4', 'Order 3', 'Order 2', 'Order 1'])

    const rewardIds: number[] = []
    for await (const r of tessera.rewards.iterate({ limit: 2 })) rewardIds.push(r.id)
    const everyReward = await tessera.rewards.list({ limit: 100 })
    expect(rewardIds).toEqual(everyReward.data.map((r) => r.id))
  })
})
