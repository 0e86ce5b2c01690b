import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { type Attachment, type AttachmentList, MEDIA_PATH } from '../../../../sdk/contract/console/media'
import { programAttachments } from '../../db/schema'
import { createLocalStorage } from '../../platform/storage'
import { makeRewardsTest } from '../../../test/rewards-fixtures'
import { adminWith, consoleAs, programByKey } from '../participants/participants-fixtures'
import { HTML_PAGE, makeJpegHeader, makeMp4, makePng, SVG_WITH_SCRIPT } from './media-fixtures'
import { testTempDir } from '../../../test/temp-dir'

type Result = { success: boolean; resource?: Attachment; errors: Record<string, string>; error?: { fields?: Record<string, string> } }

/** Every file under `dir` (the local store's objects and their sidecars). */
const filesIn = (dir: string): string[] => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name)

async function setup() {
  const dir = testTempDir('media')
  const r = await makeRewardsTest({ storage: createLocalStorage(dir) })
  const admin = await consoleAs(r, 'admin@tessera.dev')
  const base = `/admin/v2/programs/${r.program.id}/program_attachments`
  const rows = async () => r.db.select().from(programAttachments)
  const upload = async (bytes: Uint8Array, name: string, opts: { type?: string; video?: boolean; fields?: Record<string, string>; path?: string; headers?: Record<string, string> } = {}) => {
    const form = new FormData()
    form.append('file', new File([bytes as BlobPart], name, { type: opts.type ?? 'image/png' }))
    for (const [k, v] of Object.entries(opts.fields ?? {})) form.append(k, v)
    return admin.json<Result>(`${opts.path ?? base}${opts.video ? '?accept_video=true' : ''}`, { method: 'POST', body: form, headers: opts.headers })
  }
  return { ...r, dir, admin, base, rows, upload }
}

describe('console media library', () => {
  it('uploads a PNG, lists it, serves it with its type, nosniff, a closed policy and an immutable cache, and edits title and alt text', async () => {
    const { admin, base, upload, app, program, dir } = await setup()
    const png = makePng(4, 3)
    const res = await upload(png, 'Hero banner.png', { fields: { alt_text: 'A red square' } })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.success).toBe(true)
    const a = res.body.resource!
    expect(a).toMatchObject({ title: 'Hero banner', alt_text: 'A red square', content_type: 'image/png', width: 4, height: 3, dimension: '4x3', byte_size: png.length, file: { filename: 'Hero banner.png' } })
    expect(a.public_url).toMatch(new RegExp(`^/media/${program.id}/[a-f0-9]{32}\\.png$`))
    // The shape the widgets' rewrite treats as media (widgets/src/embed/media-urls.uploads.test.ts).
    expect(a.public_url).toMatch(MEDIA_PATH)
    expect(filesIn(dir)).toHaveLength(2) // the object and its content-type sidecar

    const list = await admin.json<AttachmentList>(base)
    expect(list.body.data.map((x) => x.id)).toEqual([a.id])
    expect(list.body.meta).toEqual({ page: 1, per_page: 20, total: 1, total_pages: 1 })

    // Served on any host (a partner's widget loads it from the Tessera origin), without a session.
    const served = await app.request(`http://other.example${a.public_url}`)
    expect(served.status).toBe(200)
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect((await app.request(`http://localhost/media/${program.id}/${'0'.repeat(32)}.png`)).status).toBe(404)
    // A byte range (videos seek with them): 206 with its Content-Range; past the end, 416.
    const part = await app.request(`http://localhost${a.public_url}`, { headers: { range: 'bytes=1-3' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 1-3/${png.length}`)
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(png.subarray(1, 4))
    const tail = await app.request(`http://localhost${a.public_url}`, { headers: { range: 'bytes=-4' } })
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(png.subarray(png.length - 4))
    const beyond = await app.request(`http://localhost${a.public_url}`, { headers: { range: `bytes=${png.length}-` } })
    expect(beyond.status).toBe(416)
    expect(beyond.headers.get('content-range')).toBe(`bytes */${png.length}`)
    expect((await app.request(`http://localhost/media/${program.id}/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404)
    expect((await app.request(`http://localhost/media/${program.id + 1}/${a.public_url.split('/').pop()}`)).status).toBe(404)

    const patched = await admin.json<Result>(`${base}/${a.id}`, { method: 'PATCH', json: { title: 'Hero', alt_text: 'Ember & Oak storefront' } })
    expect(patched.status).toBe(200)
    expect(patched.body).toMatchObject({ success: true, resource: { id: a.id, title: 'Hero', alt_text: 'Ember & Oak storefront' }, errors: {} })
    const put = await admin.json<Result>(`${base}/${a.id}`, { method: 'PUT', json: { alt_text: 'Storefront' } })
    expect(put.body.resource).toMatchObject({ title: 'Hero', alt_text: 'Storefront' })
    const long = await admin.json<Result>(`${base}/${a.id}`, { method: 'PATCH', json: { alt_text: 'x'.repeat(501) } })
    expect(long.status).toBe(422)
    expect(long.body).toMatchObject({ success: false, errors: { alt_text: 'Alt text must not be longer than 500 characters' } })
  })

  it.each([
    ['HTML renamed to .png', HTML_PAGE, 'cat.png', 'image/png', /SVG and HTML files are not accepted/],
    ['an SVG with a script', SVG_WITH_SCRIPT, 'logo.svg', 'image/svg+xml', /SVG and HTML files are not accepted/],
    ['an SVG with a script named .png', SVG_WITH_SCRIPT, 'logo.png', 'image/png', /SVG and HTML files are not accepted/],
    ['a pixel-flood PNG', makePng(1, 1, [0, 0, 0], { width: 60_000, height: 60_000 }), 'flood.png', 'image/png', /60000×60000 pixels/],
    ['a video where only images are accepted', makeMp4(), 'clip.mp4', 'video/mp4', /videos are not accepted here/],
  ])('refuses %s with a 422 naming file, and stores nothing', async (_label, bytes, name, type, reason) => {
    const { upload, rows, dir } = await setup()
    const res = await upload(bytes, name, { type })
    expect(res.status).toBe(422)
    expect(res.body.success).toBe(false)
    expect(res.body.errors.file).toMatch(reason)
    expect(res.body.error?.fields?.file).toMatch(reason)
    expect(await rows()).toHaveLength(0)
    expect(filesIn(dir)).toEqual([])
  })

  it('refuses a 50 MB file before buffering it, by its Content-Length or as it streams, and stores nothing', async () => {
    const { admin, base, rows, dir } = await setup()
    const big = new Uint8Array(50 * 1024 * 1024)
    big.set(makePng(1, 1))
    const form = new FormData()
    form.append('file', new File([big], 'huge.png', { type: 'image/png' }))
    const encoded = new Response(form)
    const type = encoded.headers.get('content-type')!
    const body = new Uint8Array(await encoded.arrayBuffer())

    const declared = await admin.json<Result>(base, { method: 'POST', body, headers: { 'content-type': type, 'content-length': String(body.length) } })
    expect(declared.status).toBe(422)
    expect(declared.body.errors.file).toBe('must be at most 10 MB')

    // No Content-Length: the body is counted as it arrives and the read stops past the limit.
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= body.length) return controller.close()
        const piece = body.subarray(sent, sent + 1024 * 1024)
        sent += piece.length
        controller.enqueue(piece)
      },
    })
    const streamed = await admin.json<Result>(`${base}?accept_video=true`, { method: 'POST', body: stream, headers: { 'content-type': type }, duplex: 'half' } as RequestInit)
    expect(streamed.status).toBe(422)
    expect(streamed.body.errors.file).toBe('must be at most 10 MB for an image or 25 MB for a video')
    expect(sent).toBeLessThan(30 * 1024 * 1024)
    expect(await rows()).toHaveLength(0)
    expect(filesIn(dir)).toEqual([])
  })

  it('refuses an upload without the CSRF header before reading its body (the CSRF check would parse it)', async () => {
    const { admin, base, rows } = await setup()
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 60 * 1024 * 1024) return controller.close()
        sent += 1024 * 1024
        controller.enqueue(new Uint8Array(1024 * 1024))
      },
    })
    const res = await admin.request(base, { method: 'POST', body: stream, headers: { 'content-type': 'multipart/form-data; boundary=x' }, csrf: false, duplex: 'half' } as RequestInit & { csrf: false })
    expect(res.status).toBe(403)
    expect(sent).toBeLessThan(5 * 1024 * 1024)
    expect(await rows()).toHaveLength(0)
  })

  it('accepts video only with accept_video, and lists videos only when asked', async () => {
    const { admin, base, upload } = await setup()
    const clip = await upload(makeMp4(), 'clip.mp4', { type: 'video/mp4', video: true })
    expect(clip.status, JSON.stringify(clip.body)).toBe(201)
    expect(clip.body.resource).toMatchObject({ content_type: 'video/mp4', dimension: null })
    expect(clip.body.resource!.public_url).toMatch(/\.mp4$/)
    const jpeg = await upload(makeJpegHeader(800, 600), 'photo.jpeg', { type: 'image/jpeg' })
    expect(jpeg.body.resource).toMatchObject({ content_type: 'image/jpeg', dimension: '800x600' })
    expect(jpeg.body.resource!.public_url).toMatch(/\.jpg$/)
    expect((await admin.json<AttachmentList>(base)).body.data.map((a) => a.content_type)).toEqual(['image/jpeg'])
    expect((await admin.json<AttachmentList>(`${base}?accept_video=true`)).body.data.map((a) => a.content_type).sort()).toEqual(['image/jpeg', 'video/mp4'])
    expect((await admin.json(`${base}?accept_video=maybe`)).status).toBe(422)
  })

  it('pages 20 at a time, newest first', async () => {
    const { admin, base, upload, clock } = await setup()
    const ids: number[] = []
    for (let i = 0; i < 21; i++) {
      clock.advance(1000)
      ids.push((await upload(makePng(1, 1, [i, i, i]), `f${i}.png`)).body.resource!.id)
    }
    const first = await admin.json<AttachmentList>(base)
    expect(first.body.data).toHaveLength(20)
    expect(first.body.data[0]!.id).toBe(ids[20])
    expect(first.body.meta).toEqual({ page: 1, per_page: 20, total: 21, total_pages: 2 })
    const second = await admin.json<AttachmentList>(`${base}?page=2`)
    expect(second.body.data.map((a) => a.id)).toEqual([ids[0]])
    expect((await admin.json(`${base}?per_page=50`)).status).toBe(422)
  })

  it("keeps each program's library to itself", async () => {
    const r = await setup()
    const links = await programByKey(r, 'links')
    const mine = (await r.upload(makePng(2, 2), 'mine.png')).body.resource!
    const theirs = (await r.upload(makePng(2, 2), 'theirs.png', { path: `/admin/v2/programs/${links.id}/program_attachments` })).body.resource!
    expect(theirs.public_url).toMatch(new RegExp(`^/media/${links.id}/`))
    expect((await r.admin.json<AttachmentList>(r.base)).body.data.map((a) => a.id)).toEqual([mine.id])
    // Another program's attachment through this program's path is not found, and unchanged.
    const cross = await r.admin.json(`${r.base}/${theirs.id}`, { method: 'PATCH', json: { title: 'hijack' } })
    expect(cross.status).toBe(404)
    expect((await r.admin.json(`${r.base}/${theirs.id}`)).status).toBe(404)
    // An admin with program update on the demo program only: the other program is forbidden.
    const limited = await adminWith(r, 'media-limited@example.com', r.program.id, [['program', 'update']])
    expect((await limited.json(r.base)).status).toBe(200)
    expect((await limited.json(`/admin/v2/programs/${links.id}/program_attachments`)).status).toBe(403)
    const form = new FormData()
    form.append('file', new File([makePng(1, 1) as BlobPart], 'x.png', { type: 'image/png' }))
    expect((await limited.request(`/admin/v2/programs/${links.id}/program_attachments`, { method: 'POST', body: form })).status).toBe(403)
    // Without program update: forbidden.
    const viewer = await adminWith(r, 'media-viewer@example.com', r.program.id, [['rewards', 'view']])
    expect((await viewer.json(r.base)).status).toBe(403)
  })

  it('answers 422 naming file when no file or no multipart body is sent', async () => {
    const { admin, base, rows } = await setup()
    const empty = await admin.json<Result>(base, { method: 'POST', body: new FormData() })
    expect(empty.status).toBe(422)
    expect(empty.body.errors.file).toBe('is required')
    const json = await admin.json<Result>(base, { json: { file: 'x' } })
    expect(json.status).toBe(422)
    expect(json.body.errors.file).toMatch(/multipart/)
    expect(await rows()).toHaveLength(0)
  })
})
