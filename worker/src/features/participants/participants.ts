import { eq, sql } from 'drizzle-orm'
import type { ParticipantSummary } from '../../../../sdk/contract/participant'
import { PROGRAM_ID, preparedFor } from '../../db/prepared'
import { participantProfileAttributes } from '../../db/schema'
import { type ProgramScope, programScope } from '../../db/scope'
import type { Deps } from '../../deps'
import type { ParticipantRow } from '../../env'
import { KEPT, keptForParticipant } from '../home/participant-cache'
import { loadTiers, tierForPoints } from '../rewards/tiers'

const PROFILE_KEYS = ['phone', 'address_1', 'address_2', 'city', 'state', 'postal', 'affiliation'] as const

/**
 * The participant entity of participant-site.md section 3, with profile attributes and tier, as JSON
 * bytes. Read on every page of the site (the header's points): kept per participant until their row,
 * completions or profile attributes change or the cached tier list is read again (participant-cache.ts).
 */
export async function participantSummaryJson(scope: ProgramScope, deps: Deps, p: ParticipantRow): Promise<Uint8Array<ArrayBuffer>> {
  const tierList = await loadTiers(deps, scope.programId)
  return keptForParticipant(deps, KEPT.summary, p, tierList, deps.clock.now(), async () => JSON.stringify(await toParticipantSummary(scope, p, tierList)))
}

async function toParticipantSummary(scope: ProgramScope, p: ParticipantRow, tierList: Awaited<ReturnType<typeof loadTiers>>): Promise<ParticipantSummary> {
  const attributes = await preparedFor(scope.db, 'participant-attributes', (d) =>
    d
      .select({ name: participantProfileAttributes.name, value: participantProfileAttributes.value })
      .from(participantProfileAttributes)
      .where(programScope(d, PROGRAM_ID).where(participantProfileAttributes, eq(participantProfileAttributes.participantId, sql.placeholder('participantId'))))
      .prepare(),
  ).all({ programId: scope.programId, participantId: p.id })
  const tier = tierForPoints(tierList, p.points)
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
