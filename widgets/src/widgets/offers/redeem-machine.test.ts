import { describe, expect, it } from 'vitest'
import type { RedeemOfferResponse } from '../../../../sdk/contract/offers'
import { ApiError, AuthenticationError, PermissionError } from '../../../../sdk/src/errors'
import {
  canChooseType,
  confirmLabel,
  couponOf,
  DEFAULT_REDEEM_ERROR,
  defaultRedemptionType,
  initialRedeemState,
  NETWORK_REDEEM_ERROR,
  REDEEM_STATES,
  type RedeemEvent,
  type RedeemOffer,
  type RedeemState,
  type RedeemStateName,
  redeemFailure,
  redeemTransition,
  voucherSrc,
  websiteOf,
} from './redeem-machine'

const offer = (over: Partial<RedeemOffer> = {}): RedeemOffer => ({
  endecaKey: 'E878044747',
  redemptionTypes: ['MOBILE'],
  webSite: 'https://www.example.com/fig',
  ...over,
})
const member = { eligible_offers_rewards: true }
const nonMember = { eligible_offers_rewards: false }

const mobileAnswer: RedeemOfferResponse = {
  redemption_data: {
    coupon: {
      voucher: '/offers/vouchers/abc.svg?x=1&amp;y=2',
      code: 'TSR-1234',
      expires_at: '2026-11-23T02:00:00Z',
    },
  },
}
const clickAnswer: RedeemOfferResponse = {
  redemption_data: { url: 'https://www.example.com/deal?ref=tessera' },
}

/** A state built by hand, for checking one state's answer to one event. */
const at = (value: RedeemStateName, over: Partial<RedeemState['context']> = {}): RedeemState => ({
  value,
  context: {
    offer: offer(),
    participant: member,
    redemptionType: 'MOBILE',
    redemption: null,
    error: null,
    ...over,
  },
})

function run(state: RedeemState, events: RedeemEvent[]) {
  let current = state
  const effects = []
  for (const event of events) {
    const t = redeemTransition(current, event)
    current = t.state
    effects.push(...t.effects)
  }
  return { state: current, effects }
}

const ALL_EVENTS: RedeemEvent[] = [
  { type: 'PARTICIPANT', participant: member },
  { type: 'SELECT_REDEMPTION_TYPE', redemptionType: 'CLICK' },
  { type: 'CLICK_REDEEM' },
  { type: 'REDEEM_SUCCESS', redemption: mobileAnswer },
  { type: 'REDEEM_FAILURE', error: { status: 422, message: 'x' } },
  { type: 'JOIN_NOW' },
  { type: 'CLOSE' },
]

describe('helpers of section 4', () => {
  it('uses the single redemption type, otherwise CLICK', () => {
    expect(defaultRedemptionType({ redemptionTypes: ['MOBILE'] })).toBe('MOBILE')
    expect(defaultRedemptionType({ redemptionTypes: ['CLICK'] })).toBe('CLICK')
    expect(defaultRedemptionType({ redemptionTypes: ['MOBILE', 'CLICK'] })).toBe('CLICK')
    expect(defaultRedemptionType({ redemptionTypes: [] })).toBe('CLICK')
  })
  it("labels the button 'Get Discount' for CLICK and 'Redeem now' otherwise (one spelling)", () => {
    expect(confirmLabel('CLICK')).toBe('Get Discount')
    expect(confirmLabel('MOBILE')).toBe('Redeem now')
  })
  it('offers a choice only when both types exist', () => {
    expect(canChooseType({ redemptionTypes: ['CLICK', 'MOBILE'] })).toBe(true)
    expect(canChooseType({ redemptionTypes: ['MOBILE'] })).toBe(false)
  })
  it('unescapes the ampersand of a voucher source', () => {
    expect(voucherSrc('/v.svg?a=1&amp;b=2&amp;c=3')).toBe('/v.svg?a=1&b=2&c=3')
    expect(voucherSrc('/v.svg?a=1&b=2')).toBe('/v.svg?a=1&b=2')
  })
})

describe('unauthenticated (the starting decision)', () => {
  it('goes to participantAuthenticationPending without a participant', () => {
    expect(initialRedeemState(offer(), null).value).toBe('participantAuthenticationPending')
  })
  it('goes through unauthorized to redeemConfirmationPending for an eligible participant', () => {
    expect(initialRedeemState(offer(), member).value).toBe('redeemConfirmationPending')
  })
  it('goes through unauthorized to participantAuthorizationPending when not eligible', () => {
    expect(initialRedeemState(offer(), nonMember).value).toBe('participantAuthorizationPending')
  })
  it('starts with the default type and nothing stored', () => {
    const s = initialRedeemState(offer({ redemptionTypes: ['CLICK', 'MOBILE'] }), member)
    expect(s.context).toMatchObject({ redemptionType: 'CLICK', redemption: null, error: null })
  })
  it('resolves a hand-built decision state before handling an event', () => {
    expect(redeemTransition(at('unauthenticated', { participant: null }), { type: 'JOIN_NOW' })).toEqual({
      state: at('participantAuthenticationPending', { participant: null }),
      effects: [{ type: 'signin' }],
    })
  })
})

describe('unauthorized (the eligibility decision)', () => {
  it('needs eligible_offers_rewards exactly true', () => {
    expect(
      redeemTransition(at('unauthorized', { participant: member }), { type: 'CLICK_REDEEM' }).state.value,
    ).toBe('redeemInProgress')
    expect(redeemTransition(at('unauthorized', { participant: nonMember }), { type: 'JOIN_NOW' })).toEqual({
      state: at('participantAuthorizationPending', { participant: nonMember }),
      effects: [{ type: 'membershipCheckout' }],
    })
  })
})

describe('participantAuthenticationPending', () => {
  const start = () => initialRedeemState(offer(), null)
  it('JOIN_NOW asks for the sign-in page and stays', () => {
    expect(redeemTransition(start(), { type: 'JOIN_NOW' })).toEqual({
      state: start(),
      effects: [{ type: 'signin' }],
    })
  })
  it('PARTICIPANT re-decides: an eligible one may redeem, another is asked to join', () => {
    expect(run(start(), [{ type: 'PARTICIPANT', participant: member }]).state.value).toBe(
      'redeemConfirmationPending',
    )
    expect(run(start(), [{ type: 'PARTICIPANT', participant: nonMember }]).state.value).toBe(
      'participantAuthorizationPending',
    )
    expect(run(start(), [{ type: 'PARTICIPANT', participant: null }]).state.value).toBe(
      'participantAuthenticationPending',
    )
  })
  it('ignores redeem events', () => {
    for (const event of ALL_EVENTS.filter((e) =>
      ['SELECT_REDEMPTION_TYPE', 'CLICK_REDEEM', 'REDEEM_SUCCESS', 'REDEEM_FAILURE'].includes(e.type),
    )) {
      expect(redeemTransition(start(), event)).toEqual({ state: start(), effects: [] })
    }
  })
})

describe('participantAuthorizationPending', () => {
  const start = () => initialRedeemState(offer(), nonMember)
  it('JOIN_NOW starts the membership checkout', () => {
    expect(redeemTransition(start(), { type: 'JOIN_NOW' }).effects).toEqual([{ type: 'membershipCheckout' }])
  })
  it('PARTICIPANT with eligibility moves on to the confirmation', () => {
    expect(run(start(), [{ type: 'PARTICIPANT', participant: member }]).state.value).toBe(
      'redeemConfirmationPending',
    )
    expect(run(start(), [{ type: 'PARTICIPANT', participant: null }]).state.value).toBe(
      'participantAuthenticationPending',
    )
  })
  it('ignores redeem events', () => {
    expect(redeemTransition(start(), { type: 'CLICK_REDEEM' })).toEqual({ state: start(), effects: [] })
    expect(redeemTransition(start(), { type: 'SELECT_REDEMPTION_TYPE', redemptionType: 'MOBILE' })).toEqual({
      state: start(),
      effects: [],
    })
  })
})

describe('redeemConfirmationPending', () => {
  const both = offer({ redemptionTypes: ['CLICK', 'MOBILE'] })
  it('SELECT_REDEMPTION_TYPE stores a type the offer has', () => {
    const s = run(initialRedeemState(both, member), [
      { type: 'SELECT_REDEMPTION_TYPE', redemptionType: 'MOBILE' },
    ]).state
    expect(s.value).toBe('redeemConfirmationPending')
    expect(s.context.redemptionType).toBe('MOBILE')
  })
  it('SELECT_REDEMPTION_TYPE ignores a type the offer lacks', () => {
    const start = initialRedeemState(offer({ redemptionTypes: ['MOBILE'] }), member)
    expect(redeemTransition(start, { type: 'SELECT_REDEMPTION_TYPE', redemptionType: 'CLICK' })).toEqual({
      state: start,
      effects: [],
    })
  })
  it('CLICK_REDEEM goes to redeemInProgress and asks for the redeem call with the chosen type', () => {
    const t = run(initialRedeemState(both, member), [
      { type: 'SELECT_REDEMPTION_TYPE', redemptionType: 'MOBILE' },
      { type: 'CLICK_REDEEM' },
    ])
    expect(t.state.value).toBe('redeemInProgress')
    expect(t.effects).toEqual([{ type: 'redeem', endecaKey: 'E878044747', redemptionType: 'MOBILE' }])
  })
  it('a participant who signs out meanwhile is asked to sign in', () => {
    expect(
      run(initialRedeemState(both, member), [{ type: 'PARTICIPANT', participant: null }]).state.value,
    ).toBe('participantAuthenticationPending')
  })
  it('ignores results and JOIN_NOW', () => {
    const start = initialRedeemState(both, member)
    for (const event of ALL_EVENTS.filter((e) =>
      ['REDEEM_SUCCESS', 'REDEEM_FAILURE', 'JOIN_NOW'].includes(e.type),
    )) {
      expect(redeemTransition(start, event)).toEqual({ state: start, effects: [] })
    }
  })
})

describe('redeemInProgress', () => {
  const inProgress = (types: RedeemOffer['redemptionTypes']) =>
    run(initialRedeemState(offer({ redemptionTypes: types }), member), [{ type: 'CLICK_REDEEM' }]).state
  it('ignores a second click while the call runs (no double redeem)', () => {
    const s = inProgress(['MOBILE'])
    expect(redeemTransition(s, { type: 'CLICK_REDEEM' })).toEqual({ state: s, effects: [] })
    expect(redeemTransition(s, { type: 'SELECT_REDEMPTION_TYPE', redemptionType: 'MOBILE' })).toEqual({
      state: s,
      effects: [],
    })
    expect(redeemTransition(s, { type: 'JOIN_NOW' })).toEqual({ state: s, effects: [] })
    expect(redeemTransition(s, { type: 'PARTICIPANT', participant: null })).toEqual({ state: s, effects: [] })
  })
  it('MOBILE success goes to redeemSuccess, stores the redemption, keeps the modal open', () => {
    const t = redeemTransition(inProgress(['MOBILE']), { type: 'REDEEM_SUCCESS', redemption: mobileAnswer })
    expect(t.state.value).toBe('redeemSuccess')
    expect(t.state.context.redemption).toBe(mobileAnswer)
    expect(t.effects).toEqual([])
    expect(couponOf(t.state)?.code).toBe('TSR-1234')
  })
  it('CLICK success opens the website in a new tab and closes', () => {
    const t = redeemTransition(inProgress(['CLICK']), { type: 'REDEEM_SUCCESS', redemption: clickAnswer })
    expect(t.state.value).toBe('redeemSuccess')
    expect(t.effects).toEqual([
      { type: 'openWebsite', url: 'https://www.example.com/deal?ref=tessera' },
      { type: 'close' },
    ])
    expect(websiteOf(t.state)).toBe('https://www.example.com/deal?ref=tessera')
    expect(couponOf(t.state)).toBeNull()
  })
  it("CLICK success without a url in the answer falls back to the offer's webSite", () => {
    const t = redeemTransition(inProgress(['CLICK']), {
      type: 'REDEEM_SUCCESS',
      redemption: { redemption_data: { url: '' } },
    })
    expect(t.effects[0]).toEqual({ type: 'openWebsite', url: 'https://www.example.com/fig' })
  })
  it('failure goes to redeemError and stores the error', () => {
    const error = { status: 422, message: 'You have already redeemed this offer.' }
    const t = redeemTransition(inProgress(['MOBILE']), { type: 'REDEEM_FAILURE', error })
    expect(t).toEqual({
      state: { value: 'redeemError', context: { ...inProgress(['MOBILE']).context, error } },
      effects: [],
    })
  })
})

describe('redeemSuccess and redeemError', () => {
  it('wait for CLOSE only', () => {
    for (const value of ['redeemSuccess', 'redeemError'] as const) {
      const s = at(value)
      for (const event of ALL_EVENTS.filter((e) => e.type !== 'CLOSE'))
        expect(redeemTransition(s, event)).toEqual({ state: s, effects: [] })
    }
  })
})

describe('CLOSE', () => {
  it('closes from every state', () => {
    for (const value of REDEEM_STATES)
      expect(redeemTransition(at(value), { type: 'CLOSE' }).effects).toEqual([{ type: 'close' }])
  })
})

describe('the stored error', () => {
  const body = (message?: string) => ({
    ok: false,
    message: 'x',
    redemption_data: message === undefined ? {} : { message },
  })
  it("is the server's redemption_data.message", () => {
    const err = new ApiError(
      'already',
      422,
      'already_redeemed',
      undefined,
      'r1',
      body('You have already redeemed this offer.'),
    )
    expect(redeemFailure(err)).toEqual({ status: 422, message: 'You have already redeemed this offer.' })
    expect(
      redeemFailure(
        new AuthenticationError('x', 401, 'unauthenticated', undefined, 'r', body('No participant')),
      ).message,
    ).toBe('No participant')
    expect(
      redeemFailure(
        new PermissionError('x', 403, 'forbidden', undefined, 'r', body('Participant not authorized')),
      ).message,
    ).toBe('Participant not authorized')
  })
  it("defaults to 'You have already redeemed this offer.' when the answer has no message", () => {
    expect(redeemFailure(new ApiError('x', 422, 'x', undefined, 'r', body())).message).toBe(
      DEFAULT_REDEEM_ERROR,
    )
    expect(redeemFailure(new ApiError('x', 500, 'x', undefined, 'r', {})).message).toBe(DEFAULT_REDEEM_ERROR)
  })
  it('says so when no answer came at all', () => {
    expect(redeemFailure(new TypeError('Failed to fetch'))).toEqual({
      status: 0,
      message: NETWORK_REDEEM_ERROR,
    })
  })
})

describe('a whole redemption', () => {
  it('signed out -> signed in but not a member -> member -> voucher', () => {
    let s = initialRedeemState(offer(), null)
    expect(s.value).toBe('participantAuthenticationPending')
    s = redeemTransition(s, { type: 'PARTICIPANT', participant: nonMember }).state
    expect(s.value).toBe('participantAuthorizationPending')
    s = redeemTransition(s, { type: 'PARTICIPANT', participant: member }).state
    expect(s.value).toBe('redeemConfirmationPending')
    const t = run(s, [{ type: 'CLICK_REDEEM' }, { type: 'REDEEM_SUCCESS', redemption: mobileAnswer }])
    expect(t.state.value).toBe('redeemSuccess')
    expect(t.effects.map((e) => e.type)).toEqual(['redeem'])
  })
})
