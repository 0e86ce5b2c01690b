import { deflateSync } from 'node:zlib'

/**
 * Real files for the media tests: PNGs built byte by byte (signature, IHDR, IDAT, IEND with their
 * CRCs), a JPEG header, video container headers, and the files an upload must refuse.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (bytes: Uint8Array) => {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
const be32 = (n: number) => new Uint8Array([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255])
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}
const chunk = (type: string, data: Uint8Array) => {
  const typed = concat(new TextEncoder().encode(type), data)
  return concat(be32(data.length), typed, be32(crc32(typed)))
}

export const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** A valid RGB PNG of one colour. With `claim`, the IHDR states other dimensions than the pixel data (a pixel flood). */
export function makePng(width: number, height: number, rgb: [number, number, number] = [200, 80, 40], claim?: { width: number; height: number }): Uint8Array {
  const ihdr = concat(be32(claim?.width ?? width), be32(claim?.height ?? height), new Uint8Array([8, 2, 0, 0, 0]))
  const row = new Uint8Array(1 + width * 3)
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3)
  const raw = new Uint8Array(row.length * height)
  for (let y = 0; y < height; y++) raw.set(row, y * row.length)
  return concat(PNG_SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', new Uint8Array(deflateSync(raw))), chunk('IEND', new Uint8Array()))
}

/** A JPEG's first segments: SOI, APP0 (JFIF), SOF0 with the given size, then EOI. */
export function makeJpegHeader(width: number, height: number, sof = 0xc0): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]
  const sofSeg = [0xff, sof, 0x00, 0x11, 0x08, height >> 8, height & 255, width >> 8, width & 255, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]
  return new Uint8Array([0xff, 0xd8, ...app0, ...sofSeg, 0xff, 0xd9])
}

/** The first box of an MP4 (brand isom) or a QuickTime movie (brand `qt  `), and padding. */
export function makeMp4(brand = 'isom'): Uint8Array {
  const head = new Uint8Array(64)
  head.set(be32(24), 0)
  head.set(new TextEncoder().encode(`ftyp${brand}`), 4)
  return head
}

export const WEBM = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0x82, 0x84, ...new TextEncoder().encode('webm'), 0x42, 0x87, 0x81, 0x04])
export const OGG = concat(new TextEncoder().encode('OggS'), new Uint8Array(60))

export const HTML_PAGE = new TextEncoder().encode('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>')
export const SVG_WITH_SCRIPT = new TextEncoder().encode('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>')
