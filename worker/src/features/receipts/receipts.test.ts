import { createHash } from 'node:crypto'
import { readdirSync } from 'node:fs'
import { deflateSync } from 'node:zlib'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ReceiptDetail, ReceiptList, ReceiptUpdateLog } from '../../../../sdk/contract/console/receipts'
import type { ParticipantReceipt } from '../../../../sdk/contract/receipts'
import { apiErrorSchema } from '../../../../sdk/contract/api-v1'
import { outbox, participants, pointsLedger, programs, purchaseProofMerchants, purchaseProofProducts, purchaseProofSettings, receipts } from '../../db/schema'
import { programScope } from '../../db/scope'
import type { OcrProvider, OcrResult } from '../../platform/ocr'
import { createLocalStorage } from '../../platform/storage'
import { makeRewardsTest, type Member } from '../../../test/rewards-fixtures'
import { subscribeEveryEvent } from '../../../test/helpers'
import { adminWith, consoleAs } from '../participants/participants-fixtures'
import { createApiKey, revokeApiKey } from '../integrations/api-keys'
import { makeOrganization, makeProgram } from '../../../test/console-fixtures'
import { deliverOutbox } from '../webhooks/outbox'
import { HTML_PAGE, makeJpegHeader, makePng } from '../media/media-fixtures'
import { hammingDistance, imageHash } from './image-hash'
import { createMatcher, itemPoints } from './matching'
import { checkReceiptFile, heifSize } from './receipt-file'
import { RECEIPT_FILE_TTL_S } from './signed-url'
import { testTempDir } from '../../../test/temp-dir'

// ---------------------------------------------------------------------------------------------------
// Fixtures

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')

/**
 * The OCR double: a real OcrProvider that answers a fixed reading per image (by its sha-256), so the
 * server rules can be tested without the tesseract service. Unknown images throw (a failed read).
 */
class FixedOcr implements OcrProvider {
  readings = new Map<string, OcrResult>()
  calls = 0
  set(bytes: Uint8Array, reading: Partial<OcrResult>) {
    this.readings.set(sha(bytes), { provider: 'fixed', merchant: 'Ember Market', date: '2026-11-20', total_cents: 1000, items: [], text: 'receipt', confidence: 0.95, ...reading })
  }
  async read(input: { bytes: Uint8Array; contentType: string }): Promise<OcrResult> {
    this.calls++
    const found = this.readings.get(sha(input.bytes))
    if (!found) throw new Error('unreadable')
    return found
  }
}

/** A PNG with a pattern (a perceptual hash needs one): diagonal bands, `seed` shifting the palette, `dots` changed pixels. */
function patternPng(width: number, height: number, seed = 0, dots = 0): Uint8Array {
  const raw = new Uint8Array((1 + width * 3) * height)
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3)
    for (let x = 0; x < width; x++) {
      const v = ((Math.floor((x + y * (1 + seed)) / 8) % 2) * 200 + (seed * 37) % 50) & 255
      const dot = dots > 0 && x < dots && y === 0 ? 255 - v : v
      raw.set([dot, dot, dot], row + 1 + x * 3)
    }
  }
  return encodePng(width, height, raw)
}

/** An RGB PNG of the given filtered scanlines (filter byte 0 on each row). */
function encodePng(width: number, height: number, raw: Uint8Array): Uint8Array {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (b: Uint8Array) => {
    let c = 0xffffffff
    for (const x of b) c = table[(c ^ x) & 0xff]! ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const be = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]
  const chunk = (type: string, data: Uint8Array) => {
    const typed = new Uint8Array([...new TextEncoder().encode(type), ...data])
    return [...be(data.length), ...typed, ...be(crc(typed))]
  }
  const ihdr = new Uint8Array([...be(width), ...be(height), 8, 2, 0, 0, 0])
  return new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...chunk('IHDR', ihdr), ...chunk('IDAT', new Uint8Array(deflateSync(raw))), ...chunk('IEND', new Uint8Array())])
}

const filesIn = (dir: string): string[] => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name)

async function setup(opts: { ocr?: boolean } = {}) {
  const dir = testTempDir('receipts')
  const ocr = new FixedOcr()
  const r = await makeRewardsTest({ storage: createLocalStorage(dir), ...(opts.ocr === false ? {} : { ocr }) })
  const scope = r.scope
  // The tests bring their own products and settings (the seeded demo ones are for the demo site).
  await scope.delete(purchaseProofProducts)
  await scope.delete(purchaseProofSettings)
  await scope.delete(purchaseProofMerchants)
  await scope.insert(purchaseProofProducts, [
    { productName: 'Oat Milk 1L', sku: 'OAT-1', keywords: 'oat milk', pointsPerCents: 0.5 },
    { productName: 'Dark Roast Coffee Beans', sku: 'DRK-500', keywords: '', pointsPerCents: 1 },
    { productName: 'Retired Syrup', sku: 'SYR-1', keywords: 'syrup', pointsPerCents: 2, productActive: false },
  ])
  const upload = async (member: Member | null, bytes: Uint8Array, name = 'receipt.png', type = 'image/png', headers: Record<string, string> = {}) => {
    const form = new FormData()
    form.append('file', new File([bytes as BlobPart], name, { type }))
    const h = new Headers(headers)
    h.set('host', 'localhost')
    if (member) h.set('authorization', `Bearer ${member.token}`)
    else h.set('x-tessera-session', 'token')
    const res = await r.app.request('http://localhost/public/receipts', { method: 'POST', headers: h, body: form })
    return { status: res.status, body: (await res.json()) as { receipt: ParticipantReceipt; errors?: Record<string, string>; error?: { fields?: Record<string, string> } } }
  }
  /** Uploads, then runs the background processing (the outbox task) to its end. */
  const uploadAndProcess = async (member: Member, bytes: Uint8Array) => {
    const res = await upload(member, bytes)
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    await deliverOutbox(r.deps)
    return (await scope.first(receipts, eq(receipts.id, res.body.receipt.id)))!
  }
  const ledgerFor = async (receiptId: number) => scope.select(pointsLedger, and(eq(pointsLedger.source, 'receipt'), eq(pointsLedger.sourceId, receiptId)))
  return { ...r, dir, ocr, upload, uploadAndProcess, ledgerFor }
}

const eligibleItems = [
  { name: 'OAT MILK BARISTA', sku: null, quantity: 1, price_cents: 399 },
  { name: 'Dark Roast Cofee Beans', sku: null, quantity: 2, price_cents: 1598 },
  { name: 'Paper bag', sku: 'BAG', quantity: 1, price_cents: 10 },
]
// 0.5 x 399 = 199.5 -> 200; 1 x 1598 = 1598.
const ELIGIBLE_POINTS = 200 + 1598

// ---------------------------------------------------------------------------------------------------

describe('receipt item matching and points', () => {
  const products = [
    { id: 1, productName: 'Oat Milk 1L', sku: 'OAT-1', keywords: 'oat milk, oat', pointsPerCents: 0.5, productActive: true },
    { id: 2, productName: 'Dark Roast Coffee Beans', sku: 'DRK-500', keywords: '', pointsPerCents: 1, productActive: true },
    { id: 3, productName: 'Retired Syrup', sku: 'SYR-1', keywords: 'syrup', pointsPerCents: 2, productActive: false },
  ]
  const m = createMatcher(products, ['BAG', 'gift card'])

  it('matches by exact sku first, then keyword in the name, then a fuzzy name with its confidence', () => {
    expect(m.match({ name: 'something else', sku: 'oat-1', priceCents: 100 })).toMatchObject({ eligibleProductId: 1, matchedStrategy: 'sku', matchConfidence: 1, eligible: true, points: 50 })
    expect(m.match({ name: 'Organic OAT MILK barista', sku: null, priceCents: 399 })).toMatchObject({ eligibleProductId: 1, matchedStrategy: 'keyword', matchedKeyword: 'oat milk', points: 200 })
    const fuzzy = m.match({ name: 'Dark Roast Cofee Bean', sku: null, priceCents: 1598 })
    expect(fuzzy).toMatchObject({ eligibleProductId: 2, matchedStrategy: 'fuzzy', eligible: true, points: 1598 })
    expect(fuzzy.matchConfidence).toBeGreaterThan(0.6)
    expect(fuzzy.matchConfidence).toBeLessThan(1)
    expect(m.match({ name: 'Batteries AA', sku: null, priceCents: 500 })).toMatchObject({ eligibleProductId: null, matchedStrategy: null, eligible: false, points: 0 })
    // A keyword is a whole word: "boat" does not hold "oat".
    expect(m.match({ name: 'boat', sku: null, priceCents: 500 }).matchedStrategy).not.toBe('keyword')
  })

  it('never earns on an exclusion identifier or an inactive product, and rounds points_per_cents x price x 100', () => {
    expect(m.match({ name: 'Oat milk', sku: 'BAG', priceCents: 399 })).toMatchObject({ eligibleProductId: 1, excluded: true, eligible: false, points: 0 })
    expect(m.match({ name: 'Oat milk gift card', sku: null, priceCents: 2500 })).toMatchObject({ excluded: true, eligible: false, points: 0 })
    expect(m.match({ name: 'Vanilla syrup', sku: null, priceCents: 300 })).toMatchObject({ eligibleProductId: 3, eligible: false, points: 0 })
    expect(itemPoints(0.5, 399)).toBe(200)
    expect(itemPoints(0.25, 2)).toBe(1)
    expect(itemPoints(0.01, 49)).toBe(0)
    expect(itemPoints(1.5, 333)).toBe(500)
    // External receipts: items that match no product earn the program's rate.
    expect(m.match({ name: 'Batteries', sku: null, priceCents: 1000 }, { externalPointsPerCents: 0.1 })).toMatchObject({ matchedStrategy: 'external', eligible: true, points: 100 })
    // A hand-picked product wins over automatic matching.
    expect(m.match({ name: 'Batteries', sku: null, priceCents: 1000 }, { manualProductId: 2 })).toMatchObject({ eligibleProductId: 2, matchedStrategy: 'manual', points: 1000 })
  })

  it('matches 10,000 products fast enough for the background task', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({ id: i + 1, productName: `Product ${i} ${['tea', 'milk', 'bread', 'soap'][i % 4]} pack`, sku: `SKU-${i}`, keywords: '', pointsPerCents: 1, productActive: true }))
    const big = createMatcher(many, [])
    const started = performance.now()
    for (let i = 0; i < 200; i++) big.match({ name: `Product ${i * 37} milk pak`, sku: null, priceCents: 100 })
    expect(big.match({ name: 'x', sku: 'sku-9999', priceCents: 100 }).eligibleProductId).toBe(10_000)
    expect(big.match({ name: 'Product 4242 bread pak', sku: null, priceCents: 100 })).toMatchObject({ eligibleProductId: 4243, matchedStrategy: 'fuzzy' })
    expect(performance.now() - started).toBeLessThan(10_000)
  })
})

describe('receipt files', () => {
  it('accepts JPEG, PNG, HEIC and PDF by their bytes and refuses markup, unknown bytes and pixel floods', () => {
    expect(checkReceiptFile(makePng(10, 20))).toMatchObject({ ok: true, file: { contentType: 'image/png', width: 10, height: 20 } })
    expect(checkReceiptFile(makeJpegHeader(800, 600))).toMatchObject({ ok: true, file: { contentType: 'image/jpeg', width: 800, height: 600 } })
    expect(checkReceiptFile(new TextEncoder().encode('%PDF-1.7\n%...'))).toMatchObject({ ok: true, file: { contentType: 'application/pdf' } })
    expect(checkReceiptFile(HTML_PAGE, { name: 'receipt.png', declaredType: 'image/png' })).toEqual({ ok: false, reason: expect.stringContaining('SVG and HTML files are not accepted') })
    expect(checkReceiptFile(new Uint8Array([1, 2, 3, 4]))).toEqual({ ok: false, reason: 'must be a JPEG, PNG, HEIC or PDF file' })
    expect(checkReceiptFile(makePng(2, 2, [0, 0, 0], { width: 30_000, height: 30_000 }))).toEqual({ ok: false, reason: expect.stringContaining('30000×30000 pixels') })
    expect(checkReceiptFile(makeJpegHeader(11_000, 11_000))).toMatchObject({ ok: false })
  })

  it('reads a HEIC picture size from its ispe property before decoding', () => {
    const box = (type: string, body: number[]) => [...[0, 0, 0, 8 + body.length].map((_, i) => ((8 + body.length) >>> (24 - i * 8)) & 255), ...new TextEncoder().encode(type), ...body]
    const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]
    const ispe = box('ispe', [0, 0, 0, 0, ...u32(4032), ...u32(3024)])
    const heic = new Uint8Array([...box('ftyp', [...new TextEncoder().encode('heic'), 0, 0, 0, 0, ...new TextEncoder().encode('mif1heic')]), ...box('meta', [0, 0, 0, 0, ...box('iprp', box('ipco', ispe))])])
    expect(heifSize(heic)).toEqual({ width: 4032, height: 3024 })
    expect(checkReceiptFile(heic)).toMatchObject({ ok: true, file: { contentType: 'image/heic', width: 4032, height: 3024 } })
    const flood = new Uint8Array([...box('ftyp', [...new TextEncoder().encode('heic'), 0, 0, 0, 0]), ...box('meta', [0, 0, 0, 0, ...box('iprp', box('ipco', box('ispe', [0, 0, 0, 0, ...u32(100_000), ...u32(100_000)])))])])
    expect(checkReceiptFile(flood)).toMatchObject({ ok: false })
  })

  it('refuses an HTML page named .png, an oversized body (declared or streamed) and a pixel flood, naming the field and storing nothing', async () => {
    const t = await setup()
    const m = await t.addMember()
    const html = await t.upload(m, HTML_PAGE, 'receipt.png', 'image/png')
    expect(html.status).toBe(422)
    expect(html.body.errors).toEqual({ file: expect.stringContaining('HTML') })
    const flood = await t.upload(m, makePng(2, 2, [0, 0, 0], { width: 40_000, height: 40_000 }))
    expect(flood.status).toBe(422)
    expect(flood.body.errors!.file).toMatch(/pixels/)
    // Declared too large: refused from the header, before anything is read.
    const declared = await t.app.request('http://localhost/public/receipts', {
      method: 'POST',
      headers: { host: 'localhost', authorization: `Bearer ${m.token}`, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(50 * 1024 * 1024) },
      body: 'x',
    })
    expect(declared.status).toBe(422)
    expect(((await declared.json()) as { errors: Record<string, string> }).errors.file).toBe('must be at most 10 MB')
    // No Content-Length: the stream is cut at the limit.
    let sent = 0
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = new Uint8Array(256 * 1024)
        if (sent === 0) chunk.set(new TextEncoder().encode('--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n'))
        sent += chunk.length
        if (sent > 64 * 1024 * 1024) controller.close()
        else controller.enqueue(chunk)
      },
    })
    const streamed = await t.app.request('http://localhost/public/receipts', {
      method: 'POST',
      headers: { host: 'localhost', authorization: `Bearer ${m.token}`, 'content-type': 'multipart/form-data; boundary=x' },
      body: endless,
      duplex: 'half',
    } as RequestInit)
    expect(streamed.status).toBe(422)
    expect(sent).toBeLessThan(20 * 1024 * 1024)
    expect(filesIn(t.dir)).toEqual([])
    expect(await t.scope.count(receipts)).toBe(0)
  })

  it('serves a file only through a signed link that expires and cannot be altered', async () => {
    const t = await setup()
    const m = await t.addMember()
    const png = patternPng(64, 48)
    t.ocr.set(png, { items: eligibleItems })
    const up = await t.upload(m, png)
    expect(up.status).toBe(201)
    const url = new URL(up.body.receipt.file_url!)
    expect(url.pathname).toMatch(/^\/receipts-file\/\d+\/\d+$/)
    const ok = await t.app.request(url.toString())
    expect(ok.status).toBe(200)
    expect(new Uint8Array(await ok.arrayBuffer())).toEqual(png)
    expect(ok.headers.get('content-type')).toBe('image/png')
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff')
    const tampered = new URL(url)
    tampered.searchParams.set('exp', String(Number(url.searchParams.get('exp')) + 3600))
    expect((await t.app.request(tampered.toString())).status).toBe(403)
    const otherId = url.toString().replace(/\/(\d+)\?/, (_, id) => `/${Number(id) + 1}?`)
    expect((await t.app.request(otherId)).status).toBe(403)
    expect((await t.app.request(`${url.origin}${url.pathname}`)).status).toBe(403)
    t.clock.advance((RECEIPT_FILE_TTL_S + 1) * 1000)
    expect((await t.app.request(url.toString())).status).toBe(403)
  })
})

describe('receipt processing', () => {
  it('reads, matches and credits a valid receipt once; a replayed task changes nothing', async () => {
    const t = await setup()
    await subscribeEveryEvent(t, t.program.id)
    const m = await t.addMember()
    const png = patternPng(64, 48)
    t.ocr.set(png, { items: eligibleItems })
    const row = await t.uploadAndProcess(m, png)
    expect(row).toMatchObject({ status: 'processed', points: ELIGIBLE_POINTS, creditedPoints: ELIGIBLE_POINTS, merchantName: 'Ember Market', totalCents: 1000, itemsCount: 3 })
    expect(row.imageHash).toMatch(/^[0-9a-f]{64}$/)
    expect(await t.balance(m)).toEqual({ unused: ELIGIBLE_POINTS, lifetime: ELIGIBLE_POINTS })
    // The same task again (a retried delivery) does nothing.
    const { processReceipt } = await import('./receipt-processing')
    expect(await processReceipt(t.deps, t.program.id, row.id)).toBe('skipped')
    expect(await t.ledgerFor(row.id)).toHaveLength(1)
    const list = await t.get<{ data: ParticipantReceipt[] }>('/public/receipts', m)
    expect(list.body.data).toEqual([expect.objectContaining({ id: row.id, status: 'processed', points: ELIGIBLE_POINTS, total_amount: 10 })])
    // The receipt.processed webhook event was written in the same batch.
    const events = await t.db.select().from(outbox).where(eq(outbox.topic, 'webhook'))
    expect(events.some((e) => (e.payload as { event: string; data: { receipt_id: number } }).event === 'receipt.processed' && (e.payload as { data: { receipt_id: number } }).data.receipt_id === row.id)).toBe(true)
  })

  it('sends possible duplicates (same file, same merchant+date+total, near-identical image) to human review with the similar-receipt tag', async () => {
    const t = await setup()
    const m = await t.addMember()
    const png = patternPng(64, 48)
    t.ocr.set(png, { items: eligibleItems })
    const first = await t.uploadAndProcess(m, png)
    expect(first.status).toBe('processed')
    const again = await t.uploadAndProcess(m, png)
    expect(again.status).toBe('needs_human_review')
    expect(again.tags).toEqual([{ name: 'similar_receipt', reason: expect.stringContaining('same_file'), linked_data: { similar_receipt_ids: [first.id], status: 'needs_human_review' } }])
    expect(again.creditedPoints).toBe(0)
    // Another picture with the same merchant, date and total.
    const other = patternPng(64, 48, 3)
    t.ocr.set(other, { items: eligibleItems })
    const third = await t.uploadAndProcess(m, other)
    expect(third.status).toBe('needs_human_review')
    expect(third.tags[0]!.reason).toContain('same_merchant_date_total')
    expect(third.tags[0]!.linked_data.similar_receipt_ids).toEqual([again.id, first.id])
    // A near-identical picture (a few pixels differ), read with another total.
    const near = patternPng(64, 48, 0, 3)
    expect(sha(near)).not.toBe(sha(png))
    const [h1, h2] = [await imageHash(png, 'image/png'), await imageHash(near, 'image/png')]
    expect(hammingDistance(h1!, h2!)).toBeLessThanOrEqual(16)
    t.ocr.set(near, { items: eligibleItems, total_cents: 999, date: '2026-11-21' })
    const fourth = await t.uploadAndProcess(m, near)
    expect(fourth.status).toBe('needs_human_review')
    expect(fourth.tags[0]!.reason).toContain('similar_image')
    expect(await t.balance(m)).toEqual({ unused: ELIGIBLE_POINTS, lifetime: ELIGIBLE_POINTS })
  })

  it('uses the program confidence threshold, marks receipts without eligible items, and fails after repeated OCR errors', async () => {
    const t = await setup()
    const m = await t.addMember()
    const admin = await consoleAs(t, 'admin@tessera.dev')
    const low = patternPng(64, 48, 1)
    t.ocr.set(low, { items: eligibleItems, confidence: 0.7, total_cents: 1 })
    expect((await t.uploadAndProcess(m, low)).status).toBe('needs_human_review')
    const put = await admin.json(`/admin/v2/programs/${t.program.id}/purchase_proof_program_setting`, { method: 'PUT', json: { confidence_threshold: 0.6, exclusion_identifiers: 'BAG\nGIFT', external_purchase_item_points_per_cents: 0.1 } })
    expect(put.status, JSON.stringify(put.body)).toBe(200)
    expect(put.body).toMatchObject({ data: { confidence_threshold: 0.6, exclusion_identifiers: ['BAG', 'GIFT'] } })
    const low2 = patternPng(64, 48, 2)
    t.ocr.set(low2, { items: eligibleItems, confidence: 0.7, total_cents: 2 })
    expect((await t.uploadAndProcess(m, low2)).status).toBe('processed')
    const none = patternPng(64, 48, 4)
    t.ocr.set(none, { items: [{ name: 'Batteries', quantity: 1, price_cents: 500 }], total_cents: 3 })
    const noneRow = await t.uploadAndProcess(m, none)
    expect(noneRow).toMatchObject({ status: 'no_eligible_items', creditedPoints: 0 })
    // Unreadable: the outbox retries, then the receipt is failed.
    const unreadable = patternPng(64, 48, 5)
    const up = await t.upload(m, unreadable)
    for (let i = 0; i < 3; i++) {
      await deliverOutbox(t.deps)
      t.clock.advance(3600_000)
    }
    const failed = (await t.scope.first(receipts, eq(receipts.id, up.body.receipt.id)))!
    expect(failed.status).toBe('failed')
    const mine = await t.get<{ receipt: ParticipantReceipt }>(`/public/receipts/${failed.id}`, m)
    expect(mine.body.receipt.reason).toMatch(/could not read/)
  })

  it('leaves uploads pending without an OCR provider, and refuses uploads where the receipts feature is off', async () => {
    const t = await setup({ ocr: false })
    const m = await t.addMember()
    const row = await t.uploadAndProcess(m, patternPng(64, 48))
    expect(row.status).toBe('pending')
    expect(row.imageHash).toMatch(/^[0-9a-f]{64}$/)
    await t.db.update(programs).set({ features: { ...t.program.features, receipts: false } }).where(eq(programs.id, t.program.id))
    const off = await t.upload(m, patternPng(64, 48, 1))
    expect(off.status).toBe(403)
    expect(await t.scope.count(receipts)).toBe(1)
  })
})

describe('receipt review', () => {
  async function reviewSetup() {
    const t = await setup()
    const m = await t.addMember()
    const admin = await consoleAs(t, 'admin@tessera.dev')
    const png = patternPng(64, 48)
    t.ocr.set(png, { items: eligibleItems, confidence: 0.5 })
    const row = await t.uploadAndProcess(m, png)
    expect(row.status).toBe('needs_human_review')
    const base = `/admin/v2/programs/${t.program.id}/receipts`
    const detail = async () => (await admin.json<ReceiptDetail>(`${base}/${row.id}`)).body
    return { ...t, m, admin, row, base, detail }
  }

  it('requires an integrity choice, applies item patches as section 4 says, credits once and reverses when marked invalid', async () => {
    const t = await reviewSetup()
    const d = await t.detail()
    expect(d.items.map((i) => i.patch_status)).toEqual(['unchanged', 'unchanged', 'unchanged'])
    expect(d.receipt).toMatchObject({ status: 'needs_human_review', integrity: null, credited_points: 0 })
    const missing = await t.admin.json(`${t.base}/${t.row.id}`, { method: 'PUT', json: { receipt_items: [] } })
    expect(missing.status).toBe(422)
    expect(missing.body).toMatchObject({ success: false, errors: { integrity: 'Integrity is required' } })
    const badItem = await t.admin.json(`${t.base}/${t.row.id}`, { method: 'PUT', json: { integrity: 'valid', receipt_items: [{ patch_status: 'created', price: -1 }] } })
    expect(badItem.status).toBe(422)
    expect(badItem.body.errors).toMatchObject({ 'receipt_items.0.price': 'Price must be greater than 0.' })
    const noName = await t.admin.json(`${t.base}/${t.row.id}`, { method: 'PUT', json: { integrity: 'valid', receipt_items: [{ patch_status: 'created', price: 1 }] } })
    expect(noName.body.errors).toMatchObject({ 'receipt_items.0.name': 'Either name or sku is required.' })

    const [oat, beans, bag] = d.items
    const saved = await t.admin.json<{ success: boolean; message: string; receipt: ReceiptDetail['receipt']; items: ReceiptDetail['items'] }>(`${t.base}/${t.row.id}`, {
      method: 'PUT',
      json: {
        integrity: 'valid',
        version: d.receipt.version,
        receipt_items: [
          { id: oat!.id, patch_status: 'updated', name: oat!.name, price: 5 }, // 0.5 x 500 = 250
          { id: beans!.id, patch_status: 'unchanged', name: beans!.name, price: beans!.price },
          { id: bag!.id, patch_status: 'deleted', sku: 'BAG', price: 0.1 },
          { patch_status: 'created', sku: 'DRK-500', price: 2 }, // 1 x 200 = 200
        ],
      },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.message).toBe('Receipt has been updated successfully.')
    const points = 250 + 1598 + 200
    expect(saved.body.receipt).toMatchObject({ status: 'processed', integrity: 'valid', points, credited_points: points, items_count: 3 })
    expect(saved.body.items.map((i) => [i.patch_status, i.points])).toEqual([
      ['updated', 250],
      ['unchanged', 1598],
      ['deleted', 0],
      ['created', 200],
    ])
    expect(await t.balance(t.m)).toEqual({ unused: points, lifetime: points })

    // Edit the created row again: it stays created; delete it: it vanishes.
    const created = saved.body.items[3]!
    const again = await t.admin.json<{ items: ReceiptDetail['items'] }>(`${t.base}/${t.row.id}`, { method: 'PUT', json: { receipt_items: [{ id: created.id, patch_status: 'updated', sku: 'DRK-500', price: 3 }] } })
    expect(again.body.items.find((i) => i.id === created.id)).toMatchObject({ patch_status: 'created', points: 300 })
    const gone = await t.admin.json<{ items: ReceiptDetail['items'] }>(`${t.base}/${t.row.id}`, { method: 'PUT', json: { receipt_items: [{ id: created.id, patch_status: 'deleted', price: 3 }] } })
    expect(gone.body.items.map((i) => i.id)).not.toContain(created.id)
    const valid = 250 + 1598
    expect(await t.balance(t.m)).toEqual({ unused: valid, lifetime: points + 100 })

    // Invalid: a refund row reverses what is credited.
    const invalid = await t.admin.json<{ receipt: ReceiptDetail['receipt'] }>(`${t.base}/${t.row.id}`, { method: 'PUT', json: { integrity: 'invalid', admin_invalidation_reason: 'duplicate', admin_invalidation_message: 'Sent twice' } })
    expect(invalid.status, JSON.stringify(invalid.body)).toBe(200)
    expect(invalid.body.receipt).toMatchObject({ status: 'rejected', integrity: 'invalid', credited_points: 0, admin_invalidation_reason: 'duplicate' })
    expect((await t.balance(t.m)).unused).toBe(0)
    const ledger = await t.ledgerFor(t.row.id)
    expect(ledger.map((l) => [l.kind, l.delta])).toEqual([
      ['earn', points],
      ['earn', 100],
      ['adjust', -300],
      ['refund', -valid],
    ])
    const mine = await t.get<{ receipt: ParticipantReceipt }>(`/public/receipts/${t.row.id}`, t.m)
    expect(mine.body.receipt).toMatchObject({ status: 'rejected', reason: 'Duplicate receipt', message: 'Sent twice' })

    const logs = await t.admin.json<{ data: ReceiptUpdateLog[] }>(`${t.base}/${t.row.id}/receipt_update_logs`)
    expect(logs.body.data.map((l) => l.action)).toEqual(['marked_invalid', 'marked_valid', 'marked_valid', 'marked_valid', 'processed'])
    expect(logs.body.data[0]).toMatchObject({ admin: { email: 'admin@tessera.dev' }, status_from: 'processed', status_to: 'rejected', points_delta: -valid })
    expect(logs.body.data.at(-1)).toMatchObject({ admin: null, status_from: 'pending', status_to: 'needs_human_review' })
  })

  it('refuses to reverse points the participant already spent, changing nothing; a participant may ask for a review of a rejection', async () => {
    const t = await reviewSetup()
    expect((await t.admin.json(`${t.base}/${t.row.id}`, { method: 'PUT', json: { integrity: 'valid' } })).status).toBe(200)
    const { ledgerInsert } = await import('../points/ledger')
    await ledgerInsert(t.scope, { participantId: t.m.id, delta: -1000, kind: 'spend', source: 'reward', title: 'Spent', idempotencyKey: 'spent-1' })
    const refused = await t.admin.json(`${t.base}/${t.row.id}`, { method: 'PUT', json: { integrity: 'invalid', admin_invalidation_reason: 'other' } })
    expect(refused.status).toBe(422)
    expect(refused.body.error).toMatchObject({ code: 'not_enough_points', fields: { integrity: expect.any(String) } })
    expect((await t.scope.first(receipts, eq(receipts.id, t.row.id)))!).toMatchObject({ status: 'processed', creditedPoints: ELIGIBLE_POINTS })
    expect((await t.balance(t.m)).unused).toBe(ELIGIBLE_POINTS - 1000)
    // Back the points come: now it can be rejected, and the participant asks for a review.
    await ledgerInsert(t.scope, { participantId: t.m.id, delta: 1000, kind: 'refund', source: 'reward', title: 'Back', idempotencyKey: 'back-1' })
    expect((await t.admin.json(`${t.base}/${t.row.id}`, { method: 'PUT', json: { integrity: 'invalid', admin_invalidation_reason: 'other' } })).status).toBe(200)
    const asked = await t.call(`/public/receipts/${t.row.id}/review_request`, { member: t.m, json: { message: 'It was my purchase' } })
    expect(asked.status).toBe(200)
    expect(((await asked.json()) as { receipt: ParticipantReceipt }).receipt.status).toBe('review_requested')
    const twice = await t.call(`/public/receipts/${t.row.id}/review_request`, { member: t.m, json: {} })
    expect(twice.status).toBe(422)
  })

  it('credits once under 20 concurrent saves of one review (with and without the version)', async () => {
    for (const withVersion of [true, false]) {
      const t = await reviewSetup()
      const d = await t.detail()
      const saves = await Promise.all(
        Array.from({ length: 20 }, () =>
          t.admin.request(`${t.base}/${t.row.id}`, { method: 'PUT', json: { integrity: 'valid', ...(withVersion ? { version: d.receipt.version } : {}) } }).then((r) => r.status),
        ),
      )
      const ok = saves.filter((s) => s === 200).length
      if (withVersion) expect(ok).toBe(1)
      else expect(ok).toBeGreaterThanOrEqual(1)
      expect(saves.every((s) => s === 200 || s === 409)).toBe(true)
      const ledger = await t.ledgerFor(t.row.id)
      expect(ledger.filter((l) => l.delta > 0)).toHaveLength(1)
      expect(await t.balance(t.m)).toEqual({ unused: ELIGIBLE_POINTS, lifetime: ELIGIBLE_POINTS })
      // And 20 concurrent invalidations reverse once.
      await Promise.all(Array.from({ length: 20 }, () => t.admin.request(`${t.base}/${t.row.id}`, { method: 'PUT', json: { integrity: 'invalid', admin_invalidation_reason: 'other' } })))
      expect((await t.ledgerFor(t.row.id)).filter((l) => l.delta < 0)).toHaveLength(1)
      expect((await t.balance(t.m)).unused).toBe(0)
    }
  })

  it('saves a review sent multipart (receipt_items[0][patch_status]..., numbers as text) exactly as the same review sent as JSON', async () => {
    type Saved = { success: boolean; message: string; receipt: ReceiptDetail['receipt']; items: ReceiptDetail['items'] }
    const [asJson, asForm] = [await reviewSetup(), await reviewSetup()]
    const put = (t: typeof asJson, init: { json?: unknown; body?: FormData }) => t.admin.json<Saved & { errors: Record<string, string> }>(`${t.base}/${t.row.id}`, { method: 'PUT', ...init })
    const [d, df] = [await asJson.detail(), await asForm.detail()]
    const [oat, beans, bag] = d.items
    const saved = await put(asJson, {
      json: {
        integrity: 'valid',
        admin_invalidation_reason: null,
        admin_comments: 'Checked by hand',
        merchant_name: 'Harbor Coffee',
        purchase_date: '2026-11-21',
        total_amount: 12.5,
        purchase_proof_merchant_id: null,
        version: d.receipt.version,
        receipt_items: [
          { id: oat!.id, patch_status: 'updated', name: oat!.name, quantity: 1, price: 5, eligible_product_id: null },
          { id: beans!.id, patch_status: 'unchanged', name: beans!.name, price: beans!.price },
          { id: bag!.id, patch_status: 'deleted', sku: 'BAG', price: 0.1 },
          { patch_status: 'created', sku: 'DRK-500', quantity: 2, price: 2 },
        ],
      },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)

    // The console's form: every value text, null as '', the rows as receipt_items[i][field].
    const [foat, fbeans, fbag] = df.items
    const fields: [string, string][] = [
      ['integrity', 'valid'],
      ['admin_invalidation_reason', ''],
      ['admin_comments', 'Checked by hand'],
      ['merchant_name', 'Harbor Coffee'],
      ['purchase_date', '2026-11-21'],
      ['total_amount', '12.50'],
      ['purchase_proof_merchant_id', ''],
      ['version', String(df.receipt.version)],
      ['receipt_items[0][id]', String(foat!.id)],
      ['receipt_items[0][patch_status]', 'updated'],
      ['receipt_items[0][name]', foat!.name!],
      ['receipt_items[0][quantity]', '1'],
      ['receipt_items[0][price]', '5'],
      ['receipt_items[0][eligible_product_id]', ''],
      ['receipt_items[1][id]', String(fbeans!.id)],
      ['receipt_items[1][patch_status]', 'unchanged'],
      ['receipt_items[1][name]', fbeans!.name!],
      ['receipt_items[1][price]', String(fbeans!.price)],
      ['receipt_items[2][id]', String(fbag!.id)],
      ['receipt_items[2][patch_status]', 'deleted'],
      ['receipt_items[2][sku]', 'BAG'],
      ['receipt_items[2][price]', '0.1'],
      // Rows in any order of keys: the index places them.
      ['receipt_items[3][price]', '2'],
      ['receipt_items[3][patch_status]', 'created'],
      ['receipt_items[3][sku]', 'DRK-500'],
      ['receipt_items[3][quantity]', '2'],
    ]
    const form = new FormData()
    for (const [k, v] of fields) form.append(k, v)
    const multipart = await put(asForm, { body: form })
    expect(multipart.status, JSON.stringify(multipart.body)).toBe(200)
    expect(multipart.body.message).toBe('Receipt has been updated successfully.')

    const outcome = (body: Saved) => ({
      receipt: (({ status, integrity, points, credited_points, items_count, total_amount, merchant_name, purchase_date, admin_comments, admin_invalidation_reason }) => ({
        status,
        integrity,
        points,
        credited_points,
        items_count,
        total_amount,
        merchant_name,
        purchase_date,
        admin_comments,
        admin_invalidation_reason,
      }))(body.receipt),
      items: body.items.map((i) => [i.patch_status, i.name, i.sku, i.quantity, i.price, i.eligible, i.points]),
    })
    expect(outcome(multipart.body)).toEqual(outcome(saved.body))
    expect(outcome(saved.body).receipt).toMatchObject({ status: 'processed', total_amount: 12.5, merchant_name: 'Harbor Coffee', purchase_date: '2026-11-21', admin_comments: 'Checked by hand' })
    expect(await asForm.balance(asForm.m)).toEqual(await asJson.balance(asJson.m))
    const logs = async (t: typeof asJson) => (await t.admin.json<{ data: ReceiptUpdateLog[] }>(`${t.base}/${t.row.id}/receipt_update_logs`)).body.data.map((l) => [l.action, l.status_to, l.points_delta, l.changes, l.admin?.email])
    expect(await logs(asForm)).toEqual(await logs(asJson))

    // The version guard holds for a form too: the same form again is stale and credits nothing more.
    const again = await put(asForm, { body: form })
    expect(again.status).toBe(409)
    expect((await asForm.ledgerFor(asForm.row.id)).filter((l) => l.delta > 0)).toHaveLength(1)

    // Invalid with its reason and message, as a form.
    const invalid = new FormData()
    invalid.set('integrity', 'invalid')
    invalid.set('admin_invalidation_reason', 'duplicate')
    invalid.set('admin_invalidation_message', 'Sent twice')
    const rejected = await put(asForm, { body: invalid })
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200)
    expect(rejected.body.receipt).toMatchObject({ status: 'rejected', integrity: 'invalid', credited_points: 0, admin_invalidation_reason: 'duplicate', admin_invalidation_message: 'Sent twice' })
    expect((await asForm.balance(asForm.m)).unused).toBe(0)
  })

  it("refuses a bad multipart review with section 5's messages, naming each field by its form name", async () => {
    const t = await reviewSetup()
    const send = (entries: [string, string][]) => {
      const form = new FormData()
      for (const [k, v] of entries) form.append(k, v)
      return t.admin.json<{ success: boolean; errors: Record<string, string>; error?: { fields: Record<string, string> } }>(`${t.base}/${t.row.id}`, { method: 'PUT', body: form })
    }
    const missing = await send([['admin_comments', 'Looks fine']])
    expect(missing.status).toBe(422)
    expect(missing.body).toMatchObject({ success: false, errors: { integrity: 'Integrity is required' } })
    const noReason = await send([
      ['integrity', 'invalid'],
      ['admin_invalidation_reason', ''],
    ])
    expect(noReason.body.errors).toEqual({ admin_invalidation_reason: 'Reason is required' })
    const bad = await send([
      ['integrity', 'valid'],
      ['total_amount', 'twelve'],
      ['receipt_items[0][patch_status]', 'created'],
      ['receipt_items[0][name]', 'Coffee'],
      ['receipt_items[0][price]', '-1'],
      ['receipt_items[1][patch_status]', 'created'],
      ['receipt_items[1][price]', '1'],
      ['receipt_items[2][patch_status]', 'created'],
      ['receipt_items[2][sku]', 'X'],
      ['receipt_items[2][price]', ''],
    ])
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toEqual({
      total_amount: 'Total must be a number',
      'receipt_items[0][price]': 'Price must be greater than 0.',
      'receipt_items[1][name]': 'Either name or sku is required.',
      'receipt_items[2][price]': 'Price must be greater than 0.',
    })
    // The server's own checks (an item id not on this receipt) name the form field too.
    const stranger = await send([
      ['integrity', 'valid'],
      ['receipt_items[0][id]', '999999'],
      ['receipt_items[0][patch_status]', 'updated'],
      ['receipt_items[0][name]', 'Ghost'],
      ['receipt_items[0][price]', '1'],
    ])
    expect(stranger.status).toBe(422)
    expect(stranger.body.errors).toEqual({ 'receipt_items[0][id]': 'not found' })
    expect(stranger.body.error?.fields).toEqual({ 'receipt_items[0][id]': 'not found' })
    expect((await t.scope.first(receipts, eq(receipts.id, t.row.id)))!.status).toBe('needs_human_review')
  })

  it('lists with filters, answers detail, items, file link, participant history and settings CRUD; another program sees none of it', async () => {
    const t = await reviewSetup()
    const list = await t.admin.json<ReceiptList>(`${t.base}?status=needs_human_review`)
    expect(list.body.data.map((r) => r.id)).toEqual([t.row.id])
    expect(list.body.meta).toMatchObject({ total: 1, per_page: 20 })
    expect((await t.admin.json<ReceiptList>(`${t.base}?status=processed`)).body.data).toEqual([])
    expect((await t.admin.json<ReceiptList>(`${t.base}?tag=similar_receipt`)).body.data).toEqual([])
    const today = new Date(t.clock.now()).toISOString().slice(0, 10)
    expect((await t.admin.json<ReceiptList>(`${t.base}?date_from=${today}&date_to=${today}`)).body.data).toHaveLength(1)
    expect((await t.admin.json<ReceiptList>(`${t.base}?date_from=2000-01-01&date_to=2000-01-02`)).body.data).toHaveLength(0)
    expect((await t.admin.json(`${t.base}?status=nope`)).status).toBe(422)
    const file = await t.admin.json<{ url: string }>(`${t.base}/${t.row.id}/file`)
    expect((await t.app.request(file.body.url)).status).toBe(200)
    expect((await t.admin.json<{ data: unknown[] }>(`${t.base}/${t.row.id}/receipt_items`)).body.data).toHaveLength(3)
    expect((await t.admin.json<{ data: unknown[] }>(`${t.base}/${t.row.id}/participant_history`)).body.data).toHaveLength(1)
    expect((await t.admin.json<{ program_id: number }>(`/admin/v2/receipts/${t.row.id}`)).body).toEqual({ program_id: t.program.id, receipt_id: t.row.id })

    const products = `/admin/v2/programs/${t.program.id}/purchase_proof_products`
    const made = await t.admin.json<{ data: { id: number } }>(products, { json: { product_name: 'Croissant', sku: 'CRO', keywords: 'croissant, pastry', points_per_cents: 0.2 } })
    expect(made.status).toBe(201)
    expect((await t.admin.json(`${products}/${made.body.data.id}`)).body).toMatchObject({ data: { product_name: 'Croissant', keywords: 'croissant, pastry' } })
    expect((await t.admin.json(products, { json: { product_name: '' } })).status).toBe(422)
    expect((await t.admin.json(`${products}/${made.body.data.id}`, { method: 'DELETE' })).status).toBe(200)
    const merchants = `/admin/v2/programs/${t.program.id}/purchase_proof_merchants`
    const shop = await t.admin.json<{ data: { id: number } }>(merchants, { json: { name: 'Ember Market', address: '1 Main St' } })
    expect(shop.status).toBe(201)
    expect((await t.detail()).merchant_options).toEqual([{ value: String(shop.body.data.id), label: 'Ember Market' }])

    // Another program: its admin and its path see nothing of this one.
    const [other] = await t.db.select().from(programs).where(eq(programs.publicKey, 'acme'))
    if (other) {
      const foreignPath = `/admin/v2/programs/${other.id}/receipts/${t.row.id}`
      expect((await t.admin.json(foreignPath)).status).toBe(404)
    }
    // Permissions: view-only may list but not open or save; update may save but not open.
    const viewer = await adminWith(t, 'viewer@example.com', t.program.id, [['receipts', 'view']])
    expect((await viewer.json(t.base)).status).toBe(200)
    expect((await viewer.json(`${t.base}/${t.row.id}`)).status).toBe(403)
    expect((await viewer.json(`${t.base}/${t.row.id}`, { method: 'PUT', json: { integrity: 'valid' } })).status).toBe(403)
    const none = await adminWith(t, 'none@example.com', t.program.id, [['users', 'view']])
    expect((await none.json(t.base)).status).toBe(403)
    expect((await none.json<{ program_id: null }>(`/admin/v2/receipts/${t.row.id}`)).body.program_id).toBeNull()
    // A participant never reaches another's receipt.
    const stranger = await t.addMember()
    expect((await t.get(`/public/receipts/${t.row.id}`, stranger)).status).toBe(404)
    expect((await t.get<{ data: unknown[] }>('/public/receipts', stranger)).body.data).toEqual([])
  })
})

describe('server API intake', () => {
  const DAY = 86_400_000
  async function apiSetup() {
    const t = await setup()
    const keyFor = async (programId: number, days = 30) => {
      const made = await createApiKey(programScope(t.db, programId), t.deps, { name: `k${Math.random()}`, expires_at: new Date(t.clock.now() + days * DAY).toISOString().slice(0, 10) }, null)
      if (made.status !== 201) throw new Error('key not made')
      return made.result.data!
    }
    const send = async (key: string, body: unknown) => {
      const res = await t.app.request('http://localhost/api/v1/receipts', { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })
      return { status: res.status, res, body: (await res.json()) as Record<string, any> }
    }
    const receiptFor = (participantId: number, externalId: string) => ({ participant_id: participantId, external_id: externalId, merchant_name: 'Ember Market', total_amount: 3.99, items: [{ name: 'Oat milk', sku: 'OAT-1', price: 3.99 }] })
    return { ...t, keyFor, send, receiptFor }
  }
  /** The one error body of /api/v1, with its Request-Id. */
  const expectApiError = (r: { status: number; res: Response; body: Record<string, any> }, status: number, code: string) => {
    expect(r.status, JSON.stringify(r.body)).toBe(status)
    expect(Object.keys(r.body)).toEqual(['error'])
    expect(r.body.error).toMatchObject({ code, message: expect.any(String), request_id: r.res.headers.get('request-id') })
    apiErrorSchema.strict().parse(r.body)
  }

  it('refuses a receipt where the receipts feature is off, with the API error shape, storing nothing', async () => {
    const t = await apiSetup()
    const m = await t.addMember()
    const key = (await t.keyFor(t.program.id)).api_key
    await t.db.update(programs).set({ features: { ...t.program.features, receipts: false } }).where(eq(programs.id, t.program.id))
    const off = await t.send(key, t.receiptFor(m.id, 'pos-off'))
    expectApiError(off, 403, 'forbidden')
    expect(off.body.error.message).toBe('Receipts are not enabled for this program')
    expect(await t.scope.count(receipts)).toBe(0)
    expect(await t.balance(m)).toEqual({ unused: 0, lifetime: 0 })
    // Turned back on, the same call goes through.
    await t.db.update(programs).set({ features: { ...t.program.features, receipts: true } }).where(eq(programs.id, t.program.id))
    expect((await t.send(key, t.receiptFor(m.id, 'pos-off'))).status).toBe(201)
  })

  it("answers 404 for another program's participant and 401 for a revoked or expired key, storing nothing", async () => {
    const t = await apiSetup()
    const m = await t.addMember()
    const other = await makeProgram(t, (await makeOrganization(t)).id)
    const otherKey = (await t.keyFor(other.id)).api_key
    const foreign = await t.send(otherKey, t.receiptFor(m.id, 'pos-x'))
    expectApiError(foreign, 404, 'not_found')
    expect(foreign.body.error.fields).toEqual({ participant_id: 'not found' })

    const revoked = await t.keyFor(t.program.id)
    await revokeApiKey(programScope(t.db, t.program.id), t.deps, revoked.id)
    expectApiError(await t.send(revoked.api_key, t.receiptFor(m.id, 'pos-r')), 401, 'unauthenticated')
    const expiring = (await t.keyFor(t.program.id, 1)).api_key
    t.clock.advance(2 * DAY)
    expectApiError(await t.send(expiring, t.receiptFor(m.id, 'pos-e')), 401, 'unauthenticated')
    expect(await t.db.select().from(receipts)).toEqual([])
  })

  it('creates an external receipt once per external id, matched and credited without OCR', async () => {
    const t = await setup()
    const m = await t.addMember()
    const made = await createApiKey(programScope(t.db, t.program.id), t.deps, { name: 'pos', expires_at: new Date(t.clock.now() + 30 * 86_400_000).toISOString().slice(0, 10) }, null)
    if (made.status !== 201) throw new Error('key not made')
    const key = made.result.data!.api_key
    const send = async (body: unknown) => {
      const res = await t.app.request('http://localhost/api/v1/receipts', { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })
      return { status: res.status, body: (await res.json()) as Record<string, any> }
    }
    const body = { participant_id: m.id, external_id: 'pos-1', merchant_name: 'Ember Market', purchase_date: '2026-11-22', total_amount: 19.97, items: [{ name: 'Oat milk', sku: 'OAT-1', price: 3.99 }, { name: 'Batteries', price: 15.98 }] }
    const first = await send(body)
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    expect(first.body).toMatchObject({ object: 'receipt', source: 'external', external_id: 'pos-1', status: 'processed', points: 200, credited_points: 200 })
    const again = await send(body)
    expect(again.status).toBe(200)
    expect(again.body.id).toBe(first.body.id)
    expect(await t.scope.count(receipts)).toBe(1)
    expect(await t.balance(m)).toEqual({ unused: 200, lifetime: 200 })
    const bad = await send({ ...body, external_id: 'pos-2', items: [] })
    expect(bad.status).toBe(422)
    const [p] = await t.scope.select(participants, eq(participants.id, m.id))
    expect(p!.unusedPoints).toBe(200)
  })
})
