import { randomBytes } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { headersFile, IMMUTABLE, REVALIDATE } from '../../scripts/asset-headers.mjs'
import { preferredCoding } from '../src/lib/accept-encoding'
import { compressAnswer, isCompressibleType } from '../src/middleware/compression'
import { startNodeServer } from '../src/node'
import { startDeployedWorker } from '../local/deployed-worker'
import { LIBSQL_TEMPLATE_ENV } from './test-database'

/**
 * The Node entry compresses what it serves (docs/decisions/0030): brotli or gzip as Accept-Encoding
 * prefers, identity otherwise, over the same bytes, with `Vary: Accept-Encoding`, a Content-Length
 * that is the encoded length, and the caching headers the Workers entry sends for the same answer.
 * Real sockets (node:http, which neither asks for nor decodes a coding by itself), a seeded database
 * and a small built front end in a temp dir; the Workers entry (wrangler's bundle in workerd, with
 * wrangler.toml's assets over the same dir) for the caching headers.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const script = Array.from({ length: 200 }, (_, i) => `export const value${i} = () => 'tessera ${i % 7}'`).join('\n')
const FILES: Record<string, string | Buffer> = {
  // The site's shell: serveShell injects the CSRF token and bootstrap into it.
  '/index.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>site</title><!-- ${'shell '.repeat(200)}--><script type="module" src="/assets/index-AbCd1234.js"></script></head><body><div id="app"></div></body></html>`,
  '/assets/index-AbCd1234.js': script,
  '/favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<circle cx="1" cy="1" r="1"/>'.repeat(60)}</svg>`,
  '/embed.js': 'console.log("a loader under a kilobyte")',
  '/brand/photo.png': Buffer.concat([PNG_SIGNATURE, gzipSync(script), randomBytes(2048)]),
  '/assets/fonts/inter-latin-400-normal.woff2': Buffer.concat([Buffer.from('wOF2'), randomBytes(4096)]),
}
const HASHED_JS = '/assets/index-AbCd1234.js'
/** The programs answer on localhost in development; the Workers entry's asset router is on 127.0.0.1. */
const PROGRAM = { 'x-program-key': 'demo' }
const CHROME = 'gzip, deflate, br, zstd'

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }
function get(base: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, base)
    const req = request({ host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method, headers: { ...PROGRAM, ...headers } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

const decoded = (res: Answer) => {
  const coding = res.headers['content-encoding']
  if (coding === 'br') return brotliDecompressSync(res.body)
  if (coding === 'gzip') return gunzipSync(res.body)
  expect(coding, 'no other coding').toBeUndefined()
  return res.body
}
const varyOf = (res: Answer) =>
  String(res.headers.vary ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean)

/** Whatever the coding, a Content-Length is the length of the bytes sent. */
function expectWhole(res: Answer, what: string) {
  if (res.headers['content-length'] !== undefined) expect(Number(res.headers['content-length']), what).toBe(res.body.length)
  else expect(res.headers['transfer-encoding'], what).toBe('chunked')
}

let dir = ''
let server: Awaited<ReturnType<typeof startNodeServer>>
let csrfCookie = ''
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tessera-compression-'))
  const publicDir = join(dir, 'public')
  for (const [path, body] of Object.entries(FILES)) {
    mkdirSync(dirname(join(publicDir, path)), { recursive: true })
    writeFileSync(join(publicDir, path), body)
  }
  writeFileSync(join(publicDir, '_headers'), headersFile([HASHED_JS]).text)
  // The project's migrated and seeded template when there is one (the seed then writes nothing).
  const template = process.env[LIBSQL_TEMPLATE_ENV]
  if (template && existsSync(template)) copyFileSync(template, join(dir, 'db.sqlite'))
  server = await startNodeServer({ port: 0, quiet: true, seed: true, databaseUrl: `file:${join(dir, 'db.sqlite')}`, publicDir, env: { ENVIRONMENT: 'development' } })
  // The site's page carries a CSRF token made from this cookie: with it, every answer has the same bytes.
  const first = await get(server.url, '/', { accept: 'text/html' })
  csrfCookie = ([] as string[])
    .concat(first.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0]!)
    .join('; ')
  expect(csrfCookie).toMatch(/csrf/)
}, 60_000)
afterAll(async () => {
  await server?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** A page, a hashed bundle, a revalidated static file and two JSON answers (one the public cache keeps). */
const TARGETS: [string, Record<string, string>][] = [
  ['/', { accept: 'text/html' }],
  [HASHED_JS, {}],
  ['/favicon.svg', {}],
  ['/public/challenges/coffee-quiz', { accept: 'application/json' }],
  ['/public/program', { accept: 'application/json' }],
]

describe('the Node entry compresses by Accept-Encoding', () => {
  // First in the file: nothing has asked for the script yet.
  it("sends the site's script at its best compression from the first request after a start", async () => {
    // The server began on the files its index.html names as it started.
    await server.warmed
    const res = await get(server.url, HASHED_JS, { 'accept-encoding': CHROME })
    expect(res.headers['content-encoding']).toBe('br')
    expect(decoded(res).toString()).toBe(script)
    const best = brotliCompressSync(Buffer.from(script), { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(script) } })
    expect(res.body.equals(best), `${res.body.length} bytes, brotli 11 makes ${best.length}`).toBe(true)
  })

  it('answers brotli, gzip or identity, each the exact bytes of the identity answer', async () => {
    const cases: [string | undefined, string | undefined][] = [
      ['br, gzip', 'br'],
      [CHROME, 'br'],
      ['gzip', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['br;q=0, gzip;q=0', undefined],
      ['identity', undefined],
      [undefined, undefined],
    ]
    for (const [path, extra] of TARGETS) {
      const headers = { ...extra, cookie: csrfCookie }
      const identity = await get(server.url, path, headers)
      expect({ path, status: identity.status, coding: identity.headers['content-encoding'] }).toEqual({ path, status: 200, coding: undefined })
      expect(identity.body.length, path).toBeGreaterThan(1024)
      expectWhole(identity, path)
      for (const [acceptEncoding, coding] of cases) {
        const what = `${path} with Accept-Encoding: ${acceptEncoding ?? '(none)'}`
        const res = await get(server.url, path, acceptEncoding === undefined ? headers : { ...headers, 'accept-encoding': acceptEncoding })
        expect({ what, status: res.status, coding: res.headers['content-encoding'] }).toEqual({ what, status: 200, coding })
        expectWhole(res, what)
        expect(decoded(res).equals(identity.body), what).toBe(true)
        if (coding) expect(res.body.length, what).toBeLessThan(identity.body.length)
        // Whatever a cache stored must be told apart by the coding asked for.
        if (acceptEncoding !== undefined) expect(varyOf(res), what).toContain('accept-encoding')
        for (const name of ['cache-control', 'access-control-allow-origin', 'content-type']) expect(res.headers[name], `${what}: ${name}`).toEqual(identity.headers[name])
      }
    }
  })

  it("keeps the page's own Vary and cookies, and a revalidated file's ETag per coding", async () => {
    const page = await get(server.url, '/', { accept: 'text/html', 'accept-encoding': CHROME })
    expect(page.headers['content-encoding']).toBe('br')
    expect(varyOf(page)).toEqual(['accept', 'accept-encoding'])
    expect(String(page.headers['set-cookie'])).toMatch(/csrf/)

    const identity = await get(server.url, '/favicon.svg')
    const br = await get(server.url, '/favicon.svg', { 'accept-encoding': 'br' })
    const gzip = await get(server.url, '/favicon.svg', { 'accept-encoding': 'gzip' })
    const tag = identity.headers.etag as string
    expect(tag).toMatch(/^"[0-9a-f]{40}"$/)
    expect([br.headers.etag, gzip.headers.etag]).toEqual([tag.replace(/"$/, '-br"'), tag.replace(/"$/, '-gzip"')])
    // Revalidation answers 304 for the representation the client holds, with its caching headers.
    const again = await get(server.url, '/favicon.svg', { 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string })
    expect({ status: again.status, cc: again.headers['cache-control'], vary: varyOf(again), body: again.body.length }).toEqual({
      status: 304,
      cc: REVALIDATE,
      vary: ['accept-encoding'],
      body: 0,
    })
    expect((await get(server.url, '/favicon.svg', { 'accept-encoding': 'gzip', 'if-none-match': br.headers.etag as string })).status).toBe(200)
  })

  it('leaves images, fonts, tiny bodies and HEAD alone', async () => {
    for (const path of ['/brand/photo.png', '/assets/fonts/inter-latin-400-normal.woff2', '/embed.js']) {
      const res = await get(server.url, path, { 'accept-encoding': CHROME })
      expect({ path, status: res.status, coding: res.headers['content-encoding'] }).toEqual({ path, status: 200, coding: undefined })
      expect(res.body.equals(Buffer.from(FILES[path]!)), path).toBe(true)
      expectWhole(res, path)
    }
    const head = await get(server.url, HASHED_JS, { 'accept-encoding': CHROME }, 'HEAD')
    expect({ status: head.status, coding: head.headers['content-encoding'], length: head.headers['content-length'] }).toEqual({
      status: 200,
      coding: undefined,
      length: String(Buffer.byteLength(script)),
    })
  })
})

describe('what is never compressed (middleware/compression.ts)', () => {
  const big = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ i, name: `item ${i}` })) })
  const req = (init: RequestInit = {}) => new Request('http://localhost/x', { ...init, headers: { 'accept-encoding': 'br, gzip', ...init.headers } })

  it('event streams, encoded answers, no-transform, 204/304 and small bodies pass through', async () => {
    const cases: [string, Response][] = [
      ['event stream', new Response(big, { headers: { 'content-type': 'text/event-stream' } })],
      ['already gzip', new Response(gzipSync(big), { headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } })],
      ['no-transform', new Response(big, { headers: { 'content-type': 'application/json', 'cache-control': 'public, no-transform' } })],
      ['zip', new Response(big, { headers: { 'content-type': 'application/zip' } })],
      ['304', new Response(null, { status: 304, headers: { 'content-type': 'application/json' } })],
      ['small', new Response('{"ok":true}', { headers: { 'content-type': 'application/json' } })],
    ]
    for (const [what, res] of cases) {
      const out = await compressAnswer(req(), res)
      expect(out.headers.get('content-encoding'), what).toBe(what === 'already gzip' ? 'gzip' : null)
    }
    const json = await compressAnswer(req(), new Response(big, { headers: { 'content-type': 'application/json; charset=utf-8', etag: '"v1"' } }))
    expect([json.headers.get('content-encoding'), json.headers.get('etag')]).toEqual(['br', 'W/"v1"'])
    expect(brotliDecompressSync(Buffer.from(await json.arrayBuffer())).toString()).toBe(big)
    const head = await compressAnswer(req({ method: 'HEAD' }), new Response(null, { headers: { 'content-type': 'application/json', 'content-length': '4000' } }))
    expect([head.headers.get('content-encoding'), head.headers.get('content-length')]).toEqual([null, '4000'])
  })

  it('compresses a streamed body as it streams', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => `${i},${'row '.repeat(600)}\n`)
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const row = rows.shift()
        if (row === undefined) controller.close()
        else controller.enqueue(new TextEncoder().encode(row))
      },
    })
    const out = await compressAnswer(req({ headers: { 'accept-encoding': 'gzip' } }), new Response(stream, { headers: { 'content-type': 'text/csv' } }))
    expect(out.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await out.arrayBuffer())).toString()).toBe(Array.from({ length: 40 }, (_, i) => `${i},${'row '.repeat(600)}\n`).join(''))
  })

  it('reads Accept-Encoding like HTTP says', () => {
    const cases: [string | null, string | null][] = [
      [null, null],
      ['', null],
      ['br', 'br'],
      ['gzip, br', 'br'],
      ['br;q=0.5, gzip', 'gzip'],
      ['br;q=0, gzip;q=0', null],
      ['*', 'br'],
      ['*;q=0, gzip', 'gzip'],
      ['x-gzip', 'gzip'],
      ['deflate, identity', null],
    ]
    for (const [value, expected] of cases) expect(preferredCoding(value), String(value)).toBe(expected)
    for (const type of ['text/html; charset=utf-8', 'application/json', 'text/javascript; charset=utf-8', 'image/svg+xml', 'application/manifest+json', 'text/csv'])
      expect(isCompressibleType(type), type).toBe(true)
    for (const type of ['image/png', 'image/webp', 'font/woff2', 'application/zip', 'video/mp4', 'text/event-stream', undefined]) expect(isCompressibleType(type), String(type)).toBe(false)
  })
})

describe('caching headers: the Node entry compressed, the Workers entry (workerd, wrangler.toml assets)', () => {
  let workers: Awaited<ReturnType<typeof startDeployedWorker>> | undefined
  beforeAll(async () => {
    workers = await startDeployedWorker({ assets: join(dir, 'public') })
  }, 180_000)
  afterAll(async () => workers?.close())

  it('sends the same Cache-Control (and CORS) for a page, a hashed bundle and a JSON answer', async () => {
    const base = workers!.assetsUrl!
    const expected: Record<string, string> = { '/': 'no-store', [HASHED_JS]: IMMUTABLE, '/public/challenges/coffee-quiz': 'public, max-age=5' }
    for (const [path, extra] of TARGETS.filter(([p]) => p in expected)) {
      const headers = { ...extra, 'accept-encoding': CHROME }
      const [node, worker] = [await get(server.url, path, headers), await get(base, path, headers)]
      const pick = (res: Answer) => ({ status: res.status, cc: res.headers['cache-control'], acao: res.headers['access-control-allow-origin'] })
      expect({ path, ...pick(node) }).toEqual({ path, ...pick(worker) })
      expect({ path, cc: node.headers['cache-control'] }).toEqual({ path, cc: expected[path] })
      expect(node.headers['content-encoding'], path).toBe('br')
      expect(decoded(node).length, path).toBeGreaterThan(1024)
    }
    // The hashed bundle is the file itself on both entries.
    const bundle = await get(base, HASHED_JS)
    expect(bundle.body.equals(readFileSync(join(dir, 'public', HASHED_JS)))).toBe(true)
  })
})
