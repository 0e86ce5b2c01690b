import { type MessageKey, useI18n } from '../../../lib/i18n'

/** The action types the engine writes (worker actionInsert callers), each with a label in both catalogs. */
const KNOWN: Record<string, MessageKey> = {
  challenge_completed: 'dashboard.action.challenge_completed',
  signup: 'dashboard.action.signup',
  reward_claimed: 'dashboard.action.reward_claimed',
  reward_won: 'dashboard.action.reward_won',
  reward_refunded: 'dashboard.action.reward_refunded',
  sweepstake_entry: 'dashboard.action.sweepstake_entry',
  points_adjusted: 'dashboard.action.points_adjusted',
  points_imported: 'dashboard.action.points_imported',
  tier_changed: 'dashboard.action.tier_changed',
  offer_redeemed: 'dashboard.action.offer_redeemed',
  referral_approved: 'dashboard.action.referral_approved',
}

/** "challenge_completed" -> "Completed a challenge"; an unknown type reads as its words. */
export function useActionLabel() {
  const { t } = useI18n()
  return (type: string) => {
    const key = KNOWN[type]
    if (key) return t(key)
    const words = type.replace(/_/g, ' ')
    return words.charAt(0).toUpperCase() + words.slice(1)
  }
}

export function ActionTypeBadge({ type }: { type: string }) {
  const label = useActionLabel()
  return <span className={`action-badge action-badge-${type.split('_')[0]}`}>{label(type)}</span>
}
