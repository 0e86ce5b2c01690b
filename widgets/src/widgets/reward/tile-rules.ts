import { formatNumber } from '../../ui/format'
import type { RewardFacts } from './reward-rules'

// The home page's reward tiles (kept apart from reward-rules.ts, which loads with the details screen).

const SELECTION_NAMES: Record<string, string> = {
  sweepstake: 'Sweepstake',
  achievement: 'Achievement',
  milestone: 'Milestone',
  redeem: 'Redeem',
  offer: 'Offer',
  'mini-contest': 'Contest',
}

/** The chip on a reward tile. */
export const selectionName = (selection: string) => SELECTION_NAMES[selection] ?? 'Reward'

/**
 * A reward tile's call to action: 'Claim' or 'Enter' while the participant can still claim or buy an
 * entry, 'View details' otherwise (and for visitors, who sign in first).
 */
export function tileAction(
  reward: Pick<RewardFacts, 'selection' | 'earned_by_current_participant_on' | 'repeatable'>,
  signedIn: boolean,
) {
  const again = !reward.earned_by_current_participant_on || reward.repeatable
  if (signedIn && again && reward.selection === 'redeem') return 'Claim'
  if (signedIn && again && reward.selection === 'sweepstake') return 'Enter'
  return 'View details'
}

/** A tile's cost line: '150 points' to redeem, '50 points per entry' for a sweepstake, else nothing. */
export function tileCost(
  reward: Pick<RewardFacts, 'selection' | 'threshold'>,
  pointsTerm: string,
): string | null {
  if (reward.threshold <= 0) return reward.selection === 'sweepstake' ? 'Free entry' : null
  const points = `${formatNumber(reward.threshold)} ${pointsTerm}`
  if (reward.selection === 'redeem') return points
  if (reward.selection === 'sweepstake') return `${points} per entry`
  return null
}
