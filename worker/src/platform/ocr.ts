/**
 * Receipt OCR behind one interface (issue 16). The receipts feature calls `deps.ocr.read(...)` in the
 * background consumer, never on the request path. Providers: the local default (tesseract.js in a
 * small Node OCR service that `npm start` runs beside wrangler, reached over HTTP from the Worker;
 * in-process under the Node entry) and a hosted receipt-OCR adapter for production.
 */
export type OcrItem = {
  /** The item's name as printed. */
  name: string
  /** A product code when the receipt prints one. */
  sku?: string | null
  quantity: number
  /** Line price in cents (quantity x unit price). */
  price_cents: number
}

export type OcrResult = {
  /** Which provider read it (`local-tesseract`, `mindee`, ...). */
  provider: string
  merchant: string | null
  /** ISO date `YYYY-MM-DD` as printed on the receipt. */
  date: string | null
  total_cents: number | null
  items: OcrItem[]
  /** The raw text read, for the review page. */
  text: string
  /** 0..1: how sure the provider is of the whole reading. */
  confidence: number
}

export interface OcrProvider {
  read(input: { bytes: Uint8Array; contentType: string }): Promise<OcrResult>
}
