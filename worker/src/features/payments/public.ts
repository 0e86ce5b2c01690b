import type { Context } from 'hono'
import { Hono } from 'hono'
import { donationCheckoutRequestSchema, stripeReceiptQuerySchema } from '../../../../sdk/contract/payments'
import type { AppEnv } from '../../env'
import { AppError } from '../../lib/errors'
import { siteOriginFor } from '../../lib/origin'
import { parseBody, parseQuery } from '../../lib/parse'
import { requireParticipant } from '../../middleware/participant-auth'
import { type CheckoutKind, paymentReceipt, startCheckout } from './payments'

const donationForm = donationCheckoutRequestSchema
const receiptQuery = stripeReceiptQuerySchema

/** JSON clients get the checkout URL; a plain form post is redirected to it. */
async function checkout(c: Context<AppEnv>, kind: CheckoutKind, choice: { entity?: string | undefined; amount?: number | undefined } = {}) {
  const { scope, deps } = c.var
  if (deps.payments.name === 'local' && deps.config.environment === 'production') {
    throw new AppError('validation_failed', 422, 'Payments are not configured for this program')
  }
  const session = await startCheckout({ scope, deps, participant: c.var.participant!, origin: await siteOriginFor(c) }, c.req.param('id')!, kind, choice)
  const wantsHtml = (c.req.header('accept') ?? '').includes('text/html')
  return wantsHtml ? c.redirect(session.url, 303) : c.json({ success: true, session_id: session.id, url: session.url, stripe_url: session.url })
}

/** Membership and donation checkouts (participant-site.md section 7). Mounted at /public/challenges. */
export const checkoutRoutes = new Hono<AppEnv>()
  .post('/:id/membership_checkout_session', requireParticipant, (c) => checkout(c, 'membership'))
  .post('/:id/donation_checkout_session', requireParticipant, async (c) => checkout(c, 'donation', await parseBody(c, donationForm)))

/** The premium prompt's membership checkout. Mounted at /participants/challenges. */
export const participantCheckoutRoutes = new Hono<AppEnv>().post('/:id/membership_checkout_session', requireParticipant, (c) => checkout(c, 'membership'))

/** GET /public/home/stripe_receipt?session_id: the receipt with the session's `status`. Mounted at /public/home. */
export const receiptRoutes = new Hono<AppEnv>().get('/stripe_receipt', requireParticipant, async (c) => {
  const { session_id } = parseQuery(c, receiptQuery)
  return c.json(await paymentReceipt(c.var.scope, c.var.participant!, session_id))
})
