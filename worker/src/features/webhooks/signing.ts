/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): every delivery carries
 * `webhook-id`, `webhook-timestamp` (unix seconds) and `webhook-signature: v1,{base64 HMAC-SHA256 of
 * "id.timestamp.body"}`, keyed with the bytes the secret `whsec_{base64}` encodes. Web Crypto, so it
 * signs the same under workerd and Node; receivers verify with the `standardwebhooks` libraries.
 */

const SECRET_PREFIX = 'whsec_'
const SECRET_BYTES = 32

function toBase64(bytes: Uint8Array): string {
  let s = ''
  for (const b of bytes) s += String.fromCharCode(b)
  return btoa(s)
}

/** A fresh secret: `whsec_` + standard base64 (with padding) of 32 random bytes, as the libraries expect. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + toBase64(crypto.getRandomValues(new Uint8Array(SECRET_BYTES)))
}

/**
 * The key bytes of a secret. Secrets made before Standard Webhooks signing were base64url without
 * padding (`whsec_` + randomToken): both alphabets decode here to the same bytes, so those webhooks
 * keep working; their receivers pass the secret with `-` -> `+`, `_` -> `/` and `=` padding (docs/api.md).
 */
export function webhookSecretKey(secret: string): Uint8Array<ArrayBuffer> {
  const raw = (secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret).replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '')
  const usable = raw.slice(0, raw.length - (raw.length % 4 === 1 ? 1 : 0))
  const bin = atob(usable + '='.repeat((4 - (usable.length % 4)) % 4))
  const key = new Uint8Array(bin.length)
  for (let i = 0; i < bin.length; i++) key[i] = bin.charCodeAt(i)
  return key
}

/** The `webhook-signature` value for one message: `v1,{base64 HMAC-SHA256(key, "id.timestamp.body")}`. */
export async function signWebhook(secret: string, messageId: string, timestampSeconds: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', webhookSecretKey(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${messageId}.${timestampSeconds}.${body}`))
  return `v1,${toBase64(new Uint8Array(mac))}`
}
