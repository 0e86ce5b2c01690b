import type { OcrItem, OcrProvider, OcrResult } from './ocr'

/**
 * The hosted receipt OCR for production (decision 0028): Mindee's Receipt API (expense_receipts v5),
 * synchronous predict, as documented at docs.mindee.com/v1:
 *
 *   POST https://api.mindee.net/v1/products/mindee/expense_receipts/v5/predict
 *   Authorization: Token <MINDEE_API_KEY>
 *   multipart/form-data, field `document`: the image (JPEG, PNG, WebP, HEIC, TIFF) or PDF
 *   -> 201 { api_request: { status, status_code, error }, document: { inference: { prediction, pages } } }
 *
 * The document-level prediction gives `supplier_name.value`, `date.value` (ISO), `total_amount.value`
 * (a decimal), `line_items[]` ({ description, product_code, quantity, unit_price, total_amount,
 * confidence }) and a 0..1 `confidence` per field. Errors answer 4xx/5xx with `api_request.error`
 * ({ code, message, details }); this adapter throws with them (the receipts consumer retries).
 */
export const MINDEE_RECEIPT_URL = 'https://api.mindee.net/v1/products/mindee/expense_receipts/v5/predict'

type Field<T> = { value?: T | null; confidence?: number | null } | null | undefined
type LineItem = {
  description?: string | null
  product_code?: string | null
  quantity?: number | null
  unit_price?: number | null
  total_amount?: number | null
  confidence?: number | null
}
type Prediction = {
  supplier_name?: Field<string>
  date?: Field<string>
  total_amount?: Field<number>
  total_net?: Field<number>
  line_items?: LineItem[] | null
}
type MindeeResponse = {
  api_request?: { status?: string; status_code?: number; error?: { code?: string; message?: string; details?: string } }
  document?: { inference?: { prediction?: Prediction } }
}

const cents = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v * 100) : null)
const money = (c: number) => (c / 100).toFixed(2)

/** Mindee's prediction as an OcrResult (exported for the recorded-response tests). */
export function fromMindeeReceipt(json: MindeeResponse): OcrResult {
  const p = json.document?.inference?.prediction
  if (!p) throw new Error('Mindee answered without a prediction.')
  const merchant = p.supplier_name?.value?.trim() || null
  const dateValue = p.date?.value ?? null
  const date = dateValue && /^\d{4}-\d{2}-\d{2}$/.test(dateValue) ? dateValue : null
  const total = cents(p.total_amount?.value)
  const items: OcrItem[] = []
  const itemConfidences: number[] = []
  for (const li of p.line_items ?? []) {
    const name = li.description?.trim()
    const quantity = li.quantity && li.quantity > 0 ? li.quantity : 1
    // Line price: its total, else quantity x unit price.
    const price = cents(li.total_amount) ?? (typeof li.unit_price === 'number' ? Math.round(li.unit_price * quantity * 100) : null)
    if (!name || price === null) continue
    items.push({ name, sku: li.product_code?.trim() || null, quantity, price_cents: price })
    itemConfidences.push(li.confidence ?? 0)
  }
  // The same weights as the local parser's completeness, with Mindee's per-field confidence.
  const itemsConfidence = itemConfidences.length ? itemConfidences.reduce((s, c) => s + c, 0) / itemConfidences.length : 0
  const confidence =
    0.2 * (merchant ? (p.supplier_name?.confidence ?? 0) : 0) +
    0.2 * (date ? (p.date?.confidence ?? 0) : 0) +
    0.3 * (total !== null ? (p.total_amount?.confidence ?? 0) : 0) +
    0.3 * itemsConfidence
  // Mindee's receipt product returns fields, not the page's text: the review page shows what it read.
  const text = [
    merchant ?? '',
    date ?? '',
    ...items.map((it) => `${it.sku ? `${it.sku} ` : ''}${it.quantity} x ${it.name}  ${money(it.price_cents)}`),
    total !== null ? `TOTAL  ${money(total)}` : '',
  ]
    .filter(Boolean)
    .join('\n')
  return { provider: 'mindee', merchant, date, total_cents: total, items, text, confidence: Math.round(Math.min(1, confidence) * 100) / 100 }
}

export function createMindeeOcr(options: { apiKey: string; url?: string; fetch?: typeof fetch; timeoutMs?: number }): OcrProvider {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init))
  return {
    async read({ bytes, contentType }) {
      const form = new FormData()
      const ext = contentType.split('/')[1]?.replace('jpeg', 'jpg') ?? 'bin'
      form.append('document', new Blob([new Uint8Array(bytes)], { type: contentType }), `receipt.${ext}`)
      const res = await doFetch(options.url ?? MINDEE_RECEIPT_URL, {
        method: 'POST',
        headers: { authorization: `Token ${options.apiKey}` },
        body: form,
        signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
      })
      const json = (await res.json().catch(() => null)) as MindeeResponse | null
      if (!res.ok || !json) {
        const e = json?.api_request?.error
        throw new Error(`Mindee answered ${res.status}${e?.code ? ` ${e.code}` : ''}${e?.message ? `: ${e.message}` : ''}${e?.details ? ` (${e.details})` : ''}`)
      }
      return fromMindeeReceipt(json)
    },
  }
}
