import { desc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { FormResult } from '../../../../sdk/contract/console/forms'
import type { integrationListQuerySchema, WebhookCreated, WebhookList, WebhookRow, webhookWriteSchema } from '../../../../sdk/contract/console/integrations'
import { webhooks } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { randomToken } from '../../lib/crypto'
import { AppError } from '../../lib/errors'
import { contains } from '../../lib/like'
import { invalidateWebhooks } from '../webhooks/webhooks'

type WebhookEntity = typeof webhooks.$inferSelect
type WebhookValues = z.output<typeof webhookWriteSchema>
type ListQuery = z.output<typeof integrationListQuerySchema>

/** A program keeps at most this many webhooks (each event is sent to every one of them). */
export const WEBHOOKS_MAX = 20

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])
/** Hosts a production webhook may never name: loopback, private, link-local and metadata addresses. */
const PRIVATE_HOST = /^(localhost|.*\.localhost|.*\.internal|.*\.local|0\.0\.0\.0|127\.\d+\.\d+\.\d+|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+|169\.254\.\d+\.\d+|\[.*\])$/i

const toRow = (r: WebhookEntity): WebhookRow => ({ id: r.id, url: r.url, events: [...r.events], active: r.active, created_at: r.createdAt.toISOString() })

/**
 * The URL rule: https to a public host; plain http only to localhost, and only outside production
 * (development and tests point webhooks at a local receiver).
 */
export function webhookUrlError(deps: Deps, raw: string): string | null {
  const url = new URL(raw)
  const local = LOCAL_HOSTS.has(url.hostname)
  if (deps.config.environment !== 'production' && local) return null
  if (url.protocol !== 'https:') return deps.config.environment === 'production' ? 'URL must start with https://' : 'URL must start with https:// (http:// is allowed for localhost only)'
  if (deps.config.environment === 'production' && PRIVATE_HOST.test(url.hostname)) return 'URL must point to a public host'
  return null
}

export async function findWebhookOr404(scope: ProgramScope, id: number): Promise<WebhookEntity> {
  const row = Number.isSafeInteger(id) && id > 0 ? await scope.first(webhooks, eq(webhooks.id, id)) : undefined
  if (!row) throw new AppError('not_found', 404, 'Webhook not found', { webhook_id: 'not found' })
  return row
}

/** GET .../webhooks: newest first, searched by URL (contains). The secret never leaves after creation. */
export async function listWebhooks(scope: ProgramScope, query: ListQuery): Promise<WebhookList> {
  const where = query.q ? contains(webhooks.url, query.q) : undefined
  const [total, rows] = await Promise.all([
    scope.count(webhooks, where),
    scope.select(webhooks, where).orderBy(desc(webhooks.createdAt), desc(webhooks.id)).limit(query.per_page).offset((query.page - 1) * query.per_page),
  ])
  return { data: rows.map(toRow), meta: { page: query.page, per_page: query.per_page, total, total_pages: Math.ceil(total / query.per_page) } }
}

export const webhookDetail = (row: WebhookEntity): WebhookRow => toRow(row)

/**
 * POST .../webhooks: stores the webhook with a fresh signing secret (`whsec_` + 256 random bits) that
 * the delivery side signs with (webhooks/webhooks.ts signWebhook) and answers it this once.
 */
export async function createWebhook(scope: ProgramScope, deps: Deps, values: WebhookValues): Promise<{ status: 201; result: WebhookCreated } | { status: 422; result: FormResult }> {
  const urlError = webhookUrlError(deps, values.url)
  if (urlError) return { status: 422, result: { success: false, errors: { url: urlError } } }
  if ((await scope.count(webhooks)) >= WEBHOOKS_MAX) return { status: 422, result: { success: false, errors: { url: `A program may have at most ${WEBHOOKS_MAX} webhooks` } } }
  const secret = `whsec_${randomToken(32)}`
  const [row] = await scope.insert(webhooks, { url: values.url, events: values.events, active: values.active, secret }).returning()
  invalidateWebhooks(deps)
  return { status: 201, result: { success: true, errors: {}, data: { ...toRow(row!), secret } } }
}

/** PUT .../webhooks/{id}: URL, events and active; the secret stays. Delivery sees it on the next event. */
export async function updateWebhook(scope: ProgramScope, deps: Deps, row: WebhookEntity, values: WebhookValues): Promise<{ status: 200 | 422; result: FormResult & { data?: WebhookRow } }> {
  const urlError = webhookUrlError(deps, values.url)
  if (urlError) return { status: 422, result: { success: false, errors: { url: urlError } } }
  const [saved] = await scope.update(webhooks, { url: values.url, events: values.events, active: values.active }, eq(webhooks.id, row.id)).returning()
  invalidateWebhooks(deps)
  return { status: 200, result: { success: true, errors: {}, data: toRow(saved ?? row) } }
}
