import { describe, expect, it } from 'vitest'
import { MAX_BODY_BYTES } from '../src/app'
import { makeTestApp } from './helpers'

describe('request body limit', () => {
  it('refuses a declared Content-Length over the limit without reading the body', async () => {
    const t = await makeTestApp()
    const res = await t.app.request('http://localhost/public/signin/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(MAX_BODY_BYTES + 1), 'x-tessera-session': 'token' },
      body: '{}',
    })
    expect(res.status).toBe(413)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('payload_too_large')
  })

  it('lets a declared Content-Length within the limit through', async () => {
    const t = await makeTestApp()
    const body = JSON.stringify({ email: 'small@example.com' })
    const res = await t.app.request('http://localhost/public/signin/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(body.length), 'x-tessera-session': 'token' },
      body,
    })
    expect(res.status).not.toBe(413)
  })
})
