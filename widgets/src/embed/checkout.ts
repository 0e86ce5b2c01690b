import type { CheckoutSessionResponse } from '../../../sdk/src/resources/challenges'
import { showToast } from '../ui/toast'
import { emit, type TesseraEventMap } from './events'

/** The payment page a checkout answered with, resolved against the Tessera origin; null unless http(s). */
export function checkoutUrl(res: CheckoutSessionResponse | string | null | undefined, apiBase: string) {
  const raw = typeof res === 'string' ? res : (res?.url ?? res?.checkout_url ?? res?.stripe_url)
  if (typeof raw !== 'string' || !raw) return null
  try {
    const url = new URL(raw, apiBase || location.origin)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}

/**
 * Sends the partner's page (the top window, also from inside a Tessera iframe) to the payment page:
 * Stripe Checkout refuses to be framed. `tessera:checkout-started` fires on `target` first.
 */
export function openCheckout(
  res: CheckoutSessionResponse | string | null | undefined,
  apiBase: string,
  target: EventTarget,
  detail: TesseraEventMap['tessera:checkout-started'],
) {
  const url = checkoutUrl(res, apiBase)
  if (!url) {
    showToast({
      tone: 'error',
      title: 'Something went wrong',
      message: 'The payment page is not available. Please try again.',
    })
    return
  }
  emit(target, 'tessera:checkout-started', detail)
  try {
    // Cross-origin frames may set the top window's location (after the participant's click).
    window.top!.location.href = url
  } catch {
    window.open(url, '_blank', 'noopener')
  }
}
