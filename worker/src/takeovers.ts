import type { Deps } from './deps'
import { resumePaymentFulfilments } from './features/payments/payment-fulfilment'
import { resumeDrawAwards } from './features/sweepstakes/draw-awards'
import { fillEntriesDigests } from './features/sweepstakes/fair-draw'

/**
 * Work whose runner died half-way (kill -9, an evicted isolate, a deploy), taken over by both entries'
 * minute sweep (index.ts `scheduled`, node.ts's timer) once its lease is over (docs/decisions/0034):
 * payment fulfilments claimed and not committed, sweepstake awards left after the draw's batch, and
 * entries digests a commit did not store. The outbox sweep takes back its own claims and the import
 * sweep (resumeImports) its stalled jobs. Each sweep's failure is logged and leaves the others to run.
 */
export async function resumeAbandonedWork(deps: Deps, log?: (line: string) => void): Promise<void> {
  const sweeps: [string, () => Promise<unknown>][] = [
    ['payment fulfilments', () => resumePaymentFulfilments(deps)],
    ['draw awards', () => resumeDrawAwards(deps)],
    ['draw digests', () => fillEntriesDigests(deps)],
  ]
  for (const [name, sweep] of sweeps) await sweep().catch((err: unknown) => log?.(`[takeover] ${name} sweep failed: ${(err as Error)?.message ?? String(err)}`))
}
