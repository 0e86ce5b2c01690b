import * as z from 'zod'

/**
 * Membership and donation checkouts of the participant API (participant-site.md section 7): the
 * schemas the worker validates with (features/payments/public.ts) and the OpenAPI document shows.
 */

/** POST /public/challenges/{id}/donation_checkout_session (form or JSON): the donor's choice. */
export const donationCheckoutRequestSchema = z.object({
  entity: z.string().trim().min(1, 'is required').max(80).optional(),
  amount: z.coerce.number().int('must be an amount in cents').positive('must be an amount in cents').optional(),
})

/** A started checkout (JSON clients; a plain form post is redirected to `url` with 303). */
export const checkoutSessionResponseSchema = z.object({ success: z.literal(true), session_id: z.string(), url: z.string(), stripe_url: z.string() })

/** GET /public/home/stripe_receipt?session_id=. */
export const stripeReceiptQuerySchema = z.object({ session_id: z.string({ error: 'is required' }).min(1, 'is required').max(200) })
