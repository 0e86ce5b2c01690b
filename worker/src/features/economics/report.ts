import type { EconomicsBlock, EconomicsPeriod, EconomicsReport } from '../../../../sdk/contract/console/economics'
import type { ProgramScope } from '../../db/scope'
import { AppError } from '../../lib/errors'
import { earnBurn, economicsSummary } from './flows'
import { liabilityForecast } from './forecast'
import { participation, retention, tierReport } from './members'

/** One block of the report, computed on its own (each reads only its rollups). */
export function economicsBlock(scope: ProgramScope, block: EconomicsBlock, period: EconomicsPeriod, now: number) {
  switch (block) {
    case 'summary':
      return economicsSummary(scope, period)
    case 'earn_burn':
      return earnBurn(scope, period)
    case 'forecast':
      return liabilityForecast(scope, now)
    case 'participation':
      return participation(scope, period)
    case 'retention':
      return retention(scope, period)
    case 'tiers':
      return tierReport(scope, period)
  }
}

const BLOCKS = ['summary', 'earn_burn', 'forecast', 'participation', 'retention', 'tiers'] as const satisfies readonly EconomicsBlock[]

/**
 * The whole report, every block at once and each on its own: a block that fails answers its error
 * (and is logged) while the others answer their numbers, as the dashboard's blocks fail alone.
 */
export async function economicsReport(scope: ProgramScope, period: EconomicsPeriod, now: number, log: (line: string) => void = console.error): Promise<EconomicsReport> {
  const settled = await Promise.allSettled(BLOCKS.map((b) => economicsBlock(scope, b, period, now)))
  const out: Record<string, unknown> = { period }
  for (const [i, name] of BLOCKS.entries()) {
    const r = settled[i]!
    if (r.status === 'fulfilled') out[name] = { ok: true, data: r.value }
    else {
      const err = r.reason as Error
      log(`[economics] block ${name} of program ${scope.programId} failed: ${err?.message ?? String(err)}`)
      out[name] = { ok: false, error: err instanceof AppError && err.status < 500 ? { code: err.code, message: err.message } : { code: 'internal_error', message: 'This block could not be computed' } }
    }
  }
  return out as EconomicsReport
}
