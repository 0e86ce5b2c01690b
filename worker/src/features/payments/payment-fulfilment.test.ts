import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { challengeCompletions, challenges, participants, paymentEvents, paymentSessions, pointsLedger } from '../../db/schema'
import { programScope } from '../../db/scope'
import { signTestEvent } from '../../platform/payments'
import { makeTestApp, quickParticipant, TEST_WEBHOOK_SECRET } from '../../../test/helpers'
import { claimFulfilment, PAYMENT_FULFILMENT_LEASE_MS, resumePaymentFulfilments } from './payment-fulfilment'

type Json = Record<string, any>
type T = Awaited<ReturnType<typeof makeTestApp>>
type Session = typeof paymentSessions.$inferSelect

async function startMembership(t: T, email = 'member@example.com') {
  const q = await quickParticipant(t, email)
  const r = await q.browser.json<Json>('/public/challenges/ember-club/membership_checkout_session', { method: 'POST' })
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  const [session] = await t.db.select().from(paymentSessions).where(eq(paymentSessions.providerSessionId, r.body.session_id))
  return { ...q, session: session! }
}

const paidEvent = (session: Session) =>
  JSON.stringify({
    id: `evt_paid_${session.id}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: session.providerSessionId,
        object: 'checkout.session',
        payment_status: 'paid',
        amount_total: session.amountCents,
        currency: 'usd',
        metadata: { program_id: String(session.programId), participant_id: String(session.participantId), challenge_id: String(session.challengeId), kind: session.kind },
      },
    },
  })

async function deliver(t: T, payload: string) {
  const res = await t.app.request('http://localhost/payments/stripe/webhook', {
    method: 'POST',
    body: payload,
    headers: { 'stripe-signature': await signTestEvent(TEST_WEBHOOK_SECRET, payload), 'content-type': 'application/json' },
  })
  return { status: res.status, body: (await res.json()) as Json }
}

/** What the membership gave: points, offers eligibility, completions and challenge credits. */
async function state(t: T, session: Session) {
  const [p] = await t.db.select().from(participants).where(eq(participants.id, session.participantId))
  const [ember] = await t.db.select().from(challenges).where(eq(challenges.identifier, 'ember-club'))
  const completions = await t.db.select().from(challengeCompletions).where(and(eq(challengeCompletions.participantId, session.participantId), eq(challengeCompletions.challengeId, ember!.id)))
  const credits = await t.db.select().from(pointsLedger).where(and(eq(pointsLedger.participantId, session.participantId), eq(pointsLedger.source, 'challenge')))
  const [row] = await t.db.select().from(paymentSessions).where(eq(paymentSessions.id, session.id))
  return { points: p!.unusedPoints, eligible: p!.eligibleOffersRewards, completions: completions.length, credits: credits.length, status: row!.status, leaseUntil: row!.leaseUntil }
}

/** A fulfilment whose process died right after its claim (kill -9 before the batch): claimed, nothing credited. */
async function abandonedClaim(t: T) {
  const m = await startMembership(t)
  const held = await claimFulfilment(programScope(t.db, m.session.programId), t.deps, m.session.id)
  expect(held).toBe(t.clock.now() + PAYMENT_FULFILMENT_LEASE_MS)
  expect(await state(t, m.session)).toMatchObject({ points: 0, eligible: false, completions: 0, status: 'fulfilled', leaseUntil: new Date(held!) })
  return m
}

describe('payment fulfilment lease', () => {
  it('leaves a live claim to its runner; once its lease is over the sweep fulfils it, once', async () => {
    const t = await makeTestApp()
    const { session, browser } = await abandonedClaim(t)
    // Live: neither the sweep nor Stripe's retry of the event touches it, and the event is not recorded as handled.
    expect(await resumePaymentFulfilments(t.deps)).toEqual([])
    expect((await deliver(t, paidEvent(session))).body).toMatchObject({ status: 'duplicate' })
    expect(await t.db.select().from(paymentEvents)).toHaveLength(0)
    // The participant is told the payment is being confirmed, not that points were added.
    const receipt = await browser.json<Json>(`/public/home/stripe_receipt?session_id=${session.providerSessionId}`)
    expect(receipt.body).toMatchObject({ status: 'pending' })
    expect((await state(t, session)).points).toBe(0)

    t.clock.advance(PAYMENT_FULFILMENT_LEASE_MS - 1)
    expect(await resumePaymentFulfilments(t.deps)).toEqual([])
    t.clock.advance(1)
    // Two sweeps at once: one takes the session over.
    const taken = await Promise.all([resumePaymentFulfilments(t.deps), resumePaymentFulfilments(t.deps)])
    expect(taken.flat()).toEqual([session.id])
    const fulfilled = await state(t, session)
    expect(fulfilled).toMatchObject({ eligible: true, completions: 1, credits: 1, status: 'fulfilled', leaseUntil: null })
    expect(fulfilled.points).toBeGreaterThanOrEqual(session.points)
    // Settled: nothing left to take, and the event's retry is a duplicate.
    t.clock.advance(PAYMENT_FULFILMENT_LEASE_MS)
    expect(await resumePaymentFulfilments(t.deps)).toEqual([])
    expect((await deliver(t, paidEvent(session))).body).toMatchObject({ status: 'duplicate' })
    expect(await state(t, session)).toEqual(fulfilled)
  })

  it("Stripe's retry of the event takes an expired claim over and fulfils it", async () => {
    const t = await makeTestApp()
    const { session } = await abandonedClaim(t)
    t.clock.advance(PAYMENT_FULFILMENT_LEASE_MS)
    expect((await deliver(t, paidEvent(session))).body).toMatchObject({ status: 'fulfilled' })
    expect(await state(t, session)).toMatchObject({ eligible: true, completions: 1, credits: 1, leaseUntil: null })
    expect(await resumePaymentFulfilments(t.deps)).toEqual([])
  })

  it('a fulfilment that did commit is not credited again when its claim is taken over', async () => {
    const t = await makeTestApp()
    const { session } = await startMembership(t)
    expect((await deliver(t, paidEvent(session))).body).toMatchObject({ status: 'fulfilled' })
    const fulfilled = await state(t, session)
    expect(fulfilled).toMatchObject({ completions: 1, credits: 1, leaseUntil: null })
    // As if the lease had outlived the batch (it ends in the batch): the takeover finds the completion made.
    await t.db.update(paymentSessions).set({ leaseUntil: new Date(t.clock.now()) }).where(eq(paymentSessions.id, session.id))
    expect(await resumePaymentFulfilments(t.deps)).toEqual([session.id])
    expect(await state(t, session)).toEqual(fulfilled)
  })
})
