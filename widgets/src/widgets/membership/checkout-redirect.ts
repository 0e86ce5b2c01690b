import type { CheckoutSessionResponse } from '../../../../sdk/src/resources/challenges'
import { showToast } from '../../ui/toast'
import { errorMessage } from '../shared/use-load'

/** Sends the browser to the payment page a checkout answered with. */
export function goToCheckout(res: CheckoutSessionResponse) {
  const raw = res.url ?? res.checkout_url ?? res.stripe_url
  let url: URL | null = null
  try {
    url = typeof raw === 'string' ? new URL(raw, location.origin) : null
  } catch {
    url = null
  }
  if (url && (url.protocol === 'https:' || url.protocol === 'http:')) location.assign(url.href)
  else
    showToast({
      tone: 'error',
      title: 'Something went wrong',
      message: 'The payment page is not available. Please try again.',
    })
}

export const checkoutFailed = (err: unknown) =>
  showToast({ tone: 'error', title: 'Something went wrong', message: errorMessage(err) })
