import type { Context } from 'hono'
import type { AppEnv } from '../env'

/**
 * The origin the browser used (honours a proxy's X-Forwarded-Proto/Host). The URL is parsed only when
 * the Host header is missing: most requests run this more than once.
 */
export function requestOrigin(c: Context<AppEnv>): string {
  const url = c.req.url
  const proto = c.req.header('x-forwarded-proto') ?? url.slice(0, url.indexOf(':'))
  const host = c.req.header('x-forwarded-host') ?? c.req.header('host') ?? new URL(url).host
  return `${proto}://${host}`
}
