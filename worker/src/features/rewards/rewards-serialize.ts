import type { Reward, RewardSelection } from '../../../../sdk/contract/rewards'
import type { rewardSelections } from '../../db/schema'
import { type MyRewardState, type RewardRow, rewardStatus } from './rewards-state'

// The database enum and the contract enum are one list; this fails to compile if they drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never
const selectionsMatch: Same<(typeof rewardSelections)[number], RewardSelection> = true
void selectionsMatch

const url = (value: string | null) => (value ? { public_url: value } : null)
const iso = (d: Date | null) => (d ? d.toISOString() : null)

/**
 * A reward row as the caller sees it (contract `Reward`). `mine` is the signed-in caller's state;
 * without it (visitors) the per-participant fields are empty. Redemption details and the coupon code
 * are the caller's own: they appear only once the reward is earned.
 */
export function toReward(row: RewardRow, now: number, mine?: MyRewardState): Reward {
  const status = rewardStatus(row, now)
  const earned = Boolean(mine?.earnedAt)
  return {
    id: row.id,
    name: row.name,
    selection: row.selection,
    description: row.description,
    description_details: row.descriptionDetails,
    terms_conditions: row.termsConditions,
    redemption_details: earned ? row.redemptionDetails : null,
    redemption_image: earned ? url(row.redemptionImage) : null,
    image: url(row.image),
    finish: iso(row.finish),
    earned_by_current_participant_on: iso(mine?.earnedAt ?? null),
    participant_sweepstakes_entry: row.selection === 'sweepstake' ? { count: mine?.entries ?? 0 } : null,
    threshold: row.threshold,
    achievement_reward:
      (row.selection === 'achievement' || row.selection === 'milestone') && row.activeImage
        ? { active_image: { public_url: row.activeImage } }
        : null,
    nft_item: null,
    featured: row.featured,
    limit: row.limit,
    claims: row.claims,
    balance: Math.max(0, row.limit - row.claims),
    coupon_code: mine?.couponCode ?? null,
    status: status === 'draft' ? 'scheduled' : status,
    start: iso(row.start),
    repeatable: row.repeatable,
  }
}
