import type { NftItem, Reward } from '../../../../sdk/contract/rewards'
import { formatNumber } from '../../ui/format'
import { selectionName } from './tile-rules'

/**
 * Pure rules of the reward details screen (participant-site.md section 2, "Reward details and claim";
 * section 8 for the claim toasts): what the card shows for each selection, and which toast a claim
 * answer gets. No DOM, so they are unit tested in Node.
 */

/** The Reward fields the rules read. */
export type RewardFacts = Pick<
  Reward,
  | 'selection'
  | 'threshold'
  | 'earned_by_current_participant_on'
  | 'repeatable'
  | 'status'
  | 'balance'
  | 'image'
  | 'achievement_reward'
  | 'nft_item'
  | 'participant_sweepstakes_entry'
>

/** Who is looking: the signed-in participant's balance and offer eligibility (null while it loads). */
export type Viewer = { unused_points: number; eligible_offers_rewards: boolean } | null

/**
 * A blockchain address as the certificate panel shows it: the first 6 characters, an ellipsis and the
 * last 4 (participant-site.md section 9). Short values are shown whole; missing ones are empty.
 * @example shortenAddress('0x71C7656EC7ab88b098defB751B7401B5f6d8976F') // '0x71C7…976F'
 */
export function shortenAddress(address: string | null | undefined): string {
  const value = (address ?? '').trim()
  if (value.length <= 11) return value
  return `${value.slice(0, 6)}…${value.slice(-4)}`
}

/** The line above the reward's name: the same words as the tile's chip (tile-rules.ts). */
export const rewardKindLabel = selectionName

/** 'You have earned 3 entries into this sweepstakes' (one entry reads in the singular, as the server's message). */
export const entriesText = (count: number) =>
  `You have earned ${formatNumber(count)} ${count === 1 ? 'entry' : 'entries'} into this sweepstakes`

/** The action a card offers under its details. */
export type RewardAction =
  /** Claim with process_reward; `shortBy` points are missing (0 when affordable or unknown). */
  | { type: 'claim'; label: string; shortBy: number }
  /** 'Become a member': the membership checkout of the program's membership challenge. */
  | { type: 'membership'; challengeId: number }
  /** 'See my offers', a link to /my-offers. */
  | { type: 'offers' }

/** What the card shows beyond the common parts (participant-site.md section 2, "By selection"). */
export type RewardView = {
  /** Which selection's extras apply; an unknown selection shows the plain card. */
  kind: 'sweepstake' | 'achievement' | 'redeem' | 'offer' | 'plain'
  earned: boolean
  /** The card's image: an earned achievement shows its active image. */
  image: string | null
  /** Sweepstakes: the participant's entries. */
  entries: number | null
  /** Achievements: the blockchain certificate once a collectible exists. */
  certificate: NftItem | null
  action: RewardAction | null
}

const KINDS = new Set(['sweepstake', 'achievement', 'redeem', 'offer'])

/**
 * Decides the card for a reward and viewer.
 * - sweepstake: the entries line, and a button buying an entry while the sweepstake is open (again
 *   only when it is repeatable or has not been entered yet);
 * - achievement: the active image once earned and the certificate when nft_item exists;
 * - redeem: 'Use {threshold} {points term} to Claim' when not earned (or earned and repeatable);
 * - offer: 'See my offers' once earned (or when the participant may already redeem offers), else
 *   'Become a member' when the program has a membership challenge;
 * - anything else: the plain card.
 * @example rewardView(pastry, { unused_points: 175, eligible_offers_rewards: false }, { pointsTerm: 'points', membershipChallengeId: 9 })
 *   // { kind: 'redeem', action: { type: 'claim', label: 'Use 150 points to Claim', shortBy: 0 }, ... }
 */
export function rewardView(
  reward: RewardFacts,
  viewer: Viewer,
  program: { pointsTerm: string; membershipChallengeId: number | null },
): RewardView {
  const kind = (KINDS.has(reward.selection) ? reward.selection : 'plain') as RewardView['kind']
  const earned = Boolean(reward.earned_by_current_participant_on)
  const open = reward.status === 'active' && reward.balance > 0
  const activeImage = reward.achievement_reward?.active_image.public_url ?? null
  const view: RewardView = {
    kind,
    earned,
    image: (kind === 'achievement' && earned && activeImage) || reward.image?.public_url || null,
    entries: kind === 'sweepstake' ? (reward.participant_sweepstakes_entry?.count ?? 0) : null,
    certificate: kind === 'achievement' ? reward.nft_item : null,
    action: null,
  }
  const shortBy = viewer ? Math.max(0, reward.threshold - viewer.unused_points) : 0
  const points = `${formatNumber(reward.threshold)} ${program.pointsTerm}`
  if (kind === 'redeem' && open && (!earned || reward.repeatable)) {
    view.action = { type: 'claim', label: `Use ${points} to Claim`, shortBy }
  } else if (kind === 'sweepstake' && open && (!earned || (reward.repeatable && reward.threshold > 0))) {
    view.action = {
      type: 'claim',
      label: reward.threshold > 0 ? `Use ${points} to Enter` : 'Enter for free',
      shortBy,
    }
  } else if (kind === 'offer') {
    if (earned || viewer?.eligible_offers_rewards) view.action = { type: 'offers' }
    else if (program.membershipChallengeId !== null)
      view.action = { type: 'membership', challengeId: program.membershipChallengeId }
  }
  return view
}
