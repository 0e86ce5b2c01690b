import { useId, useState } from 'preact/hooks'
import type { Challenge } from '../../../../sdk/contract/challenges'
import type { CheckoutSessionResponse } from '../../../../sdk/src/resources/challenges'
import { Button, buttonClass } from '../../ui/button'
import { formatNumber, formatUsd } from '../../ui/format'
import { CalendarIcon, CheckCircleIcon } from '../../ui/icons'
import { Img } from '../../ui/img'
import { Modal } from '../../ui/modal'
import { formatDate } from '../../ui/time'
import { showToast } from '../../ui/toast'
import { useSite, useTerms } from '../context'
import { currentUrl, navigate } from '../router'
import { errorMessage } from '../use-load'
import { isChallengeCompleted } from './challenge-rules'
import { ReceiptBlock } from './payment-receipt'

/** Sends the browser to the payment page a checkout answered with. */
function goToCheckout(res: CheckoutSessionResponse) {
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

const checkoutFailed = (err: unknown) =>
  showToast({ tone: 'error', title: 'Something went wrong', message: errorMessage(err) })

/**
 * Membership and donation challenges open as a modal over the home page (participant-site.md
 * section 2): completed or ending header, then the type's action. Closing goes home.
 */
export function PaymentModal({ challenge, onPaid }: { challenge: Challenge; onPaid: () => void }) {
  const completed = isChallengeCompleted(challenge)
  const query = new URLSearchParams(currentUrl.value.search)
  const checkout = query.get('checkout')
  const sessionId = query.get('session_id')
  const when = challenge.completed_by_current_participant_on ?? challenge.updated_at
  return (
    <Modal open onClose={() => navigate('/')} title={challenge.name}>
      <div class="pay">
        {checkout === 'success' && sessionId && <ReceiptBlock sessionId={sessionId} onPaid={onPaid} />}
        {checkout === 'cancelled' && (
          <p class="pay__note pay__note--boxed">
            Payment cancelled: nothing was charged. You can try again below.
          </p>
        )}
        <Img src={challenge.image} alt="" class="pay__image" width={300} />
        {completed ? (
          <p class="pay__status pay__status--done">
            <CheckCircleIcon size={18} />
            Completed <span class="pay__date">{formatDate(when)}</span>
          </p>
        ) : (
          challenge.finish && (
            <p class="pay__status">
              <CalendarIcon size={18} />
              Ends on <span class="pay__date">{formatDate(challenge.finish)}</span>
            </p>
          )
        )}
        {challenge.caption && <p class="pay__caption">{challenge.caption}</p>}
        {challenge.description && <p class="pay__text">{challenge.description}</p>}
        {challenge.challenge_type === 'membership' ? (
          <Membership challenge={challenge} completed={completed} />
        ) : (
          <Donation challenge={challenge} completed={completed} />
        )}
      </div>
    </Modal>
  )
}

type PaymentProps = {
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

export function Donation({ challenge, completed, onCheckout = goToCheckout }: PaymentProps) {
  const { client } = useSite()
  const terms = useTerms()
  const id = useId()
  const [entity, setEntity] = useState('')
  const [amount, setAmount] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)
  const donation = challenge.donation_challenge
  if (completed)
    return <p class="pay__note">Thank you for giving! You can donate again when a new drive starts.</p>
  if (!donation) return null
  const ready = entity !== '' && amount !== null
  return (
    <form
      class="donate"
      onSubmit={async (e) => {
        e.preventDefault()
        if (!ready) return
        setBusy(true)
        try {
          onCheckout(await client.challenges.createDonationCheckout(challenge.id, { entity, amount: amount! }))
        } catch (err) {
          checkoutFailed(err)
        } finally {
          setBusy(false)
        }
      }}
    >
      <div class="field">
        <label class="field__label" for={`e${id}`}>
          {donation.entity_label}
        </label>
        <select
          id={`e${id}`}
          class="field__input field__select"
          value={entity}
          onChange={(e) => setEntity(e.currentTarget.value)}
        >
          <option value="">Select one</option>
          {donation.entity_options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
      </div>
      <fieldset class="donate__amounts">
        <legend class="field__label">Amount</legend>
        <div class="amounts">
          {donation.amount_options.map((o) => (
            <label
              key={o.amount}
              class={['amount', amount === o.amount && 'amount--checked'].filter(Boolean).join(' ')}
            >
              <input
                type="radio"
                class="amount__input"
                name={`a${id}`}
                value={o.amount}
                checked={amount === o.amount}
                onChange={() => setAmount(o.amount)}
              />
              <span class="amount__usd">{formatUsd(o.amount)}</span>
              <span class="amount__points">
                +{formatNumber(o.points)} {terms.points}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" size="lg" block disabled={!ready} loading={busy}>
        Continue
      </Button>
    </form>
  )
}
