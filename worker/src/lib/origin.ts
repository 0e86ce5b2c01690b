import type { Context } from 'hono'
import type { AppEnv } from '../env'

/** The origin the browser used (honours a proxy's X-Forwarded-Proto/Host). */
export function requestOrigin(c: Context<AppEnv>): string {
  const url = new URL(c.req.url)
  const proto = c.req.header('x-forwarded-proto') ?? url.protocol.replace(':', '')
  const host = c.req.header('x-forwarded-host') ?? c.req.header('host') ?? url.host
  return `${proto}://${host}`
}
