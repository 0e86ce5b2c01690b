import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { AppEnv } from '../env'

const BASE_NAMES = {
  participant: 'tessera_session',
  admin: 'tessera_admin',
  csrf: 'tessera_csrf',
} as const

export type CookieKind = keyof typeof BASE_NAMES

/**
 * A cookie's name: `__Host-` prefixed wherever the origin is secure (production, or an https local
 * origin), so the browser only accepts it Secure, for this exact host and path `/` (no sub-domain can
 * plant or shadow it). Decided by configuration, never by a request header.
 */
export const cookieName = (config: { secureCookies: boolean }, kind: CookieKind) => (config.secureCookies ? `__Host-${BASE_NAMES[kind]}` : BASE_NAMES[kind])

export const readCookie = (c: Context<AppEnv>, kind: CookieKind) => getCookie(c, cookieName(c.get('deps').config, kind))

/** HttpOnly, SameSite=Lax, path `/`, Secure when configured: the only way this app sets cookies. */
export function setSecureCookie(c: Context<AppEnv>, kind: CookieKind, value: string, maxAgeSeconds: number) {
  const { config } = c.get('deps')
  setCookie(c, cookieName(config, kind), value, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: config.secureCookies,
    path: '/',
    maxAge: maxAgeSeconds,
  })
}

export function clearCookie(c: Context<AppEnv>, kind: CookieKind) {
  const { config } = c.get('deps')
  deleteCookie(c, cookieName(config, kind), { path: '/', secure: config.secureCookies })
}
