import { and, eq, lt, lte, or, sql } from 'drizzle-orm'
import { actionCsvColumns, type DashboardActionsPage, type DashboardActionsQuery } from '../../../../sdk/contract/console/dashboard'
import { participantActions, programDailyStats } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import { csvLine } from '../../lib/csv'
import { type ActionRow, memberActions, toDashboardAction } from './latest'
import { fullName } from './people'

type ActionableType = DashboardActionsQuery['actionable_type']

const typeCondition = (type: ActionableType) => (type ? eq(participantActions.actionableType, type) : undefined)

/**
 * The table's total, from the daily rollup (the same members' actions the rows are drawn from): a
 * count over millions of actions would cost more than the page itself.
 */
async function actionTotal(scope: ProgramScope, type: ActionableType): Promise<number> {
  const col = type === 'Challenge' ? programDailyStats.challengeActions : type === 'Reward' ? programDailyStats.rewardActions : programDailyStats.participantActions
  const [row] = await scope.db
    .select({ n: sql<number>`coalesce(sum(${col}), 0)` })
    .from(programDailyStats)
    .where(scope.where(programDailyStats))
  return Number(row?.n ?? 0)
}

/**
 * One page of the dashboard's Actions, Challenges or Rewards table, newest first. Offset paging on
 * the (program, [actionable_type,] created_at) index: page n reads n x per_page index entries, a few
 * milliseconds for the pages people open; the CSV export walks the rest by key.
 */
export async function listDashboardActions(scope: ProgramScope, query: DashboardActionsQuery): Promise<DashboardActionsPage> {
  const { page, per_page: perPage, actionable_type: type } = query
  const [rows, total] = await Promise.all([
    memberActions(scope, typeCondition(type))
      .limit(perPage)
      .offset((page - 1) * perPage),
    actionTotal(scope, type),
  ])
  return {
    data: rows.map((r) => toDashboardAction(scope.programId, r)),
    page,
    per_page: perPage,
    total,
    total_pages: Math.max(1, Math.ceil(total / perPage)),
  }
}

/** Rows read per query while exporting: small enough for D1's limits, large enough to be quick. */
export const CSV_CHUNK = 1000

const csvRow = (r: ActionRow) =>
  csvLine([r.id, r.createdAt.toISOString(), r.participantId, fullName(r), r.email, r.actionType, r.title, r.points, r.actionableType, r.actionableId, r.city, r.country])

/**
 * The whole table as CSV, streamed: each pull reads the next CSV_CHUNK rows after the last one sent
 * (keyset on created_at, id, newest first), so memory stays flat whatever the size, no query holds
 * the database long, and actions written during the export (newer than its first row) are not in it.
 */
export function streamActionsCsv(scope: ProgramScope, type: ActionableType): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let cursor: { at: Date; id: number } | null = null
  let headerSent = false
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true
        controller.enqueue(encoder.encode(csvLine([...actionCsvColumns])))
        return
      }
      const after = cursor
        ? and(lte(participantActions.createdAt, cursor.at), or(lt(participantActions.createdAt, cursor.at), lt(participantActions.id, cursor.id)))
        : undefined
      const rows = await memberActions(scope, and(typeCondition(type), after)).limit(CSV_CHUNK)
      if (rows.length) {
        const last = rows[rows.length - 1]!
        cursor = { at: last.createdAt, id: last.id }
        controller.enqueue(encoder.encode(rows.map(csvRow).join('')))
      }
      if (rows.length < CSV_CHUNK) controller.close()
    },
  })
}
