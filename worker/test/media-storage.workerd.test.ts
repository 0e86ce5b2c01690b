import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { createR2Storage } from '../src/platform/storage'
import { createD1Db } from '../src/db/client'
import { createAdminSession } from '../src/features/signin/sessions'
import { base, seed } from './workerd-helpers'

/** The media library on the Workers entry: the R2 adapter over Miniflare's R2 (the FILES binding), and an upload served back. */

/** A 2×2 PNG (worker/src/features/media/media-fixtures.ts makePng(2, 2)). */
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGPgqjjBVXGCAUIBACEuBSmkBXz2AAAAAElFTkSuQmCC'), (c) => c.charCodeAt(0))

class Browser {
  cookies = new Map<string, string>()
  csrf = ''
  async request(path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers)
    if ((init.method ?? 'GET') !== 'GET') {
      if (!this.csrf) this.csrf = ((await (await this.request('/public/csrf')).json()) as { csrf_token: string }).csrf_token
      headers.set('x-csrf-token', this.csrf)
    }
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '))
    const res = await SELF.fetch(`${base}${path}`, { ...init, headers, redirect: 'manual' })
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';')
      const i = pair!.indexOf('=')
      this.cookies.set(pair!.slice(0, i), pair!.slice(i + 1))
    }
    return res
  }
}

describe('media storage on Workers (R2)', () => {
  it('puts, heads, gets and deletes objects with their content type, and refuses unsafe keys', async () => {
    const storage = createR2Storage(env.FILES!)
    await storage.put('media/1/abc.png', PNG, 'image/png')
    expect(await storage.head('media/1/abc.png')).toEqual({ contentType: 'image/png', size: PNG.length })
    const object = await storage.get('media/1/abc.png')
    expect(object).toMatchObject({ contentType: 'image/png', size: PNG.length })
    expect(new Uint8Array(await new Response(object!.body).arrayBuffer())).toEqual(PNG)
    const part = await storage.get('media/1/abc.png', { offset: 1, length: 3 })
    expect(part).toMatchObject({ contentType: 'image/png', size: PNG.length })
    expect(new Uint8Array(await new Response(part!.body).arrayBuffer())).toEqual(PNG.subarray(1, 4))
    await storage.delete('media/1/abc.png')
    expect(await storage.get('media/1/abc.png')).toBeNull()
    expect(await storage.head('media/1/abc.png')).toBeNull()
    for (const key of ['../x.png', 'media/../../x', '/abs.png', 'a//b', '', 'media/1/..']) {
      await expect(storage.put(key, PNG, 'image/png')).rejects.toThrow(/Invalid storage key/)
    }
  })

  it('uploads through the console into R2 and serves the file back with its type, nosniff and an immutable cache', async () => {
    await seed()
    const b = new Browser()
    // A console session made directly (as worker/test/console-fixtures.ts adminBrowser does).
    const admin = await env.DB.prepare("SELECT id FROM admin_users WHERE email = 'admin@tessera.dev'").first<{ id: number }>()
    b.cookies.set('tessera_admin', await createAdminSession(createD1Db(env.DB as never), admin!.id, Date.now()))
    const program = await env.DB.prepare("SELECT id FROM programs WHERE public_key = 'demo'").first<{ id: number }>()

    const form = new FormData()
    form.append('file', new File([PNG], 'square.png', { type: 'image/png' }))
    form.append('alt_text', 'A blue square')
    const res = await b.request(`/admin/v2/programs/${program!.id}/program_attachments`, { method: 'POST', body: form })
    const body = (await res.json()) as { success: boolean; resource: { public_url: string; alt_text: string } }
    expect(res.status, JSON.stringify(body)).toBe(201)
    expect(body.resource.alt_text).toBe('A blue square')
    const key = body.resource.public_url.slice(1)
    expect(await env.FILES!.head(key)).not.toBeNull()

    const served = await SELF.fetch(`${base}${body.resource.public_url}`)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG)

    // HTML renamed to .png: refused, nothing in R2 beyond the first upload.
    const before = (await env.FILES!.list({ prefix: `media/${program!.id}/` })).objects.length
    const bad = new FormData()
    bad.append('file', new File(['<html><script>alert(1)</script></html>'], 'cat.png', { type: 'image/png' }))
    const refused = await b.request(`/admin/v2/programs/${program!.id}/program_attachments`, { method: 'POST', body: bad })
    expect(refused.status).toBe(422)
    expect(((await refused.json()) as { errors: { file: string } }).errors.file).toMatch(/SVG and HTML/)
    expect((await env.FILES!.list({ prefix: `media/${program!.id}/` })).objects.length).toBe(before)
  })
})
