import { desc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import { API_REQUEST_LOG_RETENTION_DAYS, type ApiKeyRequestList, type integrationListQuerySchema } from '../../../../sdk/contract/console/integrations'
import type { Db } from '../../db/client'
import { deleteExpired } from '../../db/retention'
import { apiKeys, apiRequestLog } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import { AppError } from '../../lib/errors'
import { pageMeta } from './api-keys'

type ListQuery = z.output<typeof integrationListQuerySchema>
const DAY_MS = 86_400_000

export type ApiRequestLogRow = typeof apiRequestLog.$inferInsert
/** Rows per insert: seven bound values a row, and D1 binds at most 100 per statement. */
const ROWS_PER_INSERT = 14

/** The rows waiting for their insert, per database (an isolate or a process serves one or a few). */
const waiting = new WeakMap<Db, { rows: ApiRequestLogRow[]; flush: Promise<void> }>()

/**
 * Logs one `/api/v1` call (features/api-v1 requestLog). The calls that end within `delayMs` of each
 * other are written together, 14 rows a statement, instead of a statement per call: under load the log
 * costs a fraction of a D1 round trip per call. The promise settles when this call's row is written
 * (Workers hand it to waitUntil, so the isolate lives until then: nothing is lost for an answered
 * call); a failed write is thrown to the caller, who logs it.
 */
export function logApiRequest(db: Db, row: ApiRequestLogRow, delayMs: number): Promise<void> {
  const pending = waiting.get(db)
  if (pending) {
    pending.rows.push(row)
    return pending.flush
  }
  const batch = { rows: [row], flush: Promise.resolve() }
  batch.flush = new Promise<void>((resolve) => setTimeout(resolve, delayMs)).then(async () => {
    waiting.delete(db)
    for (let i = 0; i < batch.rows.length; i += ROWS_PER_INSERT) {
      await db.insert(apiRequestLog).values(batch.rows.slice(i, i + ROWS_PER_INSERT)) // tenant-guard: allow (each row names its key's program)
    }
  })
  waiting.set(db, batch)
  return batch.flush
}

/**
 * GET .../api_auths/{id}/requests: the key's recent server API calls (time, method, route pattern,
 * status, request id), newest first, a page at a time. The key must be the program's own (404 else);
 * rows come from api_request_log through the same program (index program_id, key_id, created_at).
 */
export async function listApiKeyRequests(scope: ProgramScope, keyId: number, query: ListQuery): Promise<ApiKeyRequestList> {
  const key = Number.isSafeInteger(keyId) && keyId > 0 ? await scope.first(apiKeys, eq(apiKeys.id, keyId)) : undefined
  if (!key) throw new AppError('not_found', 404, 'API key not found', { key_id: 'not found' })
  const mine = eq(apiRequestLog.keyId, keyId)
  const [total, rows] = await Promise.all([
    scope.count(apiRequestLog, mine),
    scope
      .select(apiRequestLog, mine)
      .orderBy(desc(apiRequestLog.createdAt), desc(apiRequestLog.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
  ])
  return {
    data: rows.map((r) => ({ id: r.id, created_at: r.createdAt.toISOString(), method: r.method, route: r.route, status: r.status, request_id: r.requestId })),
    meta: pageMeta(query, total),
  }
}

/**
 * Retention of the request log: deletes calls older than API_REQUEST_LOG_RETENTION_DAYS, every
 * program's (db/retention.ts). Answers how many rows went.
 */
export async function sweepApiRequestLog(db: Db, now: number, days = API_REQUEST_LOG_RETENTION_DAYS): Promise<number> {
  return deleteExpired(db, { table: apiRequestLog, id: apiRequestLog.id, at: apiRequestLog.createdAt, cutoff: new Date(now - days * DAY_MS) })
}
