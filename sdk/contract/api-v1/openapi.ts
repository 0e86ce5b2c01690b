import { z } from 'zod'
import {
  actionPageSchema,
  actionSchema,
  apiErrorSchema,
  apiRewardSchema,
  challengeCompletionSchema,
  identityTokenSchema,
  apiV1Operations,
  API_V1_RATE_LIMIT,
  ledgerEntrySchema,
  ledgerPageSchema,
  participantListSchema,
  participantSchema,
  participantUpsertSchema,
  pointsAdjustResultSchema,
  pointsAdjustSchema,
  rewardClaimResultSchema,
  rewardClaimSchema,
  rewardPageSchema,
} from './index'

type JsonSchema = Record<string, unknown>

/**
 * Named component schemas: bodies and answers point at them with `$ref`. Components are written as
 * output, so a request body with defaults (identity tokens' `expires_in`) stays inline, read as input.
 */
const COMPONENTS: [string, z.ZodType][] = [
  ['Error', apiErrorSchema],
  ['Participant', participantSchema],
  ['ParticipantUpsert', participantUpsertSchema],
  ['ParticipantList', participantListSchema],
  ['PointsAdjust', pointsAdjustSchema],
  ['LedgerEntry', ledgerEntrySchema],
  ['PointsAdjustResult', pointsAdjustResultSchema],
  ['LedgerPage', ledgerPageSchema],
  ['ChallengeCompletion', challengeCompletionSchema],
  ['Reward', apiRewardSchema],
  ['RewardPage', rewardPageSchema],
  ['RewardClaim', rewardClaimSchema],
  ['RewardClaimResult', rewardClaimResultSchema],
  ['Action', actionSchema],
  ['ActionPage', actionPageSchema],
  ['IdentityToken', identityTokenSchema],
]

/** Per operation: the error codes it may answer besides 401/429 (stable; sdk/contract/errors.ts). */
const CONFLICTS: Record<string, string> = {
  completeChallenge: '`already_completed`, `completion_limit_reached`',
  claimReward: '`already_claimed`, `out_of_stock`',
}
const FORBIDDEN: Record<string, string> = {
  claimReward: '`not_eligible` (a reward that is awarded, not claimed, or an offer for a participant not eligible for offers)',
  createIdentityToken: '`forbidden` (the program has no identity secret set)',
}

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` })
const strip = ({ $schema: _s, $id: _i, ...rest }: JsonSchema) => rest

/**
 * The OpenAPI 3.1 document of `/api/v1`, generated from the zod contract that validates the requests
 * (zod's own JSON Schema output, draft 2020-12, which OpenAPI 3.1 uses). Nothing is written by hand.
 */
export function buildApiV1OpenApi(serverUrl?: string) {
  const registry = z.registry<{ id: string }>()
  for (const [id, schema] of COMPONENTS) registry.add(schema, { id })
  const byId = new Map<z.ZodType, string>(COMPONENTS.map(([id, s]) => [s, id]))
  const components = z.toJSONSchema(registry, { uri: (id) => `#/components/schemas/${id}`, io: 'output', unrepresentable: 'any' }).schemas
  // Request bodies are read as input (defaults optional); answers as output.
  const schemaOf = (s: z.ZodType, io: 'input' | 'output'): JsonSchema => {
    const id = byId.get(s)
    if (id) return ref(id)
    return strip(z.toJSONSchema(s, { io, unrepresentable: 'any' }) as JsonSchema)
  }
  const parametersOf = (s: z.ZodType | undefined, where: 'path' | 'query') => {
    if (!s) return []
    const json = z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, JsonSchema>; required?: string[] }
    return Object.entries(json.properties ?? {}).map(([name, schema]) => ({ name, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema }))
  }
  const errorResponse = (description: string, headers?: Record<string, unknown>) => ({ description, ...(headers ? { headers } : {}), content: { 'application/json': { schema: ref('Error') } } })
  const requestIdHeader = { 'Request-Id': { description: 'Identifies this request; quote it to support.', schema: { type: 'string' } } }

  const paths: Record<string, Record<string, unknown>> = {}
  for (const op of apiV1Operations) {
    const parameters: unknown[] = [...parametersOf(op.params, 'path'), ...parametersOf(op.query, 'query')]
    if (op.idempotency) {
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: op.idempotency === 'required',
        description: 'Up to 200 characters. A retry with the same key answers exactly what the first request did; the same key with another body answers 422.',
        schema: { type: 'string', maxLength: 200 },
      })
    }
    const responses: Record<string, unknown> = {}
    for (const [status, schema] of Object.entries(op.responses)) {
      responses[status] = { description: status === '201' ? 'Created' : 'OK', headers: requestIdHeader, content: { 'application/json': { schema: schemaOf(schema, 'output') } } }
    }
    if (!op.public) {
      responses['401'] = errorResponse('Missing, invalid, revoked or expired API key (`unauthenticated`)')
      responses['429'] = errorResponse(`Rate limited (${API_V1_RATE_LIMIT.requests} requests per minute and key): wait Retry-After seconds (\`rate_limited\`)`, {
        'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } },
      })
    }
    if (op.params || op.operationId === 'createIdentityToken') responses['404'] = errorResponse('No such participant, challenge or reward in the key’s program (`not_found`)')
    if (FORBIDDEN[op.operationId]) responses['403'] = errorResponse(`Refused: ${FORBIDDEN[op.operationId]}`)
    if (op.idempotency || CONFLICTS[op.operationId]) {
      const codes = [...(op.idempotency ? ['`idempotency_conflict` (the same key still in progress)'] : []), ...(CONFLICTS[op.operationId] ? [CONFLICTS[op.operationId]] : [])]
      responses['409'] = errorResponse(`Conflict: ${codes.join(', ')}`)
    }
    if (op.body || op.query || op.idempotency) {
      responses['422'] = errorResponse('Invalid request (`validation_failed`, `idempotency_conflict`, `not_enough_points`, `challenge_inactive`, `reward_unavailable`, `payment_required`)')
    }
    paths[op.path] = {
      ...paths[op.path],
      [op.method]: {
        operationId: op.operationId,
        summary: op.summary,
        ...(op.public ? { security: [] } : {}),
        ...(parameters.length ? { parameters } : {}),
        ...(op.body ? { requestBody: { required: !op.bodyOptional, content: { 'application/json': { schema: schemaOf(op.body, 'input') } } } } : {}),
        responses,
      },
    }
  }

  return {
    openapi: '3.1.0',
    info: { title: 'Tessera server API', version: 'v1', description: 'Server-to-server API of a Tessera loyalty program. Authenticate with a program API key: `Authorization: Bearer tsk_...`.' },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    security: [{ apiKey: [] }],
    paths,
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'A program API key (`tsk_...`), created in the console under Settings, Integrations.' } },
      schemas: Object.fromEntries(Object.entries(components).map(([id, s]) => [id, strip(s as JsonSchema)])),
    },
  }
}

export type ApiV1OpenApi = ReturnType<typeof buildApiV1OpenApi>
