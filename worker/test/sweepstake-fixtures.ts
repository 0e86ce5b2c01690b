import type { Db } from '../src/db/client'
import { participants, rewards, sweepstakeEntries } from '../src/db/schema'
import { programScope } from '../src/db/scope'
import type { Deps } from '../src/deps'
import type { ProgramRow } from '../src/env'
import { commitDraw, runDraw } from '../src/features/sweepstakes/fair-draw'

let serial = 0

/**
 * A sweepstake reward of `program` with two entrants, for the permission matrix: open, committed
 * (seed committed, entries closed) or drawn. Fresh each call: allowed calls really commit and draw.
 */
export async function sweepstakeFor(db: Db, program: ProgramRow, stage: 'open' | 'committed' | 'drawn'): Promise<{ reward_id: number }> {
  const scope = programScope(db, program.id)
  const n = ++serial
  const [reward] = await scope.insert(rewards, { name: `Matrix sweepstake ${n}`, selection: 'sweepstake', threshold: 10, limit: 1, repeatable: true, parameters: {}, tagList: [] }).returning()
  for (const tickets of [1, 2]) {
    const [p] = await scope
      .insert(participants, { email: `sweep${n}-${tickets}-${Math.random().toString(36).slice(2, 6)}@example.com`, firstName: 'Matrix', lastName: 'Entrant', referralCode: `SW${n}X${tickets}${Math.random().toString(36).slice(2, 6)}`.toUpperCase() })
      .returning({ id: participants.id })
    await scope.insert(sweepstakeEntries, { rewardId: reward!.id, participantId: p!.id, count: tickets })
  }
  if (stage !== 'open') {
    const deps = { db, clock: { now: () => Date.now() }, config: {} } as unknown as Deps
    const ctx = { scope, deps, program }
    await commitDraw(ctx, reward!.id, null)
    if (stage === 'drawn') await runDraw(ctx, reward!.id, null)
  }
  return { reward_id: reward!.id }
}
