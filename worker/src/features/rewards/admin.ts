import type { Context } from 'hono'
import { couponAddSchema, rewardIntents, rewardParticipantUpdateSchema, rewardIntentSchema, rewardListQuerySchema, rewardTabQuerySchema } from '../../../../sdk/contract/console/rewards'
import type { AppEnv } from '../../env'
import { AppError } from '../../lib/errors'
import { parseQuery, readBody } from '../../lib/parse'
import { validationError } from '../../middleware/errors'
import { consoleRoutes } from '../console/console-router'
import { createReward, findRewardOr404, listRewards, rewardDetail, rewardForm, toggleRewardTag, updateReward } from './reward-admin'
import { addCoupons, couponsTab, miniContestTab, rewardParticipantsTab, sweepstakeEntriesTab } from './reward-admin-tabs'
import { rewardParticipantsCsv, sweepstakeCsv } from './reward-export'
import { refundClaim } from './reward-refunds'
import { possibleWinners, queueSyncWinners, setMiniContestWinners } from './reward-winners'
import { createNftCollection, rewardTransactionsTab } from '../collectibles/service'
import { generateEntries } from '../sweepstakes/fair-draw'

type C = Context<AppEnv>
const BASE = '/programs/:program_id/rewards'
/** Numeric ids only, so `new` never reads as an id. */
const ONE = `${BASE}/:reward_id{[0-9]+}`

const rewardOf = (c: C) => findRewardOr404(c.var.scope, Number(c.req.param('reward_id')))

const csv = (c: C, body: ReadableStream<Uint8Array>, name: string) =>
  c.body(body, 200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}"`, 'cache-control': 'no-store' })

const intentFailed = (message: string) => new AppError('validation_failed', 422, message, { intent: message }, { success: false })

/** A tab: one page of the reward's rows, searchable with `q`. */
const tab =
  <T>(read: (scope: AppEnv['Variables']['scope'], reward: Awaited<ReturnType<typeof rewardOf>>, query: ReturnType<typeof parseQuery<typeof rewardTabQuerySchema>>) => Promise<T>) =>
  async (c: C) =>
    c.json(await read(c.var.scope, await rewardOf(c), parseQuery(c, rewardTabQuerySchema)))

/**
 * Rewards JSON calls (admin-console-part-b.md sections 2, 6 and 7, Rewards). Mounted at /admin/v2.
 * The list, the detail and its tabs need rewards view; the new form and create rewards create; the
 * edit form and update rewards update; coupons, tags, winners and every other intent rewards manage.
 * The provably-fair sweepstake draw lives in features/sweepstakes.
 */
export const rewardsConsole = consoleRoutes()
  .get(BASE, ['rewards', 'view'], async (c) => c.json(await listRewards(c.var.scope, c.var.deps, parseQuery(c, rewardListQuerySchema))))
  .get(`${BASE}/new`, ['rewards', 'create'], (c) => c.json(rewardForm()))
  .post(BASE, ['rewards', 'create'], async (c) => {
    const saved = await createReward(c.var.scope, c.var.deps, await readBody(c))
    return c.json(saved.result, saved.status)
  })
  .get(ONE, ['rewards', 'view'], async (c) => c.json({ data: await rewardDetail(c.var.scope, c.var.deps, await rewardOf(c)) }))
  .get(`${ONE}/edit`, ['rewards', 'update'], async (c) => c.json(rewardForm(await rewardOf(c))))
  .put(ONE, ['rewards', 'update'], async (c) => {
    const saved = await updateReward(c.var.scope, c.var.deps, await rewardOf(c), await readBody(c))
    return c.json(saved.result, saved.status)
  })
  // The detail's actions (spec section 7): fetch_possible_winners_to_sync, sync_winners, toggle_tag, set_winners, generate_entries.
  .post(ONE, ['rewards', 'manage'], async (c) => {
    const reward = await rewardOf(c)
    const body = await readBody(c)
    if (!rewardIntents.includes(body.intent as never)) throw intentFailed('Invalid intent')
    const parsed = rewardIntentSchema.safeParse(body)
    if (!parsed.success) throw validationError(parsed.error)
    const { scope, deps } = c.var
    const intent = parsed.data
    switch (intent.intent) {
      case 'fetch_possible_winners_to_sync':
        return c.json(await possibleWinners(scope, deps, reward))
      case 'sync_winners':
        return c.json(await queueSyncWinners(scope, deps, reward, intent.send_email), 202)
      case 'toggle_tag':
        return c.json(await toggleRewardTag(scope, deps, reward, intent.tag))
      case 'set_winners':
        return c.json(await setMiniContestWinners(scope, deps, reward, intent.selectedData))
      case 'create_nft_collection':
        return c.json(await createNftCollection(scope, deps, reward))
      case 'generate_entries':
        return c.json(await generateEntries({ scope, deps, program: c.var.program }, reward.id, c.var.admin?.id ?? null, intent.selectedData))
    }
  })
  .get(`${ONE}/reward_participants`, ['rewards', 'view'], tab(rewardParticipantsTab))
  .get(`${ONE}/coupons`, ['rewards', 'view'], tab(couponsTab))
  .post(`${ONE}/coupons`, ['rewards', 'manage'], async (c) => {
    const reward = await rewardOf(c)
    const parsed = couponAddSchema.safeParse(await readBody(c))
    if (!parsed.success) throw validationError(parsed.error)
    const result = await addCoupons(c.var.scope, reward, parsed.data.codes)
    return c.json(result, result.success ? 201 : 422)
  })
  .get(`${ONE}/sweepstake`, ['rewards', 'view'], tab(sweepstakeEntriesTab))
  .get(`${ONE}/mini_contest`, ['rewards', 'view'], tab(miniContestTab))
  .get(`${ONE}/blockchain_transactions`, ['rewards', 'view'], tab((scope, reward, q) => rewardTransactionsTab(scope, reward.id, q)))
  // A claim of the Users tab (spec section 7, PUT reward_participants/{id}): refunded by an admin.
  .put('/programs/:program_id/reward_participants/:claim_id{[0-9]+}', ['rewards', 'manage'], async (c) => {
    const parsed = rewardParticipantUpdateSchema.safeParse(await readBody(c))
    if (!parsed.success) throw validationError(parsed.error)
    const result = await refundClaim(c.var.scope, c.var.deps, Number(c.req.param('claim_id')), parsed.data.reason || 'Refunded by the program')
    return c.json({ success: true, message: 'Claim refunded', data: result })
  })
  // Exports (spec section 6: rewards manage), streamed and formula-safe.
  .get(`${ONE}/participants.csv`, ['rewards', 'manage'], async (c) => csv(c, rewardParticipantsCsv(c.var.scope, await rewardOf(c)), 'participants.csv'))
  .get(`${ONE}/sweepstake.csv`, ['rewards', 'manage'], async (c) => csv(c, sweepstakeCsv(c.var.scope, await rewardOf(c)), 'sweepstake.csv'))
