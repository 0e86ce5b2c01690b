import { apiKeys, socialNetworkPages, webhookDeliveries, webhooks } from '../../db/schema'
import { programScope } from '../../db/scope'
import type { ProgramRow } from '../../env'
import type { Fixture, FixtureKit } from '../../../test/console-matrix'
import { apiKeyPrefix, generateApiKey, hashApiKey } from './api-keys'

/** Test fixtures of the integrations settings (Node tests only): fresh rows of `program`. */

async function matrixApiKey(k: FixtureKit, program: ProgramRow): Promise<number> {
  const key = generateApiKey()
  const [row] = await programScope(k.db, program.id)
    .insert(apiKeys, { name: k.unique('key'), prefix: apiKeyPrefix(key), keyHash: hashApiKey(key), expiresAt: new Date(Date.now() + 86_400_000 * 30) })
    .returning({ id: apiKeys.id })
  return row!.id
}

async function matrixSocialPage(k: FixtureKit, program: ProgramRow): Promise<number> {
  const [row] = await programScope(k.db, program.id)
    .insert(socialNetworkPages, { url: `https://instagram.com/${k.unique('page')}`, platform: 'instagram' })
    .returning({ id: socialNetworkPages.id })
  return row!.id
}

async function matrixWebhook(k: FixtureKit, program: ProgramRow): Promise<number> {
  const [row] = await programScope(k.db, program.id)
    .insert(webhooks, { url: `https://hooks.example.com/${k.unique('hook')}`, events: ['reward.claimed'], secret: 'whsec_matrix', active: false })
    .returning({ id: webhooks.id })
  return row!.id
}

/**
 * A webhook on a local port nothing listens on (the discard port): test-sends and resends in the
 * matrix try it and fail at once, without leaving the machine.
 */
async function matrixLocalWebhook(k: FixtureKit, program: ProgramRow): Promise<{ webhook_id: number; delivery_id: number }> {
  const scope = programScope(k.db, program.id)
  const [hook] = await scope.insert(webhooks, { url: `http://127.0.0.1:9/${k.unique('hook')}`, events: ['reward.claimed'], secret: 'whsec_bWF0cml4', active: false }).returning({ id: webhooks.id })
  const [delivery] = await scope
    .insert(webhookDeliveries, { webhookId: hook!.id, outboxId: 0, event: 'reward.claimed', state: 'failed', attempts: 1, requestBody: '{"type":"reward.claimed","data":{}}' })
    .returning({ id: webhookDeliveries.id })
  return { webhook_id: hook!.id, delivery_id: delivery!.id }
}

const P = '/programs/:program_id'
const webhookLine: Fixture = { params: async (k, p) => ({ webhook_id: await matrixWebhook(k, p) }) }
const webhookBody = (k: FixtureKit) => ({ url: `https://hooks.example.com/${k.unique('hook')}`, events: ['points.changed'], active: false })
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/** The matrix lines of the integrations console (features/integrations/admin.ts). */
export const integrationMatrixFixtures: Record<string, Fixture> = {
  [`POST ${P}/social_network_pages`]: { body: (k) => ({ url: `https://facebook.com/${k.unique('page')}`, platform: 'facebook' }) },
  [`DELETE ${P}/social_network_pages/:page_id{[0-9]+}`]: { params: async (k, p) => ({ page_id: await matrixSocialPage(k, p) }) },
  [`PATCH ${P}/offers_reward`]: { body: () => ({ active: true, redirect_magic_link: false, merchants_regex: '^coffee' }) },
  [`PATCH ${P}/photo_contest`]: { body: (k) => ({ active: true, qrati_program_id: k.unique('qr').replace(/[^A-Za-z0-9._:-]/g, '') }) },
  [`PATCH ${P}/aptos`]: { body: () => ({ enabled: false, network: 'testnet' }) },
  [`POST ${P}/api_auths`]: { body: (k) => ({ name: k.unique('key'), expires_at: inDays(30) }) },
  [`PATCH ${P}/api_auths/:key_id{[0-9]+}`]: { params: async (k, p) => ({ key_id: await matrixApiKey(k, p) }), body: () => ({ rate_limit: 50 }) },
  [`POST ${P}/api_auths/:key_id{[0-9]+}/revoke`]: { params: async (k, p) => ({ key_id: await matrixApiKey(k, p) }), body: () => ({}) },
  [`GET ${P}/api_auths/:key_id{[0-9]+}/requests`]: { params: async (k, p) => ({ key_id: await matrixApiKey(k, p) }) },
  [`POST ${P}/webhooks`]: { body: webhookBody },
  [`GET ${P}/webhooks/:webhook_id{[0-9]+}`]: webhookLine,
  [`PUT ${P}/webhooks/:webhook_id{[0-9]+}`]: { ...webhookLine, body: webhookBody },
  [`DELETE ${P}/webhooks/:webhook_id{[0-9]+}`]: webhookLine,
  [`POST ${P}/webhooks/:webhook_id{[0-9]+}/enable`]: { params: async (k, p) => ({ webhook_id: (await matrixLocalWebhook(k, p)).webhook_id }), body: () => ({}) },
  [`GET ${P}/webhooks/:webhook_id{[0-9]+}/deliveries`]: webhookLine,
  [`POST ${P}/webhooks/:webhook_id{[0-9]+}/test`]: { params: async (k, p) => ({ webhook_id: (await matrixLocalWebhook(k, p)).webhook_id }), body: () => ({}) },
  [`POST ${P}/webhooks/:webhook_id{[0-9]+}/deliveries/:delivery_id{[0-9]+}/resend`]: { params: (k, p) => matrixLocalWebhook(k, p), body: () => ({}) },
}
