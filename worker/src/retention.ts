import type { Deps } from './deps'
import { sweepRetentionWindows } from './features/privacy/retention'
import { sweepIdempotencyKeys } from './middleware/idempotency'

/**
 * Every retention sweep, run by both entries' minute sweep (index.ts `scheduled`, node.ts's timer):
 * Idempotency-Keys (a day, every program alike) and the data retention windows of each program
 * (features/privacy/retention.ts: receipt images, IP and device hashes, the API request log, delivered
 * e-mails and events, expired sessions and codes, import files). Each sweep's failure is logged and
 * leaves the others to run.
 */
export async function sweepRetention(deps: Deps, now: number, log?: (line: string) => void): Promise<void> {
  const sweeps: [string, () => Promise<number>][] = [
    ['idempotency keys', () => sweepIdempotencyKeys(deps.db, now)],
    ['retention windows', () => sweepRetentionWindows(deps, now)],
  ]
  for (const [name, sweep] of sweeps) await sweep().catch((err: unknown) => log?.(`[retention] ${name} sweep failed: ${(err as Error)?.message ?? String(err)}`))
}
