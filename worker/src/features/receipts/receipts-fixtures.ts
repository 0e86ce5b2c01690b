import { purchaseProofMerchants, purchaseProofProducts, receipts } from '../../db/schema'
import { programScope } from '../../db/scope'
import type { ProgramRow } from '../../env'
import type { Fixture, FixtureKit } from '../../../test/console-matrix'

/** Test fixtures of the receipts console (Node tests only): a fresh receipt waiting for review. */
async function matrixReceipt(k: FixtureKit, program: ProgramRow): Promise<{ receipt_id: number }> {
  const participantId = await k.participant(program)
  const [row] = await programScope(k.db, program.id)
    .insert(receipts, { participantId, status: 'needs_human_review', source: 'upload', fileKey: `receipts/${program.id}/${k.unique('f')}.png`, contentType: 'image/png', fileHash: k.unique('h') })
    .returning({ id: receipts.id })
  return { receipt_id: row!.id }
}

async function matrixProduct(k: FixtureKit, program: ProgramRow): Promise<{ product_id: number }> {
  const [row] = await programScope(k.db, program.id).insert(purchaseProofProducts, { productName: k.unique('Product'), pointsPerCents: 1 }).returning({ id: purchaseProofProducts.id })
  return { product_id: row!.id }
}

async function matrixMerchant(k: FixtureKit, program: ProgramRow): Promise<{ merchant_id: number }> {
  const [row] = await programScope(k.db, program.id).insert(purchaseProofMerchants, { name: k.unique('Merchant') }).returning({ id: purchaseProofMerchants.id })
  return { merchant_id: row!.id }
}

const ONE = '/programs/:program_id/receipts/:receipt_id{[0-9]+}'
const PRODUCT = '/programs/:program_id/purchase_proof_products/:product_id{[0-9]+}'
const MERCHANT = '/programs/:program_id/purchase_proof_merchants/:merchant_id{[0-9]+}'
const one = { params: matrixReceipt }
const product = { params: matrixProduct }
const merchant = { params: matrixMerchant }

/** One permission-matrix line per receipts console route (worker/test/console-permissions-suite.ts). */
export const receiptMatrixFixtures: Record<string, Fixture> = {
  [`GET ${ONE}`]: one,
  [`GET ${ONE}/receipt_items`]: one,
  // The fixture's receipt has no stored object: the signed link is still made (the file route answers 404 later).
  [`GET ${ONE}/file`]: one,
  [`PUT ${ONE}`]: { ...one, body: () => ({ integrity: 'invalid', admin_invalidation_reason: 'other', admin_comments: 'matrix' }) },
  [`GET ${ONE}/receipt_update_logs`]: one,
  [`GET ${ONE}/participant_history`]: one,
  [`POST ${ONE}/issue_reports`]: { ...one, body: () => ({ description: 'matrix issue' }) },
  'PUT /programs/:program_id/purchase_proof_program_setting': { body: () => ({ exclusion_identifiers: ['BAG'], external_purchase_item_points_per_cents: 0.5, confidence_threshold: 0.7 }) },
  'POST /programs/:program_id/purchase_proof_products': { body: (k) => ({ product_name: k.unique('Product'), points_per_cents: 1 }) },
  [`GET ${PRODUCT}`]: product,
  [`GET ${PRODUCT}/edit`]: product,
  [`PUT ${PRODUCT}`]: { ...product, body: (k) => ({ product_name: k.unique('Product'), points_per_cents: 2 }) },
  [`DELETE ${PRODUCT}`]: product,
  'POST /programs/:program_id/purchase_proof_merchants': { body: (k) => ({ name: k.unique('Merchant') }) },
  [`GET ${MERCHANT}`]: merchant,
  [`GET ${MERCHANT}/edit`]: merchant,
  [`PUT ${MERCHANT}`]: { ...merchant, body: (k) => ({ name: k.unique('Merchant') }) },
  [`DELETE ${MERCHANT}`]: merchant,
  'GET /receipts/:receipt_id{[0-9]+}': { params: async (k) => matrixReceipt(k, k.own) },
}
