import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ocrFromEnv } from './ocr-env'
import { createMindeeOcr, fromMindeeReceipt, MINDEE_RECEIPT_URL } from './ocr-mindee'

// Recorded answers in the documented format of Mindee's Receipt API v5 (docs.mindee.com/v1).
const fixture = (name: string) => readFileSync(resolve(import.meta.dirname, 'ocr-fixtures', name), 'utf8')
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82])

function recordedFetch(status: number, body: string) {
  const calls: { url: string; init: RequestInit }[] = []
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} })
    return new Response(body, { status, headers: { 'content-type': 'application/json' } })
  }) as typeof fetch
  return { calls, fetcher }
}

describe('Mindee receipt adapter', () => {
  it('sends the image as the multipart `document` with the Token header, and maps the prediction', async () => {
    const { calls, fetcher } = recordedFetch(201, fixture('mindee-receipt-v5.json'))
    const ocr = createMindeeOcr({ apiKey: 'test-key-123', fetch: fetcher })
    const result = await ocr.read({ bytes: PNG, contentType: 'image/png' })

    expect(calls).toHaveLength(1)
    expect(calls[0]!.url).toBe(MINDEE_RECEIPT_URL)
    expect(calls[0]!.init.method).toBe('POST')
    expect(new Headers(calls[0]!.init.headers).get('authorization')).toBe('Token test-key-123')
    const form = calls[0]!.init.body as FormData
    const document = form.get('document') as File
    expect(document.type).toBe('image/png')
    expect(document.name).toBe('receipt.png')
    expect(new Uint8Array(await document.arrayBuffer())).toEqual(PNG)

    expect(result).toMatchObject({
      provider: 'mindee',
      merchant: 'PIXEL & PLUG ELECTRONICS',
      date: '2026-10-18',
      total_cents: 5992,
      items: [
        { name: 'USB-C Cable 2m', sku: 'PP-4417', quantity: 1, price_cents: 1999 },
        { name: 'Wireless Mouse', sku: 'PP-2290', quantity: 1, price_cents: 2495 },
        // No line total in the answer: quantity x unit price.
        { name: 'AA Batteries 8pk', sku: 'PP-3104', quantity: 2, price_cents: 1498 },
      ],
    })
    // 0.2 x 0.96 + 0.2 x 0.99 + 0.3 x 0.99 + 0.3 x mean(0.98, 0.97, 0.95)
    expect(result.confidence).toBe(0.98)
    expect(result.text).toContain('TOTAL  59.92')
  })

  it('lowers the confidence for fields Mindee did not find', () => {
    const json = JSON.parse(fixture('mindee-receipt-v5.json'))
    const p = json.document.inference.prediction
    p.date = { confidence: 0, value: null }
    p.line_items = []
    const result = fromMindeeReceipt(json)
    expect(result.date).toBeNull()
    expect(result.items).toEqual([])
    expect(result.confidence).toBeLessThan(0.5)
  })

  it("throws with Mindee's error when the key is refused", async () => {
    const { fetcher } = recordedFetch(401, fixture('mindee-error-401.json'))
    const ocr = createMindeeOcr({ apiKey: 'wrong', fetch: fetcher })
    await expect(ocr.read({ bytes: PNG, contentType: 'image/png' })).rejects.toThrow('Mindee answered 401 Unauthorized: Authorization required (Invalid token provided)')
  })

  it('is what the Worker uses when MINDEE_API_KEY is set; the OCR service with OCR_URL; nothing otherwise', async () => {
    const { calls, fetcher } = recordedFetch(201, fixture('mindee-receipt-v5.json'))
    const hosted = ocrFromEnv({ MINDEE_API_KEY: 'k', OCR_URL: 'http://127.0.0.1:1' }, fetcher)
    await hosted!.read({ bytes: PNG, contentType: 'image/png' })
    expect(calls[0]!.url).toBe(MINDEE_RECEIPT_URL)
    expect(ocrFromEnv({ OCR_URL: 'http://127.0.0.1:1', OCR_SECRET: 's' })).toBeDefined()
    expect(ocrFromEnv({})).toBeUndefined()
  })
})
