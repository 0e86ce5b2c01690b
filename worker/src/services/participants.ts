import { and, eq, gte, lte } from 'drizzle-orm'
import type { ParticipantSummary } from '../../../sdk/contract/participant'
import { participantProfileAttributes, tiers } from '../db/schema'
import type { ProgramScope } from '../db/scope'
import type { ParticipantRow } from '../env'

const PROFILE_KEYS = ['phone', 'address_1', 'address_2', 'city', 'state', 'postal', 'affiliation'] as const

/** The participant entity of participant-site.md section 3, with profile attributes and tier. */
export async function toParticipantSummary(scope: ProgramScope, p: ParticipantRow): Promise<ParticipantSummary> {
  const [attributes, tier] = await Promise.all([
    scope.select(participantProfileAttributes, eq(participantProfileAttributes.participantId, p.id)),
    scope.first(tiers, and(lte(tiers.pointsThresholdMin, p.points), gte(tiers.pointsThresholdMax, p.points))),
  ])
  const profile: Record<string, string | null> = Object.fromEntries(PROFILE_KEYS.map((k) => [k, null]))
  for (const a of attributes) profile[a.name] = a.value
  return {
    id: p.id,
    first_name: p.firstName,
    last_name: p.lastName,
    name: `${p.firstName} ${p.lastName}`.trim(),
    email: p.email,
    avatar: { url: p.avatarUrl },
    unused_points: p.unusedPoints,
    points: p.points,
    completed_challenges: p.completedChallenges,
    created_at: p.createdAt.toISOString(),
    email_setting_id: p.emailSettingId,
    eligible_offers_rewards: p.eligibleOffersRewards,
    referral_code: p.referralCode,
    profile_attributes: profile,
    tier: tier ? { id: tier.id, name: tier.name } : null,
  }
}
