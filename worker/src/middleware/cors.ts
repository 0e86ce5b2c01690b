import type { Context } from 'hono'
import type { AppEnv } from '../env'
import { AppError } from '../lib/errors'
import { requestOrigin } from '../lib/origin'
import { isAllowedOrigin, isListedAnywhere } from '../features/programs/partner-origins'

const ALLOWED_HEADERS = 'content-type, authorization, x-program-key, x-tessera-session, idempotency-key, x-csrf-token'

const crossOrigin = (origin: string | undefined, own: string) => Boolean(origin && origin !== 'null' && origin !== own)

/**
 * Answers CORS preflights for partner pages. A preflight does not carry the program key's value, so it
 * is granted to any origin some program lists; the request itself is then checked against its own
 * program (checkPartnerOrigin below). Credentials (cookies) are never allowed cross-origin: partner pages
 * authenticate with a participant token.
 */
export async function preflightAnswer(c: Context<AppEnv>): Promise<Response | null> {
  const origin = c.req.header('origin')
  if (c.req.method !== 'OPTIONS' || !crossOrigin(origin, requestOrigin(c))) return null
  c.header('vary', 'Origin')
  if (!(await isListedAnywhere(c.get('deps'), origin!))) return c.body(null, 403)
  return c.body(null, 204, {
    'access-control-allow-origin': origin!,
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-allow-headers': ALLOWED_HEADERS,
    'access-control-max-age': '600',
    vary: 'Origin',
  })
}

/**
 * After program resolution: a cross-origin request is let through with CORS headers only when its
 * origin is in the program's domain list; a token-carrying request from any other origin is refused.
 */
export async function checkPartnerOrigin(c: Context<AppEnv>): Promise<string | null> {
  const origin = c.req.header('origin')
  if (!origin || !crossOrigin(origin, requestOrigin(c))) return null
  c.header('vary', 'Origin')
  const allowed = await isAllowedOrigin(c.get('deps'), c.get('program').id, origin)
  if (!allowed && (c.req.header('authorization') || c.req.method !== 'GET')) {
    throw new AppError('forbidden', 403, `Origin ${origin} is not in this program's domain list`)
  }
  return allowed ? origin : null
}

/** The CORS headers of an answer to an allowed partner origin (after the handler). */
export function allowOrigin(c: Context<AppEnv>, origin: string) {
  const { vary, ...headers } = allowedOriginHeaders(origin)
  for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value)
  // Added to what the handler varies on (Cookie, Authorization for cacheable reads), never replacing it.
  c.res.headers.append('vary', vary)
}

/** The CORS headers of an answer to an allowed partner origin. */
export const allowedOriginHeaders = (origin: string) => ({
  'access-control-allow-origin': origin,
  'access-control-expose-headers': 'x-request-id, idempotent-replayed',
  vary: 'Origin',
})
