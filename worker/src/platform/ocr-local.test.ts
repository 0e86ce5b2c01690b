import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OcrResult } from './ocr'
import { createHttpOcr, OCR_SECRET_HEADER } from './ocr-http'
import { createLocalOcr, type LocalOcr, localTesseractPaths } from './ocr-local'
import { startOcrService } from './ocr-service'

// The real tesseract.js on the committed demo receipts (scripts/make-demo-receipts.mjs), one worker
// for the whole file, then the same worker behind the OCR service that `npm start` runs for workerd.
const DEMO_DIR = resolve(import.meta.dirname, '../features/receipts/demo')
type Demo = { file: string; merchant: string; date: string; total_cents: number; items: { name: string; sku?: string; quantity: number; price_cents: number }[] }
const demos = JSON.parse(readFileSync(resolve(DEMO_DIR, 'receipts.json'), 'utf8')) as Demo[]
const SECRET = 'test-ocr-secret-0123456789abcdef'

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim()

/** The demo's items the OCR read with the right name (case and punctuation aside) and price. */
function itemsRead(demo: Demo, result: OcrResult) {
  return demo.items.filter((want) => result.items.some((got) => norm(got.name) === norm(want.name) && got.price_cents === want.price_cents && got.quantity === want.quantity))
}

let ocr: LocalOcr
const timings: string[] = []

beforeAll(async () => {
  ocr = createLocalOcr()
  const t = performance.now()
  await ocr.warm()
  timings.push(`worker start ${Math.round(performance.now() - t)} ms`)
}, 60_000)

afterAll(async () => {
  await ocr?.close()
  console.log(`[ocr-local.test] ${timings.join(', ')}`)
})

describe('local OCR (tesseract.js) on the demo receipts', () => {
  it('loads everything from node_modules, never from a CDN', () => {
    for (const path of Object.values(localTesseractPaths())) {
      expect(path).not.toMatch(/^https?:/)
      expect(existsSync(path)).toBe(true)
    }
    expect(existsSync(resolve(localTesseractPaths().langPath, 'eng.traineddata.gz'))).toBe(true)
  })

  for (const demo of demos) {
    it(`reads ${demo.file}: merchant, date, total and most items`, async () => {
      const t = performance.now()
      const result = await ocr.read({ bytes: readFileSync(resolve(DEMO_DIR, demo.file)), contentType: 'image/png' })
      timings.push(`${demo.file} ${Math.round(performance.now() - t)} ms`)
      expect(result.provider).toBe('local-tesseract')
      expect(norm(result.merchant ?? '')).toBe(norm(demo.merchant))
      expect(result.date).toBe(demo.date)
      expect(result.total_cents).toBe(demo.total_cents)
      expect(itemsRead(demo, result).length).toBeGreaterThanOrEqual(Math.ceil(demo.items.length * 0.75))
      expect(result.confidence).toBeGreaterThan(0.6)
      expect(result.text).toContain(String(demo.total_cents).slice(0, -2))
    }, 60_000)
  }

  it('refuses bytes that are not an image', async () => {
    await expect(ocr.read({ bytes: new TextEncoder().encode('<html><body>not a receipt</body></html>'), contentType: 'image/png' })).rejects.toThrow(/JPEG, PNG/)
  })
})

describe('OCR service and the http adapter (what the Worker uses under npm start)', () => {
  let service: Awaited<ReturnType<typeof startOcrService>>
  beforeAll(async () => {
    service = await startOcrService({ secret: SECRET, port: 0, provider: ocr })
  })
  afterAll(async () => {
    await service?.close()
  })

  it('reads a demo receipt through the http adapter', async () => {
    const demo = demos.find((d) => d.file === 'pixel-plug.png')!
    const http = createHttpOcr({ url: service.url, secret: SECRET })
    const t = performance.now()
    const result = await http.read({ bytes: readFileSync(resolve(DEMO_DIR, demo.file)), contentType: 'image/png' })
    timings.push(`${demo.file} over http ${Math.round(performance.now() - t)} ms`)
    expect(result.provider).toBe('local-tesseract')
    expect(norm(result.merchant ?? '')).toBe(norm(demo.merchant))
    expect(result.total_cents).toBe(demo.total_cents)
    expect(result.date).toBe(demo.date)
  }, 60_000)

  it('refuses a read without the secret, or with a wrong one', async () => {
    const png = readFileSync(resolve(DEMO_DIR, demos[0]!.file))
    const none = await fetch(`${service.url}/read`, { method: 'POST', headers: { 'content-type': 'image/png' }, body: png })
    expect(none.status).toBe(401)
    const wrong = await fetch(`${service.url}/read`, { method: 'POST', headers: { 'content-type': 'image/png', [OCR_SECRET_HEADER]: `${SECRET}x` }, body: png })
    expect(wrong.status).toBe(401)
    await expect(createHttpOcr({ url: service.url, secret: 'not-the-secret' }).read({ bytes: png, contentType: 'image/png' })).rejects.toThrow(/refused the image \(401\)/)
  })

  it('refuses a body that is not an image, whatever its Content-Type says', async () => {
    const html = new TextEncoder().encode('<!doctype html><title>x</title><p>receipt.png</p>')
    const res = await fetch(`${service.url}/read`, { method: 'POST', headers: { 'content-type': 'image/png', [OCR_SECRET_HEADER]: SECRET }, body: html })
    expect(res.status).toBe(415)
    expect(await res.json()).toEqual({ error: 'The body is not a PNG, JPEG, WebP, BMP or TIFF image.' })
    const pdf = new TextEncoder().encode('%PDF-1.7\n1 0 obj <<>> endobj\n')
    await expect(createHttpOcr({ url: service.url, secret: SECRET }).read({ bytes: pdf, contentType: 'application/pdf' })).rejects.toThrow(/\(415\)/)
    expect((await fetch(`${service.url}/health`)).status).toBe(200)
  })
})
