import { useEffect, useId, useRef, useState } from 'preact/hooks'
import type { Merchant, Offer, RedemptionType } from '../../../../sdk/contract/offers'
import { newIdempotencyKey } from '../../../../sdk/src/transport'
import { errorMessage } from '../shared/use-load'
import { Button } from '../../ui/button'
import { AlertIcon, CheckCircleIcon, ClockIcon, ExternalIcon } from '../../ui/icons'
import { Modal } from '../../ui/modal'
import { showToast } from '../../ui/toast'
import { MerchantLogo } from './merchant-card'
import { useOffersHost } from './offers-host'
import { PremiumPrompt } from './premium-prompt'
import {
  canChooseType,
  confirmLabel,
  couponOf,
  initialRedeemState,
  type RedeemEffect,
  type RedeemEvent,
  type RedeemParticipant,
  type RedeemState,
  redeemFailure,
  redeemTransition,
  voucherSrc,
  websiteOf,
} from './redeem-machine'
import '../../ui/input.css' // the field classes rendered here

export const TIP_NOTICE = 'Tip: please calculate any gratuity on the original total, before discounts.'
export const REDEEM_ERROR_TITLE = 'Whoops! Something went wrong while redeeming the offer.'
export const VALIDITY_NOTICE =
  'Printable offers expire 14 days after printing or as stated on the coupon. Mobile offers are valid for ten minutes after the redemption is complete.'
export const VOUCHER_TEXT = 'Show this screen to receive your discount.'

const TYPE_CHOICES: { type: RedemptionType; label: string; hint: string }[] = [
  { type: 'CLICK', label: 'Online', hint: "Get the discount on the merchant's website" },
  { type: 'MOBILE', label: 'In store', hint: 'Show a coupon on your phone at the merchant' },
]

/** The participant as the machine sees it: undefined while it loads. */
const asParticipant = (
  p: { eligible_offers_rewards: boolean } | null | undefined,
): RedeemParticipant | null | undefined =>
  p === undefined ? undefined : p && { eligible_offers_rewards: p.eligible_offers_rewards }

const expiryTime = (iso: string) => {
  const date = new Date(iso)
  return Number.isNaN(date.getTime())
    ? null
    : date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })
}

type RedeemModalProps = { merchant: Merchant; offer: Offer; onClose: () => void }

/**
 * The redeem modal: renders the redeem state machine (redeem-machine.ts) and runs its effects: the
 * redeem call, the offer website in a new tab, sign-in, the membership checkout, closing.
 */
export function RedeemModal({ merchant, offer, onClose }: RedeemModalProps) {
  const host = useOffersHost()
  const participant = asParticipant(host.participant)
  const [state, setState] = useState<RedeemState | null>(() =>
    participant === undefined ? null : initialRedeemState(offer, participant),
  )
  const current = useRef(state)
  const mounted = useRef(true)
  const [joining, setJoining] = useState(false)
  const [popupBlocked, setPopupBlocked] = useState(false)
  const closeRef = useRef(onClose)
  closeRef.current = onClose
  useEffect(
    () => () => {
      mounted.current = false
    },
    [],
  )

  const dispatch = (event: RedeemEvent) => {
    const from = current.current
    if (!from || !mounted.current) return
    const { state: next, effects } = redeemTransition(from, event)
    current.current = next
    setState(next)
    runEffects(effects)
  }

  const runEffects = (effects: RedeemEffect[]) => {
    for (const effect of effects) {
      switch (effect.type) {
        case 'redeem':
          host.client.offers.redeem(effect.endecaKey, effect.redemptionType).then(
            (redemption) => {
              host.onRedeemed?.(effect.endecaKey, effect.redemptionType)
              dispatch({ type: 'REDEEM_SUCCESS', redemption })
            },
            (err: unknown) => dispatch({ type: 'REDEEM_FAILURE', error: redeemFailure(err) }),
          )
          break
        case 'openWebsite': {
          const tab = window.open(effect.url, '_blank')
          if (tab) tab.opener = null
          else {
            // Blocked: keep the modal open with a link instead.
            setPopupBlocked(true)
            return
          }
          break
        }
        case 'close':
          closeRef.current()
          break
        case 'signin':
          host.navigate(host.signinHref)
          break
        case 'membershipCheckout':
          void startCheckout()
          break
      }
    }
  }

  const startCheckout = async () => {
    const id = host.program.membership_challenge?.id
    if (!id || joining) return
    setJoining(true)
    try {
      const res = await host.client.transport.post<{ url?: string }>(
        `/participants/challenges/${encodeURIComponent(String(id))}/membership_checkout_session`,
        { idempotencyKey: newIdempotencyKey() },
      )
      if (!res.url || !/^(https?:\/\/|\/)/.test(res.url))
        throw new Error('The payment page is not available. Please try again.')
      host.go(res.url)
    } catch (err) {
      if (mounted.current) setJoining(false)
      showToast({ tone: 'error', title: 'Something went wrong', message: errorMessage(err) })
    }
  }

  // The participant loads after the modal opened, or changes (signed out in another tab, became a member).
  const participantKey = participant === undefined ? 'loading' : JSON.stringify(participant)
  // participantKey names the participant's state
  useEffect(() => {
    if (participant === undefined) return
    if (!current.current) {
      const first = initialRedeemState(offer, participant)
      current.current = first
      setState(first)
    } else dispatch({ type: 'PARTICIPANT', participant })
  }, [participantKey])

  const close = () => dispatch({ type: 'CLOSE' })
  // Before the machine starts (participant loading) the modal still closes.
  const onModalClose = state ? close : onClose

  return (
    <Modal open onClose={onModalClose} title={titleOf(state, offer)}>
      {!state ? (
        <p class="redeem__loading" role="status">
          <span class="btn__spinner" aria-hidden="true" />
          Loading, please wait...
        </p>
      ) : (
        <RedeemBody
          state={state}
          merchant={merchant}
          offer={offer}
          dispatch={dispatch}
          joining={joining}
          popupBlocked={popupBlocked}
          onClose={close}
        />
      )}
    </Modal>
  )
}

function titleOf(state: RedeemState | null, offer: Offer): string {
  switch (state?.value) {
    case 'participantAuthenticationPending':
    case 'participantAuthorizationPending':
      return 'Premium Access Required'
    case 'redeemError':
      return REDEEM_ERROR_TITLE
    case 'redeemSuccess':
      return state.context.redemptionType === 'MOBILE' ? 'Your discount is ready' : offer.offerTextShort
    default:
      return offer.offerTextShort
  }
}

type BodyProps = {
  state: RedeemState
  merchant: Merchant
  offer: Offer
  dispatch: (event: RedeemEvent) => void
  joining: boolean
  popupBlocked: boolean
  onClose: () => void
}

function RedeemBody({ state, merchant, offer, dispatch, joining, popupBlocked, onClose }: BodyProps) {
  const host = useOffersHost()
  switch (state.value) {
    case 'participantAuthenticationPending':
    case 'participantAuthorizationPending':
      return (
        <PremiumPrompt
          mode={state.value === 'participantAuthenticationPending' ? 'authentication' : 'authorization'}
          onJoin={() => dispatch({ type: 'JOIN_NOW' })}
          joining={joining}
          loginHref={host.signinHref}
          canJoin={Boolean(host.program.membership_challenge)}
          challenges={host.program.challenges_with_offer_rewards}
        />
      )
    case 'redeemError':
      return (
        <div class="redeem">
          <div class="redeem__error" role="alert">
            <AlertIcon size={22} />
            <p>{state.context.error?.message}</p>
          </div>
          <p class="redeem__notice">
            <ClockIcon size={18} />
            <span>{VALIDITY_NOTICE}</span>
          </p>
          <Button variant="outline" block onClick={onClose}>
            Close
          </Button>
        </div>
      )
    case 'redeemSuccess': {
      const coupon = couponOf(state)
      if (!coupon) {
        // CLICK: the website opened in a new tab and the modal closed; this shows only if the tab was blocked.
        const url = websiteOf(state)
        return (
          <div class="redeem">
            <p class="redeem__done">
              <CheckCircleIcon size={22} />
              {popupBlocked
                ? 'Your discount is ready on the merchant website.'
                : 'Opening the merchant website...'}
            </p>
            {url && (
              <a
                class="btn btn--primary btn--lg btn--block"
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                onClick={onClose}
              >
                Open the merchant website
                <ExternalIcon size={18} />
              </a>
            )}
          </div>
        )
      }
      const until = expiryTime(coupon.expires_at)
      return (
        <div class="redeem">
          <div class="redeem__voucher">
            <img
              src={voucherSrc(coupon.voucher)}
              alt={`Voucher: ${offer.offerTextShort} at ${merchant.merchantName}, code ${coupon.code}`}
              class="redeem__voucher-img"
            />
          </div>
          <p class="redeem__show">{VOUCHER_TEXT}</p>
          <p class="redeem__code">
            Code <strong>{coupon.code}</strong>
            {until && <span> · valid until {until}</span>}
          </p>
          <p class="redeem__tip">{TIP_NOTICE}</p>
          <Button variant="outline" block onClick={onClose}>
            Done
          </Button>
        </div>
      )
    }
    default:
      return <Confirmation state={state} merchant={merchant} offer={offer} dispatch={dispatch} />
  }
}

/** redeemConfirmationPending and redeemInProgress: the offer, the type choice, the confirm button. */
function Confirmation({
  state,
  merchant,
  offer,
  dispatch,
}: Pick<BodyProps, 'state' | 'merchant' | 'offer' | 'dispatch'>) {
  const busy = state.value === 'redeemInProgress'
  const type = state.context.redemptionType
  const name = useId()
  return (
    <div class="redeem">
      <div class="redeem__merchant">
        <MerchantLogo merchant={merchant} size={48} />
        <div>
          <p class="redeem__merchant-name">{merchant.merchantName}</p>
          <p class="redeem__long">{offer.offerTextLong}</p>
        </div>
      </div>
      {canChooseType(offer) && (
        <fieldset class="redeem__types" disabled={busy}>
          <legend class="field__label">How would you like to redeem?</legend>
          {TYPE_CHOICES.map((choice) => (
            <label key={choice.type} class="redeem__type">
              <input
                type="radio"
                name={name}
                value={choice.type}
                checked={type === choice.type}
                onChange={() => dispatch({ type: 'SELECT_REDEMPTION_TYPE', redemptionType: choice.type })}
              />
              <span>
                <span class="redeem__type-label">{choice.label}</span>
                <span class="redeem__type-hint">{choice.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <p class="redeem__tip">{TIP_NOTICE}</p>
      <Button size="lg" block loading={busy} onClick={() => dispatch({ type: 'CLICK_REDEEM' })}>
        {busy ? 'Redeeming...' : confirmLabel(type)}
      </Button>
    </div>
  )
}
