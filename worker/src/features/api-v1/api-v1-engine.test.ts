import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  actionPageSchema,
  apiErrorSchema,
  type ApiParticipant,
  challengeCompletionSchema,
  identityTokenSchema,
  ledgerPageSchema,
  rewardClaimResultSchema,
  rewardPageSchema,
} from '../../../../sdk/contract/api-v1'
import { challengeCompletions, challenges, coupons, outbox, participantActions, participants, pointsLedger, programs, rewardClaims, rewards } from '../../db/schema'
import { programScope } from '../../db/scope'
import { makeTestApp, subscribeEveryEvent } from '../../../test/helpers'
import { makeOrganization, makeProgram } from '../../../test/console-fixtures'
import { programByKey } from '../participants/participants-fixtures'
import { createApiKey } from '../integrations/api-keys'

type Json = Record<string, any>
const DAY = 86_400_000

async function setup() {
  const t = await makeTestApp()
  const program = await programByKey(t, 'demo')
  const keyFor = async (programId: number) => {
    const made = await createApiKey(programScope(t.db, programId), t.deps, { name: `k${Math.random()}`, expires_at: new Date(t.clock.now() + 30 * DAY).toISOString().slice(0, 10) }, null)
    if (made.status !== 201) throw new Error('key not made')
    return made.result.data!
  }
  const key = await keyFor(program.id)
  const call = async (path: string, init: { method?: string; json?: unknown; key?: string | null; idem?: string; body?: string } = {}) => {
    const headers = new Headers()
    if (init.key !== null) headers.set('authorization', `Bearer ${init.key ?? key.api_key}`)
    if (init.json !== undefined) headers.set('content-type', 'application/json')
    if (init.idem) headers.set('idempotency-key', init.idem)
    const method = init.method ?? (init.json !== undefined || init.body !== undefined ? 'POST' : 'GET')
    const res = await t.app.request(`/api/v1${path}`, { method, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body })
    const text = await res.text()
    return { status: res.status, res, text, body: (text ? JSON.parse(text) : null) as Json }
  }
  const participant = async (email: string, k?: string) => (await call('/participants', { json: { email }, ...(k ? { key: k } : {}) })).body as ApiParticipant
  const earn = (id: number, amount: number, idem: string) => call(`/participants/${id}/points`, { json: { type: 'earn', amount, reason: 'Order' }, idem })
  const challenge = async (identifier: string) => (await t.db.select().from(challenges).where(and(eq(challenges.identifier, identifier), eq(challenges.programId, program.id))))[0]!
  const reward = async (name: string) => (await t.db.select().from(rewards).where(and(eq(rewards.name, name), eq(rewards.programId, program.id))))[0]!
  const otherKey = async () => keyFor((await makeProgram(t, (await makeOrganization(t)).id)).id)
  return { ...t, program, key, call, participant, earn, challenge, reward, otherKey }
}

const expectError = (r: { status: number; body: Json; res: Response }, status: number, code: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(status)
  expect(r.body.error).toMatchObject({ code, message: expect.any(String), request_id: r.res.headers.get('request-id') })
  apiErrorSchema.strict().parse(r.body)
}

describe('POST /api/v1/participants/{id}/challenges/{challenge_id}/complete', () => {
  it('completes an api_completion_only challenge through the engine: points, ledger, action, webhook; a retry replays', async () => {
    const t = await setup()
    const p = await t.participant('api-complete@example.com')
    const c = await t.challenge('coffee-origins')
    await t.db.update(challenges).set({ apiCompletionOnly: true }).where(eq(challenges.id, c.id))
    await subscribeEveryEvent(t, (await programByKey(t, 'demo')).id)
    const path = `/participants/${p.id}/challenges/${c.identifier}/complete`

    const noKey = await t.call(path, { method: 'POST' })
    expectError(noKey, 422, 'validation_failed')
    expect(noKey.body.error.fields).toHaveProperty('Idempotency-Key')

    const first = await t.call(path, { method: 'POST', idem: 'complete-1' })
    expect(first.status, first.text).toBe(201)
    const done = challengeCompletionSchema.strict().parse(first.body)
    expect(done).toMatchObject({ object: 'challenge_completion', challenge_id: c.id, identifier: 'coffee-origins', participant_id: p.id, points: c.points })
    expect(done.participant).toMatchObject({ points_balance: c.points, lifetime_points: c.points })
    const again = await t.call(path, { method: 'POST', idem: 'complete-1' })
    expect(again.text).toBe(first.text)
    expect(again.res.headers.get('idempotent-replayed')).toBe('true')
    // A new key: the challenge's once rule answers, and nothing more is written.
    expectError(await t.call(`/participants/${p.id}/challenges/${c.id}/complete`, { method: 'POST', idem: 'complete-2' }), 409, 'already_completed')

    expect(await t.db.select().from(challengeCompletions).where(eq(challengeCompletions.participantId, p.id))).toHaveLength(1)
    const ledger = await t.db.select().from(pointsLedger).where(eq(pointsLedger.participantId, p.id))
    expect(ledger.map((l) => [l.delta, l.source, l.sourceId])).toEqual([[c.points, 'challenge', c.id]])
    const actions = await t.db.select().from(participantActions).where(and(eq(participantActions.participantId, p.id), eq(participantActions.actionType, 'challenge_completed')))
    expect(actions).toHaveLength(1)
    expect(actions[0]!.details).toMatchObject({ source: 'api' })
    const events = (await t.db.select().from(outbox)).filter((o) => o.topic === 'webhook').map((o) => o.payload as Json)
    expect(events.filter((e) => e.event === 'challenge.completed')).toHaveLength(1)
    expect((await t.db.select().from(participants).where(eq(participants.id, p.id)))[0]!.completedChallenges).toBe(1)
  })

  it('follows the repeat rule (daily), refuses engine-completed and inactive challenges, and is tenant-scoped', async () => {
    const t = await setup()
    const p = await t.participant('api-daily@example.com')
    const daily = await t.challenge('daily-brew-tip')
    const complete = (id: string | number, idem: string, k?: string, pid = p.id) => t.call(`/participants/${pid}/challenges/${id}/complete`, { method: 'POST', idem, ...(k ? { key: k } : {}) })
    expect((await complete(daily.identifier, 'd1')).status).toBe(201)
    expectError(await complete(daily.identifier, 'd2'), 409, 'already_completed')
    t.clock.advance(DAY)
    const next = await complete(daily.identifier, 'd3')
    expect(next.status).toBe(201)
    expect(next.body.participant.points_balance).toBe(2 * daily.points)

    expectError(await complete('invite-friends', 'r1'), 422, 'validation_failed')
    expectError(await complete('ember-club', 'm1'), 422, 'payment_required')
    expectError(await complete('cold-brew-summer', 'e1'), 422, 'challenge_inactive')
    expectError(await complete('barista-workshop-rsvp', 'x1'), 404, 'not_found') // a draft
    expectError(await complete('no-such-challenge', 'x2'), 404, 'not_found')

    // Another program's key: the participant is not found, and its own participant cannot reach our challenge.
    const other = await t.otherKey()
    expectError(await complete(daily.identifier, 'o1', other.api_key), 404, 'not_found')
    const theirs = await t.participant('theirs@example.com', other.api_key)
    expectError(await complete(daily.id, 'o2', other.api_key, theirs.id), 404, 'not_found')
    expect(await t.db.select().from(challengeCompletions).where(eq(challengeCompletions.participantId, theirs.id))).toHaveLength(0)
  })
})

describe('GET /api/v1/rewards and POST .../rewards/{reward_id}/claim', () => {
  it('lists published rewards with cursor pagination, filters by status, and hides other programs', async () => {
    const t = await setup()
    const all = (await t.db.select().from(rewards).where(eq(rewards.programId, t.program.id))).filter((r) => r.approved && r.status !== 'draft')
    expect(all.length).toBeGreaterThan(3)
    const seen: number[] = []
    let after: number | undefined
    for (let i = 0; i < 50; i++) {
      const page = rewardPageSchema.parse((await t.call(`/rewards?limit=2${after ? `&starting_after=${after}` : ''}`)).body)
      expect(page.data.length).toBeLessThanOrEqual(2)
      seen.push(...page.data.map((r) => r.id))
      if (!page.has_more) break
      after = page.data.at(-1)!.id
    }
    expect(seen).toEqual(all.map((r) => r.id).sort((a, b) => a - b))
    const active = rewardPageSchema.parse((await t.call('/rewards?status=active&limit=100')).body)
    expect(active.data.length).toBeGreaterThan(0)
    expect(active.data.every((r) => r.status === 'active')).toBe(true)
    const pastry = active.data.find((r) => r.name === 'Free pastry with any drink')!
    expect(pastry).toMatchObject({ object: 'reward', selection: 'redeem', cost: 150, repeatable: true })
    expectError(await t.call('/rewards?limit=0'), 422, 'validation_failed')
    expect((await t.call('/rewards', { key: (await t.otherKey()).api_key })).body.data).toEqual([])
  })

  it('claims on the participant’s behalf: spends points, assigns a coupon, keeps the one-claim rule, replays a retry', async () => {
    const t = await setup()
    const p = await t.participant('api-claim@example.com')
    const gift = await t.reward('$5 Ember & Oak gift card')
    const path = `/participants/${p.id}/rewards/${gift.id}/claim`
    expectError(await t.call(path, { method: 'POST' }), 422, 'validation_failed')
    expectError(await t.call(path, { method: 'POST', idem: 'poor' }), 422, 'not_enough_points')

    await t.earn(p.id, 1000, 'e1')
    const first = await t.call(path, { method: 'POST', idem: 'claim-1' })
    expect(first.status, first.text).toBe(201)
    const claim = rewardClaimResultSchema.strict().parse(first.body)
    expect(claim).toMatchObject({ object: 'reward_claim', reward_id: gift.id, participant_id: p.id, coupon_code: expect.stringMatching(/^EMBER5/) })
    expect(claim.participant.points_balance).toBe(250)
    expect(claim.reward.claims).toBe(gift.claims + 1)
    const retry = await t.call(path, { method: 'POST', idem: 'claim-1' })
    expect(retry.text).toBe(first.text)
    expectError(await t.call(path, { method: 'POST', idem: 'claim-1', json: { entries: 2 } }), 422, 'idempotency_conflict')
    expectError(await t.call(path, { method: 'POST', idem: 'claim-2' }), 409, 'already_claimed')
    expect(await t.db.select().from(rewardClaims).where(and(eq(rewardClaims.participantId, p.id), eq(rewardClaims.rewardId, gift.id)))).toHaveLength(1)
    expect(await t.db.select().from(coupons).where(eq(coupons.participantId, p.id))).toHaveLength(1)
    expect((await t.db.select().from(participants).where(eq(participants.id, p.id)))[0]!.unusedPoints).toBe(250)
  })

  it('never oversells: concurrent claims of the last items by different participants', async () => {
    const t = await setup()
    const pastry = await t.reward('Free pastry with any drink')
    await t.db.update(rewards).set({ limit: pastry.claims + 3 }).where(eq(rewards.id, pastry.id))
    const people = await Promise.all(Array.from({ length: 8 }, (_, i) => t.participant(`rush-${i}@example.com`)))
    for (const p of people) await t.earn(p.id, 150, `rush-earn-${p.id}`)
    const claims = await Promise.all(people.map((p) => t.call(`/participants/${p.id}/rewards/${pastry.id}/claim`, { method: 'POST', idem: `rush-${p.id}` })))
    expect(claims.filter((r) => r.status === 201)).toHaveLength(3)
    for (const r of claims.filter((x) => x.status !== 201)) expectError(r, 409, 'out_of_stock')
    expect((await t.db.select().from(rewards).where(eq(rewards.id, pastry.id)))[0]!.claims).toBe(pastry.claims + 3)
  })

  it('a repeatable reward claims once per Idempotency-Key; refuses awarded rewards; another program’s reward is 404', async () => {
    const t = await setup()
    const p = await t.participant('api-repeat@example.com')
    await t.earn(p.id, 1000, 'e1')
    const pastry = await t.reward('Free pastry with any drink')
    const claim = (idem: string, rewardId = pastry.id, k?: string, pid = p.id) => t.call(`/participants/${pid}/rewards/${rewardId}/claim`, { method: 'POST', idem, ...(k ? { key: k } : {}) })
    expect((await claim('a')).status).toBe(201)
    expect((await claim('a')).status).toBe(201)
    expect((await claim('b')).body.participant.points_balance).toBe(700)
    const awarded = (await t.db.select().from(rewards).where(and(eq(rewards.programId, t.program.id), eq(rewards.selection, 'achievement'))))[0]
    if (awarded) expectError(await claim('c', awarded.id), 403, 'not_eligible')
    expectError(await claim('d', 999999), 404, 'not_found')
    const other = await t.otherKey()
    const theirs = await t.participant('theirs@example.com', other.api_key)
    expectError(await claim('e', pastry.id, other.api_key, theirs.id), 404, 'not_found')
    expectError(await claim('f', pastry.id, other.api_key), 404, 'not_found')
  })
})

describe('GET /api/v1/participants/{id}/actions', () => {
  it('pages the participant’s actions newest first; another program’s key gets 404', async () => {
    const t = await setup()
    const p = await t.participant('api-actions@example.com')
    for (let i = 1; i <= 3; i++) await t.earn(p.id, i, `a-${i}`)
    await t.call(`/participants/${p.id}/challenges/coffee-origins/complete`, { method: 'POST', idem: 'a-c' })
    const page1 = actionPageSchema.parse((await t.call(`/participants/${p.id}/actions?limit=2`)).body)
    expect(page1.has_more).toBe(true)
    expect(page1.data[0]).toMatchObject({ object: 'action', type: 'challenge_completed', actionable_type: 'Challenge', participant_id: p.id })
    const rest: Json[] = []
    let after = page1.data.at(-1)!.id
    for (;;) {
      const page = actionPageSchema.parse((await t.call(`/participants/${p.id}/actions?limit=2&starting_after=${after}`)).body)
      rest.push(...page.data)
      if (!page.has_more) break
      after = page.data.at(-1)!.id
    }
    const all = [...page1.data, ...rest]
    const ids = all.map((a) => a.id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    expect(all.filter((a) => a.type === 'points_adjusted').map((a) => a.points)).toEqual([3, 2, 1])
    expect(all.length).toBe((await t.db.select().from(participantActions).where(eq(participantActions.participantId, p.id))).length)
    expectError(await t.call(`/participants/${p.id}/actions`, { key: (await t.otherKey()).api_key }), 404, 'not_found')
    expectError(await t.call(`/participants/${p.id}/actions?limit=500`), 422, 'validation_failed')
  })
})

describe('expandable objects (expand[])', () => {
  it('puts the participant in ledger entries and actions, and the reward in reward actions, only when asked', async () => {
    const t = await setup()
    const p = await t.participant('api-expand@example.com')
    await t.earn(p.id, 1000, 'x-1')
    const gift = await t.reward('$5 Ember & Oak gift card')
    expect((await t.call(`/participants/${p.id}/rewards/${gift.id}/claim`, { method: 'POST', idem: 'x-claim' })).status).toBe(201)

    const plain = ledgerPageSchema.parse((await t.call(`/participants/${p.id}/ledger`)).body)
    expect(plain.data.every((e) => !('participant' in e))).toBe(true)
    const ledger = ledgerPageSchema.parse((await t.call(`/participants/${p.id}/ledger?expand[]=participant`)).body)
    expect(ledger.data).toHaveLength(2)
    for (const entry of ledger.data) expect(entry.participant).toEqual((await t.call(`/participants/${p.id}`)).body)

    const actions = actionPageSchema.parse((await t.call(`/participants/${p.id}/actions?expand[]=reward&expand[]=participant`)).body)
    const claimed = actions.data.find((a) => a.actionable_type === 'Reward')!
    expect(claimed.reward).toMatchObject({ object: 'reward', id: gift.id, name: gift.name })
    expect(actions.data.find((a) => a.type === 'points_adjusted')!.reward).toBeNull()
    expect(actions.data.every((a) => a.participant?.id === p.id)).toBe(true)
    const onlyReward = actionPageSchema.parse((await t.call(`/participants/${p.id}/actions?expand[]=reward`)).body)
    expect(onlyReward.data.every((a) => a.participant === undefined && a.reward !== undefined)).toBe(true)

    expectError(await t.call(`/participants/${p.id}/ledger?expand[]=reward`), 422, 'validation_failed')
    expectError(await t.call(`/participants/${p.id}/actions?expand[]=secrets`), 422, 'validation_failed')
  })
})

describe('POST /api/v1/identity_tokens', () => {
  const exchange = (t: Awaited<ReturnType<typeof setup>>, token: string) =>
    t.app.request('http://localhost/public/signin/identity', {
      method: 'POST',
      headers: { 'x-program-key': 'demo', 'x-tessera-session': 'token', 'content-type': 'application/json' },
      body: JSON.stringify({ identity_token: token }),
    })

  it('issues a short-lived v1 token the widgets exchange once for a session of that participant', async () => {
    const t = await setup()
    await t.db.update(programs).set({ partnerIdentitySecret: null }).where(eq(programs.id, t.program.id))
    expectError(await t.call('/identity_tokens', { json: { email: 'nosecret@example.com' } }), 403, 'forbidden')
    await t.db.update(programs).set({ partnerIdentitySecret: 'partner-secret-for-tests-0123456789' }).where(eq(programs.id, t.program.id))

    const p = await t.participant('widget@example.com')
    await t.call('/participants', { json: { email: 'widget@example.com', external_id: 'shop-9' } })
    const issued = await t.call('/identity_tokens', { json: { external_id: 'shop-9' } })
    expect(issued.status, issued.text).toBe(201)
    const token = identityTokenSchema.strict().parse(issued.body)
    expect(token).toMatchObject({ object: 'identity_token', email: 'widget@example.com', participant_id: p.id })
    expect(token.token).toMatch(/^v1\.[\w-]+\.[\w-]+$/)
    expect(Date.parse(token.expires_at) - t.clock.now()).toBeLessThanOrEqual(300_000)

    const res = await exchange(t, token.token)
    expect(res.status).toBe(200)
    const session = (await res.json()) as { session_token: string }
    const me = await t.app.request('http://localhost/public/participant', { headers: { 'x-program-key': 'demo', 'x-tessera-session': 'token', authorization: `Bearer ${session.session_token}` } })
    expect(await me.json()).toMatchObject({ email: 'widget@example.com' })
    expect((await exchange(t, token.token)).status).toBe(401) // single use

    // By e-mail for someone new: the exchange creates the participant.
    const fresh = await t.call('/identity_tokens', { json: { email: 'New.Person@example.com', first_name: 'Nina', expires_in: 60 } })
    expect(fresh.body).toMatchObject({ email: 'new.person@example.com', participant_id: null })
    expect((await exchange(t, fresh.body.token)).status).toBe(200)

    // Expired after its short life.
    const short = await t.call('/identity_tokens', { json: { email: 'widget@example.com', expires_in: 30 } })
    t.clock.advance(31_000)
    expect((await exchange(t, short.body.token)).status).toBe(401)

    expectError(await t.call('/identity_tokens', { json: { email: 'widget@example.com', expires_in: 3600 } }), 422, 'validation_failed')
    expectError(await t.call('/identity_tokens', { json: {} }), 422, 'validation_failed')
    expectError(await t.call('/identity_tokens', { json: { external_id: 'nobody' } }), 404, 'not_found')
    expectError(await t.call('/identity_tokens', { json: { external_id: 'shop-9', email: 'someone.else@example.com' } }), 422, 'validation_failed')
    // Another program's key cannot mint a token for our participant's external id.
    expectError(await t.call('/identity_tokens', { json: { external_id: 'shop-9' }, key: (await t.otherKey()).api_key }), 403, 'forbidden')
  })
})
