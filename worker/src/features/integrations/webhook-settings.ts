import { and, desc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { FormResult } from '../../../../sdk/contract/console/forms'
import type {
  integrationListQuerySchema,
  WebhookCreated,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookList,
  WebhookRow,
  webhookWriteSchema,
} from '../../../../sdk/contract/console/integrations'
import { webhookDeliveries, webhooks } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { AppError } from '../../lib/errors'
import { contains } from '../../lib/like'
import { newWebhookSecret } from '../webhooks/signing'
import { webhookTargetError } from '../webhooks/target'
import { attempt, type DeliveryRow, invalidateWebhooks, messageIdOf, sendTestEvent } from '../webhooks/webhooks'
import { batch } from '../../db/batch'

type WebhookEntity = typeof webhooks.$inferSelect
type WebhookValues = z.output<typeof webhookWriteSchema>
type ListQuery = z.output<typeof integrationListQuerySchema>

/** A program keeps at most this many webhooks (each event is sent to every one of them). */
export const WEBHOOKS_MAX = 20

const toRow = (r: WebhookEntity): WebhookRow => ({
  id: r.id,
  url: r.url,
  events: [...r.events],
  active: r.active,
  disabled_at: r.disabledAt?.toISOString() ?? null,
  consecutive_failures: r.consecutiveFailures,
  created_at: r.createdAt.toISOString(),
})

const pageMeta = (query: ListQuery, total: number) => ({ page: query.page, per_page: query.per_page, total, total_pages: Math.ceil(total / query.per_page) })
const iso = (d: Date | null) => d?.toISOString() ?? null
export const deliveryRow = (d: DeliveryRow): WebhookDelivery => ({
  id: d.id,
  event: d.event,
  message_id: messageIdOf(d),
  state: d.state,
  attempts: d.attempts,
  response_status: d.responseStatus,
  response_body: d.responseBody,
  duration_ms: d.durationMs,
  request_body: d.requestBody,
  error: d.error,
  last_attempt_at: iso(d.lastAttemptAt),
  next_attempt_at: iso(d.nextAttemptAt),
  created_at: d.createdAt.toISOString(),
})

/**
 * The URL rule (webhooks/target.ts, checked again at every send): https to a host that is and
 * resolves to public addresses only; plain http only to localhost, and only outside production.
 */
export function webhookUrlError(deps: Deps, raw: string): Promise<string | null> {
  return webhookTargetError(deps, raw)
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
  return { data: rows.map(toRow), meta: pageMeta(query, total) }
}

export const webhookDetail = (row: WebhookEntity): WebhookRow => toRow(row)

/**
 * POST .../webhooks: stores the webhook with a fresh Standard Webhooks secret (`whsec_` + base64 of
 * 32 random bytes, webhooks/signing.ts) and answers it this once.
 */
export async function createWebhook(scope: ProgramScope, deps: Deps, values: WebhookValues): Promise<{ status: 201; result: WebhookCreated } | { status: 422; result: FormResult }> {
  const urlError = await webhookUrlError(deps, values.url)
  if (urlError) return { status: 422, result: { success: false, errors: { url: urlError } } }
  if ((await scope.count(webhooks)) >= WEBHOOKS_MAX) return { status: 422, result: { success: false, errors: { url: `A program may have at most ${WEBHOOKS_MAX} webhooks` } } }
  const secret = newWebhookSecret()
  const [row] = await scope.insert(webhooks, { url: values.url, events: values.events, active: values.active, secret }).returning()
  invalidateWebhooks(deps)
  return { status: 201, result: { success: true, errors: {}, data: { ...toRow(row!), secret } } }
}

/**
 * PUT .../webhooks/{id}: URL, events and active; the secret stays. Turning a webhook on clears its run
 * of failures (and an auto-disable). Delivery sees it on the next event.
 */
export async function updateWebhook(scope: ProgramScope, deps: Deps, row: WebhookEntity, values: WebhookValues): Promise<{ status: 200 | 422; result: FormResult & { data?: WebhookRow } }> {
  const urlError = await webhookUrlError(deps, values.url)
  if (urlError) return { status: 422, result: { success: false, errors: { url: urlError } } }
  const revive = values.active && !row.active ? { disabledAt: null, consecutiveFailures: 0, failingSince: null } : {}
  const [saved] = await scope.update(webhooks, { url: values.url, events: values.events, active: values.active, ...revive }, eq(webhooks.id, row.id)).returning()
  invalidateWebhooks(deps)
  return { status: 200, result: { success: true, errors: {}, data: toRow(saved ?? row) } }
}

/** POST .../webhooks/{id}/enable: turns a webhook (auto-disabled or switched off) back on, its failures forgotten. */
export async function enableWebhook(scope: ProgramScope, deps: Deps, row: WebhookEntity): Promise<WebhookRow> {
  const [saved] = await scope.update(webhooks, { active: true, disabledAt: null, consecutiveFailures: 0, failingSince: null }, eq(webhooks.id, row.id)).returning()
  invalidateWebhooks(deps)
  return toRow(saved ?? row)
}

/** DELETE .../webhooks/{id}: the webhook and its delivery log, in one batch. */
export async function deleteWebhook(scope: ProgramScope, deps: Deps, row: WebhookEntity): Promise<void> {
  await batch(deps.db, [scope.delete(webhookDeliveries, eq(webhookDeliveries.webhookId, row.id)), scope.delete(webhooks, eq(webhooks.id, row.id))])
  invalidateWebhooks(deps)
}

/** GET .../webhooks/{id}/deliveries: the webhook's delivery log, newest first. */
export async function listDeliveries(scope: ProgramScope, row: WebhookEntity, query: ListQuery): Promise<WebhookDeliveryList> {
  const where = and(eq(webhookDeliveries.webhookId, row.id), query.q ? contains(webhookDeliveries.event, query.q) : undefined)
  const [total, rows] = await Promise.all([
    scope.count(webhookDeliveries, where),
    scope.select(webhookDeliveries, where).orderBy(desc(webhookDeliveries.id)).limit(query.per_page).offset((query.page - 1) * query.per_page),
  ])
  return { data: rows.map(deliveryRow), meta: pageMeta(query, total) }
}

/**
 * POST .../webhooks/{id}/deliveries/{delivery_id}/resend: the same body under the same `webhook-id`,
 * now (the receiver's dedupe by webhook-id sees a repeat), signed with a fresh timestamp.
 */
export async function resendDelivery(scope: ProgramScope, deps: Deps, row: WebhookEntity, deliveryId: number): Promise<{ status: 200; delivery: WebhookDelivery } | { status: 422; result: FormResult }> {
  const delivery = Number.isSafeInteger(deliveryId) && deliveryId > 0 ? await scope.first(webhookDeliveries, and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhookId, row.id))) : undefined
  if (!delivery) throw new AppError('not_found', 404, 'Delivery not found', { delivery_id: 'not found' })
  if (delivery.requestBody === null) return { status: 422, result: { success: false, errors: { delivery_id: 'This delivery was logged before request bodies were kept and cannot be resent' } } }
  return { status: 200, delivery: deliveryRow(await attempt(deps, row, delivery, 'replay')) }
}

/** POST .../webhooks/{id}/test: a signed `webhook.test` event to this webhook, now; answers its delivery. */
export async function testWebhook(deps: Deps, row: WebhookEntity): Promise<WebhookDelivery> {
  return deliveryRow(await sendTestEvent(deps, row))
}
