import type { z } from 'zod'
import type { ApiReceipt, externalReceiptSchema } from '../../../../sdk/contract/receipts'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { fromCents, toCents } from './matching'
import { createExternalReceipt, receiptItemsOf } from './receipt-service'
import './receipt-processing'

/**
 * POST /api/v1/receipts (features/api-v1/routes.ts mounts it): a partner's receipt, items already read,
 * idempotent by external_id. Processed like an upload without OCR (matching, duplicates, points): the
 * answer carries the status reached, or `pending` when the queue processes it later (Workers).
 */
export async function createApiReceipt(scope: ProgramScope, deps: Deps, input: z.output<typeof externalReceiptSchema>): Promise<{ created: boolean; receipt: ApiReceipt }> {
  const { created, receipt: r } = await createExternalReceipt(scope, deps, {
    participantId: input.participant_id,
    externalId: input.external_id,
    merchantName: input.merchant_name ?? null,
    purchaseDate: input.purchase_date ?? null,
    totalCents: input.total_amount === null || input.total_amount === undefined ? null : toCents(input.total_amount),
    items: input.items.map((i) => ({ name: i.name, sku: i.sku ?? null, quantity: i.quantity, priceCents: toCents(i.price) })),
  })
  const items = (await receiptItemsOf(scope, r.id)).filter((i) => i.patchStatus !== 'deleted')
  return {
    created,
    receipt: {
      object: 'receipt',
      id: r.id,
      external_id: r.externalId,
      participant_id: r.participantId,
      source: r.source,
      status: r.status,
      merchant_name: r.merchantName,
      purchase_date: r.purchaseDate,
      total_amount: r.totalCents === null ? null : fromCents(r.totalCents),
      points: r.points,
      credited_points: r.creditedPoints,
      items: items.map((i) => ({ name: i.name, sku: i.sku, quantity: i.quantity, price: fromCents(i.priceCents), eligible: i.eligible, points: i.points, matched_strategy: i.matchedStrategy })),
      created_at: r.createdAt.toISOString(),
    },
  }
}
