import { eq } from 'drizzle-orm'
import { type outbox, webhookDeliveries, webhooks } from '../../db/schema'
import { programScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { appCache } from '../../lib/cache'
import { hmac } from '../../lib/crypto'

type WebhookRow = typeof webhooks.$inferSelect

/**
 * A program's active webhooks are read once per config.cacheTtlMs (most programs have none, and every
 * event asks); whoever adds, edits or removes a webhook calls this for immediate effect here.
 */
export function invalidateWebhooks(deps: Deps) {
  appCache<WebhookRow[]>(deps, 'webhooks').clear()
}

/**
 * Signs a webhook body: `Tessera-Signature: t={unix seconds},v1={base64url HMAC-SHA256 of "t.body"}`.
 * Receivers recompute it with their secret and reject stale timestamps.
 */
export async function signWebhook(secret: string, body: string, timestampSeconds: number): Promise<string> {
  return `t=${timestampSeconds},v1=${await hmac(secret, `${timestampSeconds}.${body}`)}`
}

function activeWebhooks(deps: Deps, programId: number): Promise<WebhookRow[]> {
  return appCache<WebhookRow[]>(deps, 'webhooks').get(String(programId), async () => programScope(deps.db, programId).select(webhooks, eq(webhooks.active, true)))
}

/**
 * Whether an event of the program has a webhook to go to, from the same cached list the delivery
 * reads: a write whose event has none records it as delivered in its own batch (what delivering it to
 * nobody a moment later would write) and skips the delivery round.
 */
export async function hasWebhookFor(deps: Deps, programId: number, event: string): Promise<boolean> {
  return (await activeWebhooks(deps, programId)).some((h) => h.events.includes(event as never))
}

/** Sends one outbox event to every active webhook of its program that subscribes to it; logs each try. */
export async function deliverWebhooks(deps: Deps, row: typeof outbox.$inferSelect): Promise<void> {
  if (!row.programId) return
  const scope = programScope(deps.db, row.programId)
  const { event, data } = row.payload as { event: string; data: Record<string, unknown> }
  const hooks = (await activeWebhooks(deps, row.programId)).filter((h) => h.events.includes(event as never))
  const failures: string[] = []
  for (const hook of hooks) {
    const body = JSON.stringify({ id: `evt_${row.id}`, event, created_at: row.createdAt.toISOString(), data })
    const signature = await signWebhook(hook.secret, body, Math.floor(deps.clock.now() / 1000))
    let status: number | null = null
    let error: string | null = null
    try {
      const res = await (deps.fetch ?? fetch)(hook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'tessera-signature': signature, 'tessera-event': event },
        body,
      })
      status = res.status
      if (!res.ok) error = `answered ${res.status}`
    } catch (err) {
      error = String((err as Error).message ?? err)
    }
    await scope.insert(webhookDeliveries, { webhookId: hook.id, outboxId: row.id, event, status, error })
    if (error) failures.push(`${hook.url}: ${error}`)
  }
  if (failures.length) throw new Error(failures.join('; '))
}
