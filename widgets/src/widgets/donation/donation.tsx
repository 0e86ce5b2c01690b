import { useId, useState } from 'preact/hooks'
import { Button } from '../../ui/button'
import { formatNumber, formatUsd } from '../../ui/format'
import '../../ui/input.css' // the field classes rendered here (field__input, field__select)
import { useSite, useTerms } from '../shared/context'
import { checkoutFailed, goToCheckout, type PaymentProps } from '../membership/membership'
import './donation.css'

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
