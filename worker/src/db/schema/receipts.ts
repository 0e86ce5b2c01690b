import { sql } from 'drizzle-orm'
import { check, index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { adminUsers } from './admins'
import { bool, createdAt, id, json, timestamp, updatedAt } from './columns'
import { participants } from './participants'
import { programs } from './programs'

/**
 * Purchase proof (issue 16, docs/decisions/0027): receipts, their items, the review log, the
 * program's eligible products, merchants and settings. Money is whole cents; `points` of a receipt is
 * what its eligible items earn, `credited_points` what the ledger holds for it right now (0 after a
 * reversal). `version` moves on every write: a review save or processing step is applied only on the
 * version it read, and a CHECK (version >= 0) lets a guard statement fail a whole stale batch.
 */
export type ReceiptTagValue = { name: string; reason: string; linked_data: { similar_receipt_ids: number[]; status: string } }
export type ReceiptProcessedData = {
  provider: string
  merchant: string | null
  date: string | null
  total_cents: number | null
  items: { name: string; sku?: string | null; quantity: number; price_cents: number }[]
  text: string
  confidence: number
}

export const receipts = sqliteTable(
  'receipts',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'failed', 'processed', 'no_eligible_items', 'needs_human_review', 'rejected', 'review_requested'] })
      .notNull()
      .default('pending'),
    source: text('source', { enum: ['upload', 'external'] })
      .notNull()
      .default('upload'),
    /** The partner's id of a receipt sent through the server API (idempotency). */
    externalId: text('external_id'),
    /** Storage key of the uploaded file (`receipts/{program}/{random}.{ext}`), null for external receipts. */
    fileKey: text('file_key'),
    contentType: text('content_type'),
    byteSize: integer('byte_size'),
    /** sha-256 of the file, hex. */
    fileHash: text('file_hash'),
    /** Perceptual hash (blockhash, 256 bits hex) of an image, computed in the background. */
    imageHash: text('image_hash'),
    merchantName: text('merchant_name'),
    purchaseProofMerchantId: integer('purchase_proof_merchant_id'),
    merchantAddress: text('merchant_address'),
    /** `YYYY-MM-DD`. */
    purchaseDate: text('purchase_date'),
    totalCents: integer('total_cents'),
    itemsCount: integer('items_count').notNull().default(0),
    processedData: json<ReceiptProcessedData>('processed_data'),
    confidence: real('confidence'),
    points: integer('points').notNull().default(0),
    creditedPoints: integer('credited_points').notNull().default(0),
    /** How many times points were credited (each credit and reversal has its own ledger key). */
    creditSeq: integer('credit_seq').notNull().default(0),
    tags: json<ReceiptTagValue[]>('tags').notNull().default([]),
    adminMarkedAsValidAt: timestamp('admin_marked_as_valid_at'),
    adminMarkedAsInvalidAt: timestamp('admin_marked_as_invalid_at'),
    adminInvalidationReason: text('admin_invalidation_reason'),
    adminInvalidationMessage: text('admin_invalidation_message'),
    adminComments: text('admin_comments'),
    /** Why an automatic step stopped (OCR failure, duplicate signals). */
    systemReason: text('system_reason'),
    reviewRequestMessage: text('review_request_message'),
    openIssueReports: integer('open_issue_reports').notNull().default(0),
    processingAttempts: integer('processing_attempts').notNull().default(0),
    verifiedAt: timestamp('verified_at'),
    version: integer('version').notNull().default(0),
    /** The write that last moved `version` (guard statements compare it). */
    writeToken: text('write_token'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('receipts_program_created_idx').on(t.programId, t.createdAt, t.id),
    index('receipts_program_status_idx').on(t.programId, t.status, t.createdAt),
    index('receipts_program_participant_idx').on(t.programId, t.participantId, t.createdAt),
    index('receipts_program_file_hash_idx').on(t.programId, t.fileHash),
    index('receipts_program_merchant_date_total_idx').on(t.programId, t.purchaseDate, t.totalCents),
    uniqueIndex('receipts_program_external_uq').on(t.programId, t.externalId),
    // The retention sweep's receipts that still have an image, by when they last changed.
    index('receipts_program_file_updated_idx').on(t.programId, t.updatedAt).where(sql`${t.fileKey} IS NOT NULL`),
    check('receipts_version_nonnegative', sql`${t.version} >= 0`),
    check('receipts_credited_nonnegative', sql`${t.creditedPoints} >= 0`),
  ],
)

export const receiptItems = sqliteTable(
  'receipt_items',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    receiptId: integer('receipt_id')
      .notNull()
      .references(() => receipts.id, { onDelete: 'cascade' }),
    sku: text('sku'),
    name: text('name'),
    quantity: integer('quantity').notNull().default(1),
    unitPriceCents: integer('unit_price_cents').notNull().default(0),
    priceCents: integer('price_cents').notNull().default(0),
    eligibleProductId: integer('eligible_product_id'),
    matchedStrategy: text('matched_strategy', { enum: ['sku', 'keyword', 'fuzzy', 'manual', 'external'] }),
    matchedKeyword: text('matched_keyword'),
    matchConfidence: real('match_confidence'),
    eligible: bool('eligible').notNull().default(false),
    excluded: bool('excluded').notNull().default(false),
    points: integer('points').notNull().default(0),
    adminComments: text('admin_comments'),
    patchStatus: text('patch_status', { enum: ['created', 'updated', 'deleted', 'unchanged'] })
      .notNull()
      .default('unchanged'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('receipt_items_receipt_idx').on(t.programId, t.receiptId, t.createdAt, t.id)],
)

export const receiptUpdateLogs = sqliteTable(
  'receipt_update_logs',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    receiptId: integer('receipt_id')
      .notNull()
      .references(() => receipts.id, { onDelete: 'cascade' }),
    adminUserId: integer('admin_user_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    statusFrom: text('status_from'),
    statusTo: text('status_to'),
    pointsDelta: integer('points_delta').notNull().default(0),
    changes: json<Record<string, [unknown, unknown]>>('changes').notNull().default({}),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [index('receipt_update_logs_receipt_idx').on(t.programId, t.receiptId, t.createdAt, t.id)],
)

/** Eligible products (purchase_proof_products). */
export const purchaseProofProducts = sqliteTable(
  'purchase_proof_products',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    productName: text('product_name').notNull(),
    sku: text('sku'),
    /** Comma separated words. */
    keywords: text('keywords').notNull().default(''),
    pointsPerCents: real('points_per_cents').notNull().default(0),
    productActive: bool('product_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('purchase_proof_products_program_idx').on(t.programId, t.productName), index('purchase_proof_products_sku_idx').on(t.programId, t.sku)],
)

export const purchaseProofMerchants = sqliteTable(
  'purchase_proof_merchants',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address'),
    active: bool('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('purchase_proof_merchants_program_idx').on(t.programId, t.name)],
)

/** One row per program (created on first save; defaults apply before). */
export const purchaseProofSettings = sqliteTable(
  'purchase_proof_settings',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    exclusionIdentifiers: json<string[]>('exclusion_identifiers').notNull().default([]),
    externalPointsPerCents: real('external_points_per_cents').notNull().default(0),
    confidenceThreshold: real('confidence_threshold').notNull().default(0.8),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('purchase_proof_settings_program_uq').on(t.programId)],
)
