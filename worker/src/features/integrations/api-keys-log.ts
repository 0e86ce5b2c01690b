import { desc, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { type ApiKeyRequestList, type integrationListQuerySchema } from '../../../../sdk/contract/console/integrations'
import type { Db } from '../../db/client'
import { apiKeys, apiRequestLog } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import { AppError } from '../../lib/errors'
import { pageMeta } from './api-keys'

type ListQuery = z.output<typeof integrationListQuerySchema>

export type ApiRequestLogRow = typeof apiRequestLog.$inferInsert
/**
 * Rows per insert. The rows go as one JSON text (one bound value: D1 binds at most 100 a statement, 14
 * rows of seven columns), which stays well under D1's 100 KB statement and 2 MB value limits.
 */
const ROWS_PER_INSERT = 500

/** The rows waiting for their insert, per database (an isolate or a process serves one or a few). */
const waiting = new WeakMap<Db, { rows: ApiRequestLogRow[]; flush: Promise<void> }>()

/**
 * Logs one `/api/v1` call (features/api-v1 requestLog). The calls that end within `delayMs` of each
 * other are written together in one statement (up to 500 rows, read from one JSON value with json_each)
 * instead of a statement per call: under load the log costs a small fraction of a D1 round trip per call. The promise settles when this call's row is written
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
    for (let i = 0; i < batch.rows.length; i += ROWS_PER_INSERT) await insertRows(db, batch.rows.slice(i, i + ROWS_PER_INSERT))
  })
  waiting.set(db, batch)
  return batch.flush
}

/** One INSERT of `rows`, bound as one JSON array (each row names its key's program). */
function insertRows(db: Db, rows: ApiRequestLogRow[]) {
  const json = JSON.stringify(rows.map((r) => [r.programId, r.keyId, r.method, r.route, r.status, r.requestId, (r.createdAt ?? new Date()).getTime()]))
  return db.run(
    // tenant-guard: allow (each row names its key's program)
    sql`INSERT INTO api_request_log (program_id, key_id, method, route, status, request_id, created_at)
      SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]'),
        json_extract(value, '$[4]'), json_extract(value, '$[5]'), json_extract(value, '$[6]') FROM json_each(${json})`,
  )
}

/**
 * GET .../api_auths/{id}/requests: the key's recent server API calls (time, method, route pattern,
 * status, request id), newest first, a page at a time. The key must be the program's own (404 else);
 * rows come from api_request_log through the same program (index program_id, key_id, created_at).
 */
export async function listApiKeyRequests(scope: ProgramScope, keyId: number, query: ListQuery, retentionDays: number): Promise<ApiKeyRequestList> {
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
    retention_days: retentionDays,
  }
}
