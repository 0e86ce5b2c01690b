import type { ErrorBody, ErrorCode } from '../contract/errors'

/** Base class of every error the SDK raises for a non-2xx answer. */
export class TesseraError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: ErrorCode | string,
    readonly fields: Record<string, string> | undefined,
    readonly requestId: string | undefined,
    /** The whole body, for spec fields such as sign_type or redirect_url. */
    readonly body: Record<string, unknown>,
  ) {
    super(message)
  }
  // Names are written out: a minifier renames classes, and `Tessera: hn: ...` in a partner's console
  // says nothing.
  override name = 'TesseraError'
}
export class ValidationError extends TesseraError {
  override name = 'ValidationError'
}
export class AuthenticationError extends TesseraError {
  override name = 'AuthenticationError'
}
export class PermissionError extends TesseraError {
  override name = 'PermissionError'
}
export class NotFoundError extends TesseraError {
  override name = 'NotFoundError'
}
export class RateLimitError extends TesseraError {
  override name = 'RateLimitError'
}
export class CsrfError extends TesseraError {
  override name = 'CsrfError'
}
export class ApiError extends TesseraError {
  override name = 'ApiError'
}

/** One switch from the contract's error body to a typed error (as stripe-node's Error.ts does). */
export function errorFromBody(status: number, body: Partial<ErrorBody> & Record<string, unknown>): TesseraError {
  const code = body.error?.code ?? 'internal_error'
  const message = body.message ?? body.error?.message ?? `Request failed with status ${status}`
  const args = [message, status, code, body.error?.fields, body.request_id, body] as const
  switch (code) {
    // challenge_required: a field to fill in (the Turnstile token it names), not a wait.
    case 'validation_failed':
    case 'signup_required':
    case 'challenge_required':
    case 'unsupported_media_type':
    case 'not_acceptable':
    case 'payload_too_large':
      return new ValidationError(...args)
    case 'unauthenticated':
    case 'invalid_code':
    case 'code_expired':
    case 'link_invalid':
      return new AuthenticationError(...args)
    case 'forbidden':
      return new PermissionError(...args)
    case 'csrf_failed':
      return new CsrfError(...args)
    case 'not_found':
    case 'program_not_found':
      return new NotFoundError(...args)
    case 'rate_limited':
    case 'too_many_attempts':
    case 'resend_too_soon':
      return new RateLimitError(...args)
    default:
      return new ApiError(...args)
  }
}
