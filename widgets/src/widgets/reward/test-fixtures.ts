import type { Reward } from '../../../../sdk/contract/rewards'

/** A reward entity with sensible defaults for unit tests: the demo's pastry, redeemable for 150 points. */
export function reward(over: Partial<Reward> = {}): Reward {
  return {
    id: 1,
    name: 'Free pastry with any drink',
    selection: 'redeem',
    description: 'Pick any pastry.',
    description_details: null,
    terms_conditions: null,
    redemption_details: null,
    redemption_image: null,
    image: { public_url: '/img/pastry.svg' },
    finish: null,
    earned_by_current_participant_on: null,
    participant_sweepstakes_entry: null,
    threshold: 150,
    achievement_reward: null,
    nft_item: null,
    featured: true,
    limit: 100,
    claims: 0,
    balance: 100,
    coupon_code: null,
    status: 'active',
    start: null,
    repeatable: false,
    ...over,
  }
}
