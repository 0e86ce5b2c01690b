import type { Challenge, ChallengeType } from '../../../../sdk/contract/challenges'

// What a challenge tile shows (challenge-rules.ts re-exports these): the tiles' first view needs only
// this, not the social, video and availability rules.

/** Tile button labels by challenge_type (participant-site.md section 2, Home). */
export const TILE_LABELS: Record<ChallengeType, string> = {
  signup: 'Sign up',
  video: 'Watch Now',
  article: 'Read Now',
  referral: 'Recruit Friends',
  membership: 'Become a Member',
  share: 'Share',
  collect: 'Take',
  link: 'Visit Now',
  call_action: 'Visit Now',
  engage: 'Visit Social Media',
  unified_social: 'Check out posts',
  donation: 'Donate',
}

type TileFields = Pick<Challenge, 'challenge_type' | 'cta_button_text'>

/**
 * The tile's button text: the challenge's own cta_button_text, else the label of its type.
 * @example tileLabel({ challenge_type: 'video', cta_button_text: null }) // 'Watch Now'
 */
export function tileLabel(challenge: TileFields): string {
  const own = challenge.cta_button_text?.trim()
  return own || TILE_LABELS[challenge.challenge_type] || 'Start'
}

/** Engage challenges are never shown as home tiles. */
export const isTileShown = (challenge: Pick<Challenge, 'challenge_type'>) =>
  challenge.challenge_type !== 'engage'

/** A short name for the type, shown as a chip on tiles and the challenge page. */
export function typeName(challenge: Pick<Challenge, 'challenge_type' | 'parameters'>): string {
  switch (challenge.challenge_type) {
    case 'collect': {
      // As collectType (challenge-completion.ts) reads it, without fetching that module with the tiles.
      const kind = challenge.parameters.collect_type
      return kind === 'quiz' ? 'Quiz' : kind === 'profile' ? 'Profile' : 'Survey'
    }
    case 'call_action':
      return 'Action'
    case 'unified_social':
      return 'Social'
    case 'signup':
      return 'Sign up'
    default:
      return challenge.challenge_type.charAt(0).toUpperCase() + challenge.challenge_type.slice(1)
  }
}
