import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { CSRF_HEADER, SESSION_MODE_HEADER } from '../../../sdk/contract/auth'
import type { AppEnv } from '../env'
import { readCookie, setSecureCookie } from '../lib/cookies'
import { hmac, randomToken, safeEqual } from '../lib/crypto'
import { AppError } from '../lib/errors'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const ALLOWED_BODY_TYPES = new Set(['application/json', 'multipart/form-data', 'application/x-www-form-urlencoded'])

/**
 * A token client authenticates with a bearer token only: it sends `Authorization: Bearer` or
 * `X-Tessera-Session: token`. Cookies are ignored for such requests and none are set, so they carry no
 * ambient credentials and need no CSRF token (a cross-site page cannot add these headers without a
 * CORS preflight we do not grant).
 */
export function isTokenClient(c: Context<AppEnv>): boolean {
  return tokenClientBy((name) => c.req.header(name))
}

/** isTokenClient from a header reader (outside a Hono context). */
export const tokenClientBy = (header: (name: string) => string | null | undefined) =>
  Boolean(header('authorization')?.startsWith('Bearer ') || header(SESSION_MODE_HEADER) === 'token')

/**
 * The token a page or script must echo: an HMAC of a random per-browser cookie, so it cannot be
 * forged without the server secret, and reading it needs a same-origin page or /public/csrf.
 */
export async function ensureCsrfToken(c: Context<AppEnv>): Promise<string> {
  if (c.get('csrfToken')) return c.get('csrfToken')
  let seed = readCookie(c, 'csrf')
  if (!seed || seed.length < 20 || seed.length > 64) {
    seed = randomToken(24)
    setSecureCookie(c, 'csrf', seed, 365 * 24 * 3600)
  }
  const token = await hmac(c.get('deps').config.secret, `csrf:${seed}`)
  c.set('csrfToken', token)
  return token
}

async function expectedToken(c: Context<AppEnv>): Promise<string | undefined> {
  const seed = readCookie(c, 'csrf')
  return seed ? hmac(c.get('deps').config.secret, `csrf:${seed}`) : undefined
}

/**
 * Refuses state changes that lack a valid CSRF token (header X-CSRF-Token for JSON, form field
 * authenticity_token for form posts), and bodies of any type but JSON, multipart and urlencoded.
 */
export const csrfProtection = createMiddleware<AppEnv>(async (c, next) => {
  await checkCsrf(c)
  await next()
})

/** csrfProtection's check; throws for a refused request. */
export async function checkCsrf(c: Context<AppEnv>): Promise<void> {
  if (SAFE_METHODS.has(c.req.method)) return
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  const hasBody = c.req.header('content-length') !== '0' && (type !== '' || c.req.header('transfer-encoding'))
  if (hasBody && !ALLOWED_BODY_TYPES.has(type)) {
    throw new AppError('unsupported_media_type', 415, `Content type "${type || 'none'}" is not accepted`)
  }
  if (isTokenClient(c)) return

  let presented = c.req.header(CSRF_HEADER)
  if (!presented && (type === 'multipart/form-data' || type === 'application/x-www-form-urlencoded')) {
    const form = await c.req.parseBody()
    const field = form.authenticity_token
    presented = typeof field === 'string' ? field : undefined
  }
  const expected = await expectedToken(c)
  if (!presented || !expected || !safeEqual(presented, expected)) {
    throw new AppError(
      'csrf_failed',
      403,
      'Invalid or missing CSRF token: send X-CSRF-Token (JSON) or authenticity_token (forms)',
    )
  }
}
