import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import * as z from 'zod'
import { paymentSessions, programs } from '../../db/schema'
import type { AppEnv } from '../../env'
import { randomToken } from '../../lib/crypto'
import { AppError } from '../../lib/errors'
import { escapeHtml, simplePage } from '../../lib/html'
import { parseBody } from '../../lib/parse'
import { ensureCsrfToken } from '../../middleware/csrf'
import { signTestEvent } from '../../platform/payments'
import { handlePaymentWebhook } from './payments'

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`
const payForm = z.object({ outcome: z.enum(['pay', 'delayed', 'clear', 'fail', 'cancel']).default('pay') })

/** The Stripe event each outcome of the test checkout sends, with the session's `payment_status`. */
const outcomeEvents = {
  pay: { type: 'checkout.session.completed', paymentStatus: 'paid' },
  delayed: { type: 'checkout.session.completed', paymentStatus: 'unpaid' },
  clear: { type: 'checkout.session.async_payment_succeeded', paymentStatus: 'paid' },
  fail: { type: 'checkout.session.async_payment_failed', paymentStatus: 'unpaid' },
} as const

async function findSession(c: { var: AppEnv['Variables'] }, id: string) {
  const [row] = await c.var.deps.db.select().from(paymentSessions).where(eq(paymentSessions.providerSessionId, id)).limit(1) // tenant-guard: allow (the session id is the capability)
  if (!row || row.provider !== 'local') throw new AppError('not_found', 404, 'No such test checkout session')
  return row
}

/**
 * The built-in test checkout that stands in for Stripe's hosted page when no Stripe keys are set.
 * Paying signs a checkout.session.completed event with Stripe's test-header helper and hands it to the
 * same webhook handler real Stripe events reach. "Pay by bank debit" is a delayed payment method: it
 * sends checkout.session.completed with payment_status unpaid (the session is processing), and the page
 * then offers to clear it (checkout.session.async_payment_succeeded) or fail it
 * (checkout.session.async_payment_failed). Mounted at /_checkout outside production only.
 */
export const testCheckoutRoutes = new Hono<AppEnv>()
  .get('/:id', async (c) => {
    const row = await findSession(c, c.req.param('id'))
    const [program] = await c.var.deps.db.select().from(programs).where(eq(programs.id, row.programId))
    const csrf = await ensureCsrfToken(c)
    const form = (buttons: string) =>
      `<form method="post" action="/_checkout/${escapeHtml(row.providerSessionId)}/pay?program_id=${row.programId}"><input type="hidden" name="authenticity_token" value="${escapeHtml(csrf)}">
${buttons}</form>`
    const secondary = 'style="background:transparent;color:inherit;border:1px solid currentColor;margin-left:8px"'
    const actions =
      row.status === 'fulfilled'
        ? '<p>This checkout is already paid.</p>'
        : row.status === 'processing'
          ? `<p>The bank debit is processing.</p>${form(`<button type="submit" name="outcome" value="clear">Clear the payment</button>
<button type="submit" name="outcome" value="fail" ${secondary}>Fail the payment</button>`)}`
          : row.status !== 'pending'
            ? `<p>This checkout is ${escapeHtml(row.status)}.</p>`
            : form(`<button type="submit" name="outcome" value="pay">Pay ${money(row.amountCents)}</button>
<button type="submit" name="outcome" value="delayed" ${secondary}>Pay by bank debit</button>
<button type="submit" name="outcome" value="cancel" ${secondary}>Cancel</button>`)
    return c.html(
      simplePage({
        title: 'Test checkout',
        csrfToken: csrf,
        body: `<main><p style="text-transform:uppercase;letter-spacing:.08em;font-size:12px">Test mode · no card is charged</p>
<h1>${escapeHtml(program?.name ?? 'Checkout')}</h1>
<p>${row.kind === 'membership' ? 'Membership' : `Donation${row.details?.entity_name ? ` to ${escapeHtml(String(row.details.entity_name))}` : ''}`}: <strong>${money(row.amountCents)}</strong></p>
<p>Card 4242 4242 4242 4242 · any future date · any CVC</p>
${actions}</main>`,
      }),
    )
  })
  .post('/:id/pay', async (c) => {
    const row = await findSession(c, c.req.param('id'))
    const { outcome } = await parseBody(c, payForm)
    const details = row.details ?? {}
    if (outcome === 'cancel') return c.redirect(String(details.cancel_url ?? '/'), 303)
    const event = outcomeEvents[outcome]
    const payload = JSON.stringify({
      id: `evt_local_${randomToken(12)}`,
      object: 'event',
      type: event.type,
      data: {
        object: {
          id: row.providerSessionId,
          object: 'checkout.session',
          payment_status: event.paymentStatus,
          status: 'complete',
          amount_total: row.amountCents,
          currency: row.currency,
          metadata: { program_id: String(row.programId), participant_id: String(row.participantId), challenge_id: String(row.challengeId), kind: row.kind },
        },
      },
    })
    const signature = await signTestEvent(c.var.deps.payments.webhookSecret, payload)
    await handlePaymentWebhook(c.var.deps, payload, signature)
    return c.redirect(String(details.success_url ?? '/'), 303)
  })
