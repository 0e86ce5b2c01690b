import type { Context } from 'hono'
import type { FairDrawResponse } from '../../../../sdk/contract/fairness'
import type { AppEnv } from '../../env'
import { AppError } from '../../lib/errors'
import { consoleRoutes } from '../console/console-router'
import { auditFile, commitDraw, consoleFairDraw, type FairDrawContext, findSweepstake, runDraw } from './fair-draw'

type C = Context<AppEnv>
/** A sweepstake reward's fair draw (numeric ids only). */
const DRAW = '/programs/:program_id/rewards/:reward_id{[0-9]+}/fair_draw'

const rewardId = (c: C) => {
  const id = Number(c.req.param('reward_id'))
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError('not_found', 404, 'Reward not found', { reward_id: 'not found' })
  return id
}
const ctxOf = (c: C): FairDrawContext => ({ scope: c.var.scope, deps: c.var.deps, program: c.var.program })

/** The audit file as a download: pretty JSON, never cached. */
export const auditDownload = (c: C, audit: unknown, rewardIdValue: number) =>
  c.body(`${JSON.stringify(audit, null, 2)}\n`, 200, {
    'content-type': 'application/json; charset=utf-8',
    'content-disposition': `attachment; filename="sweepstake-${rewardIdValue}-audit.json"`,
    'cache-control': 'no-store',
  })

/**
 * The provably fair draw of a sweepstake reward (docs/sweepstakes-fairness.md), the console's
 * Sweepstakes tab. Reading needs rewards view; commit and draw need rewards manage (section 6:
 * "sweepstake actions"). Mounted at /admin/v2.
 */
export const sweepstakesConsole = consoleRoutes()
  .get(DRAW, ['rewards', 'view'], async (c) => c.json({ data: await consoleFairDraw(ctxOf(c), rewardId(c)) }))
  .post(`${DRAW}/commit`, ['rewards', 'manage'], async (c) => {
    await commitDraw(ctxOf(c), rewardId(c), c.var.admin?.id ?? null)
    const body: FairDrawResponse = { success: true, message: 'Entries generated', data: await consoleFairDraw(ctxOf(c), rewardId(c)) }
    return c.json(body)
  })
  .post(`${DRAW}/draw`, ['rewards', 'manage'], async (c) => {
    await runDraw(ctxOf(c), rewardId(c), c.var.admin?.id ?? null)
    const data = await consoleFairDraw(ctxOf(c), rewardId(c))
    // Spec: 'Winner assigned' on success, 'Failed to perform action' on an empty result.
    const body: FairDrawResponse = data.winners.length
      ? { success: true, message: 'Winner assigned', data }
      : { success: false, message: 'Failed to perform action', data }
    return c.json(body)
  })
  .get(`${DRAW}/audit.json`, ['rewards', 'view'], async (c) => {
    const reward = await findSweepstake(c.var.scope, rewardId(c))
    return auditDownload(c, await auditFile(ctxOf(c), reward), reward.id)
  })
