import { MEDIA_LIMITS, type MediaContentType } from '../../../../sdk/contract/console/media'

/**
 * What an uploaded file is, from its bytes only: the declared type and the file name say nothing
 * (a page renamed to .png is still a page). Accepted: PNG and JPEG, and where video is allowed MP4,
 * QuickTime, WebM and Ogg. Markup (SVG, HTML, XML) is refused whatever it is called. Image sizes come
 * from the PNG IHDR chunk or the JPEG SOF segment, so a pixel flood is refused before anything decodes it.
 */
export type CheckedFile = { contentType: MediaContentType; extension: string; video: boolean; width: number | null; height: number | null }
export type FileCheck = { ok: true; file: CheckedFile } | { ok: false; reason: string }

const MB = 1024 * 1024
const IMAGE_TYPES = 'PNG or JPEG'
const VIDEO_TYPES = 'PNG, JPEG, MP4, QuickTime, WebM or Ogg'

const startsWith = (bytes: Uint8Array, sig: number[], at = 0) => bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b)
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)))
const u16 = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!
const u32 = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!

/** Text that a browser could render as a document or script (SVG, HTML, XML), after a BOM and whitespace. */
export function looksLikeMarkup(bytes: Uint8Array): boolean {
  let text = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 1024))
  if (/^\uFEFF/.test(text)) text = text.slice(1)
  // UTF-16 text has a NUL after each ASCII character: drop them to see the markup.
  if (bytes[0] === 0xff || bytes[0] === 0xfe || bytes[1] === 0) text = text.replace(/[\u0000\uFFFD]/g, '')
  const head = text.trimStart().slice(0, 512).toLowerCase()
  return head.startsWith('<') || /<(svg|html|script|body|head|iframe|!doctype|\?xml)\b/.test(head)
}

/** Width and height from a PNG's IHDR chunk (the first chunk after the signature). */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 24 || ascii(bytes, 12, 16) !== 'IHDR') return null
  return { width: u32(bytes, 16), height: u32(bytes, 20) }
}

/** SOF markers (baseline, progressive, lossless, arithmetic): C0–CF except DHT (C4), JPG (C8) and DAC (CC). */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc

/** Width and height from a JPEG's first SOF segment, walking the segments from SOI; null before SOS or when cut. */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  let i = 2
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) return null
    const marker = bytes[i + 1]!
    if (marker === 0xff) {
      i++ // fill byte
      continue
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2 // no length
      continue
    }
    if (marker === 0xd9 || marker === 0xda) return null // end, or scan data before any frame header
    const length = u16(bytes, i + 2)
    if (length < 2) return null
    if (isSof(marker)) {
      if (i + 9 > bytes.length) return null
      return { height: u16(bytes, i + 5), width: u16(bytes, i + 7) }
    }
    i += 2 + length
  }
  return null
}

function videoType(bytes: Uint8Array): { contentType: MediaContentType; extension: string } | null {
  const box = ascii(bytes, 4, 8)
  if (box === 'ftyp') {
    const brand = ascii(bytes, 8, 12)
    return brand === 'qt  ' ? { contentType: 'video/quicktime', extension: 'mov' } : { contentType: 'video/mp4', extension: 'mp4' }
  }
  if (box === 'moov' || box === 'wide' || box === 'mdat') return { contentType: 'video/quicktime', extension: 'mov' }
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3]) && ascii(bytes, 0, 64).includes('webm')) return { contentType: 'video/webm', extension: 'webm' }
  if (ascii(bytes, 0, 4) === 'OggS') return { contentType: 'video/ogg', extension: 'ogv' }
  return null
}

/** The largest body an upload may have, checked from Content-Length and while the body streams in. */
export const maxUploadBytes = (video: boolean) => (video ? MEDIA_LIMITS.videoBytes : MEDIA_LIMITS.imageBytes)

export const tooLargeReason = (video: boolean) =>
  video ? `must be at most ${MEDIA_LIMITS.imageBytes / MB} MB for an image or ${MEDIA_LIMITS.videoBytes / MB} MB for a video` : `must be at most ${MEDIA_LIMITS.imageBytes / MB} MB`

/**
 * Checks an uploaded file's bytes. `name` and `declaredType` only refuse files that say they are SVG
 * or HTML; what is accepted is decided by the bytes.
 */
export function checkMediaFile(bytes: Uint8Array, opts: { video: boolean; name?: string; declaredType?: string }): FileCheck {
  const allowed = opts.video ? VIDEO_TYPES : IMAGE_TYPES
  if (bytes.length === 0) return { ok: false, reason: 'is empty' }
  const name = (opts.name ?? '').toLowerCase()
  const declared = (opts.declaredType ?? '').toLowerCase()
  const markup = { ok: false, reason: `must be a ${allowed} file: SVG and HTML files are not accepted` } as const
  if (/\.(svgz?|html?|xhtml|xml)$/.test(name) || /svg|html|xml/.test(declared)) return markup
  let file: CheckedFile | null = null
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    const size = pngSize(bytes)
    if (!size) return { ok: false, reason: 'is not a readable PNG image' }
    file = { contentType: 'image/png', extension: 'png', video: false, ...size }
  } else if (startsWith(bytes, [0xff, 0xd8, 0xff])) {
    const size = jpegSize(bytes)
    if (!size) return { ok: false, reason: 'is not a readable JPEG image' }
    file = { contentType: 'image/jpeg', extension: 'jpg', video: false, ...size }
  } else {
    const video = videoType(bytes)
    if (video && !opts.video) return { ok: false, reason: `must be a ${IMAGE_TYPES} image: videos are not accepted here` }
    if (video) file = { ...video, video: true, width: null, height: null }
  }
  // Binary images may carry XML (XMP metadata): only bytes that match no signature are read as text.
  if (!file) return looksLikeMarkup(bytes) ? markup : { ok: false, reason: `must be a ${allowed} file` }
  if (bytes.length > (file.video ? MEDIA_LIMITS.videoBytes : MEDIA_LIMITS.imageBytes)) {
    return { ok: false, reason: file.video ? `must be at most ${MEDIA_LIMITS.videoBytes / MB} MB` : `must be at most ${MEDIA_LIMITS.imageBytes / MB} MB for an image` }
  }
  if (file.width !== null && file.height !== null) {
    const { width, height } = file
    if (width < 1 || height < 1) return { ok: false, reason: 'has no pixels (width or height is 0)' }
    if (width > MEDIA_LIMITS.maxSide || height > MEDIA_LIMITS.maxSide || width * height > MEDIA_LIMITS.maxPixels) {
      return { ok: false, reason: `is ${width}×${height} pixels: images may be at most ${MEDIA_LIMITS.maxSide} pixels a side and ${MEDIA_LIMITS.maxPixels / 1_000_000} megapixels` }
    }
  }
  return { ok: true, file }
}

/**
 * The request body as a stream that fails once more than `limit` bytes came through, so a body without
 * (or lying about) its Content-Length is never buffered past the limit.
 */
export function countingStream(body: ReadableStream<Uint8Array>, limit: number, tooLarge: () => Error): ReadableStream<Uint8Array> {
  let seen = 0
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength
        if (seen > limit) controller.error(tooLarge())
        else controller.enqueue(chunk)
      },
    }),
  )
}
