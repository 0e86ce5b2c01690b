import * as z from 'zod'
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
import { errorBodySchema } from '../errors'
import { economicsReportSchema } from '../console/economics'
import { participantErasureSchema, participantExportSchema } from '../privacy'
import { challengeSchema, socialPostSchema, submitChallengeResponseSchema } from '../challenges'
import { publicOperations, type PublicOperation } from './public'

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
  ['EconomicsReport', economicsReportSchema],
  ['ParticipantExport', participantExportSchema],
  ['ParticipantErasure', participantErasureSchema],
  // The participant API's error body and the one recursive schema (a post's replies are posts).
  ['PublicError', errorBodySchema],
  ['SocialPost', socialPostSchema],
  ['Challenge', challengeSchema],
  ['SubmitChallengeResult', submitChallengeResponseSchema],
]

export const SERVER_API_TAG = 'Server API'
export const PARTICIPANT_API_TAG = 'Participant API'

/** Names of the participant session cookie (`__Host-` prefixed on https origins) and the session-mode header. */
const PARTICIPANT_COOKIE = 'tessera_session'

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

/** A query parameter that takes several values is sent Stripe style, `expand[]=a&expand[]=b`. */
export const queryParamName = (name: string, schema: JsonSchema) => (schema.type === 'array' ? `${name}[]` : name)

/**
 * The OpenAPI 3.1 document of `/api/v1` and of the participant API (`/public`), generated from the zod
 * contract that validates the requests (zod's own JSON Schema output, draft 2020-12, which OpenAPI 3.1
 * uses): the server API from `apiV1Operations`, the participant API from `publicOperations`. Nothing is
 * written by hand; openapi-check.ts compares the result with the schemas again.
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
    const json = strip(z.toJSONSchema(s, { io, unrepresentable: 'any' }) as JsonSchema)
    // `#/$defs` would point into the document's root: a recursive schema must be a named component.
    if (json.$defs) throw new Error(`openapi: a schema with recursive parts needs a COMPONENTS entry (${JSON.stringify(json).slice(0, 120)})`)
    return json
  }
  const parametersOf = (s: z.ZodType | undefined, where: 'path' | 'query') => {
    if (!s) return []
    const json = z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, JsonSchema>; required?: string[] }
    return Object.entries(json.properties ?? {}).map(([name, schema]) => ({
      name: where === 'query' ? queryParamName(name, schema) : name,
      in: where,
      required: where === 'path' || (json.required ?? []).includes(name),
      ...(schema.type === 'array' ? { style: 'form', explode: true } : {}),
      schema,
    }))
  }
  const errorResponse = (description: string, headers?: Record<string, unknown>, error = 'Error') => ({ description, ...(headers ? { headers } : {}), content: { 'application/json': { schema: ref(error) } } })
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
      responses['429'] = errorResponse(`Rate limited (${API_V1_RATE_LIMIT.perSecond} requests a second and key unless set otherwise for the key, bursts of ${API_V1_RATE_LIMIT.burstSeconds} seconds' worth): wait Retry-After seconds (\`rate_limited\`)`, {
        'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } },
      })
    }
    if (op.params || op.operationId === 'createIdentityToken') responses['404'] = errorResponse('No such participant, challenge or reward in the key’s program (`not_found`)')
    if (op.path.startsWith('/participants/{id}') && !/\/(export|erase)$/.test(op.path)) {
      responses['410'] = errorResponse('The participant was erased (`participant_erased`): their record is an anonymous tombstone that keeps the books; it is not read, credited or charged any more')
    }
    if (op.operationId === 'getOpenApi') responses['406'] = errorResponse('An Accept header that takes no JSON type (`not_acceptable`): the document is JSON only')
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
        tags: [SERVER_API_TAG],
        summary: op.summary,
        ...(op.public ? { security: [] } : {}),
        ...(parameters.length ? { parameters } : {}),
        ...(op.body ? { requestBody: { required: !op.bodyOptional, content: { 'application/json': { schema: schemaOf(op.body, 'input') } } } } : {}),
        responses,
      },
    }
  }

  const participantSecurity = [{ participantCookie: [] }, { participantToken: [] }]
  const publicOperation = (op: PublicOperation) => {
    const parameters: unknown[] = [...parametersOf(op.params, 'path'), ...parametersOf(op.query, 'query')]
    if (op.idempotency) {
      parameters.push({ name: 'Idempotency-Key', in: 'header', required: false, description: 'A retry with the same key answers what the first request did.', schema: { type: 'string', maxLength: 200 } })
    }
    if (op.method === 'post') {
      parameters.push({ name: 'X-CSRF-Token', in: 'header', required: false, description: 'Required from cookie clients (the token of `GET /public/csrf`); token clients (`X-Tessera-Session: token`) send none.', schema: { type: 'string' } })
    }
    const [status, ok] = (Object.entries(op.responses)[0] ?? ['200', undefined]) as [string, z.ZodType | undefined]
    const responses: Record<string, unknown> = {
      [status]: op.download
        ? { description: 'The file', content: { 'application/json': { schema: { type: 'object' } } } }
        : { description: ok ? (status === '201' ? 'Created' : 'OK') : op.summary, content: { 'application/json': { schema: ok ? schemaOf(ok, 'output') : { type: 'object' } } } },
    }
    if (op.auth === 'participant') responses['401'] = errorResponse('No signed-in participant (`unauthenticated`)', undefined, 'PublicError')
    if (op.method === 'post') responses['403'] = errorResponse('A cookie client without a valid CSRF token (`csrf_failed`), or a refused origin', undefined, 'PublicError')
    responses['404'] = errorResponse('No program for this host or program key, or no such item (`not_found`)', undefined, 'PublicError')
    if (op.body || op.query || op.params) responses['422'] = errorResponse('Invalid request: `error.fields` names each field (`validation_failed`)', undefined, 'PublicError')
    return {
      operationId: op.operationId,
      tags: [PARTICIPANT_API_TAG],
      summary: op.summary,
      security: op.auth === 'participant' ? participantSecurity : op.auth === 'optional' ? [{}, ...participantSecurity] : [],
      ...(parameters.length ? { parameters } : {}),
      ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(op.body, 'input') } } } } : {}),
      ...(op.upload
        ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties: { [op.upload]: { type: 'string', format: 'binary' } }, required: [op.upload] } } } } }
        : {}),
      responses,
    }
  }
  for (const op of publicOperations) paths[op.path] = { ...paths[op.path], [op.method]: publicOperation(op) }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Tessera API',
      version: 'v1',
      license: { name: 'Tessera terms of service (proprietary)', identifier: 'LicenseRef-Tessera' },
      description:
        'The server API (`/api/v1`, tag Server API): server-to-server calls of a Tessera loyalty program with a program API key, `Authorization: Bearer tsk_...`. The participant API (`/public`, tag Participant API): what the participant site and the embedded widgets call as a participant.',
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    tags: [
      { name: SERVER_API_TAG, description: 'Program API keys (`Authorization: Bearer tsk_...`), created in the console under Settings, Integrations. Errors: `{ error: { code, message, request_id } }`.' },
      {
        name: PARTICIPANT_API_TAG,
        description:
          'On the program\'s site host, or any host with the program\'s public key in `X-Program-Key` (or `?program=`). Signed in by the session cookie (browsers on the site; POSTs send `X-CSRF-Token`) or by a session token (embedded widgets: `X-Tessera-Session: token` and `Authorization: Bearer <session token>`, from `POST /public/signin/verify`, `/public/signin/identity` or `/public/signin/handoff`). Errors: `{ ok: false, message, error: { code, message, fields? }, request_id }`.',
      },
    ],
    security: [{ apiKey: [] }],
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'A program API key (`tsk_...`), created in the console under Settings, Integrations.' },
        participantCookie: { type: 'apiKey', in: 'cookie', name: PARTICIPANT_COOKIE, description: `The participant session cookie set by \`POST /public/signin/verify\` (\`__Host-${PARTICIPANT_COOKIE}\` on https origins).` },
        participantToken: { type: 'http', scheme: 'bearer', description: 'A participant session token, sent with `X-Tessera-Session: token` (embedded widgets; no cookies, no CSRF token).' },
      },
      schemas: Object.fromEntries(Object.entries(components).map(([id, s]) => [id, strip(s as JsonSchema)])),
    },
  }
}

export type ApiV1OpenApi = ReturnType<typeof buildApiV1OpenApi>
