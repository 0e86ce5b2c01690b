import type { Context } from 'hono'
import {
  apiKeyCreateSchema,
  apiKeyUpdateSchema,
  aptosWriteSchema,
  integrationListQuerySchema,
  offersRewardWriteSchema,
  photoContestWriteSchema,
  socialNetworkPageWriteSchema,
  webhookWriteSchema,
} from '../../../../sdk/contract/console/integrations'
import type { AppEnv } from '../../env'
import { parseQuery, readBody } from '../../lib/parse'
import { consoleRoutes } from '../console/console-router'
import { validateForm } from '../console/forms'
import { createApiKey, findApiKeyOr404, listApiKeys, revokeApiKey, updateApiKeyRateLimit } from './api-keys'
import { listApiKeyRequests } from './api-keys-log'
import { retentionSettings } from '../privacy/retention'
import {
  createSocialNetworkPage,
  deleteSocialNetworkPage,
  getAptos,
  getOffersReward,
  getPhotoContest,
  listSocialNetworkPages,
  saveAptos,
  saveOffersReward,
  savePhotoContest,
} from './settings'
import {
  createWebhook,
  deleteWebhook,
  enableWebhook,
  findWebhookOr404,
  listDeliveries,
  listWebhooks,
  resendDelivery,
  testWebhook,
  updateWebhook,
  webhookDetail,
} from './webhook-settings'

type C = Context<AppEnv>
const P = '/programs/:program_id'
/** Section 6: "integrations settings" need program update, reading and writing alike. */
const UPDATE = ['program', 'update'] as const
const WEBHOOK_ONE = `${P}/webhooks/:webhook_id{[0-9]+}`

const webhookOf = (c: C) => findWebhookOr404(c.var.scope, Number(c.req.param('webhook_id')))

/**
 * Integrations settings console calls (admin-console-part-b.md section 7, Integrations; the spec's
 * PATCH /aptos/{id}, /offers_reward/{program_id} and /photo_contest/{id} sit under the program here,
 * like every console call, so the permission is checked against the program in the path). Every row is
 * read through that program: another program's key, page or webhook is 404.
 */
export const integrationsConsole = consoleRoutes()
  .get(`${P}/social_network_pages`, UPDATE, async (c) => c.json(await listSocialNetworkPages(c.var.scope)))
  .post(`${P}/social_network_pages`, UPDATE, async (c) => {
    const form = validateForm(socialNetworkPageWriteSchema, await readBody(c))
    if (!form.ok) return c.json(form.result, 422)
    const saved = await createSocialNetworkPage(c.var.scope, c.var.deps, form.data)
    return c.json(saved.result, saved.status)
  })
  .delete(`${P}/social_network_pages/:page_id{[0-9]+}`, UPDATE, async (c) => {
    await deleteSocialNetworkPage(c.var.scope, c.var.deps, Number(c.req.param('page_id')))
    return c.json({ success: true, errors: {} })
  })
  .get(`${P}/offers_reward`, UPDATE, async (c) => c.json({ data: await getOffersReward(c.var.scope) }))
  .patch(`${P}/offers_reward`, UPDATE, async (c) => {
    const form = validateForm(offersRewardWriteSchema, await readBody(c))
    if (!form.ok) return c.json(form.result, 422)
    const saved = await saveOffersReward(c.var.scope, c.var.deps, form.data)
    return c.json(saved.result, saved.status)
  })
  .get(`${P}/photo_contest`, UPDATE, async (c) => c.json({ data: await getPhotoContest(c.var.scope) }))
  .patch(`${P}/photo_contest`, UPDATE, async (c) => {
    const form = validateForm(photoContestWriteSchema, await readBody(c))
    if (!form.ok) return c.json(form.result, 422)
    const saved = await savePhotoContest(c.var.scope, c.var.deps, form.data)
    return c.json(saved.result, saved.status)
  })
  .get(`${P}/aptos`, UPDATE, async (c) => c.json({ data: await getAptos(c.var.scope) }))
  .patch(`${P}/aptos`, UPDATE, async (c) => {
    const form = validateForm(aptosWriteSchema, await readBody(c))
    if (!form.ok) return c.json(form.result, 422)
    const saved = await saveAptos(c.var.scope, c.var.deps, form.data)
    return c.json(saved.result, saved.status)
  })
  .get(`${P}/api_auths`, UPDATE, async (c) => c.json(await listApiKeys(c.var.scope, c.var.deps, parseQuery(c, integrationListQuerySchema))))
  .post(`${P}/api_auths`, UPDATE, async (c) => {
    const form = validateForm(apiKeyCreateSchema, await readBody(c))
    if (!form.ok) return c.json(form.result, 422)
    const saved = await createApiKey(c.var.scope, c.var.deps, form.data, c.var.admin?.id ?? null)
    // The key is in this answer only: nothing may keep a copy of it.
    c.header('Cache-Control', 'no-store')
    return c.json(saved.result, saved.status)
  })
  .patch(`${P}/api_auths/:key_id{[0-9]+}`, UPDATE, async (c) => {
    const row = await findApiKeyOr404(c.var.scope, Number(c.req.param('key_id')))
    const form = validateForm(apiKeyUpdateSchema, await readBody(c))
    if (!form.ok) return c.json(form.result, 422)
    const saved = await updateApiKeyRateLimit(c.var.scope, c.var.deps, row, form.data)
    return c.json(saved.result, saved.status)
  })
  .get(`${P}/api_auths/:key_id{[0-9]+}/requests`, UPDATE, async (c) =>
    c.json(await listApiKeyRequests(c.var.scope, Number(c.req.param('key_id')), parseQuery(c, integrationListQuerySchema), (await retentionSettings(c.var.scope, c.var.deps)).effective.api_request_log_days)),
  )
  .post(`${P}/api_auths/:key_id{[0-9]+}/revoke`, UPDATE, async (c) =>
    c.json({ success: true, errors: {}, data: await revokeApiKey(c.var.scope, c.var.deps, Number(c.req.param('key_id'))) }),
  )
  .get(`${P}/webhooks`, UPDATE, async (c) => c.json(await listWebhooks(c.var.scope, parseQuery(c, integrationListQuerySchema))))
  .post(`${P}/webhooks`, UPDATE, async (c) => {
    const form = validateForm(webhookWriteSchema, await readBody(c))
    if (!form.ok) return c.json(form.result, 422)
    const saved = await createWebhook(c.var.scope, c.var.deps, form.data)
    c.header('Cache-Control', 'no-store')
    return c.json(saved.result, saved.status)
  })
  .get(WEBHOOK_ONE, UPDATE, async (c) => c.json({ data: webhookDetail(await webhookOf(c)) }))
  .put(WEBHOOK_ONE, UPDATE, async (c) => {
    const row = await webhookOf(c)
    const form = validateForm(webhookWriteSchema, await readBody(c))
    if (!form.ok) return c.json(form.result, 422)
    const saved = await updateWebhook(c.var.scope, c.var.deps, row, form.data)
    return c.json(saved.result, saved.status)
  })
  .delete(WEBHOOK_ONE, UPDATE, async (c) => {
    await deleteWebhook(c.var.scope, c.var.deps, await webhookOf(c))
    return c.json({ success: true, errors: {} })
  })
  .post(`${WEBHOOK_ONE}/enable`, UPDATE, async (c) => c.json({ success: true, errors: {}, data: await enableWebhook(c.var.scope, c.var.deps, await webhookOf(c)) }))
  .post(`${WEBHOOK_ONE}/test`, UPDATE, async (c) => c.json({ success: true, errors: {}, data: await testWebhook(c.var.deps, await webhookOf(c)) }))
  .get(`${WEBHOOK_ONE}/deliveries`, UPDATE, async (c) => c.json(await listDeliveries(c.var.scope, await webhookOf(c), parseQuery(c, integrationListQuerySchema))))
  .post(`${WEBHOOK_ONE}/deliveries/:delivery_id{[0-9]+}/resend`, UPDATE, async (c) => {
    const sent = await resendDelivery(c.var.scope, c.var.deps, await webhookOf(c), Number(c.req.param('delivery_id')))
    return sent.status === 200 ? c.json({ success: true, errors: {}, data: sent.delivery }) : c.json(sent.result, 422)
  })
