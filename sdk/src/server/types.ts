// Types only, inferred from the zod contract the worker validates with (sdk/contract/api-v1): the
// client cannot drift from the server. The package build (sdk/scripts/build.mjs) writes them out as
// plain types, so the published package has no dependency on zod.
import type { z } from 'zod'
import type {
  actionSchema,
  actionsQuerySchema,
  apiErrorSchema,
  apiRewardSchema,
  challengeCompletionSchema,
  identityTokenCreateSchema,
  identityTokenSchema,
  ledgerEntrySchema,
  ledgerQuerySchema,
  participantLookupQuerySchema,
  participantSchema,
  participantUpsertSchema,
  pointsAdjustResultSchema,
  pointsAdjustSchema,
  rewardClaimResultSchema,
  rewardClaimSchema,
  rewardListQuerySchema,
} from '../../contract/api-v1'
import type { apiReceiptSchema, externalReceiptSchema } from '../../contract/receipts'
import type { economicsQuerySchema, economicsReportSchema } from '../../contract/console/economics'
import type { participantErasureSchema, participantExportSchema } from '../../contract/privacy'

/** The error body of every `/api/v1` answer that is not 2xx. */
export type ApiErrorBody = z.output<typeof apiErrorSchema>

export type Participant = z.output<typeof participantSchema>
/** POST /api/v1/participants: finds by `external_id`, else `email`; creates when neither matches (then `email` is required). */
export type ParticipantUpsertParams = z.input<typeof participantUpsertSchema>
/** GET /api/v1/participants: `email` or `external_id`. */
export type ParticipantLookupParams = z.output<typeof participantLookupQuerySchema>

export type PointsAdjustParams = z.input<typeof pointsAdjustSchema>
export type PointsChangeParams = Omit<PointsAdjustParams, 'type'>
export type LedgerEntry = z.output<typeof ledgerEntrySchema>
export type PointsAdjustResult = z.output<typeof pointsAdjustResultSchema>
export type LedgerListParams = Partial<z.output<typeof ledgerQuerySchema>>

export type Action = z.output<typeof actionSchema>
export type ActionListParams = Partial<z.output<typeof actionsQuerySchema>>

export type ChallengeCompletion = z.output<typeof challengeCompletionSchema>

export type Reward = z.output<typeof apiRewardSchema>
export type RewardListParams = Partial<z.output<typeof rewardListQuerySchema>>
export type RewardClaimParams = z.input<typeof rewardClaimSchema>
export type RewardClaim = z.output<typeof rewardClaimResultSchema>

/** GET /api/v1/participants/{id}/export: everything the program holds about the participant (docs/privacy.md). */
export type ParticipantExport = z.output<typeof participantExportSchema>
/** POST /api/v1/participants/{id}/erase: the erasure, the same answer on every call. */
export type ParticipantErasure = z.output<typeof participantErasureSchema>

export type IdentityTokenParams = z.input<typeof identityTokenCreateSchema>
export type IdentityToken = z.output<typeof identityTokenSchema>

/** POST /api/v1/receipts: a purchase with its items already read; idempotent by `external_id`. */
export type ReceiptCreateParams = z.input<typeof externalReceiptSchema>
export type Receipt = z.output<typeof apiReceiptSchema>

/** GET /api/v1/economics: the period (YYYY-MM-DD, both days included; twelve months to today when left out). */
export type EconomicsParams = z.input<typeof economicsQuerySchema>
/** The program's economics: each block `{ ok: true, data }`, or `{ ok: false, error }` when it alone failed. */
export type EconomicsReport = z.output<typeof economicsReportSchema>

/** One page of a cursor-paginated list: pass the last item's id as `starting_after` while `has_more`. */
export type Page<T> = { object: 'list'; data: T[]; has_more: boolean }
