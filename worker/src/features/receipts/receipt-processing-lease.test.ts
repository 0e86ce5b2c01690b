import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { outbox, pointsLedger, purchaseProofProducts, receipts } from '../../db/schema'
import { makeRewardsTest } from '../../../test/rewards-fixtures'
import { deliverOutbox, OUTBOX_CLAIM_LEASE_MS } from '../webhooks/outbox'
import { PROCESS_TOPIC, processReceipt } from './receipt-processing'

/**
 * A receipt's processing is its outbox task (`receipts.process`): the receipt stays `pending` until the
 * task's one batch decides it, and the task's row holds the outbox claim's lease while it runs.
 */
describe('receipt processing lease (the outbox claim of its task)', () => {
  it('leaves a receipt whose task is claimed by a live deliverer alone, and processes it once after the lease', async () => {
    const t = await makeRewardsTest()
    const m = await t.addMember()
    await t.scope.insert(purchaseProofProducts, { productName: 'Lease Beans', sku: 'LEASE-1', keywords: '', pointsPerCents: 1 })
    const [receipt] = await t.scope
      .insert(receipts, {
        participantId: m.id,
        source: 'external',
        externalId: 'lease-1',
        processedData: { provider: 'external', merchant: 'Lease Market', date: '2026-11-20', total_cents: 120, items: [{ name: 'Lease Beans', sku: 'LEASE-1', quantity: 1, price_cents: 120 }], text: '', confidence: 1 },
      })
      .returning()
    // Its task, claimed by a deliverer that then died (kill -9 during the OCR call, say).
    const [task] = await t.db
      .insert(outbox)
      .values({ programId: t.program.id, topic: PROCESS_TOPIC, payload: { receipt_id: receipt!.id }, status: 'sending', nextAttemptAt: new Date(t.clock.now() + OUTBOX_CLAIM_LEASE_MS) })
      .returning()
    const status = async () => (await t.scope.first(receipts, eq(receipts.id, receipt!.id)))!.status
    const credits = () => t.scope.count(pointsLedger, and(eq(pointsLedger.source, 'receipt'), eq(pointsLedger.sourceId, receipt!.id)))

    expect(await deliverOutbox(t.deps)).toEqual({ delivered: 0, failed: 0 })
    expect(await status()).toBe('pending')
    t.clock.advance(OUTBOX_CLAIM_LEASE_MS - 1)
    await deliverOutbox(t.deps)
    expect(await status()).toBe('pending')

    t.clock.advance(1)
    await Promise.all([deliverOutbox(t.deps), deliverOutbox(t.deps)])
    expect(await status()).toBe('processed')
    expect(await credits()).toBe(1)
    expect((await t.db.select().from(outbox).where(eq(outbox.id, task!.id)))[0]).toMatchObject({ status: 'delivered' })
    // A late run of the dead deliverer's task changes nothing: the receipt is no longer pending.
    expect(await processReceipt(t.deps, t.program.id, receipt!.id)).toBe('skipped')
    expect(await credits()).toBe(1)
  })
})
