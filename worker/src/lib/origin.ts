import type { Context } from 'hono'
import type { AppEnv } from '../env'

/**
 * The origin the browser used (honours a proxy's X-Forwarded-Proto/Host). The URL is parsed only when
 * the Host header is missing: most requests run this more than once.
 */
export function requestOrigin(c: Context<AppEnv>): string {
  return originOf(c.req.url, (name) => c.req.header(name))
}

/** requestOrigin from a URL and a header reader (outside a Hono context). */
export function originOf(url: string, header: (name: string) => string | null | undefined): string {
  const proto = header('x-forwarded-proto') ?? url.slice(0, url.indexOf(':'))
  const host = header('x-forwarded-host') ?? header('host') ?? new URL(url).host
  return `${proto}://${host}`
}
