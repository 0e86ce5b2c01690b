import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { AppEnv } from '../env'

export const COOKIES = {
  participant: 'tessera_session',
  admin: 'tessera_admin',
  csrf: 'tessera_csrf',
} as const

export function isHttps(c: Context<AppEnv>): boolean {
  const proto = c.req.header('x-forwarded-proto') ?? new URL(c.req.url).protocol.replace(':', '')
  return proto === 'https'
}

/** HttpOnly, SameSite=Lax, Secure over https: the only way this app sets cookies. */
export function setSecureCookie(c: Context<AppEnv>, name: string, value: string, maxAgeSeconds: number) {
  setCookie(c, name, value, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c),
    path: '/',
    maxAge: maxAgeSeconds,
  })
}

export function clearCookie(c: Context<AppEnv>, name: string) {
  deleteCookie(c, name, { path: '/', secure: isHttps(c) })
}

export { getCookie }
