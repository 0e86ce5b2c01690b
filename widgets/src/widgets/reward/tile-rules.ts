import { formatNumber } from '../../ui/format'
import type { Reward } from '../../../../sdk/contract/rewards'

// The home page's reward tiles (kept apart from reward-rules.ts, which loads with the details screen).

/** A reward's kind in words a participant uses, never the internal selection name ('REDEEM'). */
const SELECTION_NAMES: Record<string, string> = {
  redeem: 'Points reward',
  sweepstake: 'Sweepstake',
  'mini-contest': 'Contest',
  achievement: 'Achievement',
  milestone: 'Milestone',
  offer: 'Member offer',
}

/** The chip on a reward tile and the line above a reward's name on its card. */
export const selectionName = (selection: string) => SELECTION_NAMES[selection] ?? 'Reward'

type TileFacts = Pick<Reward, 'selection' | 'earned_by_current_participant_on' | 'repeatable' | 'threshold'>

/** Whether the participant could claim the reward (or buy an entry) again, points aside. */
const claimable = (reward: TileFacts) =>
  (!reward.earned_by_current_participant_on || reward.repeatable) &&
  (reward.selection === 'redeem' || reward.selection === 'sweepstake')

/** The points a participant with `unusedPoints` still misses for the reward's claim (0 when none or unknown). */
const missingPoints = (reward: TileFacts, unusedPoints: number | null) =>
  unusedPoints === null ? 0 : Math.max(0, reward.threshold - unusedPoints)

/**
 * A reward tile's call to action: 'Claim' or 'Enter' while the participant can still claim or buy an
 * entry and has the points for it, 'View details' otherwise (for visitors, who sign in first, and for
 * a participant who is short of points: the tile says how many instead, tileShortfall).
 * `unusedPoints` is the participant's balance, null while it is unknown.
 */
export function tileAction(reward: TileFacts, signedIn: boolean, unusedPoints: number | null = null) {
  if (!signedIn || !claimable(reward) || missingPoints(reward, unusedPoints) > 0) return 'View details'
  return reward.selection === 'redeem' ? 'Claim' : 'Enter'
}

/**
 * What a signed-in participant still needs for a reward they could claim: '600 more points needed'
 * (the program's points term), or null when they can afford it, cannot claim it, or are signed out.
 * @example tileShortfall(giftCard, true, 150, 'points') // '600 more points needed' (threshold 750)
 */
export function tileShortfall(
  reward: TileFacts,
  signedIn: boolean,
  unusedPoints: number | null,
  pointsTerm: string,
): string | null {
  if (!signedIn || !claimable(reward)) return null
  const missing = missingPoints(reward, unusedPoints)
  return missing > 0 ? `${formatNumber(missing)} more ${pointsTerm} needed` : null
}

/** A tile's cost line: '150 points' to redeem, '50 points per entry' for a sweepstake, else nothing. */
export function tileCost(
  reward: Pick<Reward, 'selection' | 'threshold'>,
  pointsTerm: string,
): string | null {
  if (reward.threshold <= 0) return reward.selection === 'sweepstake' ? 'Free entry' : null
  const points = `${formatNumber(reward.threshold)} ${pointsTerm}`
  if (reward.selection === 'redeem') return points
  if (reward.selection === 'sweepstake') return `${points} per entry`
  return null
}
