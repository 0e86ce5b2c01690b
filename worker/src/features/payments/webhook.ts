import { Hono } from 'hono'
import type { AppEnv } from '../../env'
import { handlePaymentWebhook } from './payments'

/**
 * Stripe webhooks (POST /payments/stripe/webhook). The raw body is verified with the Stripe SDK
 * (SubtleCrypto, so it runs on Workers too) before anything is read from it. Handles
 * `checkout.session.completed` (paid: fulfilled; unpaid: processing), `checkout.session.async_payment_succeeded`
 * (fulfilled) and `checkout.session.async_payment_failed` (failed); answers 200 with the outcome.
 */
export const paymentWebhookRoutes = new Hono<AppEnv>().post('/stripe/webhook', async (c) => {
  const raw = await c.req.text()
  const outcome = await handlePaymentWebhook(c.var.deps, raw, c.req.header('stripe-signature') ?? '')
  return c.json({ received: true, ...outcome })
})
