import { Hono } from 'hono'
import { eq } from 'drizzle-orm'
import { receipts } from '../../db/schema'
import { programScope } from '../../db/scope'
import type { Deps } from '../../deps'
import type { AppEnv } from '../../env'
import { hmac, safeEqual } from '../../lib/crypto'
import { AppError } from '../../lib/errors'
import { storageOf } from '../media/media-service'

/**
 * Receipt files are never public: they are served only through short-lived signed links
 * `/receipts-file/{program_id}/{receipt_id}?exp={unix seconds}&sig={hmac}`, the HMAC (config.secret)
 * covering the program, the receipt, its storage key and the expiry. A changed id, key or expiry, or
 * a link past its expiry, is refused (docs/decisions/0027).
 */
export const RECEIPT_FILE_TTL_S = 300
export const RECEIPT_FILE_PREFIX = '/receipts-file'

const message = (programId: number, receiptId: number, fileKey: string, exp: number) => `receipt-file:${programId}:${receiptId}:${fileKey}:${exp}`

/** A signed path valid `ttlS` seconds from `now` (RECEIPT_FILE_TTL_S; a data export's links last a day). */
export async function signedReceiptPath(deps: Deps, r: { programId: number; id: number; fileKey: string }, now = deps.clock.now(), ttlS = RECEIPT_FILE_TTL_S): Promise<{ path: string; expiresAt: Date }> {
  const exp = Math.floor(now / 1000) + ttlS
  const sig = await hmac(deps.config.secret, message(r.programId, r.id, r.fileKey, exp))
  return { path: `${RECEIPT_FILE_PREFIX}/${r.programId}/${r.id}?exp=${exp}&sig=${sig}`, expiresAt: new Date(exp * 1000) }
}

/** An absolute link on the origin the request came to (widgets on partner pages load it from there). */
export async function signedReceiptUrl(deps: Deps, requestUrl: string, r: { programId: number; id: number; fileKey: string | null }): Promise<{ url: string; expiresAt: Date } | null> {
  if (!r.fileKey) return null
  const { path, expiresAt } = await signedReceiptPath(deps, { ...r, fileKey: r.fileKey })
  return { url: new URL(path, requestUrl).toString(), expiresAt }
}

const refused = () => new AppError('forbidden', 403, 'This link is invalid or has expired')

/** GET /receipts-file/{program_id}/{receipt_id}?exp&sig: the file, closed to scripts and never cached past the link. */
export const receiptFileRoutes = new Hono<AppEnv>().get('/:program_id{[1-9][0-9]{0,9}}/:receipt_id{[1-9][0-9]{0,12}}', async (c) => {
  const deps = c.get('deps')
  const programId = Number(c.req.param('program_id'))
  const receiptId = Number(c.req.param('receipt_id'))
  const exp = Number(c.req.query('exp'))
  const sig = c.req.query('sig') ?? ''
  if (!Number.isSafeInteger(exp) || !sig || exp * 1000 < deps.clock.now()) throw refused()
  const row = await programScope(deps.db, programId).first(receipts, eq(receipts.id, receiptId))
  if (!row?.fileKey) throw refused()
  if (!safeEqual(sig, await hmac(deps.config.secret, message(programId, receiptId, row.fileKey, exp)))) throw refused()
  const object = await storageOf(deps).get(row.fileKey)
  if (!object) throw new AppError('not_found', 404, 'File not found')
  const maxAge = Math.max(0, exp - Math.floor(deps.clock.now() / 1000))
  return new Response(object.body, {
    headers: {
      'content-type': row.contentType ?? object.contentType,
      'content-length': String(object.size),
      'cache-control': `private, max-age=${maxAge}`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
      'content-disposition': 'inline',
      'cross-origin-resource-policy': 'cross-origin',
    },
  })
})
