/**
 * Crypto helpers, identical under workerd and Node 20. Hashes and HMACs use `node:crypto`
 * (nodejs_compat is on in wrangler.toml): it answers synchronously, where Web Crypto's digest and
 * sign go through a thread-pool round trip under Node, and every signed-in request hashes its
 * session token (bench/api.ts measured ~7 % of a signed-in read's CPU with Web Crypto).
 */
import * as nodeCrypto from 'node:crypto'
import { createHash, createHmac } from 'node:crypto'

/** Node's one-shot crypto.hash (Node >= 20.12): a third of createHash's cost; workerd may lack it. */
const oneShotHash = (nodeCrypto as { hash?: (algorithm: string, data: string, encoding: 'base64url') => string }).hash

export function base64url(bytes: Uint8Array): string {
  let s = ''
  for (const b of bytes) s += String.fromCharCode(b)
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** An opaque random token with `bytes` bytes of entropy. */
export function randomToken(bytes = 32): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)))
}

/** `length` decimal digits, uniform: rejection sampling avoids the modulo bias of `% 10`. */
export function randomDigits(length: number): string {
  let out = ''
  while (out.length < length) {
    for (const b of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (b < 250 && out.length < length) out += String(b % 10)
    }
  }
  return out
}

/** SHA-256 of the UTF-8 text, base64url without padding. */
export function sha256Sync(input: string): string {
  return typeof oneShotHash === 'function' ? oneShotHash('sha256', input, 'base64url') : createHash('sha256').update(input, 'utf8').digest('base64url')
}

/** Async for callers written against Web Crypto; computed synchronously. */
export async function sha256(input: string): Promise<string> {
  return sha256Sync(input)
}

/** HMAC-SHA-256 of the UTF-8 message with the UTF-8 secret, base64url without padding. */
export async function hmac(secret: string, message: string): Promise<string> {
  return createHmac('sha256', secret).update(message, 'utf8').digest('base64url')
}

/** Constant-time comparison of two strings of public length. */
export function safeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}
