import { Hono } from 'hono'
import { requestId } from 'hono/request-id'
import { secureHeaders } from 'hono/secure-headers'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '../src/env'
import { CSP_DIRECTIVES, responseHeaders } from '../src/middleware/response-headers'

/** What hono/request-id and hono/secure-headers send with the options the app used to give them. */
function reference(frameAncestors?: string) {
  const app = new Hono<AppEnv>()
  app.use(requestId({ headerName: 'X-Request-Id' }))
  app.use(async (c, next) => {
    if (frameAncestors) c.set('frameAncestors', frameAncestors)
    await next()
  })
  app.use(
    secureHeaders({
      contentSecurityPolicy: { ...CSP_DIRECTIVES, frameAncestors: [(c) => (c.get('frameAncestors') as string | undefined) ?? "'self'"] },
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: 'cross-origin',
      strictTransportSecurity: 'max-age=31536000; includeSubDomains',
      xFrameOptions: false,
    }),
  )
  app.get('/', (c) => c.json({ ok: true }))
  return app
}

function ours(frameAncestors?: string) {
  const app = new Hono<AppEnv>()
  app.use(responseHeaders)
  app.use(async (c, next) => {
    if (frameAncestors) c.set('frameAncestors', frameAncestors)
    await next()
  })
  app.get('/', (c) => c.json({ ok: true }))
  app.get('/public/thing', (c) => c.json({ ok: true }))
  app.get('/ahoy/visits', (c) => c.json({ ok: true }))
  app.get('/manifest.webmanifest', (c) => c.json({ ok: true }))
  app.get('/admin/v2/thing', (c) => c.html('<p>console</p>'))
  return app
}

const ID = { 'x-request-id': 'req-1' }
const headersOf = (res: Response) => Object.fromEntries([...res.headers.entries()].sort())

describe('response headers', () => {
  it('match hono/request-id and hono/secure-headers with the app options, with and without frame-ancestors', async () => {
    for (const ancestors of [undefined, "'self' https://partner.example https://partner.example:*"]) {
      const expected = headersOf(await reference(ancestors).request('/', { headers: ID }))
      expect(headersOf(await ours(ancestors).request('/', { headers: ID }))).toEqual(expected)
    }
  })

  it('make up a request id unless the caller sent a plain one', async () => {
    for (const sent of [undefined, 'bad id!', 'x'.repeat(256)]) {
      const res = await ours().request('/', sent ? { headers: { 'x-request-id': sent } } : {})
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    }
  })

  it('go on the Node response under @hono/node-server, leaving the Response headers alone', async () => {
    const set: Record<string, string> = {}
    const outgoing = { headersSent: false, setHeader: (name: string, value: string) => void (set[name.toLowerCase()] = value) }
    const res = await ours().request('/', { headers: ID }, { outgoing })
    const expected = headersOf(await reference().request('/', { headers: ID }))
    expect({ ...headersOf(res), ...set }).toEqual(expected)
    expect(res.headers.get('x-content-type-options')).toBeNull()
  })

  it('give JSON API answers the API set: nosniff, HSTS, no referrer, a policy allowing nothing and no framing', async () => {
    // The visit beacons and the manifest too: never documents, fetched by every first page load.
    for (const path of ['/public/thing', '/ahoy/visits', '/manifest.webmanifest']) {
      const headers = headersOf(await ours().request(path, { headers: ID }))
      expect(headers).toEqual({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'content-type': 'application/json',
        'cross-origin-resource-policy': 'cross-origin',
        'referrer-policy': 'no-referrer',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'x-request-id': 'req-1',
      })
    }
  })

  it('forbid <base> everywhere, HSTS for a year, and framing of the console', async () => {
    const page = await ours().request('/', { headers: ID })
    expect(page.headers.get('content-security-policy')).toContain("base-uri 'none'")
    expect(page.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
    const console = await ours().request('/admin/v2/thing', { headers: ID })
    expect(console.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(console.headers.get('content-security-policy')).toContain("base-uri 'none'")
  })
})
