import type { z } from 'zod'
import { asc, eq } from 'drizzle-orm'
import type { FormResult } from '../../../../sdk/contract/console/forms'
import type {
  EligibleProduct,
  EligibleProductList,
  eligibleProductWriteSchema,
  PurchaseProofMerchant,
  PurchaseProofMerchantList,
  purchaseProofMerchantWriteSchema,
  purchaseProofListQuerySchema,
  PurchaseProofSettings,
  purchaseProofSettingsWriteSchema,
} from '../../../../sdk/contract/console/receipts'
import { purchaseProofMerchants, purchaseProofProducts, purchaseProofSettings } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { AppError } from '../../lib/errors'
import { contains } from '../../lib/like'
import { purchaseProofConfig } from './receipt-processing'

/**
 * Purchase-proof settings, eligible products and merchants (spec sections 3 and 7: show/update of the
 * program setting; index, new, create, edit, update and destroy of products and merchants). Every row
 * is read and written through the program in the path.
 */
type ListQuery = z.output<typeof purchaseProofListQuerySchema>
type ProductRow = typeof purchaseProofProducts.$inferSelect
type MerchantRow = typeof purchaseProofMerchants.$inferSelect
type Saved = { status: 200 | 201; result: FormResult & { data: { id: number } } }

const meta = (query: ListQuery, total: number) => ({ page: query.page, per_page: query.per_page, total, total_pages: Math.ceil(total / query.per_page) })

export async function showSettings(scope: ProgramScope): Promise<PurchaseProofSettings> {
  const c = await purchaseProofConfig(scope)
  return { exclusion_identifiers: c.exclusionIdentifiers, external_purchase_item_points_per_cents: c.externalPointsPerCents, confidence_threshold: c.confidenceThreshold }
}

/** Upserts the program's one settings row (UNIQUE program_id). */
export async function updateSettings(scope: ProgramScope, deps: Deps, v: z.output<typeof purchaseProofSettingsWriteSchema>): Promise<PurchaseProofSettings> {
  const values = { exclusionIdentifiers: v.exclusion_identifiers, externalPointsPerCents: v.external_purchase_item_points_per_cents, confidenceThreshold: v.confidence_threshold, updatedAt: new Date(deps.clock.now()) }
  await scope.insert(purchaseProofSettings, values).onConflictDoUpdate({ target: purchaseProofSettings.programId, set: values })
  return showSettings(scope)
}

export const toProduct = (p: ProductRow): EligibleProduct => ({
  id: p.id,
  product_name: p.productName,
  sku: p.sku,
  keywords: p.keywords,
  points_per_cents: p.pointsPerCents,
  product_active: p.productActive,
  created_at: p.createdAt.toISOString(),
})

export async function findProductOr404(scope: ProgramScope, id: number): Promise<ProductRow> {
  const row = Number.isSafeInteger(id) && id > 0 ? await scope.first(purchaseProofProducts, eq(purchaseProofProducts.id, id)) : undefined
  if (!row) throw new AppError('not_found', 404, 'Eligible product not found', { product_id: 'not found' })
  return row
}

export async function listProducts(scope: ProgramScope, query: ListQuery): Promise<EligibleProductList> {
  const where = query.q ? contains(purchaseProofProducts.productName, query.q) : undefined
  const [total, rows] = await Promise.all([
    scope.count(purchaseProofProducts, where),
    scope
      .select(purchaseProofProducts, where)
      .orderBy(asc(purchaseProofProducts.productName), asc(purchaseProofProducts.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
  ])
  return { data: rows.map(toProduct), meta: meta(query, total) }
}

const productValues = (v: z.output<typeof eligibleProductWriteSchema>) => ({
  productName: v.product_name,
  sku: v.sku || null,
  keywords: v.keywords
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean)
    .join(', '),
  pointsPerCents: v.points_per_cents,
  productActive: v.product_active,
})

export async function createProduct(scope: ProgramScope, v: z.output<typeof eligibleProductWriteSchema>): Promise<Saved> {
  const [row] = await scope.insert(purchaseProofProducts, productValues(v)).returning({ id: purchaseProofProducts.id })
  return { status: 201, result: { success: true, errors: {}, data: { id: row!.id } } }
}

export async function updateProduct(scope: ProgramScope, deps: Deps, row: ProductRow, v: z.output<typeof eligibleProductWriteSchema>): Promise<Saved> {
  await scope.update(purchaseProofProducts, { ...productValues(v), updatedAt: new Date(deps.clock.now()) }, eq(purchaseProofProducts.id, row.id))
  return { status: 200, result: { success: true, errors: {}, data: { id: row.id } } }
}

/** Deleting a product leaves the items it matched as they are (their points were decided then). */
export async function deleteProduct(scope: ProgramScope, row: ProductRow) {
  await scope.delete(purchaseProofProducts, eq(purchaseProofProducts.id, row.id))
  return { success: true as const, errors: {} }
}

export const toMerchant = (m: MerchantRow): PurchaseProofMerchant => ({ id: m.id, name: m.name, address: m.address, active: m.active, created_at: m.createdAt.toISOString() })

export async function findMerchantOr404(scope: ProgramScope, id: number): Promise<MerchantRow> {
  const row = Number.isSafeInteger(id) && id > 0 ? await scope.first(purchaseProofMerchants, eq(purchaseProofMerchants.id, id)) : undefined
  if (!row) throw new AppError('not_found', 404, 'Merchant not found', { merchant_id: 'not found' })
  return row
}

export async function listMerchants(scope: ProgramScope, query: ListQuery): Promise<PurchaseProofMerchantList> {
  const where = query.q ? contains(purchaseProofMerchants.name, query.q) : undefined
  const [total, rows] = await Promise.all([
    scope.count(purchaseProofMerchants, where),
    scope
      .select(purchaseProofMerchants, where)
      .orderBy(asc(purchaseProofMerchants.name), asc(purchaseProofMerchants.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
  ])
  return { data: rows.map(toMerchant), meta: meta(query, total) }
}

const merchantValues = (v: z.output<typeof purchaseProofMerchantWriteSchema>) => ({ name: v.name, address: v.address || null, active: v.active })

export async function createMerchant(scope: ProgramScope, v: z.output<typeof purchaseProofMerchantWriteSchema>): Promise<Saved> {
  const [row] = await scope.insert(purchaseProofMerchants, merchantValues(v)).returning({ id: purchaseProofMerchants.id })
  return { status: 201, result: { success: true, errors: {}, data: { id: row!.id } } }
}

export async function updateMerchant(scope: ProgramScope, deps: Deps, row: MerchantRow, v: z.output<typeof purchaseProofMerchantWriteSchema>): Promise<Saved> {
  await scope.update(purchaseProofMerchants, { ...merchantValues(v), updatedAt: new Date(deps.clock.now()) }, eq(purchaseProofMerchants.id, row.id))
  return { status: 200, result: { success: true, errors: {}, data: { id: row.id } } }
}

export async function deleteMerchant(scope: ProgramScope, row: MerchantRow) {
  await scope.delete(purchaseProofMerchants, eq(purchaseProofMerchants.id, row.id))
  return { success: true as const, errors: {} }
}
