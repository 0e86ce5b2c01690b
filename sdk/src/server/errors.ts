import { TesseraError } from '../errors'

/** What went wrong, for a `switch` instead of `instanceof` chains. */
export type ApiErrorKind = 'authentication' | 'permission' | 'not_found' | 'validation' | 'idempotency' | 'conflict' | 'rate_limit' | 'connection' | 'api'

/**
 * Every error `createServerClient` throws: a non-2xx answer of `/api/v1` (`status`, its stable
 * `code`, `requestId` from the body or the `Request-Id` header, `fields` for invalid fields), or a
 * request that got no answer at all (`ApiConnectionError`, status 0). `kind` tells the families apart;
 * each has its subclass as well.
 */
export class TesseraApiError extends TesseraError {
  override name = 'TesseraApiError'
  readonly kind: ApiErrorKind
  /** Attempts made, retries included. */
  attempts = 1
  constructor(
    message: string,
    status: number,
    code: string,
    fields: Record<string, string> | undefined,
    requestId: string | undefined,
    body: Record<string, unknown>,
    kind: ApiErrorKind = 'api',
  ) {
    super(message, status, code, fields, requestId, body)
    this.kind = kind
  }
}

/** 401 `unauthenticated`: the API key is missing, wrong, revoked or expired. */
export class ApiAuthenticationError extends TesseraApiError {
  override name = 'ApiAuthenticationError'
}
/** 403: `forbidden`, `not_eligible`. */
export class ApiPermissionError extends TesseraApiError {
  override name = 'ApiPermissionError'
}
/** 404 `not_found` (also any id of another program than the key's). */
export class ApiNotFoundError extends TesseraApiError {
  override name = 'ApiNotFoundError'
}
/** 400/415/422 `validation_failed` and friends: `fields` names each invalid field. */
export class ApiValidationError extends TesseraApiError {
  override name = 'ApiValidationError'
}
/** `idempotency_conflict`: the key was used with another body or path (422), or its first request is still running (409). */
export class ApiIdempotencyError extends TesseraApiError {
  override name = 'ApiIdempotencyError'
}
/** 409 state conflicts: `already_completed`, `completion_limit_reached`, `already_claimed`, `out_of_stock`. */
export class ApiConflictError extends TesseraApiError {
  override name = 'ApiConflictError'
}
/** 429 `rate_limited`, after the client's own retries: `retryAfterSeconds` from `Retry-After`. */
export class ApiRateLimitError extends TesseraApiError {
  override name = 'ApiRateLimitError'
  retryAfterSeconds: number | undefined
}
/** No answer: the network failed or `timeoutMs` passed, on every attempt. `cause` is the last failure. */
export class ApiConnectionError extends TesseraApiError {
  override name = 'ApiConnectionError'
}

type ErrorClass = new (...args: ConstructorParameters<typeof TesseraApiError>) => TesseraApiError

function classify(status: number, code: string): [ErrorClass, ApiErrorKind] {
  if (code === 'idempotency_conflict') return [ApiIdempotencyError, 'idempotency']
  if (status === 429 || code === 'rate_limited') return [ApiRateLimitError, 'rate_limit']
  if (status === 401 || code === 'unauthenticated') return [ApiAuthenticationError, 'authentication']
  if (status === 403) return [ApiPermissionError, 'permission']
  if (status === 404) return [ApiNotFoundError, 'not_found']
  if (status === 409) return [ApiConflictError, 'conflict']
  if (code === 'validation_failed' || status === 400 || status === 413 || status === 415) return [ApiValidationError, 'validation']
  return [TesseraApiError, 'api']
}

/** The typed error of a non-2xx answer (the body as parsed: `{ error: { code, message, request_id, fields? } }`). */
export function apiErrorFrom(status: number, body: unknown, headers: Headers): TesseraApiError {
  const obj = body && typeof body === 'object' ? (body as Record<string, unknown>) : {}
  const err = obj.error && typeof obj.error === 'object' ? (obj.error as Record<string, unknown>) : {}
  const code = typeof err.code === 'string' ? err.code : status >= 500 ? 'internal_error' : 'unknown_error'
  const message = typeof err.message === 'string' ? err.message : `Request failed with status ${status}`
  const requestId = (typeof err.request_id === 'string' ? err.request_id : undefined) ?? headers.get('request-id') ?? undefined
  const fields = err.fields && typeof err.fields === 'object' ? (err.fields as Record<string, string>) : undefined
  const [Class, kind] = classify(status, code)
  const error = new Class(message, status, code, fields, requestId, obj, kind)
  if (error instanceof ApiRateLimitError) error.retryAfterSeconds = retryAfterMs(headers) !== undefined ? Math.ceil(retryAfterMs(headers)! / 1000) : undefined
  return error
}

/** `Retry-After` in milliseconds: delta seconds or an HTTP date. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get('retry-after')
  if (!value) return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}
