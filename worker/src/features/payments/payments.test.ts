import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { challengeCompletions, challenges, outbox, participants, paymentSessions, programs, rewardClaims, rewards } from '../../db/schema'
import { createStripePayments, signTestEvent } from '../../platform/payments'
import { makeTestApp, quickParticipant, subscribeEveryEvent, TEST_WEBHOOK_SECRET } from '../../../test/helpers'

type Json = Record<string, any>
type T = Awaited<ReturnType<typeof makeTestApp>>

async function startMembership(t: T, email = 'member@example.com') {
  const q = await quickParticipant(t, email)
  const r = await q.browser.json<Json>('/public/challenges/ember-club/membership_checkout_session', { method: 'POST' })
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  const [session] = await t.db.select().from(paymentSessions).where(eq(paymentSessions.providerSessionId, r.body.session_id))
  return { ...q, checkout: r.body, session: session! }
}

type EventOverrides = { amount?: number; programId?: number; id?: string; type?: string; paymentStatus?: 'paid' | 'unpaid' }

function completedEvent(session: typeof paymentSessions.$inferSelect, overrides: EventOverrides = {}) {
  return JSON.stringify({
    id: overrides.id ?? `evt_test_${session.id}`,
    object: 'event',
    type: overrides.type ?? 'checkout.session.completed',
    data: {
      object: {
        id: session.providerSessionId,
        object: 'checkout.session',
        payment_status: overrides.paymentStatus ?? 'paid',
        amount_total: overrides.amount ?? session.amountCents,
        currency: 'usd',
        metadata: { program_id: String(overrides.programId ?? session.programId), participant_id: String(session.participantId), challenge_id: String(session.challengeId), kind: session.kind },
      },
    },
  })
}

/** The events of a delayed payment method (bank debit), as Stripe sends them. */
const delayed = {
  completed: (session: typeof paymentSessions.$inferSelect) => completedEvent(session, { id: `evt_completed_${session.id}`, paymentStatus: 'unpaid' }),
  succeeded: (session: typeof paymentSessions.$inferSelect) => completedEvent(session, { id: `evt_succeeded_${session.id}`, type: 'checkout.session.async_payment_succeeded' }),
  failed: (session: typeof paymentSessions.$inferSelect) =>
    completedEvent(session, { id: `evt_failed_${session.id}`, type: 'checkout.session.async_payment_failed', paymentStatus: 'unpaid' }),
}

async function deliver(t: T, payload: string, signature?: string) {
  const sig = signature ?? (await signTestEvent(TEST_WEBHOOK_SECRET, payload))
  const res = await t.app.request('http://localhost/payments/stripe/webhook', { method: 'POST', body: payload, headers: { 'stripe-signature': sig, 'content-type': 'application/json' } })
  return { status: res.status, body: (await res.json()) as Json }
}

async function state(t: T, participantId: number) {
  const [p] = await t.db.select().from(participants).where(eq(participants.id, participantId))
  const [ember] = await t.db.select().from(challenges).where(eq(challenges.identifier, 'ember-club'))
  const completions = await t.db.select().from(challengeCompletions).where(and(eq(challengeCompletions.participantId, participantId), eq(challengeCompletions.challengeId, ember!.id)))
  return { points: p!.unusedPoints, eligible: p!.eligibleOffersRewards, completions: completions.length }
}

async function sessionStatus(t: T, id: number) {
  const [row] = await t.db.select().from(paymentSessions).where(eq(paymentSessions.id, id))
  return row!.status
}

async function challengeCredits(t: T, participantId: number) {
  const { pointsLedger } = await import('../../db/schema')
  return (await t.db.select().from(pointsLedger).where(and(eq(pointsLedger.participantId, participantId), eq(pointsLedger.source, 'challenge')))).length
}

describe('membership checkout and fulfilment', () => {
  it('creates a checkout for the challenge price only', async () => {
    const t = await makeTestApp()
    const { checkout, session } = await startMembership(t)
    expect(checkout.url).toMatch(/^http:\/\/localhost(:\d+)?\/_checkout\/cs_local_/) // the configured local origin (LOCAL_ORIGIN)
    expect(session).toMatchObject({ kind: 'membership', amountCents: 2900, status: 'pending', provider: 'local' })
    const { browser } = await quickParticipant(t, 'other@example.com')
    const wrongType = await browser.json<Json>('/public/challenges/give-back/membership_checkout_session', { method: 'POST' })
    expect(wrongType.status).toBe(422)
    expect((await t.browser().json('/public/challenges/ember-club/membership_checkout_session', { method: 'POST' })).status).toBe(401)
  })

  it('a signed checkout.session.completed completes the membership, credits points once and unlocks offers', async () => {
    const t = await makeTestApp()
    const { participant, session } = await startMembership(t)
    const before = await state(t, participant.id)
    const r = await deliver(t, completedEvent(session))
    expect(r.body).toMatchObject({ received: true, status: 'fulfilled' })
    const after = await state(t, participant.id)
    expect(after.completions).toBe(1)
    expect(after.eligible).toBe(true)
    expect(after.points - before.points).toBeGreaterThanOrEqual(300)
    // The offer reward is earned with the membership.
    const [offer] = await t.db.select().from(rewards).where(eq(rewards.selection, 'offer'))
    if (offer && offer.status === 'active') {
      expect(await t.db.select().from(rewardClaims).where(and(eq(rewardClaims.rewardId, offer.id), eq(rewardClaims.participantId, participant.id)))).toHaveLength(1)
    }
    const again = await deliver(t, completedEvent(session))
    expect(again.body.status).toBe('duplicate')
    expect(await state(t, participant.id)).toEqual(after)
  })

  it('credits once when the same event arrives ten times in parallel', async () => {
    const t = await makeTestApp()
    const { participant, session } = await startMembership(t)
    await subscribeEveryEvent(t, participant.programId)
    const before = await state(t, participant.id)
    const payload = completedEvent(session)
    const signature = await signTestEvent(TEST_WEBHOOK_SECRET, payload)
    const results = await Promise.all(Array.from({ length: 10 }, () => deliver(t, payload, signature)))
    expect(results.every((r) => r.status === 200)).toBe(true)
    expect(results.filter((r) => r.body.status === 'fulfilled')).toHaveLength(1)
    const after = await state(t, participant.id)
    expect(after.completions).toBe(1)
    const { pointsLedger } = await import('../../db/schema')
    const credits = await t.db.select().from(pointsLedger).where(and(eq(pointsLedger.participantId, participant.id), eq(pointsLedger.source, 'challenge')))
    expect(credits).toHaveLength(1)
    expect(after.points).toBeGreaterThan(before.points)
    const [row] = await t.db.select().from(paymentSessions).where(eq(paymentSessions.id, session.id))
    expect(row!.status).toBe('fulfilled')
    // Announced once, in the fulfilment's batch.
    const announced = (await t.db.select().from(outbox).where(eq(outbox.topic, 'webhook'))).map((o) => o.payload as Json).filter((p) => p.event === 'payment.completed')
    expect(announced).toEqual([{ event: 'payment.completed', data: expect.objectContaining({ payment_id: session.id, participant_id: participant.id, kind: 'membership', amount_cents: 2900, currency: 'usd' }) }])
  })

  it('refuses a bad or stale signature, a tampered amount and a foreign program, crediting nothing', async () => {
    const t = await makeTestApp()
    const { participant, session } = await startMembership(t)
    const before = await state(t, participant.id)
    const payload = completedEvent(session)
    const bad = await deliver(t, payload, await signTestEvent('whsec_someone_else', payload))
    expect(bad.status).toBe(400)
    expect(bad.body.error.fields['Stripe-Signature']).toBeTruthy()
    const stale = await deliver(t, payload, await signTestEvent(TEST_WEBHOOK_SECRET, payload, Math.floor(Date.now() / 1000) - 3600))
    expect(stale.status).toBe(400)
    const tampered = await deliver(t, completedEvent(session, { amount: 100, id: 'evt_tampered' }))
    expect(tampered.status).toBe(400)
    const [links] = await t.db.select().from(programs).where(eq(programs.publicKey, 'links'))
    const foreign = await deliver(t, completedEvent(session, { programId: links!.id, id: 'evt_foreign' }))
    expect(foreign.status).toBe(403)
    expect((await deliver(t, completedEvent(session, { type: 'checkout.session.expired', paymentStatus: 'unpaid' }))).body.status).toBe('ignored')
    expect(await state(t, participant.id)).toEqual(before)
    const [row] = await t.db.select().from(paymentSessions).where(eq(paymentSessions.id, session.id))
    expect(row!.status).toBe('pending')
  })
})

describe('delayed payment methods (bank debit)', () => {
  it('completed (unpaid) is processing without points; async_payment_succeeded fulfils once; replays are duplicates', async () => {
    const t = await makeTestApp()
    const { browser, checkout, participant, session } = await startMembership(t, 'debit@example.com')
    const before = await state(t, participant.id)
    const completed = await deliver(t, delayed.completed(session))
    expect(completed.body).toMatchObject({ received: true, status: 'processing', sessionId: session.providerSessionId })
    expect(await sessionStatus(t, session.id)).toBe('processing')
    expect(await state(t, participant.id)).toEqual(before)
    const receipt = await browser.json<Json>(`/public/home/stripe_receipt?session_id=${checkout.session_id}`)
    expect(receipt.body).toMatchObject({ status: 'processing', title: 'Payment processing' })
    expect(receipt.body.message).toBe("Your payment is processing. We'll add your points as soon as it clears.")

    const succeeded = await deliver(t, delayed.succeeded(session))
    expect(succeeded.body.status).toBe('fulfilled')
    expect(await sessionStatus(t, session.id)).toBe('fulfilled')
    const after = await state(t, participant.id)
    expect(after.completions).toBe(1)
    expect(after.eligible).toBe(true)
    expect(after.points - before.points).toBeGreaterThanOrEqual(300)
    expect(await challengeCredits(t, participant.id)).toBe(1)

    expect((await deliver(t, delayed.succeeded(session))).body.status).toBe('duplicate')
    expect((await deliver(t, delayed.completed(session))).body.status).toBe('duplicate')
    expect(await state(t, participant.id)).toEqual(after)
    expect(await sessionStatus(t, session.id)).toBe('fulfilled')
    expect((await browser.json<Json>(`/public/home/stripe_receipt?session_id=${checkout.session_id}`)).body).toMatchObject({ status: 'fulfilled', title: 'Welcome, member!' })
  })

  it('async_payment_succeeded before completed fulfils once, and the late completed (unpaid) does not downgrade it', async () => {
    const t = await makeTestApp()
    const { participant, session } = await startMembership(t, 'early@example.com')
    const before = await state(t, participant.id)
    expect((await deliver(t, delayed.succeeded(session))).body.status).toBe('fulfilled')
    const after = await state(t, participant.id)
    expect(after.completions).toBe(1)
    expect(after.points).toBeGreaterThan(before.points)
    expect((await deliver(t, delayed.completed(session))).body.status).toBe('ignored')
    expect((await deliver(t, delayed.failed(session))).body.status).toBe('ignored')
    expect(await sessionStatus(t, session.id)).toBe('fulfilled')
    expect(await state(t, participant.id)).toEqual(after)
    expect(await challengeCredits(t, participant.id)).toBe(1)
  })

  it('credits once when completed (unpaid) and async_payment_succeeded race, each delivered five times', async () => {
    const t = await makeTestApp()
    const { participant, session } = await startMembership(t, 'race@example.com')
    const events = [delayed.completed(session), delayed.succeeded(session)]
    const signed = await Promise.all(events.map(async (payload) => ({ payload, signature: await signTestEvent(TEST_WEBHOOK_SECRET, payload) })))
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => deliver(t, signed[i % 2]!.payload, signed[i % 2]!.signature)))
    expect(results.every((r) => r.status === 200)).toBe(true)
    expect(results.filter((r) => r.body.status === 'fulfilled')).toHaveLength(1)
    expect(await sessionStatus(t, session.id)).toBe('fulfilled')
    expect((await state(t, participant.id)).completions).toBe(1)
    expect(await challengeCredits(t, participant.id)).toBe(1)
  })

  it('async_payment_failed marks the session failed without points, and a later completed (unpaid) does not resurrect it', async () => {
    const t = await makeTestApp()
    const { browser, checkout, participant, session } = await startMembership(t, 'bounced@example.com')
    const before = await state(t, participant.id)
    expect((await deliver(t, delayed.completed(session))).body.status).toBe('processing')
    expect((await deliver(t, delayed.failed(session))).body.status).toBe('failed')
    expect(await sessionStatus(t, session.id)).toBe('failed')
    expect((await deliver(t, delayed.failed(session))).body.status).toBe('duplicate')
    // The same transitions with fresh event ids (Stripe never resends a session's completed, but a
    // late or foreign-ordered one must not move a failed session).
    expect((await deliver(t, completedEvent(session, { id: 'evt_late_completed', paymentStatus: 'unpaid' }))).body.status).toBe('ignored')
    expect(await sessionStatus(t, session.id)).toBe('failed')
    expect(await state(t, participant.id)).toEqual(before)
    expect(await challengeCredits(t, participant.id)).toBe(0)
    const receipt = await browser.json<Json>(`/public/home/stripe_receipt?session_id=${checkout.session_id}`)
    expect(receipt.body).toMatchObject({ status: 'failed', title: 'Payment failed' })
    expect(receipt.body.message).toContain('no points were added')
  })

  it('async_payment_failed before completed (unpaid) leaves the session failed', async () => {
    const t = await makeTestApp()
    const { participant, session } = await startMembership(t, 'failed-first@example.com')
    const before = await state(t, participant.id)
    expect((await deliver(t, delayed.failed(session))).body.status).toBe('failed')
    expect((await deliver(t, delayed.completed(session))).body.status).toBe('ignored')
    expect(await sessionStatus(t, session.id)).toBe('failed')
    expect(await state(t, participant.id)).toEqual(before)
  })

  it('checks ownership and amount on the delayed events too', async () => {
    const t = await makeTestApp()
    const { participant, session } = await startMembership(t, 'tamper-debit@example.com')
    const [links] = await t.db.select().from(programs).where(eq(programs.publicKey, 'links'))
    const tampered = await deliver(t, completedEvent(session, { id: 'evt_t1', type: 'checkout.session.async_payment_succeeded', amount: 100 }))
    expect(tampered.status).toBe(400)
    const foreign = await deliver(t, completedEvent(session, { id: 'evt_t2', type: 'checkout.session.async_payment_failed', programId: links!.id, paymentStatus: 'unpaid' }))
    expect(foreign.status).toBe(403)
    expect(await sessionStatus(t, session.id)).toBe('pending')
    expect(await challengeCredits(t, participant.id)).toBe(0)
  })
})

describe('donations', () => {
  it('takes only the challenge’s amounts and causes, and credits the option’s points per donation', async () => {
    const t = await makeTestApp()
    const { browser, participant } = await quickParticipant(t, 'donor@example.com')
    const donation = await browser.json<Json>('/public/challenges/give-back')
    const option = donation.body.donation_challenge.amount_options[1]
    const entity = donation.body.donation_challenge.entity_options[0]
    const bad = await browser.json<Json>('/public/challenges/give-back/donation_checkout_session', { form: { entity: 'nope', amount: '123' } })
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['amount', 'entity'])
    const ok = await browser.json<Json>('/public/challenges/give-back/donation_checkout_session', { form: { entity: entity.id, amount: String(option.amount) } })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    const [session] = await t.db.select().from(paymentSessions).where(eq(paymentSessions.providerSessionId, ok.body.session_id))
    expect(session).toMatchObject({ kind: 'donation', amountCents: option.amount, points: option.points, entity: entity.id })
    const before = (await t.db.select().from(participants).where(eq(participants.id, participant.id)))[0]!.unusedPoints
    await deliver(t, completedEvent(session!))
    const after = (await t.db.select().from(participants).where(eq(participants.id, participant.id)))[0]!.unusedPoints
    expect(after - before).toBe(option.points)
    const receipt = await browser.json<Json>(`/public/home/stripe_receipt?session_id=${session!.providerSessionId}`)
    expect(receipt.body).toMatchObject({ title: 'Thank you for your donation!', participant_name: `${participant.firstName} ${participant.lastName}` })
    expect(receipt.body.message).toContain(`${option.points} points`)
  })
})

describe('built-in test checkout (no Stripe keys)', () => {
  it('pays through the same webhook path and returns to the challenge with a receipt', async () => {
    const t = await makeTestApp()
    const { browser, checkout, participant } = await startMembership(t, 'local-pay@example.com')
    const path = new URL(checkout.url).pathname
    const page = await browser.request(path, { headers: { accept: 'text/html' } })
    expect(await page.text()).toContain('Pay $29.00')
    const pay = await browser.request(`${path}/pay`, { form: { outcome: 'pay', authenticity_token: await browser.fetchCsrf() }, csrf: false })
    expect(pay.status).toBe(303)
    expect(pay.headers.get('location')).toContain('/challenge/ember-club?checkout=success&session_id=cs_local_')
    expect((await state(t, participant.id)).eligible).toBe(true)
    const receipt = await browser.json<Json>(`/public/home/stripe_receipt?session_id=${checkout.session_id}`)
    expect(receipt.body.title).toBe('Welcome, member!')
  })
})

describe('built-in test checkout: bank debit', () => {
  it('pays by bank debit (processing), then clears the payment through the async events', async () => {
    const t = await makeTestApp()
    const { browser, checkout, participant, session } = await startMembership(t, 'local-debit@example.com')
    const path = new URL(checkout.url).pathname
    const before = await state(t, participant.id)
    const debit = await browser.request(`${path}/pay`, { form: { outcome: 'delayed', authenticity_token: await browser.fetchCsrf() }, csrf: false })
    expect(debit.status).toBe(303)
    expect(await sessionStatus(t, session.id)).toBe('processing')
    expect(await state(t, participant.id)).toEqual(before)
    expect((await browser.json<Json>(`/public/home/stripe_receipt?session_id=${checkout.session_id}`)).body.status).toBe('processing')
    const page = await (await browser.request(path, { headers: { accept: 'text/html' } })).text()
    expect(page).toContain('Clear the payment')
    const clear = await browser.request(`${path}/pay`, { form: { outcome: 'clear', authenticity_token: await browser.fetchCsrf() }, csrf: false })
    expect(clear.status).toBe(303)
    expect(await sessionStatus(t, session.id)).toBe('fulfilled')
    expect((await state(t, participant.id)).eligible).toBe(true)
    expect(await challengeCredits(t, participant.id)).toBe(1)
  })

  it('fails a bank debit', async () => {
    const t = await makeTestApp()
    const { browser, checkout, participant, session } = await startMembership(t, 'local-bounce@example.com')
    const path = new URL(checkout.url).pathname
    await browser.request(`${path}/pay`, { form: { outcome: 'delayed', authenticity_token: await browser.fetchCsrf() }, csrf: false })
    await browser.request(`${path}/pay`, { form: { outcome: 'fail', authenticity_token: await browser.fetchCsrf() }, csrf: false })
    expect(await sessionStatus(t, session.id)).toBe('failed')
    expect((await state(t, participant.id)).eligible).toBe(false)
    expect((await browser.json<Json>(`/public/home/stripe_receipt?session_id=${checkout.session_id}`)).body.status).toBe('failed')
  })
})

describe('Stripe provider', () => {
  it('creates a Checkout Session through the Stripe SDK with the server’s amount', async () => {
    const seen: { path: string; body: string; auth?: string }[] = []
    const server = createServer((req, res) => {
      let body = ''
      req.on('data', (c) => {
        body += c
      })
      req.on('end', () => {
        seen.push({ path: req.url ?? '', body, auth: req.headers.authorization })
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ id: 'cs_test_123', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_test_123' }))
      })
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const stripe = createStripePayments({ secretKey: 'sk_test_123', webhookSecret: 'whsec_x', apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })
    const session = await stripe.createCheckoutSession({ amountCents: 2900, currency: 'usd', name: 'Ember Club', customerEmail: 'a@example.com', successUrl: 'https://x/s', cancelUrl: 'https://x/c', metadata: { program_id: '1' } })
    server.close()
    expect(session).toEqual({ id: 'cs_test_123', url: 'https://checkout.stripe.com/c/pay/cs_test_123' })
    expect(seen[0]!.path).toBe('/v1/checkout/sessions')
    expect(seen[0]!.auth).toBe('Bearer sk_test_123')
    const form = new URLSearchParams(seen[0]!.body)
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('2900')
    expect(form.get('metadata[program_id]')).toBe('1')
    // And it verifies webhooks with the SDK.
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'checkout.session.completed', data: { object: { id: 'cs_test_123', payment_status: 'paid', amount_total: 2900, currency: 'usd', metadata: {} } } })
    const event = await stripe.verifyWebhook(payload, await signTestEvent('whsec_x', payload))
    expect(event).toMatchObject({ id: 'evt_1', session: { id: 'cs_test_123', amountTotal: 2900 } })
    await expect(stripe.verifyWebhook(payload, await signTestEvent('whsec_y', payload))).rejects.toThrow()
  })
})
