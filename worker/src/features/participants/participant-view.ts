import { and, count, eq, ne } from 'drizzle-orm'
import type { ConsoleParticipant } from '../../../../sdk/contract/console/participants'
import { offerRedemptions, participantProfileAttributes, participantTags, participants, rewardClaims } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { ParticipantRow } from '../../env'
import { maskEmail } from '../signin/participant-signin'
import { inIds } from '../../db/in-ids'


export const fullName = (p: Pick<ParticipantRow, 'firstName' | 'lastName'>) => `${p.firstName} ${p.lastName}`.trim()
const shortName = (p: Pick<ParticipantRow, 'firstName' | 'lastName'>) => (p.lastName ? `${p.firstName} ${p.lastName[0]}.` : p.firstName).trim()

/** What the participants table shows beyond the row itself, read for a whole page at once. */
type Extras = {
  tags: Map<number, string[]>
  rewards: Map<number, number>
  clicks: Map<number, number>
  referrers: Map<number, { id: number; name: string; email: string }>
  gender: Map<number, string>
}

/**
 * Five reads for a page of participants, each one statement over the page's ids (tags, rewards
 * earned, offer clicks, referrers, the gender attribute), so a page costs the same whatever its size.
 * `tags` reads the tags only (the export's default mode needs no more).
 */
export async function loadExtras(scope: ProgramScope, rows: ParticipantRow[], what: 'all' | 'tags' = 'all'): Promise<Extras> {
  const out: Extras = { tags: new Map(), rewards: new Map(), clicks: new Map(), referrers: new Map(), gender: new Map() }
  const ids = rows.map((r) => r.id)
  if (!ids.length) return out
  const { db } = scope
  const referrerIds = [...new Set(rows.map((r) => r.referredById).filter((id): id is number => id !== null))]
  const ifAll = <T>(read: () => Promise<T[]>): Promise<T[]> => (what === 'all' ? read() : Promise.resolve([]))
  const [tagRows, rewardRows, clickRows, referrerRows, genderRows] = await Promise.all([
    db
      .select({ id: participantTags.participantId, tag: participantTags.tag })
      .from(participantTags)
      .where(scope.where(participantTags, inIds(participantTags.participantId, ids)))
      .orderBy(participantTags.tag),
    ifAll(() =>
      db
        .select({ id: rewardClaims.participantId, n: count() })
        .from(rewardClaims)
        .where(scope.where(rewardClaims, and(inIds(rewardClaims.participantId, ids), ne(rewardClaims.status, 'refunded'))))
        .groupBy(rewardClaims.participantId),
    ),
    ifAll(() =>
      db
        .select({ id: offerRedemptions.participantId, n: count() })
        .from(offerRedemptions)
        .where(scope.where(offerRedemptions, and(inIds(offerRedemptions.participantId, ids), eq(offerRedemptions.redemptionType, 'CLICK'))))
        .groupBy(offerRedemptions.participantId),
    ),
    ifAll(() =>
      referrerIds.length
        ? db
            .select({ id: participants.id, firstName: participants.firstName, lastName: participants.lastName, email: participants.email })
            .from(participants)
            .where(scope.where(participants, inIds(participants.id, referrerIds)))
        : Promise.resolve([]),
    ),
    ifAll(() =>
      db
        .select({ id: participantProfileAttributes.participantId, value: participantProfileAttributes.value })
        .from(participantProfileAttributes)
        .where(scope.where(participantProfileAttributes, and(inIds(participantProfileAttributes.participantId, ids), eq(participantProfileAttributes.name, 'gender')))),
    ),
  ])
  for (const r of tagRows) out.tags.set(r.id, [...(out.tags.get(r.id) ?? []), r.tag])
  for (const r of rewardRows) out.rewards.set(r.id, r.n)
  for (const r of clickRows) out.clicks.set(r.id, r.n)
  for (const r of referrerRows) out.referrers.set(r.id, { id: r.id, name: fullName(r), email: r.email })
  for (const r of genderRows) out.gender.set(r.id, r.value)
  return out
}

/** The spec's participant entity. No session, sign-in or referral secrets: the referral code stays out. */
export function toConsoleParticipant(p: ParticipantRow, extras: Extras): ConsoleParticipant {
  return {
    id: p.id,
    program_id: p.programId,
    name: fullName(p),
    short_name: shortName(p),
    first_name: p.firstName,
    last_name: p.lastName,
    email: p.email,
    censured_email: maskEmail(p.email),
    status: p.status,
    staff: p.staff,
    avatar: { url: p.avatarUrl },
    tag_list: extras.tags.get(p.id) ?? [],
    sign_in_count: p.signInCount,
    points: p.points,
    unused_points: p.unusedPoints,
    completed_challenges: p.completedChallenges,
    rewards_earned: extras.rewards.get(p.id) ?? 0,
    clicks: extras.clicks.get(p.id) ?? 0,
    // No chain integration stores wallets yet (docs/engine-rules-decisions.md, "Participants in the console").
    aptos_wallet_address: null,
    referred_by: p.referredById === null ? null : (extras.referrers.get(p.referredById) ?? null),
    gender: extras.gender.get(p.id) ?? null,
    created_at: p.createdAt.toISOString(),
    last_sign_in_at: p.lastSignInAt?.toISOString() ?? null,
    ahoy_city: p.city,
    ahoy_country: p.country,
  }
}

export async function toConsoleParticipants(scope: ProgramScope, rows: ParticipantRow[]): Promise<ConsoleParticipant[]> {
  const extras = await loadExtras(scope, rows)
  return rows.map((r) => toConsoleParticipant(r, extras))
}
