import type { Db } from './db/client'
import { sweepApiRequestLog } from './features/integrations/api-keys-log'
import { sweepOutbox } from './features/webhooks/outbox-retention'
import { sweepIdempotencyKeys } from './middleware/idempotency'

/**
 * Every retention sweep, run by both entries' minute sweep (index.ts `scheduled`, node.ts's timer):
 * the API request log (30 days), Idempotency-Keys (a day) and delivered outbox rows (a week). Each
 * sweep's failure is logged and leaves the others to run.
 */
export async function sweepRetention(db: Db, now: number, log?: (line: string) => void): Promise<void> {
  const sweeps: [string, () => Promise<number>][] = [
    ['api request log', () => sweepApiRequestLog(db, now)],
    ['idempotency keys', () => sweepIdempotencyKeys(db, now)],
    ['outbox', () => sweepOutbox(db, now)],
  ]
  for (const [name, sweep] of sweeps) await sweep().catch((err: unknown) => log?.(`[retention] ${name} sweep failed: ${(err as Error)?.message ?? String(err)}`))
}
