import type { OcrItem } from './ocr'

/**
 * From a receipt's OCR text to merchant, date, total and items (issue 16). Pure and runtime-free: the
 * local provider (tesseract, Node) uses it, and tests feed it text fixtures. Layouts it reads:
 *
 * - `2 x Caffe Latte   9.00`, `Caffe Latte x2 9.00`, `Caffe Latte   2   9.00` (with a QTY column);
 * - a barcode or SKU before the name (`4011 ORGANIC BANANAS 2.49`, `PP-4417 USB-C Cable 2m 1 19.99`);
 * - a quantity line under the item (`3 @ 1.19`, `Qty 2 @ 5.49 ea`), which sets the item's quantity;
 * - prices with a currency sign, a decimal comma, or a trailing tax flag (`$4.29`, `12,99`, `4.29 T`);
 * - dates as `2026-10-14`, `11/03/2026` (month first unless the receipt is in pounds or euros, or the
 *   first number cannot be a month), `18.10.2026` (day first), `Oct 21, 2026`, `21 October 2026`;
 * - totals as `TOTAL`, `Grand total`, `Amount due`, `Balance due` (never `Subtotal` or `Total tax`).
 *
 * Everything that is not an item (tax, subtotal, payment, change, card and loyalty lines) is skipped.
 */
export type ParsedReceipt = {
  merchant: string | null
  date: string | null
  total_cents: number | null
  items: OcrItem[]
  /** 0..1: how much of a receipt was found (merchant, date, total, items) and whether it adds up. */
  completeness: number
}

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
}

/** A price at the end of a line: optional sign and currency, thousands separators, two decimals, a tax flag. */
const TRAILING_PRICE = /(-?)\s*[$£€]?\s?((?:\d{1,3}(?:[,.\s]\d{3})+|\d+)[.,]\s?\d{2})(?:\s*-)?(?:\s+[A-Z*]{1,2})?\s*$/
const TOTAL_WORDS = /\b(grand\s*total|total\s*due|amount\s*due|balance\s*due|total\s*amount|total)\b/i
const NOT_TOTAL = /\b(sub\s*-?\s*total|subtotal|total\s*(tax|vat|savings|saved|discount|items?|qty|quantity)|tax|vat)\b/i
const SUBTOTAL_WORDS = /\bsub\s*-?\s*total\b/i
/** Lines that carry an amount but are never purchased items. */
const NOT_ITEM = new RegExp(
  [
    'sub\\s*-?\\s*total', 'total', 'tax', 'vat', 'gst', 'hst', 'change', 'cash', 'card', 'visa', 'mastercard', 'amex',
    'debit', 'credit', 'tend', 'tendered', 'balance', 'amount\\s*due', 'payment', 'paid', 'tip', 'gratuity', 'rounding',
    'savings', 'you\\s*saved', 'points', 'auth', 'approval', 'items?\\s*sold', 'tel', 'phone', 'receipt\\s*no',
  ].map((w) => `\\b${w}\\b`).join('|'),
  'i',
)
const ITEM_LINE_HEADER = /\b(qty|quantity|sku|item|description)\b/i

/** Common OCR confusions inside a number (`1O.5O`, `l2.99`, `S4.29`). */
function cleanNumber(s: string): string {
  return s.replace(/[Oo]/g, '0').replace(/[lI|]/g, '1').replace(/\s/g, '')
}

/** `1,234.56`, `1.234,56`, `12,99`, `12.99` -> cents. */
export function parseAmount(raw: string): number | null {
  const s = cleanNumber(raw)
  const m = /^(\d+(?:[.,]\d{3})*)[.,](\d{2})$/.exec(s)
  if (!m) return null
  const whole = Number(m[1]!.replace(/[.,]/g, ''))
  return Number.isFinite(whole) ? whole * 100 + Number(m[2]!) : null
}

/** The price a line ends with, and the text before it. */
function trailingPrice(line: string): { before: string; cents: number } | null {
  // OCR reads a 0 as O now and then: fix it in the last word only (never in the item's name).
  const cut = line.lastIndexOf(' ') + 1
  const tail = line.slice(cut)
  const normalized = /\d/.test(tail) ? line.slice(0, cut) + tail.replace(/[Oo]/g, '0') : line
  const m = TRAILING_PRICE.exec(normalized)
  if (!m) return null
  const cents = parseAmount(m[2]!)
  if (cents === null) return null
  const before = normalized.slice(0, m.index).replace(/[\s.:$£€*-]+$/, '').trim()
  return { before, cents: m[1] === '-' ? -cents : cents }
}

function validDate(y: number, m: number, d: number): string | null {
  if (y < 100) y += 2000
  if (y < 1990 || y > 2100 || m < 1 || m > 12 || d < 1 || d > 31) return null
  const date = new Date(Date.UTC(y, m - 1, d))
  if (date.getUTCMonth() !== m - 1) return null
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`
}

/** The first date printed on the receipt, as ISO `YYYY-MM-DD`. */
export function findDate(text: string, opts: { dayFirst?: boolean } = {}): string | null {
  const t = text.replace(/(\d)[Oo]/g, '$10').replace(/[Oo](\d)/g, '0$1')
  const candidates: { at: number; iso: string }[] = []
  const push = (at: number, iso: string | null) => {
    if (iso) candidates.push({ at, iso })
  }
  for (const m of t.matchAll(/\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/g)) push(m.index, validDate(Number(m[1]!), Number(m[2]!), Number(m[3]!)))
  for (const m of t.matchAll(/\b(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})\b/g)) {
    const a = +m[1]!
    const b = +m[3]!
    const y = +m[4]!
    // Dots mean day first (18.10.2026); slashes and dashes are month first unless told otherwise or impossible.
    const dayFirst = m[2]! === '.' || opts.dayFirst || a > 12
    push(m.index, dayFirst ? validDate(y, b, a) : validDate(y, a, b))
  }
  const month = '(jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)[a-z]*\\.?'
  for (const m of t.matchAll(new RegExp(`\\b${month}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'gi')))
    push(m.index, validDate(+m[3]!, MONTHS[m[1]!.toLowerCase()]!, +m[2]!))
  for (const m of t.matchAll(new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?[\\s-]+${month}[\\s-]+(\\d{4})\\b`, 'gi')))
    push(m.index, validDate(+m[3]!, MONTHS[m[2]!.toLowerCase()]!, +m[1]!))
  candidates.sort((x, y) => x.at - y.at)
  return candidates[0]?.iso ?? null
}

const hasLetters = (s: string, n = 3) => (s.match(/[A-Za-z]/g)?.length ?? 0) >= n

/** `GREEN BASKET MARKET` -> `Green Basket Market`; mixed case is kept as printed. */
function tidyName(s: string): string {
  const clean = s.replace(/\s+/g, ' ').replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9.)']+$/g, '').trim()
  if (clean !== clean.toUpperCase()) return clean
  return clean.toLowerCase().replace(/\b([a-z])/g, (c) => c.toUpperCase())
}

/** The merchant: the first line of the header that reads like a name (not an address, phone, date or greeting). */
function findMerchant(lines: string[]): string | null {
  for (const line of lines.slice(0, 6)) {
    if (!hasLetters(line, 3)) continue
    if (/^(welcome|receipt|sales\s*receipt|invoice|tax\s*invoice|order|customer\s*copy|thank)/i.test(line)) continue
    if (/^\d/.test(line) || /\b(tel|phone|www\.|https?:|street|st\.|ave|avenue|road|rd\.)\b/i.test(line)) continue
    if (findDate(line) || trailingPrice(line)) continue
    // Logos and noise read as a few symbols: a name is mostly letters.
    const letters = line.match(/[A-Za-z]/g)?.length ?? 0
    if (letters / line.replace(/\s/g, '').length < 0.6) continue
    return tidyName(line)
  }
  return null
}

/** A product code before the name: a barcode (4 to 14 digits) or a code with a digit (`PP-4417`, `A12345`). */
function splitSku(text: string): { sku: string | null; name: string } {
  const m = /^(\d{4,14}|[A-Z]{1,4}-?\d{3,10}(?:-\d+)?|\d{3,8}-\d{1,6})\s+(.*)$/.exec(text)
  if (m && hasLetters(m[2]!, 2)) return { sku: m[1]!, name: m[2]! }
  return { sku: null, name: text }
}

/** A quantity line under an item: `3 @ 1.19`, `Qty 2 @ 5.49 ea`, `2 x 4.50`. */
function quantityLine(line: string): { quantity: number; unitCents: number } | null {
  const m = /^(?:qty\.?:?\s*)?(\d{1,3})\s*(?:@|x|X|\*)\s*[$£€]?\s?(\d+[.,]\d{2})(?:\s*(?:ea|each|\/ea))?\.?\s*(?:[$£€]?\s?\d+[.,]\d{2})?$/i.exec(line.trim())
  if (!m) return null
  const unitCents = parseAmount(m[2]!)
  return unitCents === null ? null : { quantity: Number(m[1]!), unitCents }
}

function parseItem(before: string, cents: number, qtyColumn: boolean): OcrItem | null {
  let text = before
  let quantity = 1
  // `2 x Caffe Latte`, `2x Caffe Latte`, `2 Caffe Latte` is too ambiguous (it is often part of the name).
  let m = /^(\d{1,3})\s*[xX×*]\s+(.*)$/.exec(text)
  if (m) {
    quantity = Number(m[1]!)
    text = m[2]!
  }
  // `Caffe Latte x2`, `Caffe Latte 2 @ 4.50`, `Caffe Latte 2 4.50` (unit price then line price).
  m = /^(.*?)\s+[xX×]\s?(\d{1,3})$/.exec(text) ?? /^(.*?)\s+(\d{1,3})\s*[@xX]\s*[$£€]?\d+[.,]\d{2}$/.exec(text)
  if (m) {
    text = m[1]!
    quantity = Number(m[2]!)
  } else if ((m = /^(.*?)\s+(\d{1,3})\s+[$£€]?(\d+[.,]\d{2})$/.exec(text))) {
    const unit = parseAmount(m[3]!)
    if (unit !== null && unit * Number(m[2]!) === cents) {
      text = m[1]!
      quantity = Number(m[2]!)
    }
  } else if (qtyColumn && (m = /^(.*\D)\s+(\d{1,2})$/.exec(text))) {
    text = m[1]!
    quantity = Number(m[2]!)
  }
  const { sku, name } = splitSku(text.trim())
  const clean = name.replace(/\s+/g, ' ').replace(/^[^A-Za-z0-9]+|[\s.:|_-]+$/g, '').trim()
  if (!hasLetters(clean, 2) || quantity < 1) return null
  return { name: clean, sku, quantity, price_cents: cents }
}

/**
 * Parses a receipt's text. `dayFirst` forces day-first slash dates; otherwise a receipt priced in
 * pounds or euros (or showing VAT) reads them day first.
 */
export function parseReceiptText(text: string, opts: { dayFirst?: boolean } = {}): ParsedReceipt {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.replace(/[\t ]+/g, ' ').replace(/[“”"]/g, '').trim())
    .filter((l) => l.length > 0)
  const dayFirst = opts.dayFirst ?? /[£€]|\bVAT\b|\bGBP\b|\bEUR\b/.test(text)
  const merchant = findMerchant(lines)
  const date = findDate(text, { dayFirst })

  // Totals: the last TOTAL-like line wins (a receipt may repeat it after tax); else the largest amount.
  let total: number | null = null
  let subtotal: number | null = null
  let firstSummary = lines.length
  for (const [i, line] of lines.entries()) {
    const price = trailingPrice(line)
    if (SUBTOTAL_WORDS.test(line)) {
      if (price) subtotal = price.cents
      firstSummary = Math.min(firstSummary, i)
      continue
    }
    if (TOTAL_WORDS.test(line) && !NOT_TOTAL.test(line)) {
      firstSummary = Math.min(firstSummary, i)
      if (price && price.cents > 0) total = price.cents
      else {
        // `TOTAL` on one line and the amount alone on the next.
        const following = lines[i + 1]
        const next = following ? trailingPrice(following) : null
        if (next && next.before === '' && next.cents > 0) total = next.cents
      }
    }
  }

  const qtyColumn = lines.some((l) => ITEM_LINE_HEADER.test(l) && /\b(qty|quantity)\b/i.test(l))
  const items: OcrItem[] = []
  for (const line of lines.slice(0, firstSummary)) {
    const q = quantityLine(line)
    if (q) {
      const last = items[items.length - 1]
      if (last && (last.price_cents === q.quantity * q.unitCents || last.quantity === 1)) last.quantity = q.quantity
      continue
    }
    if (NOT_ITEM.test(line) || findDate(line)) continue
    const price = trailingPrice(line)
    if (!price || price.cents <= 0 || !price.before) continue
    const item = parseItem(price.before, price.cents, qtyColumn)
    if (item) items.push(item)
  }
  if (total === null) {
    const amounts = lines.map((l) => trailingPrice(l)?.cents ?? 0)
    const largest = Math.max(0, ...amounts)
    total = largest > 0 ? largest : null
  }

  const itemSum = items.reduce((s, it) => s + it.price_cents, 0)
  const addsUp = items.length > 0 && (itemSum === subtotal || itemSum === total)
  const completeness =
    (merchant ? 0.2 : 0) + (date ? 0.2 : 0) + (total !== null ? 0.3 : 0) + (items.length ? 0.3 : 0)
  return { merchant, date, total_cents: total, items, completeness: Math.round(completeness * (addsUp ? 1 : 0.85) * 100) / 100 }
}
