import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { ZodError } from 'zod'
import type { ErrorBody } from '../../../sdk/contract/errors'
import type { AppEnv } from '../env'
import { AppError, retryAfterOf } from '../lib/errors'

/** Turns zod issues into one message per field, keyed by the field path as the client sent it. */
export function fieldsFromZod(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_'
    if (!fields[key]) fields[key] = issue.message
  }
  return fields
}

export function validationError(error: ZodError): AppError {
  const fields = fieldsFromZod(error)
  const summary = Object.entries(fields)
    .map(([k, v]) => (k === '_' ? v : `${k}: ${v}`))
    .join('; ')
  return new AppError('validation_failed', 422, summary || 'Invalid request', fields)
}

/** The single place errors become responses (app.onError). */
export function renderError(err: unknown, c: Context<AppEnv>): Response {
  let appError: AppError
  if (err instanceof AppError) appError = err
  else if (err instanceof ZodError) appError = validationError(err)
  else if (err instanceof HTTPException && err.status === 413)
    appError = new AppError('payload_too_large', 413, 'The request body is too large')
  else if (err instanceof HTTPException && err.status < 500)
    appError = new AppError('validation_failed', err.status === 400 ? 400 : 422, err.message || 'Bad request')
  else {
    const log = c.get('deps')?.log ?? console.error
    log(`[error] ${c.get('requestId') ?? '-'} ${c.req.method} ${c.req.path}: ${(err as Error)?.stack ?? String(err)}`)
    appError = new AppError('internal_error', 500, 'Something went wrong')
  }
  const body: ErrorBody & Record<string, unknown> = {
    ...appError.extra,
    ok: false,
    message: appError.message,
    error: {
      code: appError.code,
      message: appError.message,
      ...(appError.fields ? { fields: appError.fields } : {}),
    },
    request_id: c.get('requestId') ?? '',
  }
  const retryAfter = retryAfterOf(appError)
  if (retryAfter !== undefined) c.header('Retry-After', String(retryAfter))
  return c.json(body, appError.status)
}
