import type { z } from 'zod'
import { and, asc, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm'
import type { ParticipantReceipt } from '../../../../sdk/contract/receipts'
import {
  type ConsoleReceipt,
  type ReceiptDetail,
  type ReceiptItem,
  type ReceiptList,
  type ReceiptParticipantHistory,
  type receiptListQuerySchema,
  receiptRejectReasons,
  type ReceiptRow as ReceiptListRow,
  type receiptReviewSchema,
  type ReceiptUpdateLog,
} from '../../../../sdk/contract/console/receipts'
import { adminUsers, outbox, participants, programs, purchaseProofMerchants, receiptItems, receipts, receiptUpdateLogs, type ReceiptProcessedData } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import type { ProgramRow } from '../../env'
import { AppError } from '../../lib/errors'
import { storageOf } from '../media/media-service'
import { dispatchOutbox, dispatchOutboxLater, outboxIdsFrom } from '../webhooks/outbox'
import { fromCents, toCents } from './matching'
import { matchProducts, PROCESS_TOPIC, programMatcher } from './receipt-processing'
import { fileHash, receiptFileKey, type CheckedReceiptFile } from './receipt-file'
import { applyReceiptWrite, type ItemRow, type ReceiptRow, staleWrite } from './receipt-write'
import { signedReceiptUrl } from './signed-url'
import { batch, type BatchStatement } from '../../db/batch'

type Statement = BatchStatement
type ListQuery = z.output<typeof receiptListQuerySchema>
type Review = z.output<typeof receiptReviewSchema>

export const receiptsEnabled = (program: ProgramRow) => Boolean(program.features?.receipts)

export function assertReceiptsEnabled(program: ProgramRow) {
  if (!receiptsEnabled(program)) throw new AppError('forbidden', 403, 'Receipts are not enabled for this program')
}

export async function findReceiptOr404(scope: ProgramScope, id: number): Promise<ReceiptRow> {
  const row = Number.isSafeInteger(id) && id > 0 ? await scope.first(receipts, eq(receipts.id, id)) : undefined
  if (!row) throw new AppError('not_found', 404, 'Receipt not found', { receipt_id: 'not found' })
  return row
}

/** The outbox row that processes a receipt, found by its file key (the receipt's id is not known inside the batch). */
function processTask(deps: Deps, programId: number, match: SQL, dedupeKey: string) {
  return deps.db
    .insert(outbox)
    .values({
      programId,
      topic: PROCESS_TOPIC,
      payload: sql`json_object('receipt_id', (SELECT id FROM receipts WHERE program_id = ${programId} AND ${match}))` as never,
      dedupeKey,
    })
    .onConflictDoNothing()
    .returning({ id: outbox.id })
}

// ---------------------------------------------------------------------------------------------------
// Intake

/**
 * A participant's upload: the checked file is stored, then the receipt (pending) and its processing
 * task are written in one batch. If the batch fails the stored file is removed again.
 */
export async function createUploadedReceipt(scope: ProgramScope, deps: Deps, participantId: number, bytes: Uint8Array, file: CheckedReceiptFile): Promise<ReceiptRow> {
  const storage = storageOf(deps)
  const key = receiptFileKey(scope.programId, file.extension)
  const hash = await fileHash(bytes)
  await storage.put(key, bytes, file.contentType)
  let results: unknown[]
  try {
    results = (await batch(deps.db, [
      scope.insert(receipts, { participantId, status: 'pending', source: 'upload', fileKey: key, contentType: file.contentType, byteSize: bytes.length, fileHash: hash }).returning(),
      processTask(deps, scope.programId, sql`file_key = ${key}`, `receipt:${key}`),
    ])) as unknown[]
  } catch (err) {
    await storage.delete(key).catch(() => undefined)
    throw err
  }
  const [row] = results[0] as ReceiptRow[]
  dispatchOutboxLater(deps, outboxIdsFrom(results, [1]))
  return row!
}

export type ExternalReceipt = {
  participantId: number
  externalId: string
  merchantName: string | null
  purchaseDate: string | null
  totalCents: number | null
  items: { name: string; sku: string | null; quantity: number; priceCents: number }[]
}

/**
 * A partner's receipt through the server API (source external), idempotent by its external id: the
 * same id answers the receipt already there (created: false). Processed like an upload, without OCR:
 * the items were read by the partner (confidence 1). Refused (403) where the receipts feature is off.
 */
export async function createExternalReceipt(scope: ProgramScope, deps: Deps, input: ExternalReceipt): Promise<{ created: boolean; receipt: ReceiptRow }> {
  const [program] = await deps.db.select().from(programs).where(eq(programs.id, scope.programId)).limit(1)
  if (!program) throw new AppError('not_found', 404, 'No such program')
  // The same switch as the participant's upload: a program with receipts off takes none from partners either.
  assertReceiptsEnabled(program)
  const participant = await scope.first(participants, eq(participants.id, input.participantId))
  if (!participant) throw new AppError('not_found', 404, 'participant_id: not found', { participant_id: 'not found' })
  const reading: ReceiptProcessedData = {
    provider: 'external',
    merchant: input.merchantName,
    date: input.purchaseDate,
    total_cents: input.totalCents,
    items: input.items.map((i) => ({ name: i.name, sku: i.sku, quantity: i.quantity, price_cents: i.priceCents })),
    text: '',
    confidence: 1,
  }
  const results = (await batch(deps.db, [
    scope
      .insert(receipts, { participantId: input.participantId, status: 'pending', source: 'external', externalId: input.externalId, processedData: reading })
      .onConflictDoNothing({ target: [receipts.programId, receipts.externalId] })
      .returning(),
    processTask(deps, scope.programId, sql`external_id = ${input.externalId}`, `receipt-external:${scope.programId}:${input.externalId}`),
  ])) as unknown[]
  const created = ((results[0] as ReceiptRow[]) ?? []).length > 0
  if (created) await dispatchOutbox(deps, outboxIdsFrom(results, [1]))
  const receipt = (await scope.first(receipts, eq(receipts.externalId, input.externalId)))!
  if (!created && receipt.participantId !== input.participantId) {
    throw new AppError('idempotency_conflict', 409, 'external_id: already used for another participant', { external_id: 'already used for another participant' })
  }
  return { created, receipt }
}

// ---------------------------------------------------------------------------------------------------
// Reads

const iso = (d: Date | null) => (d ? d.toISOString() : null)
const money = (cents: number | null) => (cents === null ? null : fromCents(cents))
const nameOf = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim()

/** What the participant sees of a refusal or a wait. */
function participantReason(r: ReceiptRow): string | null {
  if (r.status === 'rejected') return receiptRejectReasons.find((x) => x.value === r.adminInvalidationReason)?.label ?? r.adminInvalidationReason ?? 'Rejected'
  if (r.status === 'failed' || r.status === 'no_eligible_items' || r.status === 'needs_human_review') return r.systemReason
  return null
}

export async function toParticipantReceipt(deps: Deps, requestUrl: string, r: ReceiptRow): Promise<ParticipantReceipt> {
  const link = await signedReceiptUrl(deps, requestUrl, r)
  return {
    id: r.id,
    status: r.status,
    merchant_name: r.merchantName,
    purchase_date: r.purchaseDate,
    total_amount: money(r.totalCents),
    items_count: r.itemsCount,
    points: r.status === 'processed' ? r.points : r.creditedPoints,
    reason: participantReason(r),
    message: r.status === 'rejected' ? r.adminInvalidationMessage : null,
    file_url: link?.url ?? null,
    content_type: r.contentType,
    created_at: r.createdAt.toISOString(),
    verified_at: iso(r.verifiedAt),
  }
}

export async function participantReceipts(scope: ProgramScope, participantId: number): Promise<ReceiptRow[]> {
  return scope.select(receipts, eq(receipts.participantId, participantId)).orderBy(desc(receipts.createdAt), desc(receipts.id)).limit(100)
}

const rowColumns = {
  receipt: receipts,
  firstName: participants.firstName,
  lastName: participants.lastName,
  email: participants.email,
}

function toRow(x: { receipt: ReceiptRow; firstName: string; lastName: string; email: string }): ReceiptListRow {
  const r = x.receipt
  return {
    id: r.id,
    status: r.status,
    merchant_name: r.merchantName,
    purchase_date: r.purchaseDate,
    total_amount: money(r.totalCents),
    items_count: r.itemsCount,
    points: r.points,
    source: r.source,
    participant: { id: r.participantId, name: nameOf(x), email: x.email },
    tags: r.tags.map((t) => t.name),
    created_at: r.createdAt.toISOString(),
  }
}

const dayStart = (date: string) => new Date(`${date}T00:00:00.000Z`)

/** GET .../receipts: newest first, filtered by status, tag, upload date and participant. */
export async function listReceipts(scope: ProgramScope, query: ListQuery): Promise<ReceiptList> {
  const conds: SQL[] = []
  if (query.status) conds.push(eq(receipts.status, query.status))
  if (query.tag) conds.push(sql`EXISTS (SELECT 1 FROM json_each(${receipts.tags}) WHERE json_extract(json_each.value, '$.name') = ${query.tag})`)
  if (query.date_from) conds.push(gte(receipts.createdAt, dayStart(query.date_from)))
  if (query.date_to) conds.push(lt(receipts.createdAt, new Date(dayStart(query.date_to).getTime() + 86_400_000)))
  if (query.participant_id) conds.push(eq(receipts.participantId, query.participant_id))
  const where = conds.length ? and(...conds) : undefined
  const [total, rows] = await Promise.all([
    scope.count(receipts, where),
    scope.db
      .select(rowColumns)
      .from(receipts)
      .where(scope.where(receipts, where))
      .innerJoin(participants, eq(participants.id, receipts.participantId))
      .orderBy(desc(receipts.createdAt), desc(receipts.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
  ])
  return { data: rows.map(toRow), meta: { page: query.page, per_page: query.per_page, total, total_pages: Math.ceil(total / query.per_page) } }
}

export function toItem(i: ItemRow, productNames: Map<number, string>): ReceiptItem {
  return {
    id: i.id,
    sku: i.sku,
    name: i.name,
    quantity: i.quantity,
    unit_price: fromCents(i.unitPriceCents),
    price: fromCents(i.priceCents),
    eligible_product_id: i.eligibleProductId,
    eligible_product_name: i.eligibleProductId === null ? null : (productNames.get(i.eligibleProductId) ?? null),
    matched_strategy: i.matchedStrategy,
    matched_keyword: i.matchedKeyword,
    match_confidence: i.matchConfidence,
    eligible: i.eligible,
    excluded: i.excluded,
    points: i.points,
    admin_comments: i.adminComments,
    patch_status: i.patchStatus,
    created_at: i.createdAt.toISOString(),
  }
}

export async function receiptItemsOf(scope: ProgramScope, receiptId: number): Promise<ItemRow[]> {
  return scope.select(receiptItems, eq(receiptItems.receiptId, receiptId)).orderBy(asc(receiptItems.createdAt), asc(receiptItems.id))
}

async function productNames(scope: ProgramScope): Promise<Map<number, string>> {
  return new Map((await matchProducts(scope)).map((p) => [p.id, p.productName]))
}

const integrityOf = (status: ReceiptRow['status']) => (status === 'rejected' ? 'invalid' : status === 'processed' ? 'valid' : null)

export async function consoleReceipt(scope: ProgramScope, deps: Deps, requestUrl: string, r: ReceiptRow): Promise<ConsoleReceipt> {
  const p = (await scope.first(participants, eq(participants.id, r.participantId)))!
  const link = await signedReceiptUrl(deps, requestUrl, r)
  return {
    ...toRow({ receipt: r, firstName: p.firstName, lastName: p.lastName, email: p.email }),
    merchant_address: r.merchantAddress,
    purchase_proof_merchant_id: r.purchaseProofMerchantId,
    program_id: r.programId,
    participant_id: r.participantId,
    participant_points: p.unusedPoints,
    participant_completed_challenges: p.completedChallenges,
    files: link && r.contentType ? [{ url: link.url, content_type: r.contentType as ConsoleReceipt['files'][number]['content_type'] }] : [],
    processed_data: r.processedData,
    receipt_tags: r.tags,
    open_receipt_issue_reports: r.openIssueReports,
    integrity: integrityOf(r.status),
    admin_marked_as_valid_at: iso(r.adminMarkedAsValidAt),
    admin_marked_as_invalid_at: iso(r.adminMarkedAsInvalidAt),
    admin_invalidation_reason: r.adminInvalidationReason,
    admin_invalidation_message: r.adminInvalidationMessage,
    admin_comments: r.adminComments,
    credited_points: r.creditedPoints,
    verified_at: iso(r.verifiedAt),
    external_id: r.externalId,
    confidence: r.confidence,
    version: r.version,
  }
}

export async function receiptDetail(scope: ProgramScope, deps: Deps, requestUrl: string, r: ReceiptRow): Promise<ReceiptDetail> {
  const [receipt, items, names, merchants] = await Promise.all([
    consoleReceipt(scope, deps, requestUrl, r),
    receiptItemsOf(scope, r.id),
    productNames(scope),
    scope.select(purchaseProofMerchants, eq(purchaseProofMerchants.active, true)).orderBy(asc(purchaseProofMerchants.name)),
  ])
  return {
    receipt,
    items: items.map((i) => toItem(i, names)),
    reject_reasons_options: receiptRejectReasons.map((x) => ({ value: x.value, label: x.label })),
    merchant_options: merchants.map((m) => ({ value: String(m.id), label: m.name })),
  }
}

export async function receiptItemList(scope: ProgramScope, receiptId: number): Promise<ReceiptItem[]> {
  const [items, names] = await Promise.all([receiptItemsOf(scope, receiptId), productNames(scope)])
  return items.map((i) => toItem(i, names))
}

export async function updateLogs(scope: ProgramScope, receiptId: number): Promise<ReceiptUpdateLog[]> {
  const rows = await scope.db
    .select({ log: receiptUpdateLogs, adminId: adminUsers.id, adminFirst: adminUsers.firstName, adminLast: adminUsers.lastName, adminEmail: adminUsers.email })
    .from(receiptUpdateLogs)
    .where(scope.where(receiptUpdateLogs, eq(receiptUpdateLogs.receiptId, receiptId)))
    .leftJoin(adminUsers, eq(adminUsers.id, receiptUpdateLogs.adminUserId))
    .orderBy(desc(receiptUpdateLogs.createdAt), desc(receiptUpdateLogs.id))
    .limit(500)
  return rows.map(({ log, adminId, adminFirst, adminLast, adminEmail }) => ({
    id: log.id,
    action: log.action,
    admin: adminId === null ? null : { id: adminId, name: `${adminFirst ?? ''} ${adminLast ?? ''}`.trim(), email: adminEmail ?? '' },
    status_from: log.statusFrom,
    status_to: log.statusTo,
    points_delta: log.pointsDelta,
    changes: log.changes,
    comment: log.comment,
    created_at: log.createdAt.toISOString(),
  }))
}

export async function participantHistory(scope: ProgramScope, r: ReceiptRow): Promise<ReceiptParticipantHistory> {
  const p = (await scope.first(participants, eq(participants.id, r.participantId)))!
  const list = await listReceipts(scope, { page: 1, per_page: 50, participant_id: r.participantId })
  return {
    participant: { id: p.id, name: nameOf(p), email: p.email, unused_points: p.unusedPoints, points: p.points, completed_challenges: p.completedChallenges },
    data: list.data,
  }
}

// ---------------------------------------------------------------------------------------------------
// Review

const fieldError = (fields: Record<string, string>) => new AppError('validation_failed', 422, Object.entries(fields).map(([k, v]) => `${k}: ${v}`).join('; '), fields, { success: false, errors: fields })

/**
 * PUT .../receipts/{id}: the review save (spec section 4). Item patches are applied (created rows
 * inserted; updated rows rematched, and stay `created` when they were; deleted rows that were created
 * vanish, others are marked deleted), then the receipt moves to processed (valid: the ledger holds its
 * points) or rejected (invalid: any credited points are reversed with a refund row), with an update
 * log row naming the admin, all in one batch on the version the admin edited. Without `version` in the
 * body a conflicting concurrent save is retried on the new version (it then credits nothing twice).
 */
export async function saveReview(scope: ProgramScope, deps: Deps, adminUserId: number, receiptId: number, body: Review): Promise<ReceiptRow> {
  for (let attempt = 0; ; attempt++) {
    const r = await findReceiptOr404(scope, receiptId)
    if (body.version !== undefined && body.version !== r.version) throw staleWrite()
    try {
      await saveOnce(scope, deps, adminUserId, r, body)
      return (await findReceiptOr404(scope, receiptId))!
    } catch (err) {
      if (body.version !== undefined || attempt >= 4 || (err as AppError)?.status !== 409) throw err
    }
  }
}

async function saveOnce(scope: ProgramScope, deps: Deps, adminUserId: number, r: ReceiptRow, body: Review) {
  if (r.status === 'pending') throw new AppError('validation_failed', 422, 'The receipt is still being processed', { status: 'The receipt is still being processed' })
  if (r.status === 'needs_human_review' && !body.integrity) throw fieldError({ integrity: 'Integrity is required' })
  const integrity = body.integrity ?? (r.status === 'rejected' ? 'invalid' : 'valid')
  if (integrity === 'invalid' && !(body.admin_invalidation_reason ?? (r.status === 'rejected' ? r.adminInvalidationReason : null))) {
    throw fieldError({ admin_invalidation_reason: 'Reason is required' })
  }
  const [{ matcher, config }, items] = await Promise.all([programMatcher(scope), receiptItemsOf(scope, r.id)])
  const products = new Set((await matchProducts(scope)).map((p) => p.id))
  const byId = new Map(items.map((i) => [i.id, i]))
  const now = new Date(deps.clock.now())
  const external = r.source === 'external'
  const statements: Statement[] = []
  const final = new Map(items.filter((i) => i.patchStatus !== 'deleted').map((i) => [i.id, { eligible: i.eligible, points: i.points }]))
  const created: Omit<typeof receiptItems.$inferInsert, 'programId'>[] = []
  const errors: Record<string, string> = {}
  const counts = { created: 0, updated: 0, deleted: 0 }
  body.receipt_items.forEach((patch, index) => {
    if (patch.patch_status === 'unchanged') return
    if (patch.eligible_product_id && !products.has(patch.eligible_product_id)) {
      errors[`receipt_items.${index}.eligible_product_id`] = 'not found'
      return
    }
    const existing = patch.id !== undefined ? byId.get(patch.id) : undefined
    if (patch.patch_status !== 'created' && (!existing || existing.patchStatus === 'deleted')) {
      errors[`receipt_items.${index}.id`] = 'not found'
      return
    }
    if (patch.patch_status === 'deleted') {
      counts.deleted++
      final.delete(existing!.id)
      statements.push(
        existing!.patchStatus === 'created'
          ? scope.delete(receiptItems, and(eq(receiptItems.id, existing!.id), eq(receiptItems.receiptId, r.id)))
          : scope.update(receiptItems, { patchStatus: 'deleted', eligible: false, points: 0, updatedAt: now }, and(eq(receiptItems.id, existing!.id), eq(receiptItems.receiptId, r.id))),
      )
      return
    }
    const priceCents = toCents(patch.price)
    const quantity = patch.quantity
    const m = matcher.match(
      { name: patch.name ?? null, sku: patch.sku ?? null, priceCents },
      { manualProductId: patch.eligible_product_id ?? null, externalPointsPerCents: external ? config.externalPointsPerCents : 0 },
    )
    const values = {
      sku: patch.sku ?? null,
      name: patch.name ?? null,
      quantity,
      priceCents,
      unitPriceCents: Math.round(priceCents / quantity),
      ...m,
      adminComments: patch.admin_comments ?? null,
      updatedAt: now,
    }
    if (patch.patch_status === 'created') {
      counts.created++
      created.push({ receiptId: r.id, ...values, patchStatus: 'created', createdAt: now })
      final.set(-created.length, { eligible: m.eligible, points: m.points })
    } else {
      counts.updated++
      final.set(existing!.id, { eligible: m.eligible, points: m.points })
      const patchStatus = existing!.patchStatus === 'created' ? 'created' : 'updated'
      statements.push(scope.update(receiptItems, { ...values, patchStatus }, and(eq(receiptItems.id, existing!.id), eq(receiptItems.receiptId, r.id))))
    }
  })
  if (Object.keys(errors).length) throw fieldError(errors)
  for (let i = 0; i < created.length; i += 4) statements.push(scope.insert(receiptItems, created.slice(i, i + 4)) as unknown as Statement)
  if (body.purchase_proof_merchant_id && !(await scope.first(purchaseProofMerchants, eq(purchaseProofMerchants.id, body.purchase_proof_merchant_id)))) {
    throw fieldError({ purchase_proof_merchant_id: 'not found' })
  }

  const points = [...final.values()].reduce((sum, i) => sum + (i.eligible ? i.points : 0), 0)
  const valid = integrity === 'valid'
  const status = valid ? 'processed' : 'rejected'
  const set: Partial<typeof receipts.$inferInsert> = {
    status,
    points,
    itemsCount: final.size,
    verifiedAt: now,
    ...(valid
      ? { adminMarkedAsValidAt: now, adminInvalidationReason: null, adminInvalidationMessage: null }
      : {
          adminMarkedAsInvalidAt: now,
          adminInvalidationReason: body.admin_invalidation_reason ?? r.adminInvalidationReason,
          adminInvalidationMessage: body.admin_invalidation_message === undefined ? r.adminInvalidationMessage : body.admin_invalidation_message,
        }),
  }
  if (body.admin_comments !== undefined) set.adminComments = body.admin_comments
  if (body.merchant_name !== undefined) set.merchantName = body.merchant_name
  if (body.purchase_proof_merchant_id !== undefined) set.purchaseProofMerchantId = body.purchase_proof_merchant_id ?? null
  if (body.purchase_date !== undefined) set.purchaseDate = body.purchase_date ?? null
  if (body.total_amount !== undefined) set.totalCents = body.total_amount === null ? null : toCents(body.total_amount)

  const changes: Record<string, [unknown, unknown]> = {}
  const track = (name: string, before: unknown, after: unknown) => {
    if (after !== undefined && before !== after) changes[name] = [before, after]
  }
  track('status', r.status, status)
  track('points', r.points, points)
  track('merchant_name', r.merchantName, set.merchantName)
  track('purchase_date', r.purchaseDate, set.purchaseDate)
  track('total_amount', money(r.totalCents), set.totalCents === undefined ? undefined : money(set.totalCents ?? null))
  track('admin_invalidation_reason', r.adminInvalidationReason, valid ? undefined : set.adminInvalidationReason)
  for (const [k, n] of Object.entries(counts)) if (n) changes[`items_${k}`] = [0, n]

  await applyReceiptWrite(scope, deps, r, {
    set,
    statements,
    credited: valid ? points : 0,
    title: valid ? 'Receipt approved' : 'Receipt rejected',
    log: { adminUserId, action: valid ? 'marked_valid' : 'marked_invalid', statusTo: status, changes, comment: body.admin_comments ?? null },
    webhook: r.status !== status || r.points !== points,
  })
}

/** The participant asks for a human review of a rejected or no-eligible-items receipt. */
export async function requestReview(scope: ProgramScope, deps: Deps, r: ReceiptRow, message: string | undefined): Promise<ReceiptRow> {
  if (r.status !== 'rejected' && r.status !== 'no_eligible_items' && r.status !== 'failed') {
    throw new AppError('validation_failed', 422, 'status: only a rejected or unread receipt can be sent for review', { status: 'only a rejected or unread receipt can be sent for review' })
  }
  await applyReceiptWrite(scope, deps, r, {
    set: { status: 'review_requested', reviewRequestMessage: message ?? null },
    title: 'Review requested',
    log: { adminUserId: null, action: 'review_requested', statusTo: 'review_requested', comment: message ?? null },
  })
  return findReceiptOr404(scope, r.id)
}

/** Submit Issue: an admin's report on the reading, counted on the receipt and kept in its log. */
export async function reportIssue(scope: ProgramScope, deps: Deps, adminUserId: number, r: ReceiptRow, description: string): Promise<ReceiptRow> {
  await applyReceiptWrite(scope, deps, r, {
    set: { openIssueReports: r.openIssueReports + 1 },
    title: 'Issue reported',
    log: { adminUserId, action: 'issue_reported', statusTo: r.status, comment: description },
  })
  return findReceiptOr404(scope, r.id)
}

/** The participant page's receipts tab (GET .../participants/{id}/receipts): newest first, one page. */
export async function participantReceiptsPage(scope: ProgramScope, participantId: number, paging: { page: number; per_page: number }) {
  const list = await listReceipts(scope, { page: paging.page, per_page: paging.per_page, participant_id: participantId })
  return {
    data: list.data.map((r) => ({ id: r.id, status: r.status, total_amount: r.total_amount ?? 0, points: r.points, created_at: r.created_at })),
    meta: list.meta,
  }
}
