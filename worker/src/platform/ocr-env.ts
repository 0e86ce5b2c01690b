import type { OcrProvider } from './ocr'
import { createHttpOcr } from './ocr-http'
import { createMindeeOcr } from './ocr-mindee'

export type OcrEnv = {
  /** The hosted receipt OCR (production): Mindee's Receipt API key. */
  MINDEE_API_KEY?: string
  /** The local OCR service (`npm start` sets both): its loopback URL and shared secret. */
  OCR_URL?: string
  OCR_SECRET?: string
}

/**
 * The Worker's receipt OCR from its bindings (decision 0028): MINDEE_API_KEY -> the hosted adapter;
 * OCR_URL (+ OCR_SECRET) -> the local OCR service over HTTP; neither -> none (receipts wait in
 * `pending`). Only HTTP adapters here: the Worker bundle never includes tesseract.
 */
export function ocrFromEnv(env: OcrEnv, fetcher?: typeof fetch): OcrProvider | undefined {
  if (env.MINDEE_API_KEY) return createMindeeOcr({ apiKey: env.MINDEE_API_KEY, fetch: fetcher })
  if (env.OCR_URL) return createHttpOcr({ url: env.OCR_URL, secret: env.OCR_SECRET ?? '', fetch: fetcher })
  return undefined
}
