import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import type { WebhookCreated } from '../../../../sdk/contract/console/integrations'
import { outbox, participants, paymentSessions, pointsLedger, programs, purchaseProofMerchants, purchaseProofProducts, purchaseProofSettings, questions, webhookDeliveries } from '../../db/schema'
import { webhookEvents } from '../../db/schema/integrations'
import { signTestEvent } from '../../platform/payments'
import { TEST_WEBHOOK_SECRET, type TestBrowser } from '../../../test/helpers'
import { makeRewardsTest } from '../../../test/rewards-fixtures'
import { createApiKey } from '../integrations/api-keys'
import { consoleAs } from '../participants/participants-fixtures'
import { referralOf, referrer, signUp } from '../referrals/referral-test-kit'
import { approveReferral } from '../referrals/referrals'
import { signIdentityToken } from '../signin/identity'
import { deliverOutbox } from './outbox'

type Json = Record<string, any>
type Event = { event: string; data: Json }

const servers: { close(): Promise<void> }[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

/** A receiver on 127.0.0.1 that answers 200 and keeps every body. */
async function receiver() {
  const bodies: Json[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      bodies.push(JSON.parse(body) as Json)
      res.writeHead(200).end('ok')
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const handle = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/in`, bodies, close: () => new Promise<void>((r) => server.close(() => r())) }
  servers.push(handle)
  return handle
}

/** A Stripe Checkout event for a session of ours, as the payments tests build them. */
function stripeEvent(session: typeof paymentSessions.$inferSelect, id: string, type = 'checkout.session.completed', paymentStatus: 'paid' | 'unpaid' = 'paid') {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    data: {
      object: {
        id: session.providerSessionId,
        object: 'checkout.session',
        payment_status: paymentStatus,
        amount_total: session.amountCents,
        currency: session.currency,
        metadata: { program_id: String(session.programId), participant_id: String(session.participantId), challenge_id: String(session.challengeId), kind: session.kind },
      },
    },
  })
}

describe('webhook events from the engine (issue 17: every documented event, once each)', () => {
  it('announces each event of the list exactly once through the real paths, and never again on a retry', async () => {
    const t = await makeRewardsTest()
    const hook = await receiver()
    const admin = await consoleAs(t, 'admin@tessera.dev')
    const created = await admin.json<WebhookCreated>(`/admin/v2/programs/${t.program.id}/webhooks`, { json: { url: hook.url, events: [...webhookEvents], active: true } })
    expect(created.status, JSON.stringify(created.body)).toBe(201)

    const events = async (): Promise<Event[]> => (await t.db.select().from(outbox).where(eq(outbox.topic, 'webhook'))).map((o) => o.payload as Event)
    const me = async (b: TestBrowser) => (await b.json<Json>('/public/participant')).body
    const submit = (b: TestBrowser, json: Json) => b.json<Json>('/public/challenges/submit', { json })

    // Site sign-up (participant.created, the sign-up bonus), and a friend joining with the referral code:
    // the referral is approved at sign-in (referral.approved) and credits the referrer (challenge.completed).
    const ref = await referrer(t, 'referrer@example.com')
    const friend = await signUp(t, 'friend@example.com', { referralCode: ref.code })
    const referrerId = (await me(ref.browser)).id as number
    const friendId = (await me(friend.browser)).id as number
    const referral = (await referralOf(t, 'friend@example.com'))!
    expect(referral.status).toBe('approved')

    // Partner identity token sign-up.
    const secret = 'partner-secret-for-tests-0123456789'
    await t.db.update(programs).set({ partnerIdentitySecret: secret }).where(eq(programs.id, t.program.id))
    const now = Math.floor(Date.now() / 1000)
    const identity = (jti: string) => signIdentityToken(secret, { email: 'partner@example.com', first_name: 'Pat', iat: now, exp: now + 300, jti })
    const exchange = async (token: string) =>
      t.app.request('http://localhost/public/signin/identity', { method: 'POST', headers: { 'x-program-key': 'demo', 'x-tessera-session': 'token', 'content-type': 'application/json' }, body: JSON.stringify({ identity_token: token }) })
    expect((await exchange(await identity('jti-events-1'))).status).toBe(200)

    // Profile edits by the participant: the profile collect challenge and the e-mail setting.
    const profile = (await ref.browser.json<Json>('/public/challenges/complete-your-profile')).body
    const answers: Json = {}
    for (const q of await t.db.select().from(questions).where(eq(questions.challengeId, profile.id))) {
      const options = (profile.questions as Json[]).find((x) => x.id === q.id)!.options as Json[]
      answers[q.id] = { value: options.length ? [String(options[0]!.id)] : q.answerType === 'phone' ? '+1 212 555 0101' : q.profileAttribute === 'postal' ? '10001' : 'Somewhere 1' }
    }
    const profiled = await submit(ref.browser, { challenge_id: profile.id, questions: answers })
    expect(profiled.status, JSON.stringify(profiled.body)).toBe(200)
    const current = (await me(ref.browser)).email_setting_id
    const setting = (await ref.browser.json<Json>('/public/program')).body.email_settings.find((s: Json) => s.id !== current) as Json
    const saveSetting = () => ref.browser.json<Json>('/public/account/update_email_settings', { json: { email_setting_id: setting.id } })
    expect((await saveSetting()).body).toMatchObject({ success: true })

    // A challenge, and a reward claimed with the points earned so far.
    expect((await submit(ref.browser, { challenge_id: 'coffee-origins' })).status).toBe(200)
    const reward = await t.addReward({ selection: 'redeem', threshold: 50, limit: 10 })
    const claim = () => ref.browser.json<Json>('/public/rewards/process_reward', { json: { reward_id: reward.id }, headers: { 'idempotency-key': 'claim-1' } })
    expect((await claim()).status).toBe(200)

    // The server API: a participant created and one updated, a receipt processed.
    const key = await createApiKey(t.scope, t.deps, { name: 'events', expires_at: new Date(t.clock.now() + 30 * 86_400_000).toISOString().slice(0, 10) }, null)
    if (key.status !== 201) throw new Error('key not made')
    const api = async (path: string, json: unknown, idem: string) => {
      const res = await t.app.request(`http://localhost/api/v1${path}`, { method: 'POST', headers: { authorization: `Bearer ${key.result.data!.api_key}`, 'content-type': 'application/json', 'idempotency-key': idem }, body: JSON.stringify(json) })
      return { status: res.status, body: (await res.json()) as Json }
    }
    const apiCreated = await api('/participants', { email: 'shop@example.com', external_id: 'shop-1' }, 'p-1')
    expect(apiCreated.status, JSON.stringify(apiCreated.body)).toBe(201)
    const renamed = await api('/participants', { email: 'friend@example.com', first_name: 'Renamed' }, 'p-2')
    expect(renamed.body).toMatchObject({ id: friendId, first_name: 'Renamed' })
    await t.scope.delete(purchaseProofProducts)
    await t.scope.delete(purchaseProofSettings)
    await t.scope.delete(purchaseProofMerchants)
    await t.scope.insert(purchaseProofProducts, { productName: 'Oat Milk 1L', sku: 'OAT-1', keywords: 'oat milk', pointsPerCents: 0.5 })
    const receiptBody = { participant_id: friendId, external_id: 'pos-1', merchant_name: 'Ember Market', purchase_date: '2026-11-22', total_amount: 3.99, items: [{ name: 'Oat milk', sku: 'OAT-1', price: 3.99 }] }
    const receipt = await api('/receipts', receiptBody, 'r-1')
    expect(receipt.body).toMatchObject({ status: 'processed', credited_points: expect.any(Number) })
    expect(receipt.body.credited_points).toBeGreaterThan(0)
    // An erasure through the server API (a participant written straight to the table: no participant.created).
    const [leaving] = await t.scope.insert(participants, { email: 'leaving@example.com', firstName: 'Lee', lastName: 'Ving', referralCode: 'LEAVING1' }).returning()
    const erase = async () => {
      const res = await t.app.request(`http://localhost/api/v1/participants/${leaving!.id}/erase`, { method: 'POST', headers: { authorization: `Bearer ${key.result.data!.api_key}` } })
      return { status: res.status, body: (await res.json()) as Json }
    }
    expect(await erase()).toMatchObject({ status: 200, body: { object: 'participant_erasure', participant_id: leaving!.id } })

    // Payments through the signed Stripe webhook: a membership paid at once, a donation by bank debit.
    const stripe = async (payload: string) => {
      const res = await t.app.request('http://localhost/payments/stripe/webhook', { method: 'POST', body: payload, headers: { 'stripe-signature': await signTestEvent(TEST_WEBHOOK_SECRET, payload), 'content-type': 'application/json' } })
      return ((await res.json()) as Json).status as string
    }
    const sessionOf = async (id: string) => (await t.db.select().from(paymentSessions).where(eq(paymentSessions.providerSessionId, id)))[0]!
    const membership = await friend.browser.json<Json>('/public/challenges/ember-club/membership_checkout_session', { method: 'POST' })
    expect(membership.status, JSON.stringify(membership.body)).toBe(200)
    const paid = await sessionOf(membership.body.session_id)
    expect(await stripe(stripeEvent(paid, 'evt_paid'))).toBe('fulfilled')
    const give = (await friend.browser.json<Json>('/public/challenges/give-back')).body.donation_challenge
    const donation = await friend.browser.json<Json>('/public/challenges/give-back/donation_checkout_session', { form: { entity: String(give.entity_options[0].id), amount: String(give.amount_options[0].amount) } })
    expect(donation.status, JSON.stringify(donation.body)).toBe(200)
    const debit = await sessionOf(donation.body.session_id)
    expect(await stripe(stripeEvent(debit, 'evt_debit_completed', 'checkout.session.completed', 'unpaid'))).toBe('processing')
    expect(await stripe(stripeEvent(debit, 'evt_debit_succeeded', 'checkout.session.async_payment_succeeded'))).toBe('fulfilled')

    const firstRound = await events()

    // Retries and repeats: none of them announces anything again.
    await signUp(t, 'referrer@example.com') // signs in: no second participant.created
    expect((await exchange(await identity('jti-events-2'))).status).toBe(200)
    expect((await submit(ref.browser, { challenge_id: profile.id, questions: answers })).status).toBe(409)
    expect((await saveSetting()).body).toMatchObject({ success: true })
    expect((await submit(ref.browser, { challenge_id: 'coffee-origins' })).status).toBe(409)
    expect((await claim()).status).toBe(200) // the same Idempotency-Key: replayed
    expect((await ref.browser.json<Json>('/public/rewards/process_reward', { json: { reward_id: reward.id } })).status).toBe(409)
    expect(await approveReferral(t.scope, t.deps, referral.id)).toBe(false)
    expect((await api('/participants', { email: 'shop@example.com', external_id: 'shop-1' }, 'p-3')).status).toBe(200)
    expect((await api('/participants', { email: 'friend@example.com', first_name: 'Renamed' }, 'p-4')).status).toBe(200)
    expect((await api('/receipts', receiptBody, 'r-2')).status).toBe(200)
    expect((await erase()).status).toBe(200)
    expect(await stripe(stripeEvent(paid, 'evt_paid'))).toBe('duplicate')
    expect(await stripe(stripeEvent(paid, 'evt_paid_again'))).toBe('duplicate')
    expect(await stripe(stripeEvent(paid, 'evt_paid_async', 'checkout.session.async_payment_succeeded'))).toBe('duplicate')
    expect(await stripe(stripeEvent(debit, 'evt_debit_succeeded', 'checkout.session.async_payment_succeeded'))).toBe('duplicate')
    expect(await stripe(stripeEvent(debit, 'evt_debit_succeeded_2', 'checkout.session.async_payment_succeeded'))).toBe('duplicate')

    const all = await events()
    expect(all).toEqual(firstRound)
    const of = (event: string, where: (data: Json) => boolean = () => true) => all.filter((e) => e.event === event && where(e.data))

    // Every documented event was emitted.
    expect(new Set(all.map((e) => e.event))).toEqual(new Set(webhookEvents))
    // participant.created: once per participant, whichever way they joined.
    expect(of('participant.created').map((e) => [e.data.email, e.data.source]).sort()).toEqual(
      [
        ['friend@example.com', 'signup'],
        ['partner@example.com', 'identity_token'],
        ['referrer@example.com', 'signup'],
        ['shop@example.com', 'api'],
      ].sort(),
    )
    expect(of('participant.created', (d) => d.email === 'shop@example.com')[0]!.data).toMatchObject({ participant_id: apiCreated.body.id, external_id: 'shop-1' })
    // participant.updated: the profile collect, the e-mail setting, the API's rename.
    expect(of('participant.updated').map((e) => [e.data.participant_id, e.data.changed])).toEqual(
      expect.arrayContaining([
        [referrerId, ['profile']],
        [referrerId, ['email_setting_id']],
        [friendId, ['first_name']],
      ]),
    )
    expect(of('participant.updated')).toHaveLength(3)
    // challenge.completed: the referral credit, the profile, the link, the membership and the donation.
    const completedIds = of('challenge.completed').map((e) => e.data.identifier as string)
    expect(completedIds.sort()).toEqual(['coffee-origins', 'complete-your-profile', 'ember-club', 'give-back', 'invite-friends'].sort())
    expect(of('reward.claimed', (d) => d.reward_id === reward.id)).toHaveLength(1)
    expect(of('referral.approved')).toEqual([{ event: 'referral.approved', data: expect.objectContaining({ referral_id: referral.id, referrer_id: referrerId, referred_participant_id: friendId }) }])
    expect(of('participant.erased')).toEqual([{ event: 'participant.erased', data: { participant_id: leaving!.id, erased_at: expect.any(String), source: 'api' } }])
    expect(of('receipt.processed')).toEqual([{ event: 'receipt.processed', data: expect.objectContaining({ receipt_id: receipt.body.id, status: 'processed' }) }])
    // payment.completed: once per fulfilled payment, paid at once or cleared later.
    expect(of('payment.completed').map((e) => e.data)).toEqual([
      expect.objectContaining({ payment_id: paid.id, participant_id: friendId, challenge_id: paid.challengeId, kind: 'membership', amount_cents: paid.amountCents, currency: 'usd', provider_session_id: paid.providerSessionId }),
      expect.objectContaining({ payment_id: debit.id, participant_id: friendId, challenge_id: debit.challengeId, kind: 'donation', amount_cents: debit.amountCents, currency: 'usd' }),
    ])
    // points.changed: one per ledger row (sign-up bonuses, completions, the referral credit, the spend,
    // the receipt, the payments), with the row's own delta and source.
    const ledger = await t.scope.select(pointsLedger)
    expect(new Set(ledger.map((l) => l.source))).toEqual(new Set(['signup', 'challenge', 'reward', 'receipt']))
    const changes = of('points.changed')
    expect(changes).toHaveLength(ledger.length)
    for (const row of ledger) {
      expect(changes.filter((e) => e.data.participant_id === row.participantId && e.data.delta === row.delta && e.data.source === row.source && e.data.source_id === row.sourceId && e.data.title === row.title), row.idempotencyKey).toHaveLength(1)
      const [event] = await t.db.select().from(outbox).where(and(eq(outbox.topic, 'webhook'), eq(outbox.dedupeKey, `${t.program.id}:points.changed:${row.idempotencyKey}`)))
      expect(event, row.idempotencyKey).toBeDefined()
    }

    // And every one of them reaches the subscribed endpoint exactly once.
    const settled = async () => {
      for (let i = 0; i < 100; i++) {
        await deliverOutbox(t.deps)
        const open = (await t.db.select().from(outbox).where(eq(outbox.topic, 'webhook'))).filter((o) => o.status !== 'delivered')
        const pendingDeliveries = (await t.db.select().from(webhookDeliveries)).filter((d) => d.state === 'pending')
        if (!open.length && !pendingDeliveries.length && hook.bodies.length >= all.length) return
        await new Promise((r) => setTimeout(r, 20))
      }
    }
    await settled()
    expect(hook.bodies.map((b) => b.type).sort()).toEqual(all.map((e) => e.event).sort())
    expect(new Set(hook.bodies.map((b) => b.id)).size).toBe(all.length)
  })
})
