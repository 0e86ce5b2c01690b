import { type Context, Hono } from 'hono'
import type { z } from 'zod'
import {
  actionsQuerySchema,
  identityTokenCreateSchema,
  ledgerQuerySchema,
  participantChallengeParamsSchema,
  participantRewardParamsSchema,
  rewardClaimSchema,
  rewardListQuerySchema,
  participantIdParamsSchema,
  participantLookupQuerySchema,
  participantUpsertSchema,
  pointsAdjustSchema,
} from '../../../../sdk/contract/api-v1'
import { buildApiV1OpenApi } from '../../../../sdk/contract/api-v1/openapi'
import { AppError } from '../../lib/errors'
import { validationError } from '../../middleware/errors'
import { adjustParticipantPoints, findParticipants, getParticipant, participantLedger, upsertParticipant } from './api-v1-service'
import { claimForParticipant, completeForParticipant, issueIdentityToken, listRewards, participantActionsPage } from './api-v1-engine'
import type { ApiV1Env } from './api-v1-env'
import { apiIdempotency, apiKeyAuth, renderApiError, requestLog } from './api-v1-middleware'

type C = Context<ApiV1Env>

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value)
  if (!result.success) throw validationError(result.error)
  return result.data
}

/** The body as JSON (the server API takes JSON only). */
async function jsonBody(c: C): Promise<unknown> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  if (type !== 'application/json') throw new AppError('unsupported_media_type', 415, 'Send the body as application/json')
  try {
    return JSON.parse(await c.req.text())
  } catch {
    throw new AppError('validation_failed', 400, 'The request body is not valid JSON')
  }
}

/** A body that may be left out: empty means `{}`; anything sent must be JSON. */
async function optionalJsonBody(c: C): Promise<unknown> {
  if ((await c.req.text()).trim() === '') return {}
  return jsonBody(c)
}

const idOf = (c: C) => parse(participantIdParamsSchema, { id: c.req.param('id') }).id

let openApiJson: string | undefined

/**
 * The server API, mounted at `/api/v1` (docs/decisions/0025-server-api-v1.md). Every call but the
 * OpenAPI document needs a program API key; the key's program is the only one a call can touch.
 * The contract and the OpenAPI document come from sdk/contract/api-v1.
 */
export const apiV1Routes = new Hono<ApiV1Env>()
  .use(requestLog)
  .get('/openapi.json', (c) => {
    openApiJson ??= JSON.stringify(buildApiV1OpenApi())
    return c.body(openApiJson, 200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' })
  })
  .use(apiKeyAuth)
  .post('/participants', apiIdempotency('optional'), async (c) => {
    const { created, participant } = await upsertParticipant(c.get('scope'), c.get('deps'), parse(participantUpsertSchema, await jsonBody(c)))
    return c.json(participant, created ? 201 : 200)
  })
  .get('/participants', async (c) => {
    const data = await findParticipants(c.get('scope'), parse(participantLookupQuerySchema, c.req.query()))
    return c.json({ object: 'list' as const, data, has_more: false })
  })
  .get('/participants/:id', async (c) => c.json(await getParticipant(c.get('scope'), idOf(c))))
  .post('/participants/:id/points', apiIdempotency('required'), async (c) => {
    const id = idOf(c)
    const input = parse(pointsAdjustSchema, await jsonBody(c))
    return c.json(await adjustParticipantPoints(c.get('scope'), c.get('deps'), id, input, c.get('idempotencyKey')!), 201)
  })
  .get('/participants/:id/ledger', async (c) => c.json(await participantLedger(c.get('scope'), idOf(c), parse(ledgerQuerySchema, c.req.query()))))
  .get('/participants/:id/actions', async (c) => c.json(await participantActionsPage(c.get('scope'), idOf(c), parse(actionsQuerySchema, c.req.query()))))
  .post('/participants/:id/challenges/:challenge_id/complete', apiIdempotency('required'), async (c) => {
    const params = parse(participantChallengeParamsSchema, { id: c.req.param('id'), challenge_id: c.req.param('challenge_id') })
    return c.json(await completeForParticipant(c.get('scope'), c.get('deps'), params.id, params.challenge_id), 201)
  })
  .get('/rewards', async (c) => c.json(await listRewards(c.get('scope'), c.get('deps'), parse(rewardListQuerySchema, c.req.query()))))
  .post('/participants/:id/rewards/:reward_id/claim', apiIdempotency('required'), async (c) => {
    const params = parse(participantRewardParamsSchema, { id: c.req.param('id'), reward_id: c.req.param('reward_id') })
    const input = parse(rewardClaimSchema, await optionalJsonBody(c))
    return c.json(await claimForParticipant(c.get('scope'), c.get('deps'), params.id, params.reward_id, input, c.get('idempotencyKey')!), 201)
  })
  .post('/identity_tokens', apiIdempotency('optional'), async (c) => {
    return c.json(await issueIdentityToken(c.get('scope'), c.get('deps'), parse(identityTokenCreateSchema, await jsonBody(c))), 201)
  })
  .all('/*', (c) => {
    throw new AppError('not_found', 404, `No route for ${c.req.method} ${c.req.path}`)
  })
  .onError((err, c) => renderApiError(err, c))
