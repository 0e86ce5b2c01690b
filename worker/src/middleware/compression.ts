import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { resolve } from 'node:path'
import { pipeline, Readable } from 'node:stream'
import { promisify } from 'node:util'
import { brotliCompress, type BrotliOptions, constants, createBrotliCompress, createGzip, gzip, type ZlibOptions } from 'node:zlib'
import type { MiddlewareHandler } from 'hono'
import { getMimeType } from 'hono/utils/mime'
import { type Coding, preferredCoding } from '../lib/accept-encoding'

/**
 * Compression of the Node entry's answers (node.ts; docs/decisions/0030): brotli or gzip as the
 * request's Accept-Encoding prefers (lib/accept-encoding.ts), identity otherwise. On Workers,
 * Cloudflare's edge compresses, so this runs under Node only. Caching headers are never touched:
 * an encoded answer keeps the Cache-Control, CORS and cookies of the identity one and adds
 * `Vary: Accept-Encoding`; its Content-Length is its encoded length (set by @hono/node-server).
 *
 * Left as they are: HEAD, 1xx/204/206/304, answers already encoded (the kept signed-in reads are
 * gzipped by kept-reads.ts) or marked `no-transform`, types that are compressed already (images but
 * SVG, woff2, video, zip...), event streams, and bodies under MIN_COMPRESS_BYTES.
 */

/** Below this a coding saves too little to pay for its own header and the work (as kept-reads.ts). */
export const MIN_COMPRESS_BYTES = 1024
/** A body still coming after this many bytes is compressed as it streams, not buffered first. */
const STREAM_AFTER_BYTES = 64 * 1024
/** The compressed static files kept in memory, all codings together. */
const STATIC_CACHE_BYTES = 32 * 1024 * 1024
/** A larger static file is sent as it is (none of the built front ends comes near). */
const MAX_STATIC_FILE_BYTES = 8 * 1024 * 1024

/** Text, scripts, JSON, XML, SVG, wasm and uncompressed fonts; not text/event-stream. */
const COMPRESSIBLE =
  /^\s*(?:text\/(?!event-stream\b)[\w.+-]+|application\/(?:javascript|ecmascript|x-javascript|json|xml|wasm|vnd\.ms-fontobject|[\w.-]+\+(?:json|xml))|image\/(?:svg\+xml|x-icon|vnd\.microsoft\.icon|bmp)|font\/(?:ttf|otf))\s*(?:;|$)/i

export const isCompressibleType = (contentType: string | null | undefined): boolean => Boolean(contentType && COMPRESSIBLE.test(contentType))

/**
 * `dynamic`: a per-request answer (brotli 5, gzip 6: a few ms for 100 KB). `best`: a static file
 * compressed once and kept (brotli 11, gzip 9).
 */
type Level = 'dynamic' | 'best'
const brotli = promisify<Uint8Array, BrotliOptions, Buffer>(brotliCompress)
const gzipped = promisify<Uint8Array, ZlibOptions, Buffer>(gzip)

const brotliOptions = (level: Level, size?: number): BrotliOptions => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: level === 'best' ? 11 : 5, ...(size ? { [constants.BROTLI_PARAM_SIZE_HINT]: size } : {}) },
})
const gzipOptions = (level: Level): ZlibOptions => ({ level: level === 'best' ? 9 : 6 })

/** Compressed on libuv's thread pool, off the event loop. */
export async function compressBytes(body: Uint8Array, coding: Coding, level: Level): Promise<Uint8Array<ArrayBuffer>> {
  const out = coding === 'br' ? await brotli(body, brotliOptions(level, body.byteLength)) : await gzipped(body, gzipOptions(level))
  return out as Uint8Array<ArrayBuffer>
}

/** Adds Accept-Encoding to Vary, once (a `*` already says it). */
export function varyOnEncoding(headers: Headers): void {
  const vary = headers.get('vary')
  if (!vary) return headers.set('vary', 'Accept-Encoding')
  if (vary.split(',').some((v) => ['*', 'accept-encoding'].includes(v.trim().toLowerCase()))) return
  headers.set('vary', `${vary}, Accept-Encoding`)
}

/** Whether an answer's status, headers and type let it be encoded (its size aside). */
function encodable(method: string, res: Response): boolean {
  const status = res.status
  if (method === 'HEAD' || status < 200 || status === 204 || status === 206 || status === 304) return false
  const headers = res.headers
  if (headers.has('content-encoding') || headers.has('content-range')) return false
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(headers.get('cache-control') ?? '')) return false
  const length = headers.get('content-length')
  if (length !== null && Number(length) < MIN_COMPRESS_BYTES) return false
  return isCompressibleType(headers.get('content-type'))
}

/** The identity answer's headers for an encoded body: no Content-Length, the coding, Vary, a weak ETag. */
function encodedHeaders(res: Response, coding: Coding): Headers {
  const headers = new Headers(res.headers)
  headers.delete('content-length')
  headers.set('content-encoding', coding)
  varyOnEncoding(headers)
  const etag = headers.get('etag')
  // A strong validator names exact bytes; the encoded ones differ (RFC 9110, 8.8.3).
  if (etag && !etag.startsWith('W/')) headers.set('etag', `W/${etag}`)
  return headers
}

const keptCodings = new WeakMap<Uint8Array, Partial<Record<Coding, Promise<Uint8Array<ArrayBuffer>>>>>()

/** A kept body (the public cache's, middleware/public-cache.ts) compressed once per coding, while it is kept. */
function compressedOnce(body: Uint8Array, coding: Coding): Promise<Uint8Array<ArrayBuffer>> {
  let codings = keptCodings.get(body)
  if (!codings) keptCodings.set(body, (codings = {}))
  return (codings[coding] ??= compressBytes(body, coding, 'dynamic'))
}

/**
 * An app answer encoded as the request prefers. A request without Accept-Encoding gets the answer
 * untouched, without even reading its headers (API clients and load tests: reading them turns the
 * plain header object @hono/node-server writes fast into a Headers instance). `kept` is the answer's
 * body when it is a kept one (the public cache), compressed once for all the requests it answers.
 */
export function compressAnswer(request: Request, res: Response, kept?: Uint8Array): Response | Promise<Response> {
  // Synchronous until there is something to compress: no promise on the paths that leave the answer as it is.
  const acceptEncoding = request.headers.get('accept-encoding')
  if (acceptEncoding === null || !encodable(request.method, res)) return res
  const coding = preferredCoding(acceptEncoding)
  if (!coding || (kept && kept.byteLength < MIN_COMPRESS_BYTES)) {
    try {
      varyOnEncoding(res.headers)
    } catch {
      // Immutable headers (Response.redirect, Response.error): nothing to vary.
    }
    return res
  }
  if (kept) return compressedOnce(kept, coding).then((bytes) => new Response(bytes, { status: res.status, headers: encodedHeaders(res, coding) }))
  return res.body ? encode(res, res.body, coding) : res
}

async function encode(res: Response, stream: ReadableStream<Uint8Array>, coding: Coding): Promise<Response> {
  const reader = stream.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    chunks.push(value)
    size += value.byteLength
    // A body made from a string or bytes is one chunk; more, past this size, is a stream (a CSV export).
    if (size >= STREAM_AFTER_BYTES && chunks.length > 1) {
      return new Response(compressStream(chunks, reader, coding), { status: res.status, headers: encodedHeaders(res, coding) })
    }
  }
  const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size)
  if (size < MIN_COMPRESS_BYTES) {
    const headers = new Headers(res.headers)
    varyOnEncoding(headers)
    return new Response(body as Uint8Array<ArrayBuffer>, { status: res.status, headers })
  }
  return new Response(await compressBytes(body, coding, 'dynamic'), { status: res.status, headers: encodedHeaders(res, coding) })
}

/** The chunks read so far, then the rest of the stream, through a compressor. */
function compressStream(first: Uint8Array[], reader: ReadableStreamDefaultReader<Uint8Array>, coding: Coding): ReadableStream<Uint8Array> {
  async function* source() {
    let finished = false
    try {
      yield* first
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        yield value
      }
      finished = true
    } finally {
      // The client went away: the app's stream is cancelled, as it would be without compression.
      if (!finished) await reader.cancel().catch(() => {})
    }
  }
  const compressor = coding === 'br' ? createBrotliCompress(brotliOptions('dynamic')) : createGzip(gzipOptions('dynamic'))
  pipeline(Readable.from(source()), compressor, () => {})
  return Readable.toWeb(compressor) as ReadableStream<Uint8Array>
}

type Compressed = { bytes: Uint8Array<ArrayBuffer>; etag: string }
type StaticEntry = { mtimeMs: number; size: number; result: Promise<Compressed>; length: number }

/**
 * The compressed files, per file (absolute path) and coding, shared by every server of this process: a
 * file is the same bytes whichever server sends it (its mtime and size are checked on every use), so a
 * process that starts several servers (the e2e files, a restart in tests) compresses each file once, and
 * its best compression (brotli 11: seconds of CPU for the console's bundles) runs once, not per server.
 */
const cache = new Map<string, StaticEntry>()
let cachedBytes = 0
let upgrades: Promise<void> = Promise.resolve()

const drop = (key: string) => {
  const entry = cache.get(key)
  if (!entry) return
  cachedBytes -= entry.length
  cache.delete(key)
}
const account = (entry: StaticEntry, length: number) => {
  cachedBytes += length - entry.length
  entry.length = length
  // Oldest first (a Map keeps insertion order), never the entry just added.
  for (const key of cache.keys()) {
    if (cachedBytes <= STATIC_CACHE_BYTES || cache.get(key) === entry) break
    drop(key)
  }
}
const improve = (key: string, entry: StaticEntry, data: Uint8Array, coding: Coding, etag: string) => {
  upgrades = upgrades
    .then(async () => {
      if (cache.get(key) !== entry) return
      const bytes = await compressBytes(data, coding, 'best')
      if (cache.get(key) !== entry) return
      entry.result = Promise.resolve({ bytes, etag })
      account(entry, bytes.byteLength)
    })
    .catch(() => {})
}
/** A file in one coding from the cache, compressed quickly first and at its best in the background. */
const compressed = (file: string, info: { mtimeMs: number; size: number }, coding: Coding): Promise<Compressed> => {
  const key = `${coding}:${file}`
  const found = cache.get(key)
  if (found && found.mtimeMs === info.mtimeMs && found.size === info.size) return found.result
  drop(key)
  const entry: StaticEntry = { mtimeMs: info.mtimeMs, size: info.size, length: 0, result: undefined as never }
  entry.result = readFile(file).then(async (data) => {
    const etag = `"${createHash('sha1').update(data).digest('hex')}-${coding}"`
    const bytes = await compressBytes(data, coding, 'dynamic')
    if (cache.get(key) === entry) {
      account(entry, bytes.byteLength)
      improve(key, entry, data, coding, etag)
    }
    return { bytes, etag }
  })
  entry.result.catch(() => cache.get(key) === entry && drop(key))
  cache.set(key, entry)
  return entry.result
}

/**
 * Static files (the built front ends) compressed once and kept in memory, per file and coding, while
 * the file's size and mtime stay the same. The first request for a file waits for a quick compression
 * (brotli 5, gzip 6: tens of ms for the largest bundle); the best one (brotli 11, gzip 9: up to a second
 * for it) then runs in the background, one file at a time, and replaces it. A request that takes no
 * coding, a HEAD or a Range request goes on to serveStatic as before, with `Vary: Accept-Encoding` on a
 * compressible file. Cache-Control and CORS are added around this (node.ts, static-headers.ts). The
 * ETag of an encoded file is the SHA-1 of the file (as hono/etag computes the identity answer's),
 * suffixed with the coding: one per representation, the same before and after the better compression.
 */
export function compressedStaticFiles(root: string): MiddlewareHandler {
  return async (c, next) => {
    const path = c.req.path
    // Escaped paths are serveStatic's to refuse or serve (as node.ts's isStaticFile decodes them).
    const file = path.includes('%') ? '' : resolve(root, `.${path}`)
    const type = file.startsWith(`${root}/`) ? getMimeType(file) : undefined
    const info = isCompressibleType(type) ? await stat(file).catch(() => undefined) : undefined
    if (!info?.isFile() || info.size < MIN_COMPRESS_BYTES) return next()
    const coding = c.req.method === 'GET' && !c.req.header('range') && info.size <= MAX_STATIC_FILE_BYTES ? preferredCoding(c.req.header('accept-encoding')) : null
    const found = coding ? await compressed(file, info, coding).catch(() => undefined) : undefined
    if (!coding || !found) {
      await next()
      if (c.res.status === 200) varyOnEncoding(c.res.headers)
      return
    }
    return c.body(found.bytes, 200, {
      'content-type': type!,
      'content-encoding': coding,
      vary: 'Accept-Encoding',
      etag: found.etag,
      'last-modified': info.mtime.toUTCString(),
    })
  }
}

/**
 * Compresses files (URL paths under `root`) ahead of the first request for them, brotli as browsers
 * take it, at its best in the background: the site's script and stylesheet for a server just started
 * (node.ts), so its first visitor gets the bytes every later one does, not the quick compression's
 * (Lighthouse's first run after a start read 2.6 KB more: issue 29). Resolves once they are done.
 */
export async function warmStaticFiles(root: string, paths: readonly string[]): Promise<void> {
  await Promise.all(
    paths.map(async (path) => {
      const file = resolve(root, `.${path}`)
      if (!file.startsWith(`${root}/`) || !isCompressibleType(getMimeType(file))) return
      const info = await stat(file).catch(() => undefined)
      if (!info?.isFile() || info.size < MIN_COMPRESS_BYTES || info.size > MAX_STATIC_FILE_BYTES) return
      await compressed(file, info, 'br').catch(() => undefined)
    }),
  )
  await upgrades
}
