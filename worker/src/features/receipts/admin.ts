import type { Context } from 'hono'
import { eq } from 'drizzle-orm'
import {
  eligibleProductWriteSchema,
  purchaseProofListQuerySchema,
  purchaseProofMerchantWriteSchema,
  purchaseProofSettingsWriteSchema,
  receiptIssueReportSchema,
  receiptListQuerySchema,
  receiptReviewSchema,
  type ReceiptFileLink,
  type ReceiptLocation,
  type ReceiptReviewResult,
} from '../../../../sdk/contract/console/receipts'
import { adminProgramPermissions, programs, receipts } from '../../db/schema'
import { programScope } from '../../db/scope'
import type { AppEnv } from '../../env'
import { AppError } from '../../lib/errors'
import { errorAsSent, fieldsAsSent, parseQuery, readBody } from '../../lib/parse'
import { consoleRoutes } from '../console/console-router'
import { formDefinition, validateForm } from '../console/forms'
import { can } from '../console/permissions'
import {
  createMerchant,
  createProduct,
  deleteMerchant,
  deleteProduct,
  findMerchantOr404,
  findProductOr404,
  listMerchants,
  listProducts,
  showSettings,
  toMerchant,
  toProduct,
  updateMerchant,
  updateProduct,
  updateSettings,
} from './purchase-proof'
import {
  consoleReceipt,
  findReceiptOr404,
  listReceipts,
  participantHistory,
  receiptDetail,
  receiptItemList,
  reportIssue,
  saveReview,
  updateLogs,
} from './receipt-service'
import { signedReceiptUrl } from './signed-url'
import './receipt-processing'

type C = Context<AppEnv>
const LIST = '/programs/:program_id/receipts'
const ONE = `${LIST}/:receipt_id{[0-9]+}`
const SETTING = '/programs/:program_id/purchase_proof_program_setting'
const PRODUCTS = '/programs/:program_id/purchase_proof_products'
const PRODUCT = `${PRODUCTS}/:product_id{[0-9]+}`
const MERCHANTS = '/programs/:program_id/purchase_proof_merchants'
const MERCHANT = `${MERCHANTS}/:merchant_id{[0-9]+}`

const receiptOf = (c: C) => findReceiptOr404(c.var.scope, Number(c.req.param('receipt_id')))
const productOf = (c: C) => findProductOr404(c.var.scope, Number(c.req.param('product_id')))
const merchantOf = (c: C) => findMerchantOr404(c.var.scope, Number(c.req.param('merchant_id')))

/**
 * Receipts console calls (admin-console-part-a.md sections 2 Receipts, 6 and 7; sdk/contract/console/
 * receipts.ts). Section 6: the list needs receipts view; detail links (the review page and what it
 * reads) need receipts manage; the review save (and Submit Issue) needs receipts update; purchase-proof
 * settings, products and merchants need receipts manage. The receipts feature gates them all
 * (permissions.ts featureGates). Every row is read through the program in the path: another program's
 * receipt is 404.
 */
export const receiptsConsole = consoleRoutes()
  .get(LIST, ['receipts', 'view'], async (c) => c.json(await listReceipts(c.var.scope, parseQuery(c, receiptListQuerySchema))))
  .get(ONE, ['receipts', 'manage'], async (c) => c.json(await receiptDetail(c.var.scope, c.var.deps, c.req.url, await receiptOf(c))))
  .get(`${ONE}/receipt_items`, ['receipts', 'manage'], async (c) => c.json({ data: await receiptItemList(c.var.scope, (await receiptOf(c)).id) }))
  .get(`${ONE}/file`, ['receipts', 'manage'], async (c) => {
    const r = await receiptOf(c)
    const link = await signedReceiptUrl(c.var.deps, c.req.url, r)
    if (!link || !r.contentType) throw new AppError('not_found', 404, 'This receipt has no file (sent through the server API)')
    const body: ReceiptFileLink = { url: link.url, content_type: r.contentType as ReceiptFileLink['content_type'], expires_at: link.expiresAt.toISOString() }
    return c.json(body)
  })
  /**
   * The review save. Section 7 sends it multipart (receipt_items[0][patch_status], receipt_items[0][price]...,
   * numbers as text the schema reads); JSON is taken too. Field errors name the fields as the body did.
   */
  .put(ONE, ['receipts', 'update'], async (c) => {
    const r = await receiptOf(c)
    const form = validateForm(receiptReviewSchema, await readBody(c))
    if (!form.ok) return c.json({ ...form.result, errors: fieldsAsSent(c, form.result.errors) }, 422)
    const saved = await saveReview(c.var.scope, c.var.deps, c.get('admin')!.id, r.id, form.data).catch((err: unknown) => {
      throw errorAsSent(c, err)
    })
    const detail = await receiptDetail(c.var.scope, c.var.deps, c.req.url, saved)
    const body: ReceiptReviewResult = { success: true, message: 'Receipt has been updated successfully.', receipt: detail.receipt, items: detail.items }
    return c.json(body)
  })
  .get(`${ONE}/receipt_update_logs`, ['receipts', 'manage'], async (c) => c.json({ data: await updateLogs(c.var.scope, (await receiptOf(c)).id) }))
  .get(`${ONE}/participant_history`, ['receipts', 'manage'], async (c) => c.json(await participantHistory(c.var.scope, await receiptOf(c))))
  .post(`${ONE}/issue_reports`, ['receipts', 'update'], async (c) => {
    const r = await receiptOf(c)
    const form = validateForm(receiptIssueReportSchema, await readBody(c))
    if (!form.ok) return c.json(form.result, 422)
    const row = await reportIssue(c.var.scope, c.var.deps, c.get('admin')!.id, r, form.data.description)
    return c.json({ success: true, errors: {}, receipt: await consoleReceipt(c.var.scope, c.var.deps, c.req.url, row) }, 201)
  })
  .get(SETTING, ['receipts', 'manage'], async (c) => c.json({ data: await showSettings(c.var.scope) }))
  .put(SETTING, ['receipts', 'manage'], async (c) => {
    const form = validateForm(purchaseProofSettingsWriteSchema, await readBody(c))
    if (!form.ok) return c.json(form.result, 422)
    return c.json({ success: true, errors: {}, data: await updateSettings(c.var.scope, c.var.deps, form.data) })
  })
  .get(PRODUCTS, ['receipts', 'manage'], async (c) => c.json(await listProducts(c.var.scope, parseQuery(c, purchaseProofListQuerySchema))))
  .get(`${PRODUCTS}/new`, ['receipts', 'manage'], (c) => c.json(formDefinition(eligibleProductWriteSchema, { product_active: true })))
  .post(PRODUCTS, ['receipts', 'manage'], async (c) => {
    const form = validateForm(eligibleProductWriteSchema, await readBody(c))
    if (!form.ok) return c.json(form.result, 422)
    const saved = await createProduct(c.var.scope, form.data)
    return c.json(saved.result, saved.status)
  })
  .get(PRODUCT, ['receipts', 'manage'], async (c) => c.json({ data: toProduct(await productOf(c)) }))
  .get(`${PRODUCT}/edit`, ['receipts', 'manage'], async (c) => {
    const p = toProduct(await productOf(c))
    return c.json(formDefinition(eligibleProductWriteSchema, { product_name: p.product_name, sku: p.sku ?? '', keywords: p.keywords, points_per_cents: p.points_per_cents, product_active: p.product_active }))
  })
  .put(PRODUCT, ['receipts', 'manage'], async (c) => {
    const row = await productOf(c)
    const form = validateForm(eligibleProductWriteSchema, await readBody(c))
    if (!form.ok) return c.json(form.result, 422)
    const saved = await updateProduct(c.var.scope, c.var.deps, row, form.data)
    return c.json(saved.result, saved.status)
  })
  .delete(PRODUCT, ['receipts', 'manage'], async (c) => c.json(await deleteProduct(c.var.scope, await productOf(c))))
  .get(MERCHANTS, ['receipts', 'manage'], async (c) => c.json(await listMerchants(c.var.scope, parseQuery(c, purchaseProofListQuerySchema))))
  .get(`${MERCHANTS}/new`, ['receipts', 'manage'], (c) => c.json(formDefinition(purchaseProofMerchantWriteSchema, { active: true })))
  .post(MERCHANTS, ['receipts', 'manage'], async (c) => {
    const form = validateForm(purchaseProofMerchantWriteSchema, await readBody(c))
    if (!form.ok) return c.json(form.result, 422)
    const saved = await createMerchant(c.var.scope, form.data)
    return c.json(saved.result, saved.status)
  })
  .get(MERCHANT, ['receipts', 'manage'], async (c) => c.json({ data: toMerchant(await merchantOf(c)) }))
  .get(`${MERCHANT}/edit`, ['receipts', 'manage'], async (c) => {
    const m = await merchantOf(c)
    return c.json(formDefinition(purchaseProofMerchantWriteSchema, { name: m.name, address: m.address ?? '', active: m.active }))
  })
  .put(MERCHANT, ['receipts', 'manage'], async (c) => {
    const row = await merchantOf(c)
    const form = validateForm(purchaseProofMerchantWriteSchema, await readBody(c))
    if (!form.ok) return c.json(form.result, 422)
    const saved = await updateMerchant(c.var.scope, c.var.deps, row, form.data)
    return c.json(saved.result, saved.status)
  })
  .delete(MERCHANT, ['receipts', 'manage'], async (c) => c.json(await deleteMerchant(c.var.scope, await merchantOf(c))))
  /**
   * GET /admin/v2/receipts/{id}: which program a receipt belongs to, for the console's redirect from
   * /admin/v2/receipts/{id} and from a foreign program's page. The program is named only when the admin
   * may view receipts of it; a missing receipt and a forbidden one answer the same `program_id: null`.
   */
  .get('/receipts/:receipt_id{[0-9]+}', 'signed_in', async (c) => {
    const admin = c.get('admin')!
    const { db } = c.var.deps
    const id = Number(c.req.param('receipt_id'))
    const answer = (programId: number | null) => c.json({ program_id: programId, receipt_id: id } satisfies ReceiptLocation)
    if (!Number.isSafeInteger(id)) return answer(null)
    const [found] = await db.select({ programId: receipts.programId }).from(receipts).where(eq(receipts.id, id)).limit(1) // tenant-guard: allow (locates the receipt's program, then checks the admin's permission on it)
    if (!found) return answer(null)
    const [program] = await db.select().from(programs).where(eq(programs.id, found.programId)).limit(1)
    const scope = programScope(db, found.programId)
    const grants = await db
      .select({ resource: adminProgramPermissions.resource, action: adminProgramPermissions.action })
      .from(adminProgramPermissions)
      .where(scope.where(adminProgramPermissions, eq(adminProgramPermissions.adminUserId, admin.id)))
    return answer(program && can(admin, program, grants, 'receipts', 'view') ? found.programId : null)
  })
