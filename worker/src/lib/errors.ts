import type { ErrorCode } from '../../../sdk/contract/errors'

/**
 * The one error type services throw. The error middleware renders it as the contract's error body;
 * `extra` adds top-level fields a spec-shaped client reads (e.g. sign_type on sign-in failures).
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: 400 | 401 | 403 | 404 | 406 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 503,
    message: string,
    readonly fields?: Record<string, string>,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message)
    this.name = 'AppError'
  }
}

/**
 * The seconds a refusal asks the client to wait (RFC 9110 Retry-After): rate limits, lockouts, a key
 * still in progress, a program paused while it moves. Undefined for any other answer.
 */
export function retryAfterOf(error: AppError): number | undefined {
  const seconds = error.extra?.retry_after_seconds
  return (error.status === 429 || error.status === 409 || error.status === 503) && typeof seconds === 'number' ? seconds : undefined
}

export const notFound = (what: string) => new AppError('not_found', 404, `${what} not found`)
export const forbidden = (message = 'You are not allowed to access this page') =>
  new AppError('forbidden', 403, message)
export const unauthenticated = (message = 'Please sign in to continue') =>
  new AppError('unauthenticated', 401, message)
export const invalidField = (field: string, message: string) =>
  new AppError('validation_failed', 422, `${field}: ${message}`, { [field]: message })
