import { eq } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import { rewards } from '../../db/schema'
import type { AppEnv } from '../../env'
import { AppError } from '../../lib/errors'
import { isPublished } from '../rewards/rewards-state'
import { auditDownload } from './admin'
import { auditFile, publicFairness } from './fair-draw'

type C = Context<AppEnv>

/**
 * The public sweepstake, as the rewards pages show it: published (approved, not draft), a sweepstake,
 * featured unless the visitor is signed in; its draw is public whatever the dates (draws follow the end).
 */
async function publicSweepstake(c: C) {
  const id = Number(c.req.param('reward_id'))
  const row = Number.isSafeInteger(id) && id > 0 ? await c.var.scope.first(rewards, eq(rewards.id, id)) : undefined
  if (!row || row.selection !== 'sweepstake' || !isPublished(row) || (!row.featured && !c.var.participant)) {
    throw new AppError('not_found', 404, 'Sweepstakes not found', { reward_id: 'no such sweepstakes' })
  }
  return row
}

/**
 * The fairness of a sweepstake's draw for anyone (docs/sweepstakes-fairness.md): the commitment
 * (SHA-256 of the secret seed) from the commit on, the seed, winners' pseudonymous ids and the audit
 * file once drawn. Mounted at /public/sweepstakes; never kept by the public response cache.
 */
export const sweepstakePublicRoutes = new Hono<AppEnv>()
  .get('/:reward_id{[0-9]+}/fairness', async (c) => {
    const reward = await publicSweepstake(c)
    const data = await publicFairness(c.var.scope, reward, c.var.participant?.id ?? null, `/public/sweepstakes/${reward.id}/audit.json`)
    return c.json({ data }, 200, { 'cache-control': 'no-store' })
  })
  .get('/:reward_id{[0-9]+}/audit.json', async (c) => {
    const reward = await publicSweepstake(c)
    return auditDownload(c, await auditFile({ scope: c.var.scope, deps: c.var.deps, program: c.var.program }, reward), reward.id)
  })
