import { useState } from 'preact/hooks'
import type { Challenge } from '../../../../sdk/contract/challenges'
import type { CheckoutSessionResponse } from '../../../../sdk/src/resources/challenges'
import { Button, buttonClass } from '../../ui/button'
import { formatNumber, formatUsd } from '../../ui/format'
import { showToast } from '../../ui/toast'
import { useSite, useTerms } from '../shared/context'
import { errorMessage } from '../shared/use-load'
import './membership.css'

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

export type PaymentProps = {
  challenge: Challenge
  completed: boolean
  /** Where the checkout's payment page goes (default: this window); an embed sends the top window there. */
  onCheckout?: (res: CheckoutSessionResponse) => void
}

export function Membership({ challenge, completed, onCheckout = goToCheckout }: PaymentProps) {
  const { client } = useSite()
  const terms = useTerms()
  const [busy, setBusy] = useState(false)
  const price = challenge.membership_challenge?.price ?? 0
  if (completed) {
    return (
      <a href="/my-offers" class={buttonClass('primary', 'lg', 'btn--block')}>
        See my offers
      </a>
    )
  }
  if (price <= 0)
    return <p class="pay__note">Member offers are included with your account: no payment needed.</p>
  return (
    <>
      <p class="pay__price">
        <strong>{formatUsd(price)}</strong>
        {challenge.points > 0 && (
          <span>
            {' '}
            + {formatNumber(challenge.points)} bonus {terms.points}
          </span>
        )}
      </p>
      <Button
        size="lg"
        block
        loading={busy}
        onClick={async () => {
          setBusy(true)
          try {
            onCheckout(await client.challenges.createMembershipCheckout(challenge.id))
          } catch (err) {
            checkoutFailed(err)
          } finally {
            setBusy(false)
          }
        }}
      >
        Become a member
      </Button>
    </>
  )
}

