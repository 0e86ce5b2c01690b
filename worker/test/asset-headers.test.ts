import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { headersFile, IMMUTABLE, isHashedOutput, REVALIDATE } from '../../scripts/asset-headers.mjs'
import { startNodeServer } from '../src/node'
import { offlineEnv, wranglerWorkerOptions } from '../local/deployed-worker'

/**
 * Cache headers of the built front ends on both entries (docs/decisions/0014): files named after their
 * content (vite's `[name]-[hash]` under /assets/ and /admin/v2/assets/) are immutable; pages, the
 * loader and fixed-name files stay revalidated. The `_headers` file scripts/build.mjs writes is what
 * wrangler's assets read on Workers (checked here in workerd, with wrangler.toml's assets settings)
 * and what the Node entry reads.
 */

const FILES: Record<string, string> = {
  '/assets/index-DXdcJ-3m.js': 'console.log("site")',
  '/assets/index-DcGKpQaM.css': 'body{}',
  '/admin/v2/assets/index-Bdyhd8KX.js': 'console.log("console")',
  '/assets/tessera-elements.js': 'console.log("elements")',
  '/embed.js': 'console.log("loader")',
  '/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  '/index.html': '<!doctype html><title>site</title>',
}
const HASHED = ['/assets/index-DXdcJ-3m.js', '/assets/index-DcGKpQaM.css', '/admin/v2/assets/index-Bdyhd8KX.js']
const REVALIDATED = ['/assets/tessera-elements.js', '/embed.js', '/favicon.svg']

let dir = ''
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tessera-assets-'))
  for (const [path, body] of Object.entries(FILES)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), body)
  }
  writeFileSync(join(dir, '_headers'), headersFile(Object.keys(FILES).filter((p) => HASHED.includes(p))).text)
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('which built files are hashed (scripts/asset-headers.mjs)', () => {
  it("takes vite's [name]-[hash] names, not fixed names that happen to look alike", () => {
    expect(isHashedOutput({ type: 'chunk', name: 'index', fileName: 'assets/index-DXdcJ-3m.js' })).toBe(true)
    expect(isHashedOutput({ type: 'chunk', name: 'challenge-page', fileName: 'assets/challenge-page-CEkk4nwg.js' })).toBe(true)
    expect(isHashedOutput({ type: 'asset', names: ['index.css'], fileName: 'assets/index-DcGKpQaM.css' })).toBe(true)
    // "elements" is 8 characters, but the chunk is called tessera-elements: a fixed name.
    expect(isHashedOutput({ type: 'chunk', name: 'tessera-elements', fileName: 'assets/tessera-elements.js' })).toBe(false)
    expect(isHashedOutput({ type: 'chunk', name: 'loader', fileName: 'embed.js' })).toBe(false)
    expect(isHashedOutput({ type: 'asset', names: ['index.html'], fileName: 'index.html' })).toBe(false)
    // Only the asset folders: a hashed name elsewhere is not made immutable.
    expect(headersFile(['/brand/logo-AbCdEf12.svg']).rules).toBe(0)
  })
})

describe('cache headers on the Node entry', () => {
  let server: Awaited<ReturnType<typeof startNodeServer>>
  beforeAll(async () => {
    server = await startNodeServer({ port: 0, quiet: true, databaseUrl: ':memory:', publicDir: dir, env: { ENVIRONMENT: 'test' } })
  })
  afterAll(async () => server?.close())

  it('serves hashed files immutable, the loader and fixed names revalidated with an ETag', async () => {
    for (const path of HASHED) {
      const res = await fetch(`${server.url}${path}`)
      expect({ path, status: res.status, cc: res.headers.get('cache-control') }).toEqual({ path, status: 200, cc: IMMUTABLE })
      expect(await res.text()).toBe(FILES[path])
    }
    // Partner pages fetch the elements' modules cross-origin: every /assets/ file carries CORS.
    for (const path of [...HASHED, '/assets/tessera-elements.js']) {
      const res = await fetch(`${server.url}${path}`, { headers: { origin: 'https://partner.example' } })
      await res.arrayBuffer()
      expect({ path, acao: res.headers.get('access-control-allow-origin') }).toEqual({ path, acao: path.startsWith('/assets/') ? '*' : null })
    }
    for (const path of REVALIDATED) {
      const res = await fetch(`${server.url}${path}`)
      expect({ path, status: res.status, cc: res.headers.get('cache-control') }).toEqual({ path, status: 200, cc: REVALIDATE })
      const tag = res.headers.get('etag')
      expect(tag, path).toBeTruthy()
      const again = await fetch(`${server.url}${path}`, { headers: { 'if-none-match': tag! } })
      expect(again.status, path).toBe(304)
      expect(again.headers.get('cache-control')).toBe(REVALIDATE)
    }
  })
})

describe('cache headers on the Workers entry (workerd, wrangler.toml assets)', () => {
  let mf: import('miniflare').Miniflare | undefined
  let url = ''
  beforeAll(async () => {
    Object.assign(process.env, offlineEnv())
    const { Miniflare } = await import('miniflare')
    const workerOptions = await wranglerWorkerOptions()
    const assets = workerOptions.assets as { directory: string }
    // The Worker itself does not matter here: wrangler.toml sends the asset paths straight to the assets.
    mf = new Miniflare({
      modules: true,
      script: 'export default { fetch() { return new Response("worker", { headers: { "cache-control": "no-store" } }) } }',
      compatibilityDate: workerOptions.compatibilityDate,
      assets: { ...(workerOptions.assets as object), directory: dir } as never,
    })
    url = (await mf.ready).href.replace(/\/$/, '')
    expect(assets.directory).toContain('dist/public')
  }, 60_000)
  afterAll(async () => mf?.dispose())

  it('serves hashed files immutable, the loader and fixed names revalidated, pages through the Worker', async () => {
    for (const path of HASHED) {
      const res = await fetch(`${url}${path}`)
      expect({ path, status: res.status, cc: res.headers.get('cache-control') }).toEqual({ path, status: 200, cc: IMMUTABLE })
      expect({ path, acao: res.headers.get('access-control-allow-origin') }).toEqual({ path, acao: path.startsWith('/assets/') ? '*' : null })
      await res.arrayBuffer()
    }
    for (const path of REVALIDATED) {
      const res = await fetch(`${url}${path}`)
      expect({ path, status: res.status, cc: res.headers.get('cache-control') }).toEqual({ path, status: 200, cc: REVALIDATE })
      await res.arrayBuffer()
    }
    const page = await fetch(`${url}/`)
    expect(await page.text()).toBe('worker')
  })
})
