import type { Offer, RedeemOfferResponse, RedemptionType } from '../../../../sdk/contract/offers'
import { TesseraError } from '../../../../sdk/src/errors'

/**
 * The redeem modal as a pure state machine (participant-site.md section 4, Offer redemption). The
 * component renders `state`, sends events, and runs the effects a transition returns (the redeem
 * call, opening the offer website, closing the modal, sign-in, membership checkout).
 *
 * unauthenticated and unauthorized are decision states: entering one resolves at once through its
 * guard (participant present? eligible_offers_rewards?), so a settled machine is never left in them.
 */

export const REDEEM_STATES = [
  'unauthenticated',
  'unauthorized',
  'redeemConfirmationPending',
  'participantAuthenticationPending',
  'participantAuthorizationPending',
  'redeemInProgress',
  'redeemError',
  'redeemSuccess',
] as const
export type RedeemStateName = (typeof REDEEM_STATES)[number]

/** What the machine needs to know about the participant. */
export type RedeemParticipant = { eligible_offers_rewards: boolean }

export type RedeemOffer = Pick<Offer, 'endecaKey' | 'redemptionTypes' | 'webSite'>

/** The stored error of a failed redeem: the text the modal shows. */
export type RedeemFailure = { status: number; message: string }

export type RedeemContext = {
  offer: RedeemOffer
  participant: RedeemParticipant | null
  redemptionType: RedemptionType
  redemption: RedeemOfferResponse | null
  error: RedeemFailure | null
}

export type RedeemState = { value: RedeemStateName; context: RedeemContext }

export type RedeemEvent =
  /** The participant became known or changed (session loaded, signed in elsewhere). */
  | { type: 'PARTICIPANT'; participant: RedeemParticipant | null }
  | { type: 'SELECT_REDEMPTION_TYPE'; redemptionType: RedemptionType }
  | { type: 'CLICK_REDEEM' }
  | { type: 'REDEEM_SUCCESS'; redemption: RedeemOfferResponse }
  | { type: 'REDEEM_FAILURE'; error: RedeemFailure }
  /** The premium prompt's Join now. */
  | { type: 'JOIN_NOW' }
  | { type: 'CLOSE' }

export type RedeemEffect =
  | { type: 'redeem'; endecaKey: string; redemptionType: RedemptionType }
  | { type: 'openWebsite'; url: string }
  | { type: 'close' }
  /** Sign-in (join) page, coming back to the current page. */
  | { type: 'signin' }
  /** The paid membership checkout (signed in but not eligible). */
  | { type: 'membershipCheckout' }

export type RedeemTransition = { state: RedeemState; effects: RedeemEffect[] }

/** The message a failed redeem shows when the server gave none (participant-site.md section 8). */
export const DEFAULT_REDEEM_ERROR = 'You have already redeemed this offer.'

/** The single type when the offer has exactly one, otherwise CLICK (section 4). */
export function defaultRedemptionType(offer: Pick<Offer, 'redemptionTypes'>): RedemptionType {
  return offer.redemptionTypes.length === 1 ? offer.redemptionTypes[0]! : 'CLICK'
}

/** No answer at all (offline, the request never completed): not a refusal, so not 'already redeemed'. */
export const NETWORK_REDEEM_ERROR =
  "We couldn't reach the server. Please check your connection and try again."

/**
 * The stored error of a failed redeem call: the server's redemption_data.message, or the default.
 * @example redeemFailure(new ApiError(..., { redemption_data: { message: 'Participant not authorized' } }))
 */
export function redeemFailure(err: unknown): RedeemFailure {
  if (err instanceof TesseraError) {
    const data = err.body?.redemption_data as { message?: unknown } | undefined
    const message =
      typeof data?.message === 'string' && data.message.trim() ? data.message : DEFAULT_REDEEM_ERROR
    return { status: err.status, message }
  }
  return { status: 0, message: NETWORK_REDEEM_ERROR }
}

/** 'Get Discount' for CLICK, otherwise 'Redeem now' (spelled as the offer card's button). */
export const confirmLabel = (type: RedemptionType) => (type === 'CLICK' ? 'Get Discount' : 'Redeem now')

/** The offer lets the participant choose (it has both CLICK and MOBILE). */
export const canChooseType = (offer: Pick<Offer, 'redemptionTypes'>) =>
  offer.redemptionTypes.includes('CLICK') && offer.redemptionTypes.includes('MOBILE')

/** Follows the decision states' guards until the machine rests in a state that waits for an event. */
function settle(value: RedeemStateName, context: RedeemContext): RedeemState {
  switch (value) {
    case 'unauthenticated':
      return settle(context.participant ? 'unauthorized' : 'participantAuthenticationPending', context)
    case 'unauthorized':
      return settle(
        context.participant?.eligible_offers_rewards === true
          ? 'redeemConfirmationPending'
          : 'participantAuthorizationPending',
        context,
      )
    default:
      return { value, context }
  }
}

/**
 * The machine's first settled state for an offer and the participant known when the modal opens.
 * @example initialRedeemState(offer, null).value // 'participantAuthenticationPending'
 */
export function initialRedeemState(offer: RedeemOffer, participant: RedeemParticipant | null): RedeemState {
  return settle('unauthenticated', {
    offer,
    participant,
    redemptionType: defaultRedemptionType(offer),
    redemption: null,
    error: null,
  })
}

const redemptionUrl = (context: RedeemContext): string | null => {
  const data = context.redemption?.redemption_data
  if (data && 'url' in data && data.url) return data.url
  return context.offer.webSite
}

/** One transition. Pure: same input, same output; effects are returned, never run. */
export function redeemTransition(state: RedeemState, event: RedeemEvent): RedeemTransition {
  const stay: RedeemTransition = { state, effects: [] }
  const { value, context } = state

  if (event.type === 'CLOSE') return { state, effects: [{ type: 'close' }] }

  switch (value) {
    case 'participantAuthenticationPending':
    case 'participantAuthorizationPending':
      if (event.type === 'PARTICIPANT') {
        // Re-decide from the start: a participant who signed in or became eligible moves on.
        return {
          state: settle('unauthenticated', { ...context, participant: event.participant }),
          effects: [],
        }
      }
      if (event.type === 'JOIN_NOW') {
        return {
          state,
          effects: [{ type: value === 'participantAuthenticationPending' ? 'signin' : 'membershipCheckout' }],
        }
      }
      return stay

    case 'redeemConfirmationPending':
      if (event.type === 'SELECT_REDEMPTION_TYPE') {
        if (!context.offer.redemptionTypes.includes(event.redemptionType)) return stay
        return {
          state: { value, context: { ...context, redemptionType: event.redemptionType } },
          effects: [],
        }
      }
      if (event.type === 'CLICK_REDEEM') {
        return {
          state: { value: 'redeemInProgress', context: { ...context, redemption: null, error: null } },
          effects: [
            { type: 'redeem', endecaKey: context.offer.endecaKey, redemptionType: context.redemptionType },
          ],
        }
      }
      if (event.type === 'PARTICIPANT') {
        // Signed out or lost eligibility meanwhile: ask again.
        return {
          state: settle('unauthenticated', { ...context, participant: event.participant }),
          effects: [],
        }
      }
      return stay

    case 'redeemInProgress':
      if (event.type === 'REDEEM_SUCCESS') {
        const next: RedeemState = {
          value: 'redeemSuccess',
          context: { ...context, redemption: event.redemption },
        }
        if (context.redemptionType === 'CLICK') {
          const url = redemptionUrl(next.context)
          return { state: next, effects: url ? [{ type: 'openWebsite', url }, { type: 'close' }] : [] }
        }
        return { state: next, effects: [] }
      }
      if (event.type === 'REDEEM_FAILURE') {
        return { state: { value: 'redeemError', context: { ...context, error: event.error } }, effects: [] }
      }
      return stay

    // Final for this opening of the modal: only CLOSE (above) leaves them.
    case 'redeemSuccess':
    case 'redeemError':
      return stay

    // Never rests here (settle), but a hand-built state still resolves on any event.
    case 'unauthenticated':
    case 'unauthorized':
      return redeemTransition(settle(value, context), event)
  }
}

/** The voucher image source: the server may send an HTML-escaped ampersand. */
export const voucherSrc = (voucher: string) => voucher.replace(/&amp;/g, '&')

/** The URL to open for a CLICK redemption (the answer's url, else the offer's webSite). */
export const websiteOf = (state: RedeemState) => redemptionUrl(state.context)

/** The mobile coupon of a successful MOBILE redemption, if that is what the server answered. */
export function couponOf(state: RedeemState) {
  const data = state.context.redemption?.redemption_data
  return data && 'coupon' in data ? data.coupon : null
}
