import { useState } from 'preact/hooks'
import type { Challenge } from '../../../../sdk/contract/challenges'
import type { CheckoutSessionResponse } from '../../../../sdk/src/resources/challenges'
import { Button, buttonClass } from '../../ui/button'
import { formatNumber } from '../../ui/format'
import { formatUsd } from '../../ui/money'
import { useSite, useTerms } from '../shared/context'
import { checkoutFailed, goToCheckout } from './checkout-redirect'
import './membership.css'

// The checkout redirect (no component, no CSS): the reward card and the donation widget use it
// without this widget.
export { checkoutFailed, goToCheckout } from './checkout-redirect'

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

