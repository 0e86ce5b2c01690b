import { and, desc, eq, max, type SQL, sql } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type {
  ParticipantActionRow,
  ParticipantAnswerRow,
  ParticipantChallengeRow,
  ParticipantDetail,
  ParticipantQuestionRow,
  ParticipantRewardRow,
  ReceiptRow,
  RecruitedRow,
  TabPage,
} from '../../../../sdk/contract/console/participants'
import {
  challengeCompletions,
  challenges,
  coupons,
  participantActions,
  participantAnswers,
  participants,
  questions,
  referrals,
  rewardClaims,
  rewards,
  tiers,
} from '../../db/schema'
import type { ProgramScope, TenantTable } from '../../db/scope'
import type { ParticipantRow } from '../../env'
import { AppError } from '../../lib/errors'
import { fullName, toConsoleParticipants } from './participant-view'
import { inIds } from '../../db/in-ids'
import { chainIntegrationOn } from '../collectibles/integration'
import { participantReceiptsPage } from '../receipts/receipt-service'

export type Paging = { page: number; per_page: number }

/** A missing id and another program's answer alike (the console toasts 'Participant not found'). */
export async function findParticipantOr404(scope: ProgramScope, id: number): Promise<ParticipantRow> {
  const row = await scope.first(participants, eq(participants.id, id))
  if (!row) throw new AppError('not_found', 404, 'Participant not found', { participant_id: 'not found' })
  return row
}

/** Whether the program's chain (Aptos) integration is on (features/collectibles/integration.ts). */
export const chainIntegrationEnabled = (scope: ProgramScope): Promise<boolean> => chainIntegrationOn(scope)

export async function participantDetail(scope: ProgramScope, row: ParticipantRow): Promise<ParticipantDetail> {
  const [entity] = await toConsoleParticipants(scope, [row])
  const tier = row.tierId === null ? undefined : await scope.first(tiers, eq(tiers.id, row.tierId))
  return { ...entity!, tier: tier ? { id: tier.id, name: tier.name } : null, blockchain_enabled: await chainIntegrationEnabled(scope), erased_at: row.erasedAt?.toISOString() ?? null }
}

const meta = (paging: Paging, total: number) => ({ ...paging, total, total_pages: Math.ceil(total / paging.per_page) })
const iso = (d: Date) => d.toISOString()

/** One page of a participant's rows in one table, newest first, with the table's total. */
async function page<T extends TenantTable, R>(
  scope: ProgramScope,
  table: T,
  where: SQL,
  paging: Paging,
  read: (limit: number, offset: number) => Promise<R[]>,
): Promise<TabPage<R>> {
  const [total, data] = await Promise.all([scope.count(table, where), read(paging.per_page, (paging.page - 1) * paging.per_page)])
  return { data, meta: meta(paging, total) }
}

const byParticipant = <T extends SQLiteTable & { participantId: SQLiteColumn }>(table: T, id: number) => eq(table.participantId, id)

export function participantActionsTab(scope: ProgramScope, p: ParticipantRow, paging: Paging): Promise<TabPage<ParticipantActionRow>> {
  const where = byParticipant(participantActions, p.id)
  return page(scope, participantActions, where, paging, async (limit, offset) =>
    (await scope.select(participantActions, where).orderBy(desc(participantActions.createdAt), desc(participantActions.id)).limit(limit).offset(offset)).map((a) => ({
      id: a.id,
      action_type: a.actionType,
      title: a.title,
      points: a.points,
      actionable_type: a.actionableType,
      actionable_id: a.actionableId,
      created_at: iso(a.createdAt),
    })),
  )
}

export function participantRewardsTab(scope: ProgramScope, p: ParticipantRow, paging: Paging): Promise<TabPage<ParticipantRewardRow>> {
  const where = byParticipant(rewardClaims, p.id)
  return page(scope, rewardClaims, where, paging, async (limit, offset) =>
    (
      await scope.db
        .select({ claim: rewardClaims, name: rewards.name, selection: rewards.selection, code: coupons.code })
        .from(rewardClaims)
        .innerJoin(rewards, eq(rewards.id, rewardClaims.rewardId))
        .leftJoin(coupons, and(eq(coupons.claimId, rewardClaims.id), eq(coupons.programId, rewardClaims.programId)))
        .where(scope.where(rewardClaims, where))
        .orderBy(desc(rewardClaims.createdAt), desc(rewardClaims.id))
        .limit(limit)
        .offset(offset)
    ).map((r) => ({
      id: r.claim.id,
      reward_id: r.claim.rewardId,
      name: r.name,
      selection: r.selection,
      status: r.claim.status,
      points_spent: r.claim.pointsSpent,
      coupon_code: r.code,
      created_at: iso(r.claim.createdAt),
    })),
  )
}

export function participantChallengesTab(scope: ProgramScope, p: ParticipantRow, paging: Paging): Promise<TabPage<ParticipantChallengeRow>> {
  const where = byParticipant(challengeCompletions, p.id)
  return page(scope, challengeCompletions, where, paging, async (limit, offset) =>
    (
      await scope.db
        .select({ c: challengeCompletions, name: challenges.name, type: challenges.challengeType })
        .from(challengeCompletions)
        .innerJoin(challenges, eq(challenges.id, challengeCompletions.challengeId))
        .where(scope.where(challengeCompletions, where))
        .orderBy(desc(challengeCompletions.createdAt), desc(challengeCompletions.id))
        .limit(limit)
        .offset(offset)
    ).map((r) => ({
      id: r.c.id,
      challenge_id: r.c.challengeId,
      name: r.name,
      challenge_type: r.type,
      points: r.c.points,
      period_key: r.c.periodKey,
      score: r.c.score,
      created_at: iso(r.c.createdAt),
    })),
  )
}

export function participantAnswersTab(scope: ProgramScope, p: ParticipantRow, paging: Paging): Promise<TabPage<ParticipantAnswerRow>> {
  const where = byParticipant(participantAnswers, p.id)
  return page(scope, participantAnswers, where, paging, async (limit, offset) =>
    (
      await scope.db
        .select({ a: participantAnswers, challenge: challenges.name, question: questions.title })
        .from(participantAnswers)
        .innerJoin(challenges, eq(challenges.id, participantAnswers.challengeId))
        .innerJoin(questions, eq(questions.id, participantAnswers.questionId))
        .where(scope.where(participantAnswers, where))
        .orderBy(desc(participantAnswers.createdAt), desc(participantAnswers.id))
        .limit(limit)
        .offset(offset)
    ).map((r) => ({
      id: r.a.id,
      challenge_id: r.a.challengeId,
      challenge_name: r.challenge,
      question_id: r.a.questionId,
      question: r.question,
      answer: r.a.answer,
      created_at: iso(r.a.createdAt),
    })),
  )
}

/**
 * The questions the participant answered, one row each with the latest answer (a multiple choice's
 * options joined with ", ", as the profile keeps them).
 */
export async function participantQuestionsTab(scope: ProgramScope, p: ParticipantRow, paging: Paging): Promise<TabPage<ParticipantQuestionRow>> {
  const mine = byParticipant(participantAnswers, p.id)
  const [totals] = await scope.db.select({ n: sql`count(DISTINCT ${participantAnswers.questionId})`.mapWith(Number) }).from(participantAnswers).where(scope.where(participantAnswers, mine))
  const latest = await scope.db
    .select({ questionId: participantAnswers.questionId, at: max(participantAnswers.createdAt) })
    .from(participantAnswers)
    .where(scope.where(participantAnswers, mine))
    .groupBy(participantAnswers.questionId)
    .orderBy(desc(max(participantAnswers.createdAt)), desc(participantAnswers.questionId))
    .limit(paging.per_page)
    .offset((paging.page - 1) * paging.per_page)
  // The page's questions' answers in one read; each question keeps the answers of its latest time.
  const rows = latest.length
    ? await scope.db
        .select({ a: participantAnswers, title: questions.title, type: questions.answerType, challenge: challenges.name })
        .from(participantAnswers)
        .innerJoin(questions, eq(questions.id, participantAnswers.questionId))
        .innerJoin(challenges, eq(challenges.id, participantAnswers.challengeId))
        .where(scope.where(participantAnswers, and(byParticipant(participantAnswers, p.id), inIds(participantAnswers.questionId, latest.map((l) => l.questionId)))))
        .orderBy(participantAnswers.id)
    : []
  const data: ParticipantQuestionRow[] = latest.flatMap((l) => {
    const mine = rows.filter((r) => r.a.questionId === l.questionId && r.a.createdAt.getTime() === l.at?.getTime())
    const first = mine[0]
    if (!first) return []
    return [
      {
        question_id: l.questionId,
        title: first.title,
        answer_type: first.type,
        challenge_id: first.a.challengeId,
        challenge_name: first.challenge,
        answer: mine.map((r) => r.a.answer).join(', '),
        answered_at: iso(first.a.createdAt),
      },
    ]
  })
  return { data, meta: meta(paging, totals?.n ?? 0) }
}

/** Referrals where the participant is the referrer. */
export function recruitedTab(scope: ProgramScope, p: ParticipantRow, paging: Paging): Promise<TabPage<RecruitedRow>> {
  const where = eq(referrals.referrerId, p.id)
  return page(scope, referrals, where, paging, async (limit, offset) =>
    (
      await scope.db
        .select({ r: referrals, firstName: participants.firstName, lastName: participants.lastName, email: participants.email })
        .from(referrals)
        .innerJoin(participants, eq(participants.id, referrals.referredParticipantId))
        .where(scope.where(referrals, where))
        .orderBy(desc(referrals.createdAt), desc(referrals.id))
        .limit(limit)
        .offset(offset)
    ).map((r) => ({
      id: r.r.id,
      participant: { id: r.r.referredParticipantId, name: fullName(r), email: r.email },
      status: r.r.status,
      points: r.r.points,
      created_at: iso(r.r.createdAt),
    })),
  )
}

/** The participant's receipts (features/receipts), newest first. */
export function receiptsTab(scope: ProgramScope, p: ParticipantRow, paging: Paging): Promise<TabPage<ReceiptRow>> {
  return participantReceiptsPage(scope, p.id, paging)
}
