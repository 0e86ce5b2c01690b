import * as z from 'zod'
import type { OcrProvider, OcrResult } from './ocr'

/** The header carrying the shared secret the OCR service requires (ocr-service.ts). */
export const OCR_SECRET_HEADER = 'x-tessera-ocr-secret'

const resultSchema = z.object({
  provider: z.string(),
  merchant: z.string().nullable(),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable(),
  total_cents: z.number().int().nullable(),
  items: z.array(
    z.object({
      name: z.string(),
      sku: z.string().nullable().optional(),
      quantity: z.number().positive(),
      price_cents: z.number().int(),
    }),
  ),
  text: z.string(),
  confidence: z.number().min(0).max(1),
})

/**
 * The Worker's way to the local OCR (decision 0028): `npm start` runs the OCR service on a loopback
 * port and hands the Worker OCR_URL and OCR_SECRET. Imports nothing of tesseract, so the Worker bundle
 * stays free of it. A failure throws (the receipts consumer leaves the receipt to be retried).
 */
export function createHttpOcr(options: { url: string; secret: string; fetch?: typeof fetch; timeoutMs?: number }): OcrProvider {
  const endpoint = `${options.url.replace(/\/+$/, '')}/read`
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init))
  const timeoutMs = options.timeoutMs ?? 120_000
  return {
    async read({ bytes, contentType }): Promise<OcrResult> {
      const res = await doFetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': contentType, [OCR_SECRET_HEADER]: options.secret },
        // A copy on its own ArrayBuffer (what BodyInit takes); receipts are a few MB at most.
        body: new Uint8Array(bytes),
        signal: AbortSignal.timeout(timeoutMs),
      })
      const body = (await res.json().catch(() => null)) as unknown
      if (!res.ok) {
        const reason = body && typeof body === 'object' && 'error' in body ? String((body as { error: unknown }).error) : `status ${res.status}`
        throw new Error(`OCR service refused the image (${res.status}): ${reason}`)
      }
      const parsed = resultSchema.safeParse(body)
      if (!parsed.success) throw new Error(`OCR service answered an unexpected shape: ${parsed.error.message}`)
      return parsed.data
    },
  }
}
