import { Hono } from 'hono'
import type { AppEnv } from '../../env'
import { AppError } from '../../lib/errors'
import type { ByteRange } from '../../platform/storage'
import { objectKeyOf, storageOf } from './media-service'

/** A stored file name as media-service.ts makes them (128 random bits in hex, the detected type's extension). */
const STORED_NAME = /^[a-f0-9]{32}\.(?:png|jpg|mp4|mov|webm|ogv)$/

const FIXED_HEADERS = {
  'accept-ranges': 'bytes',
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
}

/**
 * One `bytes=` range of an object of `size` bytes (`a-b`, `a-` or `-n`), or 'unsatisfiable'; null
 * when there is no Range header or it is not a single byte range (the whole file is answered).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null
  if (!m || (m[1] === '' && m[2] === '')) return null
  let start: number
  let end: number
  if (m[1] === '') {
    const suffix = Number(m[2])
    if (suffix === 0) return 'unsatisfiable'
    start = Math.max(0, size - suffix)
    end = size - 1
  } else {
    start = Number(m[1])
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)
  }
  if (start >= size || end < start) return 'unsatisfiable'
  return { offset: start, length: end - start + 1 }
}

/**
 * GET /media/{program_id}/{key}: an uploaded file, from storage (R2 on Workers, the local file store
 * under Node), with the content type detected at upload. Keys are random and never reused, so the
 * answer is cacheable forever. nosniff and a policy that allows nothing (response-headers.ts treats
 * /media/ like the API) keep a file from ever running as a page (docs/decisions/0020). A single byte
 * range is answered with 206, so videos can seek.
 */
export const mediaPublicRoutes = new Hono<AppEnv>().get('/:program_id{[1-9][0-9]{0,9}}/:name', async (c) => {
  const name = c.req.param('name')
  if (!STORED_NAME.test(name)) throw new AppError('not_found', 404, 'File not found')
  const storage = storageOf(c.var.deps)
  const key = objectKeyOf(Number(c.req.param('program_id')), name)
  const rangeHeader = c.req.header('range')
  if (rangeHeader) {
    const head = await storage.head(key)
    if (!head) throw new AppError('not_found', 404, 'File not found')
    const range = parseRange(rangeHeader, head.size)
    if (range === 'unsatisfiable') return new Response(null, { status: 416, headers: { ...FIXED_HEADERS, 'content-range': `bytes */${head.size}` } })
    if (range) {
      const part = await storage.get(key, range)
      if (!part) throw new AppError('not_found', 404, 'File not found')
      return new Response(part.body, {
        status: 206,
        headers: {
          ...FIXED_HEADERS,
          'content-type': part.contentType,
          'content-length': String(range.length),
          'content-range': `bytes ${range.offset}-${range.offset + range.length - 1}/${part.size}`,
        },
      })
    }
  }
  const object = await storage.get(key)
  if (!object) throw new AppError('not_found', 404, 'File not found')
  return new Response(object.body, { headers: { ...FIXED_HEADERS, 'content-type': object.contentType, 'content-length': String(object.size) } })
})
