import type { Context } from 'hono'
import { Hono } from 'hono'
import { processRewardRequestSchema, rewardIdParamsSchema } from '../../../../sdk/contract/rewards'
import type { AppEnv } from '../../env'
import { AppError } from '../../lib/errors'
import { parseBody } from '../../lib/parse'
import { idempotent } from '../../middleware/idempotency'
import { requireParticipant } from '../../middleware/participant-auth'
import { validationError } from '../../middleware/errors'
import {
  getOffersReward,
  getReward,
  listActiveRewards,
  listClaimedRewards,
  listCurrentRewards,
  type RewardViewer,
} from './rewards'
import { claimReward } from './rewards-claim'

const viewer = (c: Context<AppEnv>): RewardViewer => ({
  scope: c.get('scope'),
  now: c.get('deps').clock.now(),
  participant: c.get('participant'),
})

/** The site reads `success` on claim answers: every refusal says `success: false`. */
function unsuccessful(err: unknown): unknown {
  if (!(err instanceof AppError) || err.extra?.success === false) return err
  return new AppError(err.code, err.status, err.message, err.fields, { ...err.extra, success: false })
}

const rewardIdParam = rewardIdParamsSchema

/** Reward details and claims (participant-site.md sections 4, 7). Mounted at /public/rewards. */
export const rewardRoutes = new Hono<AppEnv>()
  .post('/process_reward', requireParticipant, idempotent, async (c) => {
    try {
      const body = await parseBody(c, processRewardRequestSchema)
      const result = await claimReward(
        { scope: c.get('scope'), deps: c.get('deps'), program: c.get('program'), participant: c.get('participant')!, write: c.get('idempotentWrite') },
        {
          rewardId: body.reward_id,
          entries: body.entries,
          idempotencyKey: c.req.header('idempotency-key') ?? null,
        },
      )
      return c.json(result)
    } catch (err) {
      throw unsuccessful(err)
    }
  })
  .get('/:reward_id', async (c) => {
    const parsed = rewardIdParam.safeParse({ reward_id: c.req.param('reward_id') })
    if (!parsed.success) throw validationError(parsed.error)
    return c.json(await getReward(viewer(c), parsed.data.reward_id))
  })

/** The rewards lists of the home page. Mounted at /public/home. */
export const rewardHomeRoutes = new Hono<AppEnv>()
  .get('/active_rewards', async (c) => c.json({ data: await listActiveRewards(viewer(c)) }))
  .get('/current_rewards', requireParticipant, async (c) =>
    c.json({ data: await listCurrentRewards(viewer(c)) }),
  )
  .get('/claimed_rewards', requireParticipant, async (c) =>
    c.json({ data: await listClaimedRewards(viewer(c)) }),
  )
  .get('/offers_reward', async (c) => c.json({ data: await getOffersReward(viewer(c), c.get('program')) }))
