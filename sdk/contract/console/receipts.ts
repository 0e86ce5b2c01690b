import * as z from 'zod'
import { receiptContentTypes, receiptStatuses, type ReceiptStatus } from '../receipts'
import { pageMetaSchema } from './participants'

/**
 * The console's receipts (purchase-proof review) area: admin-console-part-a.md sections 2 Receipts,
 * 3 Receipt / Receipt item / Eligible product / Purchase proof settings, 4, 5, 6, 7 Receipts, 8 and 9;
 * engine-rules.md Receipts. Money is in currency units with two decimals (the server keeps cents);
 * item points = round(points_per_cents x price x 100).
 *
 * Calls, all under /admin/v2/programs/{program_id} (permission in brackets; the receipts feature must
 * be on for the program):
 * - GET  receipts [receipts view]: list, filters status, tag, date_from/date_to, participant_id.
 * - GET  receipts/{id} [receipts manage]: detail (receipt, items, options).
 * - GET  receipts/{id}/receipt_items [receipts manage]: items, created_at ascending.
 * - GET  receipts/{id}/file [receipts manage]: a short-lived signed URL of the uploaded file.
 * - PUT  receipts/{id} [receipts update]: the review save (receiptReviewSchema).
 * - GET  receipts/{id}/receipt_update_logs [receipts manage]: the Admin Activity Log.
 * - GET  receipts/{id}/participant_history [receipts manage]: the participant's other receipts.
 * - POST receipts/{id}/issue_reports [receipts update]: Submit Issue.
 * - GET/PUT purchase_proof_program_setting [receipts manage].
 * - purchase_proof_products and purchase_proof_merchants [receipts manage]: GET list, GET new,
 *   POST, GET {id}, GET {id}/edit, PUT {id}, DELETE {id} (generic form calls).
 * - GET /admin/v2/receipts/{id} [signed in]: `{ program_id, receipt_id }` for the redirect.
 */

export { receiptStatuses, type ReceiptStatus } from '../receipts'

/** Admin tables page 10 to 50 rows, 20 by default (spec section 9). */
const whole = (fallback: number) => z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').default(fallback)
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')

/** How an item was matched to an eligible product (engine-rules.md: sku, then keyword, then fuzzy name). */
export const matchStrategies = ['sku', 'keyword', 'fuzzy', 'manual', 'external'] as const
export type MatchStrategy = (typeof matchStrategies)[number]

export const patchStatuses = ['created', 'updated', 'deleted', 'unchanged'] as const
export type PatchStatus = (typeof patchStatuses)[number]

export const receiptIntegrities = ['valid', 'invalid'] as const
export type ReceiptIntegrity = (typeof receiptIntegrities)[number]

export const receiptSources = ['upload', 'external'] as const
export type ReceiptSource = (typeof receiptSources)[number]

/** Why a receipt is refused: reject_reasons_options of the detail (value stored, label shown). */
export const receiptRejectReasons = [
  { value: 'duplicate', label: 'Duplicate receipt' },
  { value: 'unreadable', label: 'Unreadable image' },
  { value: 'not_a_receipt', label: 'Not a receipt' },
  { value: 'ineligible_merchant', label: 'Merchant not eligible' },
  { value: 'no_eligible_products', label: 'No eligible products' },
  { value: 'purchase_too_old', label: 'Purchase date too old' },
  { value: 'suspected_fraud', label: 'Suspected fraud' },
  { value: 'other', label: 'Other' },
] as const
export const receiptRejectReasonValues = receiptRejectReasons.map((r) => r.value) as [string, ...string[]]

/** The similar-receipt tag (engine-rules.md): links the last 5 similar receipts. */
export const SIMILAR_RECEIPT_TAG = 'similar_receipt'
export const SIMILAR_RECEIPT_LINKS = 5

/** GET .../receipts: one page, newest first. `date_from`/`date_to` bound the upload date (inclusive, UTC). */
export const receiptListQuerySchema = z.object({
  page: whole(1).pipe(z.number().min(1, 'must be 1 or more')),
  per_page: whole(20).pipe(z.number().min(10, 'must be between 10 and 50').max(50, 'must be between 10 and 50')),
  status: z.enum(receiptStatuses, { error: `must be one of ${receiptStatuses.join(', ')}` }).optional(),
  tag: z.string().trim().min(1).max(50, 'must be at most 50 characters').optional(),
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
  participant_id: z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').positive('must be a whole number').optional(),
})
/** The list query as a client sends it (z.input of the coerced numbers is unknown). */
export type ReceiptListQuery = { page?: number; per_page?: number; status?: ReceiptStatus; tag?: string; date_from?: string; date_to?: string; participant_id?: number }

export const receiptParticipantSchema = z.object({ id: z.number(), name: z.string(), email: z.string() })

/** A receipt tag (section 3 receipt_tags): similar_receipt links the last 5 similar receipts. */
export const receiptTagSchema = z.object({
  name: z.string(),
  /** same_file, same_merchant_date_total, similar_image (comma separated when several hold). */
  reason: z.string(),
  linked_data: z.object({ similar_receipt_ids: z.array(z.number()), status: z.string() }),
})
export type ReceiptTag = z.infer<typeof receiptTagSchema>

/** A row of the list. */
export const receiptRowSchema = z.object({
  id: z.number(),
  status: z.enum(receiptStatuses),
  merchant_name: z.string().nullable(),
  purchase_date: z.string().nullable(),
  total_amount: z.number().nullable(),
  items_count: z.number(),
  points: z.number(),
  source: z.enum(receiptSources),
  participant: receiptParticipantSchema,
  tags: z.array(z.string()),
  created_at: z.string(),
})
export type ReceiptRow = z.infer<typeof receiptRowSchema>
export const receiptListSchema = z.object({ data: z.array(receiptRowSchema), meta: pageMetaSchema })
export type ReceiptList = z.infer<typeof receiptListSchema>

/** A receipt item (section 3). `points` counts only when eligible; match_confidence is 0..1 (shown to 2 decimals). */
export const receiptItemSchema = z.object({
  id: z.number(),
  sku: z.string().nullable(),
  name: z.string().nullable(),
  quantity: z.number(),
  unit_price: z.number(),
  price: z.number(),
  eligible_product_id: z.number().nullable(),
  eligible_product_name: z.string().nullable(),
  matched_strategy: z.enum(matchStrategies).nullable(),
  matched_keyword: z.string().nullable(),
  match_confidence: z.number().nullable(),
  eligible: z.boolean(),
  /** An exclusion identifier matched: it never earns. */
  excluded: z.boolean(),
  points: z.number(),
  admin_comments: z.string().nullable(),
  patch_status: z.enum(patchStatuses),
  created_at: z.string(),
})
export type ReceiptItem = z.infer<typeof receiptItemSchema>
export const receiptItemListSchema = z.object({ data: z.array(receiptItemSchema) })
export type ReceiptItemList = z.infer<typeof receiptItemListSchema>

/** The OCR output as stored (processed_data). */
export const processedDataSchema = z.object({
  provider: z.string(),
  merchant: z.string().nullable(),
  date: z.string().nullable(),
  total_cents: z.number().nullable(),
  items: z.array(z.object({ name: z.string(), sku: z.string().nullable().optional(), quantity: z.number(), price_cents: z.number() })),
  text: z.string(),
  confidence: z.number(),
})
export type ProcessedData = z.infer<typeof processedDataSchema>

/** The receipt entity (section 3) with what the review page needs. */
export const consoleReceiptSchema = receiptRowSchema.extend({
  merchant_address: z.string().nullable(),
  purchase_proof_merchant_id: z.number().nullable(),
  program_id: z.number(),
  participant_id: z.number(),
  participant_points: z.number(),
  participant_completed_challenges: z.number(),
  files: z.array(z.object({ url: z.string(), content_type: z.enum(receiptContentTypes) })),
  processed_data: processedDataSchema.nullable(),
  receipt_tags: z.array(receiptTagSchema),
  open_receipt_issue_reports: z.number(),
  /** Derived from the status (section 4): rejected is invalid, processed valid, otherwise null (undecided). */
  integrity: z.enum(receiptIntegrities).nullable(),
  admin_marked_as_valid_at: z.string().nullable(),
  admin_marked_as_invalid_at: z.string().nullable(),
  admin_invalidation_reason: z.string().nullable(),
  admin_invalidation_message: z.string().nullable(),
  admin_comments: z.string().nullable(),
  /** Points credited to the participant by this receipt right now (0 after a reversal). */
  credited_points: z.number(),
  verified_at: z.string().nullable(),
  external_id: z.string().nullable(),
  /** The OCR's overall confidence (0..1), null before processing. */
  confidence: z.number().nullable(),
  /** Send it back with the save: a save made on an older version is refused (409), never applied twice. */
  version: z.number(),
})
export type ConsoleReceipt = z.infer<typeof consoleReceiptSchema>

export const selectOptionSchema = z.object({ value: z.string(), label: z.string() })

/** GET .../receipts/{id}. */
export const receiptDetailSchema = z.object({
  receipt: consoleReceiptSchema,
  items: z.array(receiptItemSchema),
  reject_reasons_options: z.array(selectOptionSchema),
  merchant_options: z.array(selectOptionSchema),
})
export type ReceiptDetail = z.infer<typeof receiptDetailSchema>

/** GET .../receipts/{id}/file: the file through a signed link valid a few minutes. */
export const receiptFileLinkSchema = z.object({ url: z.string(), content_type: z.enum(receiptContentTypes), expires_at: z.string() })
export type ReceiptFileLink = z.infer<typeof receiptFileLinkSchema>

/** Text fields of the save: left out keeps the stored value, null or '' clears it. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must not be longer than ${max} characters`)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v : null))

/**
 * The save comes as JSON or, as section 7 says, multipart, where every value is text: blank text is
 * `blank` (null clears the value, undefined leaves it out) and other text is read as a number, so
 * '12.50' is 12.5 and 'abc' fails the number schema with its own message. JSON numbers and null pass.
 */
const formNumber = <T extends z.ZodType>(schema: T, blank: null | undefined = null) =>
  z.preprocess((v) => (typeof v !== 'string' ? v : v.trim() === '' ? blank : Number(v.trim())), schema).optional()

/** A choice from a form: blank text is `blank` (as formNumber), other values as they are. */
const formChoice = <T extends z.ZodType>(schema: T, blank: null | undefined) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? blank : v), schema).optional()

/**
 * One row of the Item Review tab as the save sends it (section 4): new rows are `created` (no id);
 * edited rows `updated` unless created; deleted new rows are dropped by the console, other deleted rows
 * are sent `deleted`; the rest `unchanged`. Section 5: price required, a number, at least 0; name or
 * sku required (deleted rows are not checked).
 */
export const receiptItemPatchSchema = z
  .object({
    id: formNumber(z.number({ error: 'must be a whole number' }).int('must be a whole number').positive('must be a whole number').optional(), undefined),
    patch_status: z.enum(patchStatuses, { error: `must be one of ${patchStatuses.join(', ')}` }),
    sku: optionalText('Sku', 100),
    name: optionalText('Name', 200),
    quantity: z.coerce.number({ error: 'Quantity must be a number' }).int('Quantity must be a whole number').min(1, 'Quantity must be at least 1').max(10_000, 'Quantity must be at most 10000').default(1),
    price: z.union([z.number(), z.string().trim().min(1, 'Price must be greater than 0.').pipe(z.coerce.number({ error: 'Price must be greater than 0.' }))], { error: 'Price must be greater than 0.' }).pipe(
      z.number({ error: 'Price must be greater than 0.' }).min(0, 'Price must be greater than 0.').max(1_000_000, 'Price must be at most 1000000'),
    ),
    /** The admin may pick the product by hand (matched_strategy manual); null clears a match. */
    eligible_product_id: formNumber(z.number({ error: 'must be a whole number' }).int('must be a whole number').positive('must be a whole number').nullable()),
    admin_comments: optionalText('Comment', 1000),
  })
  .superRefine((item, ctx) => {
    if (item.patch_status === 'deleted') return
    if (!item.name && !item.sku) ctx.addIssue({ code: 'custom', path: ['name'], message: 'Either name or sku is required.' })
    if (item.patch_status !== 'created' && item.id === undefined) ctx.addIssue({ code: 'custom', path: ['id'], message: 'is required for an existing item' })
  })
/** One row as a JSON client sends it (the form sends the same fields as text). */
export type ReceiptItemPatch = {
  id?: number
  patch_status: PatchStatus
  sku?: string | null
  name?: string | null
  quantity?: number | string
  price: number | string
  eligible_product_id?: number | null
  admin_comments?: string | null
}

/**
 * PUT .../receipts/{id}: the review save, multipart (section 7) or JSON. It moves the receipt to
 * processed (valid: credits its points once) or rejected (invalid: reverses any credited points with a
 * refund row). When the receipt is needs_human_review an integrity choice is required, and a reason
 * when invalid.
 */
export const receiptReviewSchema = z
  .object({
    integrity: formChoice(z.enum(receiptIntegrities, { error: 'Integrity must be valid or invalid' }).optional(), undefined),
    admin_invalidation_reason: formChoice(z.enum(receiptRejectReasonValues, { error: 'Reason is required' }).nullable(), null),
    admin_invalidation_message: optionalText('Message', 1000),
    admin_comments: optionalText('Comments', 2000),
    merchant_name: optionalText('Merchant', 200),
    purchase_proof_merchant_id: formNumber(z.number({ error: 'must be a whole number' }).int('must be a whole number').positive('must be a whole number').nullable()),
    purchase_date: formChoice(isoDate.nullable(), null),
    total_amount: formNumber(z.number({ error: 'Total must be a number' }).min(0, 'Total must be at least 0').max(10_000_000, 'Total must be at most 10000000').nullable()),
    receipt_items: z.array(receiptItemPatchSchema, { error: 'Items must be a list' }).max(500, 'at most 500 items').default([]),
    /** The version the admin edited (from the detail); without it the server's current one is used. */
    version: formNumber(z.number({ error: 'must be a whole number' }).int('must be a whole number').min(0, 'must be a whole number').optional(), undefined),
  })
  .superRefine((body, ctx) => {
    if (body.integrity === 'invalid' && !body.admin_invalidation_reason) ctx.addIssue({ code: 'custom', path: ['admin_invalidation_reason'], message: 'Reason is required' })
  })
/**
 * The save as a JSON client sends it (z.input of the form-aware fields is unknown). The console sends
 * the same fields multipart: receipt_items[0][patch_status], receipt_items[0][price]..., null as ''.
 */
export type ReceiptReview = {
  integrity?: ReceiptIntegrity
  admin_invalidation_reason?: string | null
  admin_invalidation_message?: string | null
  admin_comments?: string | null
  merchant_name?: string | null
  purchase_proof_merchant_id?: number | null
  purchase_date?: string | null
  total_amount?: number | null
  receipt_items?: ReceiptItemPatch[]
  version?: number
}

export const receiptReviewResultSchema = z.object({ success: z.literal(true), message: z.string(), receipt: consoleReceiptSchema, items: z.array(receiptItemSchema) })
export type ReceiptReviewResult = z.infer<typeof receiptReviewResultSchema>

/** A row of the Admin Activity Log (receipt_update_logs). `changes` maps a field to [before, after]. */
export const receiptUpdateLogSchema = z.object({
  id: z.number(),
  action: z.string(),
  admin: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable(),
  status_from: z.string().nullable(),
  status_to: z.string().nullable(),
  points_delta: z.number(),
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  comment: z.string().nullable(),
  created_at: z.string(),
})
export type ReceiptUpdateLog = z.infer<typeof receiptUpdateLogSchema>
export const receiptUpdateLogListSchema = z.object({ data: z.array(receiptUpdateLogSchema) })
export type ReceiptUpdateLogList = z.infer<typeof receiptUpdateLogListSchema>

/** GET .../receipts/{id}/participant_history: the participant and their receipts, newest first. */
export const receiptParticipantHistorySchema = z.object({
  participant: receiptParticipantSchema.extend({ unused_points: z.number(), points: z.number(), completed_challenges: z.number() }),
  data: z.array(receiptRowSchema),
})
export type ReceiptParticipantHistory = z.infer<typeof receiptParticipantHistorySchema>

/** POST .../receipts/{id}/issue_reports (Submit Issue). */
export const receiptIssueReportSchema = z.object({
  description: z.string({ error: 'Description is required' }).trim().min(1, 'Description is required').max(2000, 'Description must not be longer than 2000 characters'),
})
export type ReceiptIssueReport = z.input<typeof receiptIssueReportSchema>

/** Purchase proof settings (section 3) plus the program's OCR confidence threshold. */
export const purchaseProofSettingsSchema = z.object({
  /** Skus or words; an item whose sku equals one, or whose name contains one, never earns. */
  exclusion_identifiers: z.array(z.string()),
  /** Points per cent for items of receipts sent through the server API that match no product. 0: none. */
  external_purchase_item_points_per_cents: z.number(),
  /** 0..1: a reading below it goes to needs_human_review instead of being processed automatically. */
  confidence_threshold: z.number(),
})
export type PurchaseProofSettings = z.infer<typeof purchaseProofSettingsSchema>

/** PUT .../purchase_proof_program_setting (JSON; exclusion_identifiers may be an array or one per line/comma). */
export const purchaseProofSettingsWriteSchema = z.object({
  exclusion_identifiers: z
    .union([z.array(z.string()), z.string()], { error: 'Exclusion identifiers must be a list' })
    .transform((v) => [...new Set((Array.isArray(v) ? v : v.split(/[\n,]/)).map((s) => s.trim()).filter(Boolean))])
    .pipe(z.array(z.string().max(100, 'Each identifier must be at most 100 characters')).max(500, 'At most 500 identifiers'))
    .default([]),
  external_purchase_item_points_per_cents: z.coerce.number({ error: 'Points per cents must be a number' }).min(0, 'Points per cents must be at least 0').max(1000, 'Points per cents must be at most 1000').default(0),
  confidence_threshold: z.coerce.number({ error: 'Confidence threshold must be a number' }).min(0, 'Confidence threshold must be between 0 and 1').max(1, 'Confidence threshold must be between 0 and 1').default(0.8),
})
export type PurchaseProofSettingsWrite = z.input<typeof purchaseProofSettingsWriteSchema>

/** An eligible product (section 3) with what matching uses: its sku and keywords. */
export const eligibleProductSchema = z.object({
  id: z.number(),
  product_name: z.string(),
  sku: z.string().nullable(),
  /** Comma separated words; an item whose name contains one matches (strategy keyword). */
  keywords: z.string(),
  points_per_cents: z.number(),
  product_active: z.boolean(),
  created_at: z.string(),
})
export type EligibleProduct = z.infer<typeof eligibleProductSchema>
export const eligibleProductListSchema = z.object({ data: z.array(eligibleProductSchema), meta: pageMetaSchema })
export type EligibleProductList = z.infer<typeof eligibleProductListSchema>

/** Eligible product new and edit (generic form calls). */
export const eligibleProductWriteSchema = z.object({
  product_name: z.string({ error: 'Product name is required' }).trim().min(1, 'Product name is required').max(200, 'Product name must not be longer than 200 characters').meta({ label: 'Product name' }),
  sku: z.string().trim().max(100, 'Sku must not be longer than 100 characters').default('').meta({ label: 'Sku' }),
  keywords: z.string().trim().max(1000, 'Keywords must not be longer than 1000 characters').default('').meta({ label: 'Keywords (comma separated)', widget: 'textarea' }),
  points_per_cents: z.coerce.number({ error: 'Points per cents must be a number' }).min(0, 'Points per cents must be at least 0').max(1000, 'Points per cents must be at most 1000').meta({ label: 'Points per cents' }),
  product_active: z.boolean({ error: 'Active must be true or false' }).default(true).meta({ label: 'Active' }),
})
export type EligibleProductWrite = z.input<typeof eligibleProductWriteSchema>

/** A purchase-proof merchant (merchant_options of the detail). */
export const purchaseProofMerchantSchema = z.object({ id: z.number(), name: z.string(), address: z.string().nullable(), active: z.boolean(), created_at: z.string() })
export type PurchaseProofMerchant = z.infer<typeof purchaseProofMerchantSchema>
export const purchaseProofMerchantListSchema = z.object({ data: z.array(purchaseProofMerchantSchema), meta: pageMetaSchema })
export type PurchaseProofMerchantList = z.infer<typeof purchaseProofMerchantListSchema>

export const purchaseProofMerchantWriteSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200, 'Name must not be longer than 200 characters').meta({ label: 'Name' }),
  address: z.string().trim().max(300, 'Address must not be longer than 300 characters').default('').meta({ label: 'Address' }),
  active: z.boolean({ error: 'Active must be true or false' }).default(true).meta({ label: 'Active' }),
})
export type PurchaseProofMerchantWrite = z.input<typeof purchaseProofMerchantWriteSchema>

/** GET .../purchase_proof_products and .../purchase_proof_merchants: a page, searched by name. */
export const purchaseProofListQuerySchema = z.object({
  page: whole(1).pipe(z.number().min(1, 'must be 1 or more')),
  per_page: whole(20).pipe(z.number().min(10, 'must be between 10 and 50').max(50, 'must be between 10 and 50')),
  q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
})
export type PurchaseProofListQuery = { page?: number; per_page?: number; q?: string }

/**
 * GET /admin/v2/receipts/{id}: where the receipt lives, for the redirect to its program's page.
 * `program_id` is null when there is no such receipt or the admin may not view that program's receipts.
 */
export const receiptLocationSchema = z.object({ program_id: z.number().nullable(), receipt_id: z.number() })
export type ReceiptLocation = z.infer<typeof receiptLocationSchema>
