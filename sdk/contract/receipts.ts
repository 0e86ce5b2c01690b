import * as z from 'zod'

/**
 * Purchase proof on the participant side (issue 16; admin-console-part-a.md sections 3 Receipt and 4,
 * engine-rules.md Receipts): a signed-in participant uploads a receipt photo (or PDF) where the
 * program's receipts feature is on, then follows its status. Money is in currency units with two
 * decimals (12.34), as the console shows it; the server keeps whole cents.
 *
 * Calls (participant session, program from the host or the public key):
 * - POST /public/receipts, multipart/form-data with `file` (and nothing else required): 201 with
 *   `{ receipt }`; a refused file is 422 naming `file` (`errors.file`), nothing stored. A cookie
 *   session must send the X-CSRF-Token header (the form field is not read); at most 30 uploads per
 *   participant and hour (429 after).
 * - GET /public/receipts: the participant's receipts, newest first (`{ data }`).
 * - GET /public/receipts/{id}: one of them (`{ receipt }`).
 * - POST /public/receipts/{id}/review_request with optional `message`: asks for a human review of a
 *   rejected or no-eligible-items receipt (status review_requested).
 */

/** Receipt statuses (section 4). `processed` is the spec's "processed/eligible". */
export const receiptStatuses = ['pending', 'failed', 'processed', 'no_eligible_items', 'needs_human_review', 'rejected', 'review_requested'] as const
export type ReceiptStatus = (typeof receiptStatuses)[number]

/** The accepted file types, decided by the bytes (magic numbers), never by the name or declared type. */
export const receiptContentTypes = ['image/jpeg', 'image/png', 'image/heic', 'application/pdf'] as const
export type ReceiptContentType = (typeof receiptContentTypes)[number]

/** Upload limits: checked from Content-Length and while the body streams in, pixels from the image header. */
export const RECEIPT_LIMITS = {
  /** The file itself. */
  maxBytes: 10 * 1024 * 1024,
  /** Each side and the whole picture of an image (a pixel flood is refused before anything decodes it). */
  maxSide: 12_000,
  maxPixels: 50_000_000,
  /** The client downscales to at most this many pixels on the long side before uploading (widget hint). */
  clientMaxSide: 2_000,
  reviewMessageLength: 1_000,
} as const

/** The `file` input's accept attribute. */
export const receiptAccept = '.jpg,.jpeg,.png,.heic,.heif,.pdf,image/jpeg,image/png,image/heic,image/heif,application/pdf'

/** The multipart field name of the upload. */
export const RECEIPT_FILE_FIELD = 'file'

/** A receipt as its participant sees it: what was read, the status, the points and, if refused, why. */
export const participantReceiptSchema = z.object({
  id: z.number(),
  status: z.enum(receiptStatuses),
  merchant_name: z.string().nullable(),
  /** `YYYY-MM-DD` as read from the receipt. */
  purchase_date: z.string().nullable(),
  total_amount: z.number().nullable(),
  items_count: z.number(),
  /** Points this receipt credits (or credited), 0 until it is processed as valid. */
  points: z.number(),
  /** Why it was rejected (admin_invalidation_reason), or why it waits (e.g. a possible duplicate); null otherwise. */
  reason: z.string().nullable(),
  /** The admin's message to the participant when rejecting. */
  message: z.string().nullable(),
  /** A short-lived signed link to the uploaded file (null for receipts sent through the server API). */
  file_url: z.string().nullable(),
  content_type: z.string().nullable(),
  created_at: z.string(),
  verified_at: z.string().nullable(),
})
export type ParticipantReceipt = z.infer<typeof participantReceiptSchema>

export const receiptUploadResponseSchema = z.object({ receipt: participantReceiptSchema })
export type ReceiptUploadResponse = z.infer<typeof receiptUploadResponseSchema>

export const participantReceiptListSchema = z.object({ data: z.array(participantReceiptSchema) })
export type ParticipantReceiptList = z.infer<typeof participantReceiptListSchema>

/** POST /public/receipts/{id}/review_request. */
export const receiptReviewRequestSchema = z.object({
  message: z.string({ error: 'Message must be text' }).trim().max(RECEIPT_LIMITS.reviewMessageLength, `Message must not be longer than ${RECEIPT_LIMITS.reviewMessageLength} characters`).optional(),
})
export type ReceiptReviewRequest = z.input<typeof receiptReviewRequestSchema>

/**
 * POST /api/v1/receipts (server API, program API key): a partner's receipt with its items already read
 * (source external), idempotent by `external_id` (the same id answers the receipt already there, 200).
 * Amounts in currency units.
 */
export const externalReceiptItemSchema = z.object({
  name: z.string({ error: 'must be text' }).trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  sku: z.string({ error: 'must be text' }).trim().max(100, 'must be at most 100 characters').nullish(),
  quantity: z.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').max(10_000, 'must be at most 10000').default(1),
  price: z.number({ error: 'must be a number' }).min(0, 'must be at least 0').max(1_000_000, 'must be at most 1000000'),
})
export const externalReceiptSchema = z.object({
  participant_id: z.number({ error: 'must be a participant id' }).int('must be a participant id').positive('must be a participant id'),
  external_id: z.string({ error: 'is required' }).trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  merchant_name: z.string({ error: 'must be text' }).trim().max(200, 'must be at most 200 characters').nullish(),
  purchase_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)').nullish(),
  total_amount: z.number({ error: 'must be a number' }).min(0, 'must be at least 0').max(10_000_000, 'must be at most 10000000').nullish(),
  items: z.array(externalReceiptItemSchema).min(1, 'must hold at least one item').max(500, 'must hold at most 500 items'),
})
export type ExternalReceiptInput = z.input<typeof externalReceiptSchema>

export const apiReceiptSchema = z.object({
  object: z.literal('receipt'),
  id: z.number(),
  external_id: z.string().nullable(),
  participant_id: z.number(),
  source: z.enum(['upload', 'external']),
  status: z.enum(receiptStatuses),
  merchant_name: z.string().nullable(),
  purchase_date: z.string().nullable(),
  total_amount: z.number().nullable(),
  points: z.number(),
  credited_points: z.number(),
  items: z.array(
    z.object({ name: z.string().nullable(), sku: z.string().nullable(), quantity: z.number(), price: z.number(), eligible: z.boolean(), points: z.number(), matched_strategy: z.string().nullable() }),
  ),
  created_at: z.string(),
})
export type ApiReceipt = z.infer<typeof apiReceiptSchema>
