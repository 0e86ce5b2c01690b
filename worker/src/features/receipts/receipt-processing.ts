import { and, desc, eq, isNotNull, ne, sql } from 'drizzle-orm'
import { purchaseProofProducts, purchaseProofSettings, receiptItems, receipts, type ReceiptProcessedData } from '../../db/schema'
import { type ProgramScope, programScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { storageOf } from '../media/media-service'
import { registerOutboxTask } from '../webhooks/outbox'
import { hammingDistance, imageHash, NEAR_DUPLICATE_BITS } from './image-hash'
import { createMatcher, type Matcher, type MatchProduct } from './matching'
import { applyReceiptWrite, insertItems, type ReceiptRow, similarTag } from './receipt-write'

/**
 * Background processing of a receipt (the outbox task `receipts.process`, queued in the same batch as
 * the upload): read the file from storage, compute its perceptual hash, read it with the OCR provider,
 * match the items, look for duplicate signals, then decide (engine-rules.md Receipts, spec section 4):
 * a possible duplicate or a reading below the program's confidence threshold -> needs_human_review; no
 * eligible item -> no_eligible_items; otherwise processed, its points credited once in the same batch.
 * An OCR failure is retried by the outbox; after MAX_OCR_ATTEMPTS the receipt is failed. Without an OCR
 * provider, uploads stay pending.
 */
export const PROCESS_TOPIC = 'receipts.process'
export const MAX_OCR_ATTEMPTS = 3
/** Receipts compared for near-duplicate images (the newest of the program). */
const IMAGE_HASH_WINDOW = 2000
/** How many similar receipts the tag links (spec section 9). */
const SIMILAR_LINKS = 5

export type PurchaseProofConfig = { exclusionIdentifiers: string[]; externalPointsPerCents: number; confidenceThreshold: number }
export const DEFAULT_CONFIG: PurchaseProofConfig = { exclusionIdentifiers: [], externalPointsPerCents: 0, confidenceThreshold: 0.8 }

export async function purchaseProofConfig(scope: ProgramScope): Promise<PurchaseProofConfig> {
  const row = await scope.first(purchaseProofSettings)
  return row ? { exclusionIdentifiers: row.exclusionIdentifiers, externalPointsPerCents: row.externalPointsPerCents, confidenceThreshold: row.confidenceThreshold } : DEFAULT_CONFIG
}

export async function matchProducts(scope: ProgramScope): Promise<MatchProduct[]> {
  return scope.db
    .select({
      id: purchaseProofProducts.id,
      productName: purchaseProofProducts.productName,
      sku: purchaseProofProducts.sku,
      keywords: purchaseProofProducts.keywords,
      pointsPerCents: purchaseProofProducts.pointsPerCents,
      productActive: purchaseProofProducts.productActive,
    })
    .from(purchaseProofProducts)
    .where(scope.where(purchaseProofProducts))
}

export async function programMatcher(scope: ProgramScope): Promise<{ matcher: Matcher; config: PurchaseProofConfig }> {
  const [config, products] = await Promise.all([purchaseProofConfig(scope), matchProducts(scope)])
  return { matcher: createMatcher(products, config.exclusionIdentifiers), config }
}

const degenerate = (hash: string) => /^(0+|f+)$/i.test(hash)

/** Other receipts of the program that look like this one: ids (newest first, at most 5) and why. */
export async function duplicateSignals(
  scope: ProgramScope,
  r: { id: number; fileHash: string | null; imageHash: string | null },
  read: { merchant: string | null; date: string | null; totalCents: number | null },
): Promise<{ ids: number[]; reasons: string[] }> {
  const found = new Map<number, Set<string>>()
  const add = (ids: number[], reason: string) => ids.forEach((id) => found.set(id, (found.get(id) ?? new Set()).add(reason)))
  const other = ne(receipts.id, r.id)
  const idsOf = async (cond: ReturnType<typeof and>) =>
    (await scope.db.select({ id: receipts.id }).from(receipts).where(scope.where(receipts, cond)).orderBy(desc(receipts.id)).limit(SIMILAR_LINKS)).map((x) => x.id)
  if (r.fileHash) add(await idsOf(and(eq(receipts.fileHash, r.fileHash), other)), 'same_file')
  if (read.merchant && read.date && read.totalCents !== null) {
    add(
      await idsOf(and(sql`lower(${receipts.merchantName}) = ${read.merchant.trim().toLowerCase()}`, eq(receipts.purchaseDate, read.date), eq(receipts.totalCents, read.totalCents), other)),
      'same_merchant_date_total',
    )
  }
  if (r.imageHash && !degenerate(r.imageHash)) {
    const recent = await scope.db
      .select({ id: receipts.id, hash: receipts.imageHash })
      .from(receipts)
      .where(scope.where(receipts, and(isNotNull(receipts.imageHash), other)))
      .orderBy(desc(receipts.id))
      .limit(IMAGE_HASH_WINDOW)
    add(
      recent.filter((x) => x.hash && !degenerate(x.hash) && hammingDistance(x.hash, r.imageHash!) <= NEAR_DUPLICATE_BITS).map((x) => x.id),
      'similar_image',
    )
  }
  const ids = [...found.keys()].sort((a, b) => b - a).slice(0, SIMILAR_LINKS)
  const reasons = [...new Set(ids.flatMap((id) => [...found.get(id)!]))].sort()
  return { ids, reasons }
}

async function readObject(deps: Deps, key: string): Promise<Uint8Array | null> {
  const object = await storageOf(deps).get(key)
  if (!object) return null
  return new Uint8Array(await new Response(object.body).arrayBuffer())
}

export type ProcessOutcome = 'skipped' | 'waiting' | 'failed' | ReceiptRow['status']

/** Processes one pending receipt; safe to run twice (the write is applied on the version it read). */
export async function processReceipt(deps: Deps, programId: number, receiptId: number): Promise<ProcessOutcome> {
  const scope = programScope(deps.db, programId)
  const r = await scope.first(receipts, eq(receipts.id, receiptId))
  if (!r || r.status !== 'pending') return 'skipped'
  let reading: ReceiptProcessedData | null = r.processedData
  let hash = r.imageHash
  if (r.source === 'upload' && r.fileKey && (!reading || !hash)) {
    const bytes = await readObject(deps, r.fileKey)
    if (!bytes) {
      await fail(scope, deps, r, hash, 'The uploaded file is missing')
      return 'failed'
    }
    hash ??= await imageHash(bytes, r.contentType ?? '')
    if (!reading) {
      if (!deps.ocr) {
        if (hash !== r.imageHash) await scope.update(receipts, { imageHash: hash }, and(eq(receipts.id, r.id), eq(receipts.version, r.version)))
        return 'waiting'
      }
      try {
        reading = await deps.ocr.read({ bytes, contentType: r.contentType ?? 'application/octet-stream' })
      } catch (err) {
        const attempts = r.processingAttempts + 1
        if (attempts < MAX_OCR_ATTEMPTS) {
          await scope.update(receipts, { processingAttempts: attempts, imageHash: hash, version: r.version + 1 }, and(eq(receipts.id, r.id), eq(receipts.version, r.version)))
          throw err
        }
        await fail(scope, deps, r, hash, `We could not read this receipt (${String((err as Error)?.message ?? err).slice(0, 200)})`)
        return 'failed'
      }
    }
  }
  if (!reading) {
    await fail(scope, deps, r, hash, 'Nothing was read from this receipt')
    return 'failed'
  }
  return decide(scope, deps, { ...r, imageHash: hash }, reading)
}

async function fail(scope: ProgramScope, deps: Deps, r: ReceiptRow, hash: string | null, reason: string) {
  await applyReceiptWrite(scope, deps, r, {
    set: { status: 'failed', systemReason: reason, imageHash: hash, processingAttempts: r.processingAttempts + 1 },
    title: 'Receipt failed',
    log: { adminUserId: null, action: 'failed', statusTo: 'failed', comment: reason },
  })
}

/** Matches the reading's items, looks for duplicates and applies the decided status with its items and points. */
async function decide(scope: ProgramScope, deps: Deps, r: ReceiptRow, reading: ReceiptProcessedData): Promise<ProcessOutcome> {
  const { matcher, config } = await programMatcher(scope)
  const external = r.source === 'external'
  const now = new Date(deps.clock.now())
  const items = reading.items.map((it) => {
    const quantity = Math.max(1, Math.round(it.quantity || 1))
    const priceCents = Math.max(0, Math.round(it.price_cents))
    const m = matcher.match({ name: it.name, sku: it.sku ?? null, priceCents }, { externalPointsPerCents: external ? config.externalPointsPerCents : 0 })
    return {
      receiptId: r.id,
      sku: it.sku ?? null,
      name: it.name || null,
      quantity,
      unitPriceCents: Math.round(priceCents / quantity),
      priceCents,
      ...m,
      patchStatus: 'unchanged' as const,
      createdAt: now,
      updatedAt: now,
    }
  })
  const merchant = reading.merchant?.trim() || null
  const signals = await duplicateSignals(scope, r, { merchant, date: reading.date, totalCents: reading.total_cents })
  const points = items.reduce((sum, it) => sum + (it.eligible ? it.points : 0), 0)
  const anyEligible = items.some((it) => it.eligible)
  let status: ReceiptRow['status']
  let reason: string | null = null
  if (signals.ids.length) {
    status = 'needs_human_review'
    reason = `Possible duplicate of receipt ${signals.ids.map((id) => `#${id}`).join(', ')}`
  } else if (reading.confidence < config.confidenceThreshold) {
    status = 'needs_human_review'
    reason = `The reading's confidence (${reading.confidence.toFixed(2)}) is below the program's threshold (${config.confidenceThreshold.toFixed(2)})`
  } else if (!anyEligible) {
    status = 'no_eligible_items'
    reason = 'No eligible products were found on this receipt'
  } else status = 'processed'
  const processed = status === 'processed'
  await applyReceiptWrite(scope, deps, r, {
    set: {
      status,
      processedData: reading,
      confidence: reading.confidence,
      merchantName: merchant,
      purchaseDate: reading.date,
      totalCents: reading.total_cents,
      itemsCount: items.length,
      points,
      tags: similarTag(signals.ids, signals.reasons, status),
      systemReason: reason,
      imageHash: r.imageHash,
      processingAttempts: r.processingAttempts + 1,
      ...(processed ? { verifiedAt: now } : {}),
    },
    statements: [scope.delete(receiptItems, eq(receiptItems.receiptId, r.id)), ...insertItems(scope, items)],
    credited: processed ? points : 0,
    title: 'Receipt processed',
    log: { adminUserId: null, action: 'processed', statusTo: status, comment: reason, changes: { status: [r.status, status], points: [r.points, points] } },
    webhook: true,
  })
  return status
}

registerOutboxTask(PROCESS_TOPIC, async (deps, programId, payload) => {
  const receiptId = Number(payload.receipt_id)
  if (!programId || !Number.isSafeInteger(receiptId)) return
  await processReceipt(deps, programId, receiptId)
})
