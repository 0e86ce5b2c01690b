import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { signTestEvent } from '../../platform/payments'
import { base, seed, TokenClient } from '../../../test/workerd-helpers'

/** Stripe webhook verification inside workerd: the SDK's async check over SubtleCrypto, on D1. */
describe('payments on Workers', () => {
  it('verifies a signed event with SubtleCrypto and fulfils the membership once', async () => {
    await seed()
    const client = await new TokenClient().signUp('stripe-d1@example.com')
    const checkout = await client.json<{ session_id: string }>('/public/challenges/ember-club/membership_checkout_session', { method: 'POST' })
    expect(checkout.status).toBe(200)
    const row = await env.DB.prepare('SELECT * FROM payment_sessions WHERE provider_session_id = ?').bind(checkout.body.session_id).first<Record<string, number | string>>()
    const payload = JSON.stringify({
      id: 'evt_workerd_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: row!.provider_session_id, payment_status: 'paid', amount_total: row!.amount_cents, currency: 'usd', metadata: { program_id: String(row!.program_id), participant_id: String(row!.participant_id) } } },
    })
    // The local provider's secret: derived from APP_SECRET's development default (config.ts).
    const secret = `whsec_local_${'tessera-development-secret-do-not-use-in-production'.slice(0, 24)}`
    const signature = await signTestEvent(secret, payload)
    const send = (sig: string) => SELF.fetch(`${base}/payments/stripe/webhook`, { method: 'POST', body: payload, headers: { 'stripe-signature': sig, 'content-type': 'application/json' } })
    expect((await send(await signTestEvent('whsec_wrong', payload))).status).toBe(400)
    const results = await Promise.all(Array.from({ length: 5 }, () => send(signature)))
    const outcomes: string[] = await Promise.all(results.map(async (r: { json(): Promise<unknown> }) => ((await r.json()) as { status: string }).status))
    expect(outcomes.filter((s: string) => s === "fulfilled")).toHaveLength(1)
    const me = await client.json<{ eligible_offers_rewards: boolean }>('/public/participant')
    expect(me.body.eligible_offers_rewards).toBe(true)
  })
  it('keeps a bank debit processing until async_payment_succeeded, then fulfils it once', async () => {
    await seed()
    const client = await new TokenClient().signUp('debit-d1@example.com')
    const checkout = await client.json<{ session_id: string }>('/public/challenges/ember-club/membership_checkout_session', { method: 'POST' })
    expect(checkout.status).toBe(200)
    const row = await env.DB.prepare('SELECT * FROM payment_sessions WHERE provider_session_id = ?').bind(checkout.body.session_id).first<Record<string, number | string>>()
    const event = (id: string, type: string, paymentStatus: string) =>
      JSON.stringify({
        id,
        object: 'event',
        type,
        data: { object: { id: row!.provider_session_id, payment_status: paymentStatus, amount_total: row!.amount_cents, currency: 'usd', metadata: { program_id: String(row!.program_id), participant_id: String(row!.participant_id) } } },
      })
    const secret = `whsec_local_${'tessera-development-secret-do-not-use-in-production'.slice(0, 24)}`
    const send = async (payload: string) => {
      const res = await SELF.fetch(`${base}/payments/stripe/webhook`, { method: 'POST', body: payload, headers: { 'stripe-signature': await signTestEvent(secret, payload), 'content-type': 'application/json' } })
      return ((await res.json()) as { status: string }).status
    }
    const status = async () => (await env.DB.prepare('SELECT status FROM payment_sessions WHERE id = ?').bind(row!.id).first<{ status: string }>())!.status
    const credits = async () =>
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM points_ledger WHERE participant_id = ? AND source = 'challenge'").bind(row!.participant_id).first<{ n: number }>())!.n

    const completed = event('evt_workerd_debit_completed', 'checkout.session.completed', 'unpaid')
    expect(await send(completed)).toBe('processing')
    expect(await status()).toBe('processing')
    expect(await credits()).toBe(0)
    const receipt = await client.json<{ status: string; message: string }>(`/public/home/stripe_receipt?session_id=${checkout.body.session_id}`)
    expect(receipt.body.status).toBe('processing')
    expect(receipt.body.message).toContain('processing')

    const succeeded = event('evt_workerd_debit_succeeded', 'checkout.session.async_payment_succeeded', 'paid')
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => send(succeeded)))
    expect(outcomes.filter((s) => s === 'fulfilled')).toHaveLength(1)
    expect(await send(completed)).toBe('duplicate')
    expect(await status()).toBe('fulfilled')
    expect(await credits()).toBe(1)
    const me = await client.json<{ eligible_offers_rewards: boolean }>('/public/participant')
    expect(me.body.eligible_offers_rewards).toBe(true)
  })
})
