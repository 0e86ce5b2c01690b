import { describe, expect, it } from 'vitest'
import { MEDIA_LIMITS } from '../../../../sdk/contract/console/media'
import { checkMediaFile, countingStream, jpegSize, looksLikeMarkup, pngSize } from './file-check'
import { HTML_PAGE, makeJpegHeader, makeMp4, makePng, OGG, PNG_SIGNATURE, SVG_WITH_SCRIPT, WEBM } from './media-fixtures'

const image = { video: false }
const video = { video: true }

describe('media file checks', () => {
  it('reads PNG and JPEG types and sizes from their bytes, whatever the name or declared type', () => {
    expect(checkMediaFile(makePng(3, 2), { ...image, name: 'photo.jpg', declaredType: 'image/jpeg' })).toEqual({
      ok: true,
      file: { contentType: 'image/png', extension: 'png', video: false, width: 3, height: 2 },
    })
    expect(checkMediaFile(makeJpegHeader(640, 480), { ...image, name: 'x.png' })).toEqual({
      ok: true,
      file: { contentType: 'image/jpeg', extension: 'jpg', video: false, width: 640, height: 480 },
    })
    // A progressive JPEG (SOF2) after other segments.
    expect(jpegSize(makeJpegHeader(1200, 800, 0xc2))).toEqual({ width: 1200, height: 800 })
    expect(pngSize(makePng(7, 9))).toEqual({ width: 7, height: 9 })
  })

  it('refuses HTML renamed to .png and SVG with a script, whatever they are called or declared', () => {
    const html = checkMediaFile(HTML_PAGE, { ...image, name: 'cat.png', declaredType: 'image/png' })
    expect(html).toEqual({ ok: false, reason: expect.stringContaining('SVG and HTML files are not accepted') })
    const svg = checkMediaFile(SVG_WITH_SCRIPT, { ...image, name: 'logo.png', declaredType: 'image/png' })
    expect(svg).toEqual({ ok: false, reason: expect.stringContaining('SVG and HTML files are not accepted') })
    // Leading whitespace, a BOM or UTF-16 do not hide markup.
    expect(looksLikeMarkup(new TextEncoder().encode('\uFEFF   \n<svg onload="x"/>'))).toBe(true)
    const utf16 = new Uint8Array([0xff, 0xfe, ...[...'<html>'].flatMap((ch) => [ch.charCodeAt(0), 0])])
    expect(checkMediaFile(utf16, image).ok).toBe(false)
    // A real PNG said to be SVG is refused too (declared markup is never accepted).
    expect(checkMediaFile(makePng(1, 1), { ...image, name: 'a.svg' }).ok).toBe(false)
    expect(checkMediaFile(makePng(1, 1), { ...image, declaredType: 'image/svg+xml' }).ok).toBe(false)
  })

  it('refuses unknown bytes, empty files and a PNG signature without its header', () => {
    expect(checkMediaFile(new TextEncoder().encode('GIF89a......'), image)).toEqual({ ok: false, reason: 'must be a PNG or JPEG file' })
    expect(checkMediaFile(new Uint8Array(), image)).toEqual({ ok: false, reason: 'is empty' })
    expect(checkMediaFile(PNG_SIGNATURE, image)).toEqual({ ok: false, reason: 'is not a readable PNG image' })
    expect(checkMediaFile(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2]), image)).toEqual({ ok: false, reason: 'is not a readable JPEG image' })
  })

  it('refuses pixel floods from the header alone', () => {
    const flood = checkMediaFile(makePng(1, 1, [0, 0, 0], { width: 100_000, height: 100_000 }), image)
    expect(flood).toEqual({ ok: false, reason: expect.stringMatching(/100000×100000 pixels/) })
    expect(checkMediaFile(makeJpegHeader(9000, 9000), image).ok).toBe(false) // 81 MP
    expect(checkMediaFile(makeJpegHeader(MEDIA_LIMITS.maxSide + 1, 10), image).ok).toBe(false)
    expect(checkMediaFile(makeJpegHeader(8000, 5000), image).ok).toBe(true) // 40 MP, the limit
    expect(checkMediaFile(makePng(1, 1, [0, 0, 0], { width: 0, height: 5 }), image).ok).toBe(false)
  })

  it('accepts MP4, QuickTime, WebM and Ogg only where video is allowed', () => {
    expect(checkMediaFile(makeMp4(), image)).toEqual({ ok: false, reason: expect.stringContaining('videos are not accepted here') })
    expect(checkMediaFile(makeMp4(), video)).toMatchObject({ ok: true, file: { contentType: 'video/mp4', extension: 'mp4', width: null } })
    expect(checkMediaFile(makeMp4('qt  '), video)).toMatchObject({ ok: true, file: { contentType: 'video/quicktime', extension: 'mov' } })
    expect(checkMediaFile(WEBM, video)).toMatchObject({ ok: true, file: { contentType: 'video/webm', extension: 'webm' } })
    expect(checkMediaFile(OGG, video)).toMatchObject({ ok: true, file: { contentType: 'video/ogg', extension: 'ogv' } })
  })

  it('refuses files past the size limit of their type', () => {
    const big = new Uint8Array(MEDIA_LIMITS.imageBytes + 1)
    big.set(makePng(1, 1))
    expect(checkMediaFile(big, video)).toEqual({ ok: false, reason: 'must be at most 10 MB for an image' })
    const bigVideo = new Uint8Array(MEDIA_LIMITS.videoBytes + 1)
    bigVideo.set(makeMp4())
    expect(checkMediaFile(bigVideo, video)).toEqual({ ok: false, reason: 'must be at most 25 MB' })
  })

  it('counts a streamed body and fails past the limit without reading the rest', async () => {
    let pulled = 0
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++
        controller.enqueue(new Uint8Array(1024))
        if (pulled > 1000) controller.close()
      },
    })
    const counted = countingStream(source, 4096, () => new Error('too large'))
    await expect(new Response(counted).arrayBuffer()).rejects.toThrow('too large')
    expect(pulled).toBeLessThan(20)
    const small = countingStream(new Response(new Uint8Array(100)).body!, 4096, () => new Error('too large'))
    expect((await new Response(small).arrayBuffer()).byteLength).toBe(100)
  })
})
