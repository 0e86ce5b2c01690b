import type { Challenge } from '../../../../sdk/contract/challenges'
import { useId, useState } from 'preact/hooks'
import { Button } from '../../ui/button'
import { formatNumber } from '../../ui/format'
import { formatUsd } from '../../ui/money'
import '../../ui/input.css' // the field classes rendered here (field__input, field__select)
import { useSite, useTerms } from '../shared/context'
import { checkoutFailed, goToCheckout } from '../membership/checkout-redirect'
import type { PaymentProps } from '../membership/membership'
import './donation.css'

type Choice = { entity: string; amount: number | null }

const choiceKey = (challengeId: number) => `tessera:donation:${challengeId}`

function sessionStore(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null
  } catch {
    return null // storage blocked (a sandboxed frame)
  }
}

/**
 * The cause and amount chosen, kept for the visit as they are chosen: back from a cancelled payment,
 * or when the form is drawn again (an element reloads its challenge when the session changes), the
 * form shows them again. Options the challenge no longer offers are dropped.
 */
export function savedChoice(challenge: Pick<Challenge, 'id' | 'donation_challenge'>, storage = sessionStore()): Choice {
  const empty: Choice = { entity: '', amount: null }
  const donation = challenge.donation_challenge
  if (!donation || !storage) return empty
  try {
    const raw = JSON.parse(storage.getItem(choiceKey(challenge.id)) ?? 'null') as Partial<Choice> | null
    if (!raw || typeof raw !== 'object') return empty
    return {
      entity: donation.entity_options.some((o) => o.id === raw.entity) ? String(raw.entity) : '',
      amount: donation.amount_options.some((o) => o.amount === raw.amount) ? Number(raw.amount) : null,
    }
  } catch {
    return empty
  }
}

export function saveChoice(challengeId: number, choice: Choice, storage = sessionStore()) {
  try {
    storage?.setItem(choiceKey(challengeId), JSON.stringify(choice))
  } catch {
    // storage full or blocked: the form simply starts empty next time
  }
}

export function Donation({ challenge, completed, onCheckout = goToCheckout }: PaymentProps) {
  const { client } = useSite()
  const terms = useTerms()
  const id = useId()
  const [initial] = useState(() => savedChoice(challenge))
  const [entity, setEntity] = useState(initial.entity)
  const [amount, setAmount] = useState<number | null>(initial.amount)
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
        saveChoice(challenge.id, { entity, amount })
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
          onChange={(e) => {
            setEntity(e.currentTarget.value)
            saveChoice(challenge.id, { entity: e.currentTarget.value, amount })
          }}
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
                onChange={() => {
                  setAmount(o.amount)
                  saveChoice(challenge.id, { entity, amount: o.amount })
                }}
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
