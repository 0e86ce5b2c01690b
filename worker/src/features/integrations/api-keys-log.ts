import { and, asc, desc, eq, lt, lte } from 'drizzle-orm'
import type { z } from 'zod'
import { API_REQUEST_LOG_RETENTION_DAYS, type ApiKeyRequestList, type integrationListQuerySchema } from '../../../../sdk/contract/console/integrations'
import type { Db } from '../../db/client'
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

const SWEEP_BATCH = 1000
const SWEEP_MAX_BATCHES = 20

/**
 * Retention of the request log: deletes calls older than API_REQUEST_LOG_RETENTION_DAYS, every
 * program's (run from the scheduled sweep: worker/src/index.ts `scheduled`, node.ts's minute timer).
 * Ids grow with time, so the oldest rows are the first ids: each round reads the first SWEEP_BATCH
 * ids (the primary key, no scan of the table) and deletes those older than the cutoff; it stops at
 * the first round that meets a row still kept, so a sweep with nothing to do costs one small read.
 * Answers how many rows went.
 */
export async function sweepApiRequestLog(db: Db, now: number, days = API_REQUEST_LOG_RETENTION_DAYS): Promise<number> {
  const cutoff = new Date(now - days * DAY_MS)
  let deleted = 0
  for (let round = 0; round < SWEEP_MAX_BATCHES; round++) {
    // Every program's rows: retention is the same for all of them.
    const oldest = await db.select({ id: apiRequestLog.id, createdAt: apiRequestLog.createdAt }).from(apiRequestLog).orderBy(asc(apiRequestLog.id)).limit(SWEEP_BATCH) // tenant-guard: allow (retention sweep of every program)
    const expired = oldest.filter((r) => r.createdAt < cutoff)
    if (!expired.length) break
    await db.delete(apiRequestLog).where(and(lte(apiRequestLog.id, expired[expired.length - 1]!.id), lt(apiRequestLog.createdAt, cutoff))) // tenant-guard: allow (retention sweep of every program)
    deleted += expired.length
    if (expired.length < oldest.length) break
  }
  return deleted
}
