import Stripe from 'stripe'
import { randomToken } from '../lib/crypto'

export type CheckoutRequest = {
  amountCents: number
  currency: string
  name: string
  description?: string
  customerEmail: string
  successUrl: string
  cancelUrl: string
  /** Travels with the session and comes back in the webhook: program_id, participant_id, ... */
  metadata: Record<string, string>
}

/**
 * The part of a Stripe event fulfilment reads: the Checkout Session of `checkout.session.completed`,
 * `checkout.session.async_payment_succeeded` and `checkout.session.async_payment_failed`, with its
 * `payment_status` (`paid`, or `unpaid` while a delayed method such as a bank debit clears).
 */
export type PaymentEvent = {
  id: string
  type: string
  session: { id: string; paymentStatus: string; amountTotal: number | null; currency: string | null; metadata: Record<string, string> }
}

/**
 * Card payments. The Stripe implementation talks to Stripe; the local one (no keys) hosts a test
 * checkout page itself. Both verify webhooks with Stripe's SDK, so fulfilment has one code path.
 */
export interface PaymentsProvider {
  readonly name: 'stripe' | 'local'
  createCheckoutSession(request: CheckoutRequest): Promise<{ id: string; url: string }>
  /** Verifies the `Stripe-Signature` header over the raw body and returns the event, or throws. */
  verifyWebhook(rawBody: string, signature: string): Promise<PaymentEvent>
  /** The local provider signs its own test events with this secret (Stripe's test-header helper). */
  readonly webhookSecret: string
}

const cryptoProvider = Stripe.createSubtleCryptoProvider()

function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const object = event.data.object as unknown as Record<string, unknown>
  return {
    id: event.id,
    type: event.type,
    session: {
      id: String(object.id ?? ''),
      paymentStatus: String(object.payment_status ?? ''),
      amountTotal: typeof object.amount_total === 'number' ? object.amount_total : null,
      currency: typeof object.currency === 'string' ? object.currency : null,
      metadata: (object.metadata as Record<string, string> | null) ?? {},
    },
  }
}

/** Stripe Checkout with the official SDK (fetch client and SubtleCrypto: works on Workers and Node). */
export function createStripePayments(opts: { secretKey: string; webhookSecret: string; apiBase?: string }): PaymentsProvider {
  const stripe = new Stripe(opts.secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    ...(opts.apiBase ? { host: new URL(opts.apiBase).hostname, port: Number(new URL(opts.apiBase).port) || 443, protocol: new URL(opts.apiBase).protocol.replace(':', '') as 'http' | 'https' } : {}),
  })
  return {
    name: 'stripe',
    webhookSecret: opts.webhookSecret,
    async createCheckoutSession(r) {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency: r.currency, unit_amount: r.amountCents, product_data: { name: r.name, ...(r.description ? { description: r.description } : {}) } } }],
        customer_email: r.customerEmail,
        success_url: r.successUrl,
        cancel_url: r.cancelUrl,
        metadata: r.metadata,
        payment_intent_data: { metadata: r.metadata },
      })
      if (!session.url) throw new Error('Stripe returned a session without a URL')
      return { id: session.id, url: session.url }
    },
    async verifyWebhook(rawBody, signature) {
      return toPaymentEvent(await stripe.webhooks.constructEventAsync(rawBody, signature, opts.webhookSecret, undefined, cryptoProvider))
    },
  }
}

/**
 * Local development without Stripe keys: sessions are ids of our own and the URL is the built-in test
 * checkout page (/_checkout/{id}). Its Pay button signs a `checkout.session.completed` event with
 * Stripe's test-header helper and hands it to the same webhook handler Stripe's events reach; its bank
 * debit button sends the delayed-payment events (`completed` unpaid, then `async_payment_succeeded` or
 * `async_payment_failed`).
 */
export function createLocalPayments(opts: { webhookSecret: string }): PaymentsProvider {
  const stripe = new Stripe('sk_test_local_unused', { httpClient: Stripe.createFetchHttpClient() })
  return {
    name: 'local',
    webhookSecret: opts.webhookSecret,
    async createCheckoutSession(r) {
      const id = `cs_local_${randomToken(18)}`
      // The program's id rides along for the router of a sharded deployment (features/shards/router.ts):
      // the page and its session live on the program's shard.
      return { id, url: `${new URL(r.successUrl).origin}/_checkout/${id}${r.metadata.program_id ? `?program_id=${encodeURIComponent(r.metadata.program_id)}` : ''}` }
    },
    async verifyWebhook(rawBody, signature) {
      return toPaymentEvent(await stripe.webhooks.constructEventAsync(rawBody, signature, opts.webhookSecret, undefined, cryptoProvider))
    },
  }
}

/** Signs an event body the way Stripe does (Stripe's own test helper), for the local checkout and tests. */
export function signTestEvent(secret: string, payload: string, timestamp?: number): Promise<string> {
  const stripe = new Stripe('sk_test_local_unused', { httpClient: Stripe.createFetchHttpClient() })
  return stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, cryptoProvider, ...(timestamp ? { timestamp } : {}) })
}
