import { and, asc, eq, inArray, or } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import { PARTICIPANT_EXPORT_FORMAT, type ParticipantExport } from '../../../../sdk/contract/privacy'
import {
  challengeCompletions,
  challenges,
  coupons,
  emailSettings,
  offerRedemptions,
  participantActions,
  participantAnswers,
  participantExternalIds,
  participantProfileAttributes,
  participantSessions,
  participantTags,
  participants,
  paymentSessions,
  pointsLedger,
  programs,
  questions,
  receiptItems,
  receipts,
  referrals,
  rewardClaims,
  rewards,
  sweepstakeEntries,
  tiers,
  visits,
} from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import type { ParticipantRow, ProgramRow } from '../../env'
import { AppError } from '../../lib/errors'
import { programSiteOrigin } from '../../lib/origin'
import { signedReceiptPath } from '../receipts/signed-url'

/** How long the receipt image links of an export work: a day to open the file and look. */
export const EXPORT_IMAGE_LINK_TTL_S = 24 * 3600

const iso = (d: Date) => d.toISOString()
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null)

/** The participant in the scope's program, or 404 as the console and the API say it. */
export async function exportableParticipant(scope: ProgramScope, participantId: number): Promise<ParticipantRow> {
  const row = Number.isSafeInteger(participantId) && participantId > 0 ? await scope.first(participants, eq(participants.id, participantId)) : undefined
  if (!row) throw new AppError('not_found', 404, 'Participant not found', { participant_id: 'not found' })
  return row
}

/**
 * Everything the program holds about one participant, as one JSON document
 * (sdk/contract/privacy.ts, docs/privacy.md): the same for the site's "Download my data", the
 * console's "Export data" and `GET /api/v1/participants/{id}/export`. Receipt files are links signed
 * for EXPORT_IMAGE_LINK_TTL_S on the program's configured site origin (never the request's host).
 * The reads go out together: on Workers each is a round trip to D1, and none depends on another.
 */
export async function participantExport(scope: ProgramScope, deps: Deps, participant: ParticipantRow, program?: ProgramRow): Promise<ParticipantExport> {
  const pid = participant.id
  const mine = (table: { participantId: SQLiteColumn }) => eq(table.participantId, pid)
  const db = scope.db
  const [
    programRow,
    externalIds,
    tierRows,
    settingRows,
    attributes,
    tags,
    ledger,
    actions,
    completions,
    answers,
    claims,
    couponRows,
    entries,
    vouchers,
    receiptRows,
    referralRows,
    payments,
    sessions,
    visitRows,
  ] = await Promise.all([
    program ? Promise.resolve([program]) : db.select().from(programs).where(eq(programs.id, scope.programId)).limit(1),
    scope.select(participantExternalIds, mine(participantExternalIds)).limit(1),
    participant.tierId ? scope.select(tiers, eq(tiers.id, participant.tierId)).limit(1) : Promise.resolve([]),
    participant.emailSettingId ? scope.select(emailSettings, eq(emailSettings.id, participant.emailSettingId)).limit(1) : Promise.resolve([]),
    scope.select(participantProfileAttributes, mine(participantProfileAttributes)).orderBy(asc(participantProfileAttributes.name)),
    scope.select(participantTags, mine(participantTags)).orderBy(asc(participantTags.tag)),
    scope.select(pointsLedger, mine(pointsLedger)).orderBy(asc(pointsLedger.id)),
    scope.select(participantActions, mine(participantActions)).orderBy(asc(participantActions.id)),
    db
      .select({ c: challengeCompletions, name: challenges.name, type: challenges.challengeType })
      .from(challengeCompletions)
      .innerJoin(challenges, and(eq(challenges.id, challengeCompletions.challengeId), eq(challenges.programId, challengeCompletions.programId)))
      .where(scope.where(challengeCompletions, eq(challengeCompletions.participantId, pid)))
      .orderBy(asc(challengeCompletions.id)),
    db
      .select({ a: participantAnswers, question: questions.title })
      .from(participantAnswers)
      .innerJoin(questions, and(eq(questions.id, participantAnswers.questionId), eq(questions.programId, participantAnswers.programId)))
      .where(scope.where(participantAnswers, eq(participantAnswers.participantId, pid)))
      .orderBy(asc(participantAnswers.id)),
    db
      .select({ c: rewardClaims, name: rewards.name, selection: rewards.selection })
      .from(rewardClaims)
      .innerJoin(rewards, and(eq(rewards.id, rewardClaims.rewardId), eq(rewards.programId, rewardClaims.programId)))
      .where(scope.where(rewardClaims, eq(rewardClaims.participantId, pid)))
      .orderBy(asc(rewardClaims.id)),
    scope.select(coupons, eq(coupons.participantId, pid)).orderBy(asc(coupons.id)),
    db
      .select({ e: sweepstakeEntries, name: rewards.name })
      .from(sweepstakeEntries)
      .innerJoin(rewards, and(eq(rewards.id, sweepstakeEntries.rewardId), eq(rewards.programId, sweepstakeEntries.programId)))
      .where(scope.where(sweepstakeEntries, eq(sweepstakeEntries.participantId, pid)))
      .orderBy(asc(sweepstakeEntries.rewardId)),
    scope.select(offerRedemptions, mine(offerRedemptions)).orderBy(asc(offerRedemptions.id)),
    scope.select(receipts, mine(receipts)).orderBy(asc(receipts.id)),
    scope.select(referrals, or(eq(referrals.referrerId, pid), eq(referrals.referredParticipantId, pid))).orderBy(asc(referrals.id)),
    scope.select(paymentSessions, mine(paymentSessions)).orderBy(asc(paymentSessions.id)),
    scope.select(participantSessions, mine(participantSessions)).orderBy(asc(participantSessions.id)),
    scope.select(visits, eq(visits.participantId, pid)).orderBy(asc(visits.id)),
  ])
  const items = receiptRows.length ? await scope.select(receiptItems, inArray(receiptItems.receiptId, receiptRows.map((r) => r.id))).orderBy(asc(receiptItems.id)) : []
  const programInfo = programRow[0]!
  const origin = await programSiteOrigin(deps, programInfo)
  const now = deps.clock.now()

  const couponsByClaim = new Map<number, string[]>()
  for (const c of couponRows) if (c.claimId !== null) couponsByClaim.set(c.claimId, [...(couponsByClaim.get(c.claimId) ?? []), c.code])
  const itemsByReceipt = new Map<number, typeof items>()
  for (const i of items) itemsByReceipt.set(i.receiptId, [...(itemsByReceipt.get(i.receiptId) ?? []), i])
  const referredBy = referralRows.find((r) => r.referredParticipantId === pid)

  return {
    format: PARTICIPANT_EXPORT_FORMAT,
    generated_at: new Date(now).toISOString(),
    program: { id: programInfo.id, name: programInfo.name },
    profile: {
      id: participant.id,
      email: participant.email,
      first_name: participant.firstName,
      last_name: participant.lastName,
      avatar_url: participant.avatarUrl,
      status: participant.status,
      staff: participant.staff,
      external_id: externalIds[0]?.externalId ?? null,
      referral_code: participant.referralCode,
      referred_by_participant_id: participant.referredById,
      tier: tierRows[0] ? { id: tierRows[0].id, name: tierRows[0].name } : null,
      points_balance: participant.unusedPoints,
      lifetime_points: participant.points,
      completed_challenges: participant.completedChallenges,
      city: participant.city,
      country: participant.country,
      email_verified_at: isoOrNull(participant.emailVerifiedAt),
      sign_in_count: participant.signInCount,
      last_sign_in_at: isoOrNull(participant.lastSignInAt),
      last_action_at: isoOrNull(participant.lastActionAt),
      created_at: iso(participant.createdAt),
      updated_at: iso(participant.updatedAt),
      erased_at: isoOrNull(participant.erasedAt),
    },
    attributes: attributes.map((a) => ({ name: a.name, value: a.value, updated_at: iso(a.updatedAt) })),
    email_settings: { email_setting_id: settingRows[0]?.id ?? null, description: settingRows[0]?.description ?? null },
    tags: tags.map((t) => t.tag),
    ledger: ledger.map((l) => ({ id: l.id, delta: l.delta, kind: l.kind, source: l.source, source_id: l.sourceId, title: l.title, created_at: iso(l.createdAt) })),
    activity: actions.map((a) => ({
      id: a.id,
      type: a.actionType,
      title: a.title,
      points: a.points,
      actionable_type: a.actionableType,
      actionable_id: a.actionableId,
      details: a.details ?? null,
      created_at: iso(a.createdAt),
    })),
    completions: completions.map(({ c, name, type }) => ({
      id: c.id,
      challenge_id: c.challengeId,
      challenge_name: name,
      challenge_type: type,
      period_key: c.periodKey,
      points: c.points,
      score: c.score,
      completed_at: iso(c.createdAt),
    })),
    answers: answers.map(({ a, question }) => ({
      id: a.id,
      completion_id: a.completionId,
      challenge_id: a.challengeId,
      question_id: a.questionId,
      question,
      option_id: a.questionOptionId,
      answer: a.answer,
      answered_at: iso(a.createdAt),
    })),
    claims: claims.map(({ c, name, selection }) => ({
      id: c.id,
      reward_id: c.rewardId,
      reward_name: name,
      selection,
      status: c.status,
      points_spent: c.pointsSpent,
      coupon_codes: couponsByClaim.get(c.id) ?? [],
      claimed_at: iso(c.createdAt),
    })),
    sweepstake_entries: entries.map(({ e, name }) => ({ reward_id: e.rewardId, reward_name: name, entries: e.count, winner: e.winner })),
    vouchers: vouchers.map((v) => ({
      id: v.id,
      offer_key: v.endecaKey,
      redemption_type: v.redemptionType,
      voucher_code: v.voucherCode,
      expires_at: isoOrNull(v.expiresAt),
      created_at: iso(v.createdAt),
    })),
    receipts: await Promise.all(
      receiptRows.map(async (r) => {
        const link = r.fileKey ? await signedReceiptPath(deps, { programId: r.programId, id: r.id, fileKey: r.fileKey }, now, EXPORT_IMAGE_LINK_TTL_S) : null
        return {
          id: r.id,
          status: r.status,
          source: r.source,
          external_id: r.externalId,
          merchant_name: r.merchantName,
          merchant_address: r.merchantAddress,
          purchase_date: r.purchaseDate,
          total_cents: r.totalCents,
          points: r.points,
          credited_points: r.creditedPoints,
          review_request_message: r.reviewRequestMessage,
          items: (itemsByReceipt.get(r.id) ?? [])
            .filter((i) => i.patchStatus !== 'deleted')
            .map((i) => ({ name: i.name, sku: i.sku, quantity: i.quantity, price_cents: i.priceCents, points: i.points, eligible: i.eligible })),
          image: link ? { url: `${origin}${link.path}`, expires_at: iso(link.expiresAt), content_type: r.contentType } : null,
          created_at: iso(r.createdAt),
        }
      }),
    ),
    referrals: {
      referred_by: referredBy ? { referral_id: referredBy.id, referrer_participant_id: referredBy.referrerId, status: referredBy.status, created_at: iso(referredBy.createdAt) } : null,
      made: referralRows
        .filter((r) => r.referrerId === pid)
        .map((r) => ({ referral_id: r.id, referred_participant_id: r.referredParticipantId, status: r.status, points: r.points, created_at: iso(r.createdAt) })),
    },
    payments: payments.map((p) => ({
      id: p.id,
      kind: p.kind,
      amount_cents: p.amountCents,
      currency: p.currency,
      entity: p.entity,
      points: p.points,
      status: p.status,
      created_at: iso(p.createdAt),
      fulfilled_at: isoOrNull(p.fulfilledAt),
    })),
    sessions: sessions.map((s) => ({ id: s.id, device: s.kind === 'token' ? ('embedded' as const) : ('browser' as const), created_at: iso(s.createdAt), expires_at: iso(s.expiresAt) })),
    visits: visitRows.map((v) => ({ id: v.id, surface: v.surface, landing_page: v.landingPage, referrer: v.referrer, started_at: iso(v.startedAt) })),
  }
}

/** The file name a download offers: the program's key and the participant id. */
export const exportFileName = (program: Pick<ProgramRow, 'publicKey'>, participantId: number) =>
  `${`${program.publicKey}-participant-${participantId}-data`.replace(/[^A-Za-z0-9._-]/g, '_')}.json`
