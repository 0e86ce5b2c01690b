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
