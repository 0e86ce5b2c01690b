import { describe, expect, it } from 'vitest'
import { ApiError, NotFoundError } from '../../../../sdk/src/errors'
import { CLAIM_SUCCESS_MESSAGE, claimErrorToast, claimSuccessToast } from './reward-claim-toasts'
import {
  entriesText,
  rewardKindLabel,
  rewardView,
  shortenAddress,
} from './reward-rules'
import { safeHttpUrl } from '../membership/membership-checkout'
import { reward } from './test-fixtures'
import { selectionName, tileAction, tileCost, tileShortfall } from './tile-rules'

const program = { pointsTerm: 'points', membershipChallengeId: 9 }
const member = { unused_points: 175, eligible_offers_rewards: false }
const EARNED = '2026-05-01T10:00:00.000Z'
const nft = {
  explorer_mint_url: 'https://explorer.example/tx/0xabc',
  explorer_token_url: 'https://explorer.example/token/0x1',
  address: '0x1111222233334444555566667777888899990000',
  owner_address: '0xaaaabbbbccccddddeeeeffff0000111122223333',
  owner_explorer_url: 'https://explorer.example/address/0xaaaa',
}

describe('shortenAddress', () => {
  it('keeps the first 6 and the last 4 characters around an ellipsis', () => {
    expect(shortenAddress('0x71C7656EC7ab88b098defB751B7401B5f6d8976F')).toBe('0x71C7…976F')
    expect(shortenAddress('So1anaMintAddre55xyz')).toBe('So1ana…5xyz')
  })
  it('shows short values whole and missing ones as empty', () => {
    expect(shortenAddress('0x12345678')).toBe('0x12345678')
    expect(shortenAddress('0x123456789')).toBe('0x123456789')
    expect(shortenAddress('0x1234567890')).toBe('0x1234…7890')
    expect(shortenAddress(null)).toBe('')
    expect(shortenAddress(undefined)).toBe('')
    expect(shortenAddress('  ')).toBe('')
  })
})

describe('card words', () => {
  it('names the type in words, never the internal selection name', () => {
    expect(rewardKindLabel('redeem')).toBe('Points reward')
    expect(rewardKindLabel('sweepstake')).toBe('Sweepstake')
    expect(rewardKindLabel('mini-contest')).toBe('Contest')
    expect(rewardKindLabel('something-new')).toBe('Reward')
  })
  it('counts sweepstake entries', () => {
    expect(entriesText(3)).toBe('You have earned 3 entries into this sweepstakes')
    expect(entriesText(0)).toBe('You have earned 0 entries into this sweepstakes')
    expect(entriesText(1)).toBe('You have earned 1 entry into this sweepstakes')
    expect(entriesText(1200)).toBe('You have earned 1,200 entries into this sweepstakes')
  })
})

describe('rewardView: selection -> card', () => {
  it('redeem offers the claim button until earned, with the points term', () => {
    const view = rewardView(reward(), member, program)
    expect(view).toMatchObject({ kind: 'redeem', earned: false, image: '/img/pastry.svg', entries: null })
    expect(view.action).toEqual({ type: 'claim', label: 'Use 150 points to Claim', shortBy: 0 })
    const stars = rewardView(reward({ threshold: 1500 }), member, { ...program, pointsTerm: 'stars' })
    expect(stars.action).toEqual({ type: 'claim', label: 'Use 1,500 stars to Claim', shortBy: 1325 })
    expect(rewardView(reward({ earned_by_current_participant_on: EARNED }), member, program)).toMatchObject({
      earned: true,
      action: null,
    })
  })
  it('a repeatable redeem reward can be claimed again; an ended or empty one cannot', () => {
    const again = rewardView(
      reward({ earned_by_current_participant_on: EARNED, repeatable: true }),
      member,
      program,
    )
    expect(again.action).toMatchObject({ type: 'claim', label: 'Use 150 points to Claim' })
    expect(rewardView(reward({ status: 'ended' }), member, program).action).toBeNull()
    expect(rewardView(reward({ balance: 0 }), member, program).action).toBeNull()
  })
  it('does not know the shortfall while the participant loads', () => {
    expect(rewardView(reward({ threshold: 5000 }), null, program).action).toMatchObject({ shortBy: 0 })
  })
  it('sweepstake shows the entries and sells entries', () => {
    const farm = reward({
      selection: 'sweepstake',
      threshold: 50,
      repeatable: true,
      participant_sweepstakes_entry: { count: 2 },
      earned_by_current_participant_on: EARNED,
    })
    const view = rewardView(farm, member, program)
    expect(view).toMatchObject({ kind: 'sweepstake', entries: 2 })
    expect(view.action).toEqual({ type: 'claim', label: 'Use 50 points to Enter', shortBy: 0 })
    const free = reward({
      selection: 'sweepstake',
      threshold: 0,
      participant_sweepstakes_entry: { count: 0 },
    })
    expect(rewardView(free, member, program)).toMatchObject({
      entries: 0,
      action: { label: 'Enter for free' },
    })
    const entered = {
      ...free,
      earned_by_current_participant_on: EARNED,
      participant_sweepstakes_entry: { count: 1 },
    }
    expect(rewardView(entered, member, program).action).toBeNull()
  })
  it('achievement shows the active image once earned and the certificate when minted', () => {
    const badge = reward({
      selection: 'achievement',
      threshold: 0,
      achievement_reward: { active_image: { public_url: '/img/badge-on.svg' } },
    })
    expect(rewardView(badge, member, program)).toMatchObject({
      kind: 'achievement',
      image: '/img/pastry.svg',
      certificate: null,
      action: null,
    })
    const earned = rewardView(
      { ...badge, earned_by_current_participant_on: EARNED, nft_item: nft },
      member,
      program,
    )
    expect(earned).toMatchObject({ image: '/img/badge-on.svg', certificate: nft, action: null })
  })
  it('offer: Become a member until earned, See my offers after', () => {
    const offer = reward({ selection: 'offer', threshold: 0 })
    expect(rewardView(offer, member, program).action).toEqual({ type: 'membership', challengeId: 9 })
    expect(rewardView(offer, member, { ...program, membershipChallengeId: null }).action).toBeNull()
    expect(
      rewardView({ ...offer, earned_by_current_participant_on: EARNED }, member, program).action,
    ).toEqual({
      type: 'offers',
    })
    // A member may already redeem offers: no checkout to sell them.
    expect(rewardView(offer, { ...member, eligible_offers_rewards: true }, program).action).toEqual({
      type: 'offers',
    })
  })
  it('any other selection is the plain card', () => {
    for (const selection of ['milestone', 'mini-contest', 'other'] as const) {
      const view = rewardView(reward({ selection, nft_item: nft }), member, program)
      expect(view).toMatchObject({ kind: 'plain', entries: null, certificate: null, action: null })
    }
    expect(rewardView(reward({ image: null }), member, program).image).toBeNull()
  })
})

describe('claim toasts', () => {
  it("success says 'Congrats!' with the server message or the default", () => {
    expect(claimSuccessToast({ message: 'Enjoy your pastry!' })).toEqual({
      tone: 'success',
      title: 'Congrats!',
      message: 'Enjoy your pastry!',
    })
    expect(claimSuccessToast({ message: '' }).message).toBe(CLAIM_SUCCESS_MESSAGE)
    expect(CLAIM_SUCCESS_MESSAGE).toBe('You have successfully claimed this reward')
  })
  it("failure is a destructive 'Something went wrong' with the server message", () => {
    for (const code of [
      'not_enough_points',
      'already_claimed',
      'out_of_stock',
      'reward_unavailable',
      'not_eligible',
    ]) {
      const err = new ApiError(`server says ${code}`, 409, code, undefined, 'req', {})
      const { toast } = claimErrorToast(err)
      expect(toast).toEqual({ tone: 'error', title: 'Something went wrong', message: `server says ${code}` })
    }
  })
  it('reloads the reward when the refusal means it changed', () => {
    const reload = (code: string) => claimErrorToast({ code, message: 'x' }).reload
    expect(reload('already_claimed')).toBe(true)
    expect(reload('out_of_stock')).toBe(true)
    expect(reload('reward_unavailable')).toBe(true)
    expect(reload('not_enough_points')).toBe(false)
    expect(reload('not_eligible')).toBe(false)
  })
  it('falls back to words per code, then to Please try again', () => {
    expect(claimErrorToast({ code: 'out_of_stock', message: '' }).toast.message).toBe(
      'This reward is out of stock.',
    )
    expect(claimErrorToast({ success: false, message: 'Not today' }).toast.message).toBe('Not today')
    expect(claimErrorToast(new TypeError('Failed to fetch')).toast.message).toBe('Please try again')
    expect(claimErrorToast(new NotFoundError('', 404, 'not_found', undefined, 'r', {})).toast.message).toBe(
      'Please try again',
    )
    expect(claimErrorToast(null).toast.title).toBe('Something went wrong')
  })
})

describe('safeHttpUrl', () => {
  it('accepts http(s) pages, relative ones against the origin, nothing else', () => {
    expect(safeHttpUrl('https://checkout.stripe.com/c/pay/cs_1', 'http://x.test')).toBe(
      'https://checkout.stripe.com/c/pay/cs_1',
    )
    expect(safeHttpUrl('/_dev/checkout/cs_1', 'http://x.test')).toBe('http://x.test/_dev/checkout/cs_1')
    expect(safeHttpUrl('javascript:alert(1)', 'http://x.test')).toBeNull()
    expect(safeHttpUrl(null, 'http://x.test')).toBeNull()
    expect(safeHttpUrl('', 'http://x.test')).toBeNull()
  })
})

describe('reward tiles', () => {
  it('chips name the selection', () => {
    expect(selectionName('redeem')).toBe('Points reward')
    expect(selectionName('mini-contest')).toBe('Contest')
    expect(selectionName('other')).toBe('Reward')
  })
  it('invites to claim or enter while the participant still can', () => {
    expect(tileAction(reward(), true)).toBe('Claim')
    expect(tileAction(reward(), false)).toBe('View details')
    expect(tileAction(reward({ earned_by_current_participant_on: EARNED }), true)).toBe('View details')
    expect(tileAction(reward({ earned_by_current_participant_on: EARNED, repeatable: true }), true)).toBe(
      'Claim',
    )
    expect(tileAction(reward({ selection: 'sweepstake' }), true)).toBe('Enter')
    expect(tileAction(reward({ selection: 'offer' }), true)).toBe('View details')
  })
  it("says how many points a participant still needs instead of a 'Claim' they cannot afford", () => {
    const giftCard = reward({ threshold: 750 })
    expect(tileAction(giftCard, true, 150)).toBe('View details')
    expect(tileShortfall(giftCard, true, 150, 'points')).toBe('600 more points needed')
    expect(tileShortfall(reward({ threshold: 2000 }), true, 150, 'beans')).toBe('1,850 more beans needed')
    expect(tileAction(reward({ selection: 'sweepstake', threshold: 50 }), true, 20)).toBe('View details')
    expect(tileShortfall(reward({ selection: 'sweepstake', threshold: 50 }), true, 20, 'points')).toBe(
      '30 more points needed',
    )
    // Affordable, unknown balance, signed out, or nothing to claim: no shortfall line.
    expect(tileAction(giftCard, true, 750)).toBe('Claim')
    expect(tileShortfall(giftCard, true, 750, 'points')).toBeNull()
    expect(tileAction(giftCard, true, null)).toBe('Claim')
    expect(tileShortfall(giftCard, true, null, 'points')).toBeNull()
    expect(tileShortfall(giftCard, false, 0, 'points')).toBeNull()
    expect(tileShortfall(reward({ threshold: 750, earned_by_current_participant_on: EARNED }), true, 0, 'points')).toBeNull()
    expect(tileShortfall(reward({ selection: 'offer', threshold: 750 }), true, 0, 'points')).toBeNull()
  })
  it('shows what a reward costs', () => {
    expect(tileCost(reward(), 'points')).toBe('150 points')
    expect(tileCost(reward({ selection: 'sweepstake', threshold: 50 }), 'stars')).toBe('50 stars per entry')
    expect(tileCost(reward({ selection: 'sweepstake', threshold: 0 }), 'points')).toBe('Free entry')
    expect(tileCost(reward({ selection: 'achievement', threshold: 0 }), 'points')).toBeNull()
  })
})
