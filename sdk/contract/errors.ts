import * as z from 'zod'

/**
 * Every error the API answers has this body. `ok: false` and `message` sit at the top level so the
 * participant site's spec-shaped clients (which read `ok` and `message`) and typed clients (which read
 * `error.code`) both work from one shape.
 */
export const errorBodySchema = z.object({
  ok: z.literal(false),
  message: z.string(),
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** One message per invalid field, keyed by the field's name as the client sent it. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
  request_id: z.string(),
})
export type ErrorBody = z.infer<typeof errorBodySchema>

/** Stable error codes. The SDK maps each to a typed error class. */
export const errorCodes = [
  'validation_failed',
  'not_found',
  'unauthenticated',
  'forbidden',
  'csrf_failed',
  'unsupported_media_type',
  /** The request's Accept names no type the answer comes in (406): the OpenAPI document is JSON only. */
  'not_acceptable',
  'payload_too_large',
  'rate_limited',
  'program_not_found',
  'invalid_code',
  'code_expired',
  'too_many_attempts',
  'resend_too_soon',
  /**
   * Many sign-ins from the client's network (429): the start goes on once it carries a passed
   * Turnstile token in the field the error names (`cf-turnstile-response`).
   */
  'challenge_required',
  'signup_required',
  'link_invalid',
  'challenge_inactive',
  'already_completed',
  'completion_limit_reached',
  'api_completion_only',
  'payment_required',
  'answers_invalid',
  'reward_unavailable',
  'already_claimed',
  'not_enough_points',
  'participant_erased',
  'out_of_stock',
  'not_eligible',
  'idempotency_conflict',
  'already_redeemed',
  'voucher_expired',
  /** A review decision on a referral that is no longer pending (409). */
  'already_decided',
  'internal_error',
  /** The program is being moved to another database by an operator: writes wait (503, Retry-After). */
  'program_read_only',
] as const
export type ErrorCode = (typeof errorCodes)[number]
