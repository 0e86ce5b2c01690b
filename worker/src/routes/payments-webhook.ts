import { Hono } from 'hono'
import type { AppEnv } from '../env'
import { handlePaymentWebhook } from '../services/payments'

/**
 * Stripe webhooks (POST /payments/stripe/webhook). The raw body is verified with the Stripe SDK
 * (SubtleCrypto, so it runs on Workers too) before anything is read from it.
 */
export const paymentWebhookRoutes = new Hono<AppEnv>().post('/stripe/webhook', async (c) => {
  const raw = await c.req.text()
  const outcome = await handlePaymentWebhook(c.var.deps, raw, c.req.header('stripe-signature') ?? '')
  return c.json({ received: true, ...outcome })
})
