import * as z from 'zod'
import { economicsQuerySchema, economicsReportSchema } from '../console/economics'
import { apiReceiptSchema, externalReceiptSchema } from '../receipts'
import { participantErasureSchema, participantExportSchema } from '../privacy'

/**
 * The server API (`/api/v1`): partners' servers call it with a program API key
 * (`Authorization: Bearer tsk_...`). These schemas validate the requests in the worker and are the
 * source of the OpenAPI document served at `/api/v1/openapi.json` (see openapi.ts): one contract, no
 * hand-written spec.
 */

/** Every error answer of `/api/v1`: one shape, a stable `code` (sdk/contract/errors.ts) and the request's id. */
export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.string().meta({ description: 'Stable, machine-readable error code, e.g. `unauthenticated`, `not_found`, `validation_failed`, `rate_limited`, `idempotency_conflict`, `not_enough_points`.' }),
      message: z.string(),
      request_id: z.string().meta({ description: 'The same value as the `Request-Id` response header.' }),
      fields: z.record(z.string(), z.string()).optional().meta({ description: 'One message per invalid field (validation errors).' }),
    }),
  })

export type ApiError = z.infer<typeof apiErrorSchema>

export const participantSchema = z
  .object({
    object: z.literal('participant'),
    id: z.number().int(),
    email: z.string(),
    external_id: z.string().nullable(),
    first_name: z.string(),
    last_name: z.string(),
    status: z.enum(['pending', 'inactive', 'active', 'opted_out', 'blocked']),
    /** Spendable points. */
    points_balance: z.number().int(),
    /** Points earned over the participant's life. */
    lifetime_points: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })

export type ApiParticipant = z.infer<typeof participantSchema>

const externalId = z.string().trim().min(1).max(255)
const name = z.string().trim().max(100)

/** POST /api/v1/participants: finds by `external_id`, else by `email`, and updates; creates when neither matches (then `email` is required). */
export const participantUpsertSchema = z
  .object({
    email: z.email().max(254).optional(),
    external_id: externalId.optional(),
    first_name: name.optional(),
    last_name: name.optional(),
  })
  .strict()
  .refine((v) => v.email !== undefined || v.external_id !== undefined, { message: 'email or external_id is required', path: ['email'] })

export type ParticipantUpsert = z.infer<typeof participantUpsertSchema>

export const participantLookupQuerySchema = z
  .object({
    email: z.email().max(254).optional(),
    external_id: externalId.optional(),
  })
  .refine((v) => v.email !== undefined || v.external_id !== undefined, { message: 'email or external_id is required', path: ['email'] })

export const participantListSchema = z.object({ object: z.literal('list'), data: z.array(participantSchema), has_more: z.boolean() })

export const pointsAdjustSchema = z
  .object({
    type: z.enum(['earn', 'spend', 'refund']),
    amount: z.number().int().min(1).max(10_000_000),
    reason: z.string().trim().min(1).max(200),
  })
  .strict()

export type PointsAdjust = z.infer<typeof pointsAdjustSchema>

export const ledgerEntrySchema = z
  .object({
    object: z.literal('ledger_entry'),
    id: z.number().int(),
    participant_id: z.number().int(),
    /** Signed: positive adds to the balance, negative takes from it. */
    delta: z.number().int(),
    kind: z.enum(['earn', 'spend', 'adjust', 'refund', 'expire']),
    source: z.string(),
    title: z.string(),
    created_at: z.string(),
    participant: participantSchema.optional().meta({ description: 'The participant, with `expand[]=participant`.' }),
  })

export type ApiLedgerEntry = z.infer<typeof ledgerEntrySchema>

export const pointsAdjustResultSchema = z.object({ entry: ledgerEntrySchema, participant: participantSchema })
export type PointsAdjustResult = z.infer<typeof pointsAdjustResultSchema>

/**
 * Expandable objects, Stripe style: `expand[]=participant` (repeat for several) puts the named objects
 * in place next to their ids. Unknown names are 422.
 */
export const expandParam = <const T extends readonly [string, ...string[]]>(names: T) =>
  z
    .array(z.enum(names))
    .max(names.length)
    .optional()
    .meta({ description: `Objects to include in the answer: ${names.map((n) => `\`${n}\``).join(', ')}. Send as \`expand[]=${names[0]}\`, repeated for several.` })

/** Cursor pagination, newest first: pass the last entry's id as `starting_after` for the next page. */
export const ledgerQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  starting_after: z.coerce.number().int().min(1).optional(),
  expand: expandParam(['participant']),
})

export const ledgerPageSchema = z.object({ object: z.literal('list'), data: z.array(ledgerEntrySchema), has_more: z.boolean() })
export type LedgerPage = z.infer<typeof ledgerPageSchema>

export const participantIdParamsSchema = z.object({ id: z.coerce.number().int().min(1) })

/**
 * A key's rate limit: `perSecond` requests a second (Stripe's order, 100 by default; set per key in the
 * console, `min` to `max`), with bursts of up to `burstSeconds` seconds' worth. Every answer carries
 * `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`; past the limit, 429 `rate_limited`
 * with `Retry-After`.
 */
export const API_V1_RATE_LIMIT = { perSecond: 100, min: 1, max: 1000, burstSeconds: 2 } as const

/** Cursor pagination shared by the lists below: `limit` rows after the `starting_after` id. */
const pageQuery = {
  limit: z.coerce.number().int().min(1).max(100).default(20),
  starting_after: z.coerce.number().int().min(1).optional(),
}

// ---- Challenges ----------------------------------------------------------------------------

/** `{challenge_id}`: the challenge's numeric id or its identifier (`coffee-origins`). */
export const participantChallengeParamsSchema = z.object({
  id: z.coerce.number().int().min(1),
  challenge_id: z.string().trim().min(1).max(255).meta({ description: 'The challenge id or its identifier' }),
})

export const challengeCompletionSchema = z.object({
  object: z.literal('challenge_completion'),
  challenge_id: z.number().int(),
  identifier: z.string(),
  challenge_type: z.string(),
  participant_id: z.number().int(),
  /** Points credited by this completion (0 for prize challenges). */
  points: z.number().int(),
  /** The repeat period this completion fills (`once`, `2026-11-25`, `n:3`, ...). */
  period_key: z.string(),
  completed_at: z.string(),
  participant: participantSchema,
})
export type ApiChallengeCompletion = z.infer<typeof challengeCompletionSchema>

// ---- Rewards -------------------------------------------------------------------------------

export const apiRewardSchema = z.object({
  object: z.literal('reward'),
  id: z.number().int(),
  name: z.string(),
  selection: z.enum(['sweepstake', 'achievement', 'milestone', 'redeem', 'offer', 'mini-contest', 'other']),
  description: z.string(),
  /** Points a claim spends (per entry for a sweepstake). */
  cost: z.number().int(),
  repeatable: z.boolean(),
  featured: z.boolean(),
  /** Effective status by dates: only active rewards can be claimed. */
  status: z.enum(['active', 'scheduled', 'ended']),
  /** Inventory: claims never exceed `limit`; `remaining` = limit - claims. */
  limit: z.number().int(),
  claims: z.number().int(),
  remaining: z.number().int(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
})
export type ApiReward = z.infer<typeof apiRewardSchema>

/** GET /api/v1/rewards: the program's published rewards by id ascending; `starting_after` is the last id seen. */
export const rewardListQuerySchema = z.object({
  ...pageQuery,
  status: z.enum(['active', 'scheduled', 'ended']).optional().meta({ description: 'Only rewards with this effective status' }),
})
export const rewardPageSchema = z.object({ object: z.literal('list'), data: z.array(apiRewardSchema), has_more: z.boolean() })
export type RewardPage = z.infer<typeof rewardPageSchema>

export const participantRewardParamsSchema = z.object({ id: z.coerce.number().int().min(1), reward_id: z.coerce.number().int().min(1) })

/** POST .../claim body (optional: an empty body claims one): `entries` buys that many sweepstake entries. */
export const rewardClaimSchema = z.object({ entries: z.number().int().min(1).max(1000).optional() }).strict()
export type RewardClaim = z.infer<typeof rewardClaimSchema>

export const rewardClaimResultSchema = z.object({
  object: z.literal('reward_claim'),
  reward_id: z.number().int(),
  participant_id: z.number().int(),
  /** The coupon code given to this participant's latest claim, when the reward has a coupon pool. */
  coupon_code: z.string().nullable(),
  claimed_at: z.string().nullable(),
  /** Sweepstakes: the participant's entries after this purchase. */
  sweepstake_entries: z.number().int().nullable(),
  reward: apiRewardSchema,
  participant: participantSchema,
})
export type RewardClaimResult = z.infer<typeof rewardClaimResultSchema>

// ---- Actions -------------------------------------------------------------------------------

export const actionSchema = z.object({
  object: z.literal('action'),
  id: z.number().int(),
  participant_id: z.number().int(),
  /** `challenge_completed`, `reward_claimed`, `points_adjusted`, `tier_changed`, `signup`, ... */
  type: z.string(),
  title: z.string(),
  points: z.number().int(),
  /** What the action is about (`Challenge`, `Reward`, ...) and its id, when it is about something. */
  actionable_type: z.string().nullable(),
  actionable_id: z.number().int().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
  participant: participantSchema.optional().meta({ description: 'The participant, with `expand[]=participant`.' }),
  reward: apiRewardSchema.nullable().optional().meta({ description: 'With `expand[]=reward`: the reward of a reward action (a claim, an award), else null.' }),
})
export type ApiAction = z.infer<typeof actionSchema>

/** Newest first, like the ledger. */
export const actionsQuerySchema = z.object({ ...pageQuery, expand: expandParam(['participant', 'reward']) })
export const actionPageSchema = z.object({ object: z.literal('list'), data: z.array(actionSchema), has_more: z.boolean() })
export type ActionPage = z.infer<typeof actionPageSchema>

// ---- Identity tokens -----------------------------------------------------------------------

/** Longest and default life of an issued identity token, seconds (the widgets accept at most 600). */
export const IDENTITY_TOKEN_TTL = { default: 300, max: 600, min: 30 } as const

/** POST /api/v1/identity_tokens: a token for this e-mail, or for the participant with this external id. */
export const identityTokenCreateSchema = z
  .object({
    email: z.email().max(254).optional(),
    external_id: externalId.optional(),
    first_name: z.string().trim().max(80).optional(),
    last_name: z.string().trim().max(80).optional(),
    expires_in: z.number().int().min(IDENTITY_TOKEN_TTL.min).max(IDENTITY_TOKEN_TTL.max).default(IDENTITY_TOKEN_TTL.default).meta({ description: 'Seconds the token lives (30 to 600, default 300)' }),
  })
  .strict()
  .refine((v) => v.email !== undefined || v.external_id !== undefined, { message: 'email or external_id is required', path: ['email'] })
export type IdentityTokenCreate = z.infer<typeof identityTokenCreateSchema>

export const identityTokenSchema = z.object({
  object: z.literal('identity_token'),
  /** `v1.{payload}.{signature}` as docs/embedding.md describes: pass it to `Tessera('signInWithIdentityToken', token)`. Single use. */
  token: z.string(),
  email: z.string(),
  /** The existing participant with this e-mail, or null when the exchange will create one. */
  participant_id: z.number().int().nullable(),
  expires_at: z.string(),
})
export type ApiIdentityToken = z.infer<typeof identityTokenSchema>

type Method = 'get' | 'post'
export type ApiV1Operation = {
  method: Method
  /** OpenAPI form: `/api/v1/participants/{id}`. */
  path: string
  operationId: string
  summary: string
  params?: z.ZodObject
  query?: z.ZodObject
  body?: z.ZodType
  /** The body may be left out (an empty body is `{}`). */
  bodyOptional?: boolean
  /** `required`: the call refuses to run without an `Idempotency-Key` header. */
  idempotency?: 'required' | 'optional'
  responses: Partial<Record<200 | 201, z.ZodType>>
  public?: boolean
}

/**
 * Every `/api/v1` operation by id: the worker's router is built from this table (one route per entry,
 * validating with exactly these schemas) and the OpenAPI document is generated from it, so the two
 * cannot drift (worker/src/features/api-v1/routes.ts, openapi.ts, openapi-check.ts).
 */
export const apiV1OperationTable = {
  getOpenApi: { method: 'get', path: '/api/v1/openapi.json', operationId: 'getOpenApi', summary: 'This OpenAPI 3.1 document', responses: { 200: z.object({}).passthrough() }, public: true },
  upsertParticipant: {
    method: 'post',
    path: '/api/v1/participants',
    operationId: 'upsertParticipant',
    summary: 'Create or update a participant by external id or e-mail',
    body: participantUpsertSchema,
    idempotency: 'optional',
    responses: { 200: participantSchema, 201: participantSchema },
  },
  findParticipants: {
    method: 'get',
    path: '/api/v1/participants',
    operationId: 'findParticipants',
    summary: 'Find a participant by e-mail or external id',
    query: participantLookupQuerySchema,
    responses: { 200: participantListSchema },
  },
  getParticipant: { method: 'get', path: '/api/v1/participants/{id}', operationId: 'getParticipant', summary: 'Retrieve a participant', params: participantIdParamsSchema, responses: { 200: participantSchema } },
  adjustPoints: {
    method: 'post',
    path: '/api/v1/participants/{id}/points',
    operationId: 'adjustPoints',
    summary: 'Earn, spend or refund points (Idempotency-Key required)',
    params: participantIdParamsSchema,
    body: pointsAdjustSchema,
    idempotency: 'required',
    responses: { 201: pointsAdjustResultSchema },
  },
  exportParticipant: {
    method: 'get',
    path: '/api/v1/participants/{id}/export',
    operationId: 'exportParticipant',
    summary: "Everything the program holds about a participant, as one JSON document (a data access request; docs/privacy.md documents each field). Receipt photo links work for 24 hours",
    params: participantIdParamsSchema,
    responses: { 200: participantExportSchema },
  },
  eraseParticipant: {
    method: 'post',
    path: '/api/v1/participants/{id}/erase',
    operationId: 'eraseParticipant',
    summary:
      "Erase a participant (a deletion request): every personal field is overwritten or removed, their receipt photos deleted and their sessions ended; points, claims and the program's totals are kept under an anonymous tombstone. Sends `participant.erased`. Idempotent: a repeat answers the same",
    params: participantIdParamsSchema,
    responses: { 200: participantErasureSchema },
  },
  listLedger: {
    method: 'get',
    path: '/api/v1/participants/{id}/ledger',
    operationId: 'listLedger',
    summary: "A participant's points ledger, newest first (cursor-paginated; `expand[]=participant`)",
    params: participantIdParamsSchema,
    query: ledgerQuerySchema,
    responses: { 200: ledgerPageSchema },
  },
  completeChallenge: {
    method: 'post',
    path: '/api/v1/participants/{id}/challenges/{challenge_id}/complete',
    operationId: 'completeChallenge',
    summary: "Complete a challenge on the participant's behalf, `api_completion_only` ones included (Idempotency-Key required)",
    params: participantChallengeParamsSchema,
    idempotency: 'required',
    responses: { 201: challengeCompletionSchema },
  },
  listRewards: {
    method: 'get',
    path: '/api/v1/rewards',
    operationId: 'listRewards',
    summary: "The program's published rewards (cursor-paginated)",
    query: rewardListQuerySchema,
    responses: { 200: rewardPageSchema },
  },
  claimReward: {
    method: 'post',
    path: '/api/v1/participants/{id}/rewards/{reward_id}/claim',
    operationId: 'claimReward',
    summary: "Claim a reward on the participant's behalf, spending their points (Idempotency-Key required)",
    params: participantRewardParamsSchema,
    body: rewardClaimSchema,
    bodyOptional: true,
    idempotency: 'required',
    responses: { 201: rewardClaimResultSchema },
  },
  listActions: {
    method: 'get',
    path: '/api/v1/participants/{id}/actions',
    operationId: 'listActions',
    summary: "A participant's actions, newest first (cursor-paginated; `expand[]=participant`, `expand[]=reward`)",
    params: participantIdParamsSchema,
    query: actionsQuerySchema,
    responses: { 200: actionPageSchema },
  },
  createIdentityToken: {
    method: 'post',
    path: '/api/v1/identity_tokens',
    operationId: 'createIdentityToken',
    summary: 'Issue a short-lived partner identity token that signs the participant in to the widgets',
    body: identityTokenCreateSchema,
    idempotency: 'optional',
    responses: { 201: identityTokenSchema },
  },
  createReceipt: {
    method: 'post',
    path: '/api/v1/receipts',
    operationId: 'createReceipt',
    summary: 'Send a purchase receipt with its items already read (source external; idempotent by external_id)',
    body: externalReceiptSchema,
    idempotency: 'optional',
    responses: { 200: apiReceiptSchema, 201: apiReceiptSchema },
  },
  getEconomics: {
    method: 'get',
    path: '/api/v1/economics',
    operationId: 'getEconomics',
    summary:
      "The program's economics for a period (`from`, `to`: YYYY-MM-DD; twelve months to today by default): points outstanding and their liability, redemption and breakage rates, earn and burn by source, the expiry forecast, participation, retention cohorts and tiers. Each block answers on its own (`ok: false` with its error when it alone failed).",
    query: economicsQuerySchema,
    responses: { 200: economicsReportSchema },
  },
} satisfies Record<string, ApiV1Operation>

export type ApiV1OperationId = keyof typeof apiV1OperationTable

/** Every `/api/v1` operation. A test fails when the worker mounts a route that is not listed here. */
export const apiV1Operations: ApiV1Operation[] = Object.values(apiV1OperationTable)
