/**
 * `npm run bench:receipts` (issue 16): receipt OCR time with the local default, and item matching
 * throughput at 10,000 eligible products.
 *
 * 1. OCR: one tesseract.js worker (worker/src/platform/ocr-local.ts, as the Node entry and the OCR
 *    service run it); its start is timed apart, then every demo receipt image
 *    (worker/src/features/receipts/demo) is read BENCH_OCR_ROUNDS (3) times: ms per receipt (median
 *    and max per image) and what was read right (merchant, date, total, items by name and price).
 * 2. Matching: BENCH_PRODUCTS (10,000) eligible products with names, skus and keywords (the demo
 *    receipts' products among them) and 25 exclusion identifiers; the matcher of the receipts feature
 *    (features/receipts/matching.ts: exact sku, keyword, then Fuse.js fuzzy) is built once (timed), then
 *    matches BENCH_ITEMS (2,000) items: a quarter by sku, a quarter by keyword, a third with misspelled
 *    names (fuzzy), the rest matching nothing, plus the items the OCR read. Reports items/s and
 *    p50/p99 per item, CPU per item (steadier than wall time on a shared machine: the load average
 *    is printed), and the strategies found.
 * 3. Writes bench/results/receipts-<timestamp>.json (git-ignored).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import type { OcrResult } from '../worker/src/platform/ocr'
import { createLocalOcr } from '../worker/src/platform/ocr-local'
import { createMatcher, type MatchInput, type MatchProduct } from '../worker/src/features/receipts/matching'

const HERE = dirname(fileURLToPath(import.meta.url))
const DEMO_DIR = resolve(HERE, '../worker/src/features/receipts/demo')
const num = (name: string, fallback: number) => {
  const raw = process.env[name]
  const value = raw === undefined || raw === '' ? fallback : Number(raw)
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`)
  return value
}
const OCR_ROUNDS = num('BENCH_OCR_ROUNDS', 3)
const PRODUCTS = num('BENCH_PRODUCTS', 10_000)
const ITEMS = num('BENCH_ITEMS', 2_000)
const SEED = num('BENCH_SEED', 16)

/** mulberry32, so every run builds the same catalog and items. */
function prng(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const random = prng(SEED)
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!
const ms = (v: number) => (v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${v.toFixed(v < 10 ? 3 : 1)} ms`)
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
const median = (xs: number[]) => quantile([...xs].sort((a, b) => a - b), 0.5)
const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim()

type Demo = { file: string; merchant: string; date: string; total_cents: number; items: { name: string; sku?: string; quantity: number; price_cents: number }[] }
const demos = JSON.parse(readFileSync(join(DEMO_DIR, 'receipts.json'), 'utf8')) as Demo[]

async function benchOcr() {
  console.log(`\nOCR: local default (tesseract.js, one worker), ${demos.length} demo receipts x ${OCR_ROUNDS} rounds`)
  const ocr = createLocalOcr()
  const t0 = performance.now()
  await ocr.warm()
  const startMs = performance.now() - t0
  console.log(`  worker start (engine + English data)  ${ms(startMs)}`)
  const rows: { file: string; median_ms: number; max_ms: number; cpu_ms: number; merchant: boolean; date: boolean; total: boolean; items: string; confidence: number }[] = []
  const read: OcrResult[] = []
  try {
    for (const demo of demos) {
      const bytes = readFileSync(join(DEMO_DIR, demo.file))
      const times: number[] = []
      const cpu0 = process.cpuUsage()
      let result: OcrResult | null = null
      for (let i = 0; i < Math.max(1, OCR_ROUNDS); i++) {
        const t = performance.now()
        result = await ocr.read({ bytes, contentType: 'image/png' })
        times.push(performance.now() - t)
      }
      const cpu = process.cpuUsage(cpu0)
      const r = result!
      read.push(r)
      const itemsRight = demo.items.filter((w) => r.items.some((g) => norm(g.name) === norm(w.name) && g.price_cents === w.price_cents && g.quantity === w.quantity)).length
      rows.push({
        file: demo.file,
        median_ms: Math.round(median(times)),
        max_ms: Math.round(Math.max(...times)),
        cpu_ms: Math.round((cpu.user + cpu.system) / 1000 / times.length),
        merchant: norm(r.merchant ?? '') === norm(demo.merchant),
        date: r.date === demo.date,
        total: r.total_cents === demo.total_cents,
        items: `${itemsRight}/${demo.items.length}`,
        confidence: r.confidence,
      })
    }
  } finally {
    await ocr.close()
  }
  console.log('  image                     median     max  CPU/read  merchant date  total items conf')
  for (const r of rows)
    console.log(`  ${r.file.padEnd(24)} ${ms(r.median_ms).padStart(8)} ${ms(r.max_ms).padStart(8)} ${ms(r.cpu_ms).padStart(8)}   ${(r.merchant ? 'yes' : 'NO').padEnd(8)} ${(r.date ? 'yes' : 'NO').padEnd(5)} ${(r.total ? 'yes' : 'NO').padEnd(5)} ${r.items.padEnd(5)} ${r.confidence}`)
  const perReceipt = median(rows.map((r) => r.median_ms))
  console.log(`  median OCR time per receipt: ${ms(perReceipt)}`)
  return { worker_start_ms: Math.round(startMs), per_receipt_median_ms: perReceipt, images: rows, read }
}

const WORDS = ['organic', 'whole', 'greek', 'roasted', 'sparkling', 'classic', 'fresh', 'wild', 'golden', 'smoked', 'vanilla', 'spicy', 'crunchy', 'honey', 'lemon', 'dark', 'light', 'premium', 'family', 'mini']
const NOUNS = ['coffee', 'yogurt', 'bread', 'milk', 'cereal', 'granola', 'cheese', 'juice', 'water', 'chips', 'cookies', 'pasta', 'sauce', 'beans', 'tea', 'soap', 'shampoo', 'vitamins', 'batteries', 'cable', 'charger', 'mouse', 'cream', 'bandages', 'muffin', 'latte', 'salsa', 'crackers', 'butter', 'rice']
const BRANDS = ['Acme', 'Northwind', 'Bluebird', 'Sunridge', 'Oakhill', 'Riverbend', 'Maple', 'Harbor', 'Summit', 'Pinecrest', 'Lakeside', 'Meadow']
const SIZES = ['8oz', '12oz', '16oz', '1lb', '2lb', '500g', '1L', '2L', '6pk', '12pk', '24ct', '']

function misspell(name: string): string {
  const chars = [...name]
  const i = 1 + Math.floor(random() * Math.max(1, chars.length - 2))
  const op = Math.floor(random() * 3)
  if (op === 0) chars.splice(i, 1)
  else if (op === 1) chars.splice(i, 0, pick([...'aeiourst']))
  else [chars[i - 1], chars[i]] = [chars[i]!, chars[i - 1]!]
  return chars.join('')
}

function benchMatching(ocrRead: OcrResult[]) {
  console.log(`\nMatching: ${PRODUCTS.toLocaleString('en')} eligible products, ${ITEMS.toLocaleString('en')} items + the OCR'd demo items`)
  const products: MatchProduct[] = []
  // The demo receipts' products first (a sku where the receipt prints one, keywords otherwise).
  for (const d of demos)
    for (const it of d.items)
      products.push({ id: products.length + 1, productName: it.name, sku: it.sku ?? null, keywords: it.sku ? '' : norm(it.name).split(' ').slice(-2).join(' '), pointsPerCents: 0.1, productActive: true })
  while (products.length < PRODUCTS) {
    const id = products.length + 1
    const name = `${pick(BRANDS)} ${pick(WORDS)} ${pick(WORDS)} ${pick(NOUNS)} ${pick(SIZES)}`.replace(/\s+/g, ' ').trim()
    products.push({ id, productName: name, sku: `SKU-${100000 + id}`, keywords: random() < 0.3 ? `${pick(BRANDS).toLowerCase()} ${pick(NOUNS)} ${id}` : '', pointsPerCents: pick([0.05, 0.1, 0.2]), productActive: random() > 0.02 })
  }
  const exclusions = Array.from({ length: 25 }, (_, i) => (i % 2 ? `GIFTCARD-${i}` : `lottery ticket ${i}`))
  const tb = performance.now()
  const matcher = createMatcher(products, exclusions)
  const buildMs = performance.now() - tb

  const items: MatchInput[] = []
  for (let i = 0; i < ITEMS; i++) {
    const p = pick(products)
    const roll = random()
    const priceCents = 100 + Math.floor(random() * 4000)
    if (roll < 0.25) items.push({ name: `${p.productName}`, sku: p.sku, priceCents })
    else if (roll < 0.5 && p.keywords) items.push({ name: `${p.keywords} special`, sku: null, priceCents })
    else if (roll < 0.85) items.push({ name: misspell(p.productName), sku: null, priceCents })
    else items.push({ name: `${pick(['Bag fee', 'Deposit', 'Gift wrap', 'Service'])} ${i}`, sku: null, priceCents })
  }
  for (const r of ocrRead) for (const it of r.items) items.push({ name: it.name, sku: it.sku ?? null, priceCents: it.price_cents })

  // Warm-up (JIT), then the timed pass.
  for (const it of items.slice(0, 200)) matcher.match(it)
  const times: number[] = []
  const strategies: Record<string, number> = {}
  const cpu0 = process.cpuUsage()
  const t0 = performance.now()
  for (const it of items) {
    const t = performance.now()
    const m = matcher.match(it)
    times.push(performance.now() - t)
    strategies[m.matchedStrategy ?? 'none'] = (strategies[m.matchedStrategy ?? 'none'] ?? 0) + 1
  }
  const totalMs = performance.now() - t0
  const cpu = process.cpuUsage(cpu0)
  const cpuMsPerItem = (cpu.user + cpu.system) / 1000 / items.length
  times.sort((a, b) => a - b)
  const ocrMatched = ocrRead.flatMap((r) => r.items).filter((it) => matcher.match({ name: it.name, sku: it.sku ?? null, priceCents: it.price_cents }).eligibleProductId !== null).length
  const out = {
    products: products.length,
    items: items.length,
    build_ms: Math.round(buildMs),
    items_per_second: Math.round(items.length / (totalMs / 1000)),
    p50_ms: quantile(times, 0.5),
    p99_ms: quantile(times, 0.99),
    max_ms: times[times.length - 1] ?? 0,
    cpu_ms_per_item: Math.round(cpuMsPerItem * 1000) / 1000,
    strategies,
    ocr_items_matched: `${ocrMatched}/${ocrRead.flatMap((r) => r.items).length}`,
  }
  console.log(`  matcher build (index of ${products.length.toLocaleString('en')} products)  ${ms(buildMs)}`)
  console.log(`  ${out.items.toLocaleString('en')} items in ${ms(totalMs)}: ${out.items_per_second.toLocaleString('en')} items/s, p50 ${ms(out.p50_ms)}, p99 ${ms(out.p99_ms)}, max ${ms(out.max_ms)}; CPU ${ms(cpuMsPerItem)} per item`)
  console.log(`  strategies: ${Object.entries(strategies).map(([k, v]) => `${k} ${v}`).join(', ')}`)
  console.log(`  OCR'd demo items matched to a product: ${out.ocr_items_matched}`)
  return out
}

console.log(`load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} (2 cores: above 2, the numbers are shared)`)
const ocr = await benchOcr()
const matching = benchMatching(ocr.read)
const resultsDir = join(HERE, 'results')
mkdirSync(resultsDir, { recursive: true })
const file = join(resultsDir, `receipts-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
writeFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), node: process.version, ocr: { ...ocr, read: undefined }, matching }, null, 2)}\n`)
console.log(`\n  results: ${file}`)
