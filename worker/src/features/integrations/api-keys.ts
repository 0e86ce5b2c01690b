import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm'
import {
  API_KEY_MAX_DAYS,
  API_KEY_PATTERN,
  API_KEY_PREFIX_LENGTH,
  type ApiKeyCreated,
  type ApiKeyList,
  type ApiKeyRow,
  type ApiKeyStatus,
  type ApiKeyUpdated,
  type integrationListQuerySchema,
} from '../../../../sdk/contract/console/integrations'
import { API_V1_RATE_LIMIT } from '../../../../sdk/contract/api-v1'
import type { FormResult } from '../../../../sdk/contract/console/forms'
import type { z } from 'zod'
import type { Db } from '../../db/client'
import { apiKeyDirectory, apiKeys, programs } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { AppError } from '../../lib/errors'
import { safeEqual, sha256Sync } from '../../lib/crypto'

type ApiKeyEntity = typeof apiKeys.$inferSelect
type ListQuery = z.output<typeof integrationListQuerySchema>

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
/** 43 base62 characters carry 256 bits (43 x log2 62 = 256.03): as much as 32 random bytes. */
const KEY_CHARS = 43
const DAY_MS = 86_400_000

/**
 * A new key: `tsk_` + 43 uniform base62 characters from the platform's CSPRNG (rejection sampling:
 * bytes of 248 and above are dropped, so `b % 62` has no bias).
 */
export function generateApiKey(): string {
  let out = ''
  while (out.length < KEY_CHARS) {
    for (const b of crypto.getRandomValues(new Uint8Array(64))) {
      if (b < 248 && out.length < KEY_CHARS) out += BASE62[b % 62]
    }
  }
  return `tsk_${out}`
}

export const apiKeyPrefix = (key: string) => key.slice(0, API_KEY_PREFIX_LENGTH)
export const hashApiKey = (key: string) => sha256Sync(key)

function statusOf(row: ApiKeyEntity, now: number): ApiKeyStatus {
  if (row.revokedAt) return 'revoked'
  return row.expiresAt.getTime() <= now ? 'expired' : 'active'
}

function toRow(row: ApiKeyEntity, now: number): ApiKeyRow {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    status: statusOf(row, now),
    rate_limit: row.rateLimit,
  }
}

/** GET .../api_auths: the program's keys, newest first; name, prefix, dates and status, never a key. */
export async function listApiKeys(scope: ProgramScope, deps: Deps, query: ListQuery): Promise<ApiKeyList> {
  const [total, rows] = await Promise.all([
    scope.count(apiKeys),
    scope.select(apiKeys).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id)).limit(query.per_page).offset((query.page - 1) * query.per_page),
  ])
  const now = deps.clock.now()
  return { data: rows.map((r) => toRow(r, now)), meta: pageMeta(query, total) }
}

/** The `meta` of a console list page. */
export const pageMeta = (query: ListQuery, total: number) => ({ page: query.page, per_page: query.per_page, total, total_pages: Math.ceil(total / query.per_page) })

/** `YYYY-MM-DD` -> the end of that day (UTC): the key works through the date the admin picked. */
const endOfDay = (date: string) => new Date(Date.parse(`${date}T00:00:00.000Z`) + DAY_MS - 1)

/**
 * POST .../api_auths: makes a key and answers it this once. Only its SHA-256 and its prefix are stored
 * (a high-entropy key needs no slow hash: nothing can be guessed from its digest).
 */
export async function createApiKey(
  scope: ProgramScope,
  deps: Deps,
  input: { name: string; expires_at: string; rate_limit?: number | undefined },
  adminId: number | null,
): Promise<{ status: 201; result: ApiKeyCreated } | { status: 422; result: FormResult }> {
  const now = deps.clock.now()
  const expiresAt = endOfDay(input.expires_at)
  if (Number.isNaN(expiresAt.getTime()) || expiresAt.getTime() <= now) return { status: 422, result: { success: false, errors: { expires_at: 'Expires at must be a future date' } } }
  if (expiresAt.getTime() > now + API_KEY_MAX_DAYS * DAY_MS) return { status: 422, result: { success: false, errors: { expires_at: 'Expires at must be within 5 years' } } }
  const key = generateApiKey()
  // A program on another shard than control: the directory learns the key first (a stop after this
  // leaves a row that routes to a shard that does not know the key: refused, as an unknown key is).
  if (deps.control) await deps.control.insert(apiKeyDirectory).values({ keyHash: hashApiKey(key), programId: scope.programId }) // tenant-guard: allow (the directory on control)
  const [row] = await scope
    .insert(apiKeys, { name: input.name, prefix: apiKeyPrefix(key), keyHash: hashApiKey(key), expiresAt, rateLimit: input.rate_limit ?? API_V1_RATE_LIMIT.perSecond, createdBy: adminId, createdAt: new Date(now) })
    .returning()
  return { status: 201, result: { success: true, errors: {}, data: { ...toRow(row!, now), api_key: key } } }
}

/** A key of the program in scope by its id: another program's key is 404, like an unknown one. */
export async function findApiKeyOr404(scope: ProgramScope, id: number): Promise<ApiKeyEntity> {
  const row = Number.isSafeInteger(id) && id > 0 ? await scope.first(apiKeys, eq(apiKeys.id, id)) : undefined
  if (!row) throw new AppError('not_found', 404, 'API key not found', { key_id: 'not found' })
  return row
}

/**
 * POST .../api_auths/{id}/revoke: refused from the next request on, in every isolate: a request with a
 * cached key reads `apiKeyRateNow` in its first statement, which is NULL for a revoked key (decision 0037).
 */
export async function revokeApiKey(scope: ProgramScope, deps: Deps, id: number): Promise<ApiKeyRow> {
  const row = await findApiKeyOr404(scope, id)
  const now = deps.clock.now()
  const [revoked] = await scope.update(apiKeys, { revokedAt: new Date(now) }, and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt))).returning()
  return toRow(revoked ?? row, now)
}

/**
 * PATCH .../api_auths/{id}: a new rate (requests a second) for a key that is not revoked. It holds from
 * the key's next request: that request's first statement reads the key's rate (`apiKeyRateNow`, also
 * behind the isolate's key cache, decision 0037), and the rate bucket is keyed by the key, not its rate,
 * so it refills at the new rate and a lower rate caps the tokens it holds at once (TokenBuckets.take).
 * An expired key may still be edited: it stays refused.
 */
export async function updateApiKeyRateLimit(
  scope: ProgramScope,
  deps: Deps,
  row: ApiKeyEntity,
  input: { rate_limit: number },
): Promise<{ status: 200; result: ApiKeyUpdated } | { status: 422; result: FormResult }> {
  // Guarded by revoked_at in the write itself, so a revoke landing between the read and the write wins.
  const [updated] = row.revokedAt ? [] : await scope.update(apiKeys, { rateLimit: input.rate_limit }, and(eq(apiKeys.id, row.id), isNull(apiKeys.revokedAt))).returning()
  if (!updated) return { status: 422, result: { success: false, errors: { key_id: 'This API key is revoked: its rate limit can no longer be changed' } } }
  return { status: 200, result: { success: true, errors: {}, data: toRow(updated, deps.clock.now()) } }
}

/**
 * A verified key: its program, id, rate limit, expiry (ms), and a name for its rate bucket unique across
 * databases (its hash, also the key of the isolate's key cache).
 */
export type VerifiedApiKey = {
  programId: number
  keyId: number
  rateLimit: number
  expiresAt: number
  bucket: string
  /** The program's `read_only` when the key was verified (being moved between shards: writes wait, features/shards). */
  readOnly: string | null
  /** The shard the directory copy on this database names for the program (decision 0041). */
  shard: number
}

/**
 * SQL, a scalar for a statement a request makes anyway: the key's rate limit while the key is still
 * valid at `now` (not revoked, not expired, not deleted), else NULL. What lets a request answered with
 * a cached key see a revoke, a rate edit or an expiry made anywhere, without a statement of its own
 * (decision 0037).
 */
export function apiKeyRateNow(keyId: number, now: number): SQL<number | null> {
  // Cross-program by nature: the key names its program (and is the request's own key, by id).
  return sql<number | null>`(SELECT k.rate_limit FROM api_keys k WHERE k.id = ${keyId} AND k.revoked_at IS NULL AND k.expires_at > ${now})`
}

/** The key of an `Authorization` value (`Bearer tsk_...`, or the key alone) when it has a key's shape, else null. */
export function bearerApiKey(header: string | null | undefined): string | null {
  const token = (header ?? '').replace(/^Bearer\s+/i, '').trim()
  return API_KEY_PATTERN.test(token) ? token : null
}

/**
 * Authenticates a server API call (`Authorization: Bearer tsk_...`): the program and key id of a
 * known, unrevoked, unexpired key, else null. The key is found by its public prefix and its digest
 * compared in constant time, so the lookup reveals nothing about the secret part. One statement, a
 * read: the key's `last_used_at` is written by its request log (a trigger of api_request_log, at most
 * once a minute per key), after the answer.
 *
 * @example
 * const key = await verifyApiKey(deps.db, c.req.header('authorization'), deps.clock.now())
 * if (!key) throw unauthenticated('Invalid API key')
 */
export async function verifyApiKey(db: Db, bearerToken: string | null | undefined, now: number | Date): Promise<VerifiedApiKey | null> {
  const token = bearerApiKey(bearerToken)
  if (!token) return null
  const at = typeof now === 'number' ? now : now.getTime()
  const digest = hashApiKey(token)
  // Cross-program by design: the key names its program.
  // With the program's state (read-only while it moves, its shard), in the same statement.
  const candidates = await db
    .select({ key: apiKeys, readOnly: programs.readOnly, shard: programs.shard })
    .from(apiKeys) // tenant-guard: allow
    .innerJoin(programs, eq(programs.id, apiKeys.programId))
    .where(eq(apiKeys.prefix, apiKeyPrefix(token)))
    .limit(10)
  let found: (typeof candidates)[number] | undefined
  for (const row of candidates) if (safeEqual(row.key.keyHash, digest)) found = row
  const match: ApiKeyEntity | undefined = found?.key
  if (!found || !match || match.revokedAt || match.expiresAt.getTime() <= at) return null
  return { programId: match.programId, keyId: match.id, rateLimit: match.rateLimit, expiresAt: match.expiresAt.getTime(), bucket: match.keyHash, readOnly: found.readOnly, shard: found.shard }
}
