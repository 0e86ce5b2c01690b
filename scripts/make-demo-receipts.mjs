#!/usr/bin/env node
// Renders the demo receipt images (issue 16) with headless Chromium and writes them, with a JSON of
// what each one says, to worker/src/features/receipts/demo/. The PNGs are committed: run this only to
// change them (`node scripts/make-demo-receipts.mjs`), then run worker/src/platform/ocr-local.test.ts,
// which checks that the local OCR still reads every one of them.
// Chromium: CHROMIUM_PATH, else /usr/bin/chromium. Fonts: DejaVu (Debian's fonts-dejavu-core).
import { mkdirSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { chromium } from 'playwright-core'

const OUT = resolve(import.meta.dirname, '../worker/src/features/receipts/demo')

/**
 * Four layouts a participant's photo commonly shows: a café ticket with quantities, a grocery
 * receipt with barcodes, a pharmacy receipt with a written-out date and unit prices, an electronics
 * store with SKU columns and a European date. Prices are cents; each line's price is its line total.
 */
const RECEIPTS = [
  {
    file: 'harbor-coffee.png',
    merchant: 'Harbor Coffee Roasters',
    header: ['Harbor Coffee Roasters', '12 Pier Street, Portland ME', 'Tel (207) 555-0142'],
    dateText: 'Date: 11/03/2026   08:42',
    date: '2026-11-03',
    layout: 'qty',
    items: [
      { name: 'Caffe Latte', quantity: 2, unit_cents: 450 },
      { name: 'Blueberry Muffin', quantity: 1, unit_cents: 325 },
      { name: 'Cold Brew Large', quantity: 1, unit_cents: 495 },
      { name: 'House Blend Beans 1lb', quantity: 1, unit_cents: 1450 },
    ],
    taxRate: 0.055,
    footer: ['Card: VISA ****4821', 'Thank you, see you soon!'],
  },
  {
    file: 'green-basket.png',
    merchant: 'Green Basket Market',
    header: ['GREEN BASKET MARKET', 'Store #0117  Springfield', '2026-10-14  17:05  Lane 3'],
    dateText: null,
    date: '2026-10-14',
    layout: 'sku-left',
    items: [
      { sku: '4011', name: 'Organic Bananas', quantity: 1, unit_cents: 249 },
      { sku: '070038000563', name: 'Whole Milk 1 Gal', quantity: 1, unit_cents: 429 },
      { sku: '041220576463', name: 'Sourdough Bread', quantity: 1, unit_cents: 399 },
      { sku: '036000291452', name: 'Greek Yogurt Plain', quantity: 3, unit_cents: 119 },
      { sku: '012000161155', name: 'Sparkling Water 12pk', quantity: 1, unit_cents: 599 },
    ],
    taxRate: 0,
    footer: ['ITEMS SOLD 7', 'DEBIT TEND', 'Save more with your Basket card'],
  },
  {
    file: 'northside-pharmacy.png',
    merchant: 'Northside Pharmacy',
    header: ['Northside Pharmacy', '480 Elm Avenue', 'Chicago, IL 60614'],
    dateText: 'Oct 21, 2026  2:17 PM',
    date: '2026-10-21',
    layout: 'at-price',
    items: [
      { name: 'Vitamin D3 1000 IU', quantity: 1, unit_cents: 1299 },
      { name: 'Allergy Relief 24ct', quantity: 1, unit_cents: 1849 },
      { name: 'Hand Cream 3oz', quantity: 2, unit_cents: 549 },
      { name: 'Bandages Assorted', quantity: 1, unit_cents: 479 },
    ],
    taxRate: 0.1025,
    footer: ['Rx items are not shown', 'Returns within 30 days with receipt'],
  },
  {
    file: 'pixel-plug.png',
    merchant: 'Pixel & Plug Electronics',
    header: ['PIXEL & PLUG ELECTRONICS', 'Unit 4, Market Square', 'Leeds LS1 6DT'],
    dateText: 'Date 18.10.2026  Time 11:26',
    date: '2026-10-18',
    layout: 'sku-column',
    items: [
      { sku: 'PP-4417', name: 'USB-C Cable 2m', quantity: 1, unit_cents: 1999 },
      { sku: 'PP-2290', name: 'Wireless Mouse', quantity: 1, unit_cents: 2495 },
      { sku: 'PP-3104', name: 'AA Batteries 8pk', quantity: 2, unit_cents: 749 },
    ],
    taxRate: 0,
    footer: ['Prices include VAT at 20%', 'Receipt no. 00482-7731'],
  },
]

const money = (cents) => (cents / 100).toFixed(2)
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;')

function lines(r) {
  const row = (left, right, cls = '') => `<div class="row ${cls}"><span>${esc(left)}</span><span>${esc(right)}</span></div>`
  const out = []
  for (const it of r.items) {
    const total = it.quantity * it.unit_cents
    if (r.layout === 'qty') out.push(row(`${it.quantity} x ${it.name}`, money(total)))
    else if (r.layout === 'sku-left') {
      out.push(row(`${it.sku} ${it.name.toUpperCase()}`, money(total)))
      if (it.quantity > 1) out.push(`<div class="sub">  ${it.quantity} @ ${money(it.unit_cents)}</div>`)
    } else if (r.layout === 'at-price') {
      out.push(row(it.name, money(total)))
      if (it.quantity > 1) out.push(`<div class="sub">  Qty ${it.quantity} @ ${money(it.unit_cents)} ea</div>`)
    } else out.push(`<div class="grid"><span>${esc(it.sku)}</span><span>${esc(it.name)}</span><span>${it.quantity}</span><span>${money(total)}</span></div>`)
  }
  return out.join('\n')
}

function html(r) {
  const subtotal = r.items.reduce((s, it) => s + it.quantity * it.unit_cents, 0)
  const tax = Math.round(subtotal * r.taxRate)
  const total = subtotal + tax
  const currency = r.layout === 'sku-column' ? '£' : '$'
  const head = r.layout === 'sku-column' ? '<div class="grid head"><span>SKU</span><span>ITEM</span><span>QTY</span><span>GBP</span></div>' : ''
  const body = `
  <div class="receipt">
    <div class="merchant">${esc(r.header[0])}</div>
    ${r.header.slice(1).map((l) => `<div class="center">${esc(l)}</div>`).join('')}
    ${r.dateText ? `<div class="center date">${esc(r.dateText)}</div>` : ''}
    <div class="rule"></div>
    ${head}
    ${lines(r)}
    <div class="rule"></div>
    <div class="row"><span>SUBTOTAL</span><span>${money(subtotal)}</span></div>
    ${tax ? `<div class="row"><span>TAX ${(r.taxRate * 100).toFixed(2)}%</span><span>${money(tax)}</span></div>` : ''}
    <div class="row total"><span>TOTAL</span><span>${currency}${money(total)}</span></div>
    <div class="rule"></div>
    ${r.footer.map((l) => `<div class="center small">${esc(l)}</div>`).join('')}
  </div>`
  return {
    total,
    subtotal,
    tax,
    page: `<!doctype html><html><head><meta charset="utf-8"><style>
      html, body { margin: 0; background: #e9e6df; }
      .receipt { width: 380px; margin: 14px; padding: 22px 20px 26px; background: #fdfcf8; color: #1d1d1b;
        font: 16px/1.45 'DejaVu Sans Mono', monospace; box-shadow: 0 1px 4px rgba(0,0,0,.25); }
      .merchant { font: bold 21px/1.3 'DejaVu Sans', sans-serif; text-align: center; margin-bottom: 4px; }
      .center { text-align: center; } .small { font-size: 14px; } .date { margin-top: 6px; }
      .rule { border-top: 2px dashed #555; margin: 10px 0; }
      .row { display: flex; justify-content: space-between; gap: 12px; white-space: pre; }
      .sub { white-space: pre; }
      .grid { display: grid; grid-template-columns: 78px 1fr 34px 64px; gap: 6px; }
      .grid span:nth-child(3), .grid span:nth-child(4) { text-align: right; }
      .head { font-weight: bold; }
      .total { font-weight: bold; font-size: 19px; margin-top: 4px; }
    </style></head><body>${body}</body></html>`,
  }
}

mkdirSync(OUT, { recursive: true })
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
})
const manifest = []
try {
  const page = await browser.newPage({ viewport: { width: 440, height: 400 }, deviceScaleFactor: 2 })
  for (const r of RECEIPTS) {
    const { page: doc, total, subtotal, tax } = html(r)
    await page.setContent(doc)
    const png = await page.locator('.receipt').screenshot({ type: 'png', animations: 'disabled' })
    writeFileSync(resolve(OUT, r.file), png)
    manifest.push({
      file: r.file,
      merchant: r.merchant,
      date: r.date,
      subtotal_cents: subtotal,
      tax_cents: tax,
      total_cents: total,
      items: r.items.map((it) => ({ name: it.name, ...(it.sku ? { sku: it.sku } : {}), quantity: it.quantity, price_cents: it.quantity * it.unit_cents })),
    })
    console.log(`${r.file}: ${(png.length / 1024).toFixed(0)} KB`)
  }
} finally {
  await browser.close()
}
writeFileSync(resolve(OUT, 'receipts.json'), `${JSON.stringify(manifest, null, 2)}\n`)
console.log(`wrote ${manifest.length} receipts and receipts.json to ${OUT}`)
