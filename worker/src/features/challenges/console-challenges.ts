import { and, asc, desc, eq, gt, isNull, lte, ne, notInArray, or, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  ChallengeAnswerRow,
  ChallengeDetail,
  ChallengeListResponse,
  challengeListQuerySchema,
  ChallengeParticipantRow,
  ConsoleChallenge,
} from '../../../../sdk/contract/console/challenges'
import { challengeCompletions, challenges, participantAnswers, participants, questions } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import { csvLine, type CsvValue } from '../../lib/csv'
import { AppError } from '../../lib/errors'
import { contains } from '../../lib/like'
import { effectiveStatus } from './challenge-status'
import { mintedCollectionAddress } from './minted-collection'

type ListQuery = z.output<typeof challengeListQuerySchema>
export type ChallengeRow = typeof challenges.$inferSelect

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** The list row of a challenge (spec section 2's columns), with the status participants see now. */
export function toConsoleChallenge(row: ChallengeRow, now: number): ConsoleChallenge {
  return {
    id: row.id,
    name: row.name,
    image: { url: row.image || null },
    status: effectiveStatus(row, now),
    challengeType: row.challengeType,
    points: row.points,
    start: iso(row.start),
    finish: iso(row.finish),
    tag_list: row.tagList,
    completions: row.completions,
    clicks: row.clicks,
    approved: row.approved,
    created_at: row.createdAt.toISOString(),
  }
}

/** The effective status (challenge-status.ts) as SQL over the stored status and the dates. */
function statusCondition(status: ListQuery['status'], now: Date): SQL | undefined {
  const live = notInArray(challenges.status, ['draft', 'ended'])
  switch (status) {
    case undefined:
      return undefined
    case 'draft':
      return eq(challenges.status, 'draft')
    case 'ended':
      return endedCondition(now)
    case 'scheduled':
      return and(live, gt(challenges.start, now))
    case 'active':
      return and(live, or(isNull(challenges.start), lte(challenges.start, now)), or(isNull(challenges.finish), gt(challenges.finish, now)))
  }
}

/** Scheduled wins over ended when both dates say so (challenge-status.ts checks start first). */
function endedCondition(now: Date): SQL {
  return and(
    ne(challenges.status, 'draft'),
    or(eq(challenges.status, 'ended'), and(or(isNull(challenges.start), lte(challenges.start, now)), lte(challenges.finish, now))),
  )!
}

/** The effective status as SQL text, so the list sorts by what it shows (challenge-status.ts). */
function effectiveStatusSql(now: Date): SQL {
  const at = now.getTime()
  return sql`case when ${challenges.status} = 'draft' then 'draft' when ${challenges.status} = 'ended' then 'ended' when ${challenges.start} > ${at} then 'scheduled' when ${challenges.finish} <= ${at} then 'ended' else 'active' end`
}

function orderOf(query: ListQuery, now: Date): SQL[] {
  const dir = query.order === 'asc' ? asc : desc
  const column = {
    name: sql`lower(${challenges.name})`,
    status: effectiveStatusSql(now),
    challenge_type: challenges.challengeType,
    points: challenges.points,
    start: challenges.start,
    finish: challenges.finish,
    completions: challenges.completions,
    clicks: challenges.clicks,
    created_at: challenges.createdAt,
  }[query.sort]
  return [dir(column), dir(challenges.id)]
}

/** GET .../challenges: one page of the program's challenges, filtered and sorted by the server. */
export async function listChallenges(scope: ProgramScope, query: ListQuery, now: number): Promise<ChallengeListResponse> {
  const at = new Date(now)
  const status = statusCondition(query.status, at)
  const where = and(
    status,
    query.type ? eq(challenges.challengeType, query.type) : undefined,
    query.q ? contains(challenges.name, query.q) : undefined,
    query.tag ? sql`exists (select 1 from json_each(${challenges.tagList}) where json_each.value = ${query.tag})` : undefined,
  )
  const [total, rows] = await Promise.all([
    scope.count(challenges, where),
    scope
      .select(challenges, where)
      .orderBy(...orderOf(query, at))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
  ])
  return {
    data: rows.map((r) => toConsoleChallenge(r, now)),
    meta: { page: query.page, per_page: query.per_page, total, total_pages: Math.ceil(total / query.per_page) },
  }
}

/** The program's challenge, or 404 (another program's id is simply not found). */
export async function findChallengeOr404(scope: ProgramScope, id: number): Promise<ChallengeRow> {
  const row = Number.isSafeInteger(id) && id > 0 ? await scope.first(challenges, eq(challenges.id, id)) : undefined
  if (!row) throw new AppError('not_found', 404, 'Challenge not found', { challenge_id: 'not found' })
  return row
}

export async function challengeDetail(scope: ProgramScope, row: ChallengeRow, now: number): Promise<ChallengeDetail> {
  const p = row.parameters
  const [questionsCount, collectionAddress] = await Promise.all([scope.count(questions, eq(questions.challengeId, row.id)), mintedCollectionAddress(scope, row.tagList)])
  return {
    ...toConsoleChallenge(row, now),
    caption: row.caption,
    description: row.description,
    identifier: row.identifier,
    stored_status: row.status,
    cta_button_text: row.ctaButtonText,
    success_message: row.successMessage,
    api_completion_only: row.apiCompletionOnly,
    parameters: Object.fromEntries(Object.entries(p).filter(([k]) => k !== 'correct_answers')),
    questions_count: questionsCount,
    achievement_collection_address: collectionAddress,
  }
}

type Paging = { page: number; per_page: number }
const meta = (paging: Paging, total: number) => ({ ...paging, total, total_pages: Math.ceil(total / paging.per_page) })
const fullName = (first: string, last: string) => `${first} ${last}`.trim()

function completionsQuery(scope: ProgramScope, challengeId: number, afterId = 0) {
  return scope.db
    .select({
      id: challengeCompletions.id,
      participant_id: participants.id,
      first: participants.firstName,
      last: participants.lastName,
      email: participants.email,
      points: challengeCompletions.points,
      score: challengeCompletions.score,
      createdAt: challengeCompletions.createdAt,
    })
    .from(challengeCompletions)
    .innerJoin(participants, and(eq(participants.id, challengeCompletions.participantId), eq(participants.programId, challengeCompletions.programId)))
    .where(scope.where(challengeCompletions, and(eq(challengeCompletions.challengeId, challengeId), afterId ? gt(challengeCompletions.id, afterId) : undefined)))
}

type CompletionJoin = Awaited<ReturnType<typeof completionsQuery>>[number]
const toParticipantRow = (r: CompletionJoin): ChallengeParticipantRow => ({
  id: r.id,
  participant_id: r.participant_id,
  name: fullName(r.first, r.last),
  email: r.email,
  points: r.points,
  score: r.score,
  completed_at: r.createdAt.toISOString(),
})

/** Users tab: who completed the challenge (one row per completion), newest first. */
export async function challengeParticipants(scope: ProgramScope, challengeId: number, paging: Paging) {
  const [total, rows] = await Promise.all([
    scope.count(challengeCompletions, eq(challengeCompletions.challengeId, challengeId)),
    completionsQuery(scope, challengeId)
      .orderBy(desc(challengeCompletions.createdAt), desc(challengeCompletions.id))
      .limit(paging.per_page)
      .offset((paging.page - 1) * paging.per_page),
  ])
  return { data: rows.map(toParticipantRow), meta: meta(paging, total) }
}

function answersQuery(scope: ProgramScope, challengeId: number, afterId = 0) {
  return scope.db
    .select({
      id: participantAnswers.id,
      participant_id: participants.id,
      first: participants.firstName,
      last: participants.lastName,
      email: participants.email,
      question: questions.title,
      answer: participantAnswers.answer,
      createdAt: participantAnswers.createdAt,
    })
    .from(participantAnswers)
    .innerJoin(participants, and(eq(participants.id, participantAnswers.participantId), eq(participants.programId, participantAnswers.programId)))
    .innerJoin(questions, and(eq(questions.id, participantAnswers.questionId), eq(questions.programId, participantAnswers.programId)))
    .where(scope.where(participantAnswers, and(eq(participantAnswers.challengeId, challengeId), afterId ? gt(participantAnswers.id, afterId) : undefined)))
}

type AnswerJoin = Awaited<ReturnType<typeof answersQuery>>[number]
const toAnswerRow = (r: AnswerJoin): ChallengeAnswerRow => ({
  id: r.id,
  participant_id: r.participant_id,
  name: fullName(r.first, r.last),
  email: r.email,
  question: r.question,
  answer: r.answer,
  created_at: r.createdAt.toISOString(),
})

/** Participant Answers tab: every stored answer (one row per chosen option or value), newest first. */
export async function challengeAnswers(scope: ProgramScope, challengeId: number, paging: Paging) {
  const [total, rows] = await Promise.all([
    scope.count(participantAnswers, eq(participantAnswers.challengeId, challengeId)),
    answersQuery(scope, challengeId)
      .orderBy(desc(participantAnswers.createdAt), desc(participantAnswers.id))
      .limit(paging.per_page)
      .offset((paging.page - 1) * paging.per_page),
  ])
  return { data: rows.map(toAnswerRow), meta: meta(paging, total) }
}

const CSV_CHUNK = 1000

/**
 * A CSV streamed in id order, CSV_CHUNK rows per query (keyset paging, so a big table is never held
 * whole), formula-safe through lib/csv.
 */
function csvStream<T extends { id: number }>(header: string[], page: (afterId: number) => Promise<T[]>, cells: (row: T) => CsvValue[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let after = 0
  let started = false
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(header)}`))
        return
      }
      const rows = await page(after)
      if (!rows.length) {
        controller.close()
        return
      }
      after = rows[rows.length - 1]!.id
      controller.enqueue(encoder.encode(rows.map((r) => csvLine(cells(r))).join('')))
    },
  })
}

export function challengeParticipantsCsv(scope: ProgramScope, challengeId: number) {
  return csvStream(
    ['participant_id', 'name', 'email', 'points', 'score', 'completed_at'],
    (after) => completionsQuery(scope, challengeId, after).orderBy(asc(challengeCompletions.id)).limit(CSV_CHUNK),
    (r) => {
      const row = toParticipantRow(r)
      return [row.participant_id, row.name, row.email, row.points, row.score, row.completed_at]
    },
  )
}

export function challengeAnswersCsv(scope: ProgramScope, challengeId: number) {
  return csvStream(
    ['participant_id', 'name', 'email', 'question', 'answer', 'answered_at'],
    (after) => answersQuery(scope, challengeId, after).orderBy(asc(participantAnswers.id)).limit(CSV_CHUNK),
    (r) => {
      const row = toAnswerRow(r)
      return [row.participant_id, row.name, row.email, row.question, row.answer, row.created_at]
    },
  )
}
