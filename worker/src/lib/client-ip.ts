import type { Context } from 'hono'
import type { AppEnv } from '../env'
import { hmac } from './crypto'

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } }

/**
 * The client's address, as far as the app can trust it. On Workers, Cloudflare sets
 * `CF-Connecting-IP` itself (a client's own value is replaced at the edge). Under Node the socket's
 * peer is the client, unless that peer is a configured proxy (TRUSTED_PROXIES): then the last
 * address it appended to `X-Forwarded-For` is. A header sent by the client directly never counts.
 */
export function clientIp(c: Context<AppEnv>): string {
  const socket = (c.env as NodeBindings | undefined)?.incoming?.socket
  if (!socket) return c.req.header('cf-connecting-ip') ?? 'unknown'
  const peer = normalizeIp(socket.remoteAddress ?? 'unknown')
  if (!c.get('deps').config.trustedProxies.includes(peer)) return peer
  const forwarded = c.req.header('x-forwarded-for')?.split(',').map((s) => s.trim()).filter(Boolean)
  return forwarded?.length ? normalizeIp(forwarded[forwarded.length - 1]!) : peer
}

/** True when the request came through a configured proxy (its X-Forwarded-* headers count). */
export function fromTrustedProxy(c: Context<AppEnv>): boolean {
  const socket = (c.env as NodeBindings | undefined)?.incoming?.socket
  return Boolean(socket && c.get('deps').config.trustedProxies.includes(normalizeIp(socket.remoteAddress ?? '')))
}

const normalizeIp = (ip: string) => (ip.startsWith('::ffff:') ? ip.slice(7) : ip)

/** A keyed hash of an address: stored for abuse checks without keeping the address itself. */
export const ipHash = (secret: string, ip: string) => hmac(secret, `ip:${ip}`)
