import type { TesseraClient } from '../../../../sdk/src/index'
import type { CheckoutSessionResponse } from '../../../../sdk/src/resources/challenges'
import { newIdempotencyKey } from '../../../../sdk/src/transport'

/** The premium prompt's membership checkout (participant-site.md section 7). */
export const membershipCheckoutPath = (challengeId: number) =>
  `/participants/challenges/${encodeURIComponent(String(challengeId))}/membership_checkout_session`

/**
 * 'Become a member': starts the card-payment checkout of the program's membership challenge and sends
 * the browser to the payment page (which returns to the challenge page with ?checkout=...). Throws
 * the SDK's error, or an Error when the answer names no payment page.
 */
export async function startMembershipCheckout(client: TesseraClient, challengeId: number): Promise<void> {
  const res = await client.transport.post<CheckoutSessionResponse>(membershipCheckoutPath(challengeId), {
    idempotencyKey: newIdempotencyKey(),
  })
  const url = safeHttpUrl(res.url ?? res.stripe_url ?? res.checkout_url, location.origin)
  if (!url) throw new Error('The payment page is not available. Please try again.')
  location.assign(url)
}

/** A URL the browser may be sent to or link to (http or https only, relative ones against `origin`), or null. */
export function safeHttpUrl(raw: unknown, origin: string): string | null {
  if (typeof raw !== 'string' || !raw) return null
  try {
    const url = new URL(raw, origin)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}
