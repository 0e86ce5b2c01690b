import type { Context, MiddlewareHandler } from 'hono'
import { CSRF_HEADER } from '../../../../sdk/contract/auth'
import { RECEIPT_FILE_FIELD, RECEIPT_LIMITS, type ReceiptContentType } from '../../../../sdk/contract/receipts'
import type { AppEnv } from '../../env'
import { AppError } from '../../lib/errors'
import { isTokenClient } from '../../middleware/csrf'
import { countingStream, jpegSize, looksLikeMarkup, pngSize } from '../media/file-check'

/**
 * What an uploaded receipt is, from its bytes only (docs/decisions/0027): JPEG, PNG, HEIC/HEIF or PDF.
 * The declared type and the name decide nothing (an HTML page named .png is refused). Image sizes come
 * from the header (PNG IHDR, JPEG SOF, HEIC `ispe` properties), so a pixel flood is refused before
 * anything decodes it. The JPEG and PNG header readers are the media library's (features/media).
 */
export type CheckedReceiptFile = { contentType: ReceiptContentType; extension: string; width: number | null; height: number | null }
export type ReceiptFileCheck = { ok: true; file: CheckedReceiptFile } | { ok: false; reason: string }

const MB = 1024 * 1024
const ALLOWED = 'JPEG, PNG, HEIC or PDF'
/** Room for the multipart envelope around the file. */
const FORM_OVERHEAD = 64 * 1024

const startsWith = (bytes: Uint8Array, sig: number[], at = 0) => bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b)
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)))
const u32 = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1'])

/** An ISO-BMFF file whose major brand is a HEIF one. */
function isHeif(bytes: Uint8Array): boolean {
  return ascii(bytes, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(bytes, 8, 12))
}

/**
 * The largest picture a HEIF file declares: every `ispe` (image spatial extent) property under
 * meta/iprp/ipco. Null when there is none or the boxes are cut.
 */
export function heifSize(bytes: Uint8Array): { width: number; height: number } | null {
  let best: { width: number; height: number } | null = null
  const walk = (from: number, to: number, depth: number) => {
    let i = from
    while (i + 8 <= to && depth < 6) {
      let size = u32(bytes, i)
      const type = ascii(bytes, i + 4, i + 8)
      let header = 8
      if (size === 1) return // 64-bit sizes: not in the metadata boxes we read
      if (size === 0) size = to - i
      if (size < header || i + size > to) return
      if (type === 'meta') walk(i + header + 4, i + size, depth + 1)
      else if (type === 'iprp' || type === 'ipco') walk(i + header, i + size, depth + 1)
      else if (type === 'ispe' && size >= 20) {
        header += 4 // version and flags
        const width = u32(bytes, i + header)
        const height = u32(bytes, i + header + 4)
        if (!best || width * height > best.width * best.height) best = { width, height }
      }
      i += size
    }
  }
  walk(0, bytes.length, 0)
  return best
}

/** Checks a receipt file's bytes; `name` and `declaredType` can only refuse (markup), never accept. */
export function checkReceiptFile(bytes: Uint8Array, opts: { name?: string; declaredType?: string } = {}): ReceiptFileCheck {
  if (bytes.length === 0) return { ok: false, reason: 'is empty' }
  if (bytes.length > RECEIPT_LIMITS.maxBytes) return { ok: false, reason: tooLargeReason }
  const name = (opts.name ?? '').toLowerCase()
  const declared = (opts.declaredType ?? '').toLowerCase()
  const markup = { ok: false, reason: `must be a ${ALLOWED} file: SVG and HTML files are not accepted` } as const
  if (/\.(svgz?|html?|xhtml|xml)$/.test(name) || /svg|html|xml/.test(declared)) return markup
  let file: CheckedReceiptFile | null = null
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    const size = pngSize(bytes)
    if (!size) return { ok: false, reason: 'is not a readable PNG image' }
    file = { contentType: 'image/png', extension: 'png', ...size }
  } else if (startsWith(bytes, [0xff, 0xd8, 0xff])) {
    const size = jpegSize(bytes)
    if (!size) return { ok: false, reason: 'is not a readable JPEG image' }
    file = { contentType: 'image/jpeg', extension: 'jpg', ...size }
  } else if (isHeif(bytes)) {
    const size = heifSize(bytes)
    if (!size) return { ok: false, reason: 'is not a readable HEIC image' }
    file = { contentType: 'image/heic', extension: 'heic', ...size }
  } else if (ascii(bytes, 0, 5) === '%PDF-') {
    file = { contentType: 'application/pdf', extension: 'pdf', width: null, height: null }
  }
  if (!file) return looksLikeMarkup(bytes) ? markup : { ok: false, reason: `must be a ${ALLOWED} file` }
  if (file.width !== null && file.height !== null) {
    const { width, height } = file
    if (width < 1 || height < 1) return { ok: false, reason: 'has no pixels (width or height is 0)' }
    if (width > RECEIPT_LIMITS.maxSide || height > RECEIPT_LIMITS.maxSide || width * height > RECEIPT_LIMITS.maxPixels) {
      return { ok: false, reason: `is ${width}×${height} pixels: images may be at most ${RECEIPT_LIMITS.maxSide} pixels a side and ${RECEIPT_LIMITS.maxPixels / 1_000_000} megapixels` }
    }
  }
  return { ok: true, file }
}

export const tooLargeReason = `must be at most ${RECEIPT_LIMITS.maxBytes / MB} MB`

/** A refused upload: 422 naming the `file` field (errors.file), like the media library's. */
export const receiptFileError = (reason: string) =>
  new AppError('validation_failed', 422, `${RECEIPT_FILE_FIELD}: ${reason}`, { [RECEIPT_FILE_FIELD]: reason }, { success: false, errors: { [RECEIPT_FILE_FIELD]: reason } })

/** POST /public/receipts: app.ts hands its body to receiptUploadGate instead of the 1 MB JSON limit. */
export const RECEIPT_UPLOAD_PATH = /^\/public\/receipts\/?$/
const MAX_BODY = RECEIPT_LIMITS.maxBytes + FORM_OVERHEAD

/**
 * Runs in app.ts ahead of anything that could read the upload's body: a declared Content-Length over
 * the limit is refused at once, and a cookie-session upload must carry X-CSRF-Token (the CSRF check
 * would otherwise parse the whole multipart body looking for authenticity_token).
 */
export const receiptUploadGate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const declared = c.req.header('content-length')
  if (declared !== undefined && Number(declared) > MAX_BODY) throw receiptFileError(tooLargeReason)
  if (!c.req.header(CSRF_HEADER) && !isTokenClient(c)) throw new AppError('csrf_failed', 403, 'Invalid or missing CSRF token: send X-CSRF-Token with the upload')
  await next()
}

/**
 * The uploaded file's bytes, read with the limit: the declared length is checked before reading, the
 * body is counted while it streams (a body without or lying about its length stops at the limit) and
 * the file part is checked again. Refusals are 422 naming `file`.
 */
export async function readReceiptUpload(c: Context<AppEnv>): Promise<{ bytes: Uint8Array; name: string; declaredType: string }> {
  const declared = c.req.header('content-length')
  if (declared !== undefined && Number(declared) > MAX_BODY) throw receiptFileError(tooLargeReason)
  const type = c.req.header('content-type') ?? ''
  if (!type.toLowerCase().startsWith('multipart/form-data')) throw receiptFileError('is required (send the file as multipart/form-data)')
  const body = c.req.raw.body
  if (!body) throw receiptFileError('is required')
  let overLimit = false
  const counted = countingStream(body, MAX_BODY, () => {
    overLimit = true
    return receiptFileError(tooLargeReason)
  })
  let form: FormData
  try {
    form = await new Response(counted, { headers: { 'content-type': type } }).formData()
  } catch {
    if (overLimit) throw receiptFileError(tooLargeReason)
    throw receiptFileError('could not be read: the upload was not a valid multipart form')
  }
  const file = form.get(RECEIPT_FILE_FIELD)
  if (!file || typeof file === 'string') throw receiptFileError('is required')
  if (file.size > RECEIPT_LIMITS.maxBytes) throw receiptFileError(tooLargeReason)
  return { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name, declaredType: file.type }
}

/** sha-256 of the bytes, hex. */
export async function fileHash(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as BufferSource))
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/** `receipts/{program}/{128 random bits}.{ext}`: chosen by the server, never by the client. */
export function receiptFileKey(programId: number, extension: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return `receipts/${programId}/${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}.${extension}`
}
