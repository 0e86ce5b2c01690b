import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { outbox, outboxDedupeKeys, participants, pointsLedger, requestIdempotency } from '../../db/schema'
import { programScope } from '../../db/scope'
import { sweepRetention } from '../../retention'
import { createApiKey } from '../integrations/api-keys'
import { programByKey } from '../participants/participants-fixtures'
import { RETENTION_RULES } from '../../../../sdk/contract/console/retention'

const OUTBOX_RETENTION_DAYS = RETENTION_RULES.delivered_outbox.default
import { lastMail, makeTestApp, subscribeEveryEvent } from '../../../test/helpers'
import type { MailMessage } from '../../platform/mail'
import { deliverOutbox, OUTBOX_CLAIM_LEASE_MS } from './outbox'

const mail = (to: string, text: string): MailMessage & Record<string, unknown> => ({ to, from: 'Tessera <no-reply@tessera.dev>', subject: 'Your code', text })

/** One queued mail, claimed by a deliverer that then died (kill -9 after the claim, before sending). */
async function abandonedClaim(to: string, leaseUntil: (now: number) => Date | null) {
  const t = await makeTestApp()
  const [row] = await t.db.insert(outbox).values({ topic: 'email', payload: mail(to, 'Your code is 123456') }).returning({ id: outbox.id })
  await t.db.update(outbox).set({ status: 'sending', nextAttemptAt: leaseUntil(t.clock.now()) }).where(eq(outbox.id, row!.id))
  const status = async () => (await t.db.select().from(outbox).where(eq(outbox.id, row!.id)))[0]!.status
  return { t, status }
}

describe('outbox claims hold a lease', () => {
  it('leaves a live claim to its deliverer, and the sweep takes it back once the lease is over', async () => {
    const { t, status } = await abandonedClaim('lease@example.com', (now) => new Date(now + OUTBOX_CLAIM_LEASE_MS))
    expect(await deliverOutbox(t.deps)).toEqual({ delivered: 0, failed: 0 })
    expect(await status()).toBe('sending')
    expect(await lastMail(t.db, 'lease@example.com')).toBeNull()
    t.clock.advance(OUTBOX_CLAIM_LEASE_MS)
    expect(await deliverOutbox(t.deps)).toEqual({ delivered: 1, failed: 0 })
    expect(await status()).toBe('delivered')
    expect((await lastMail(t.db, 'lease@example.com'))?.code).toBe('123456')
    // Delivered once: the next sweep finds nothing.
    expect(await deliverOutbox(t.deps)).toEqual({ delivered: 0, failed: 0 })
  })

  it('takes back a claim made before claims had a lease (no lease end)', async () => {
    const { t, status } = await abandonedClaim('old-claim@example.com', () => null)
    expect(await deliverOutbox(t.deps)).toEqual({ delivered: 1, failed: 0 })
    expect(await status()).toBe('delivered')
  })

  it('claims with a lease when it delivers', async () => {
    const t = await makeTestApp()
    const [row] = await t.db.insert(outbox).values({ topic: 'email', payload: mail('claim@example.com', 'Hi') }).returning({ id: outbox.id })
    // A deliverer that fails keeps the row for a retry; one that claims writes its lease end.
    t.deps.mail.send = async () => {
      const [claimed] = await t.db.select().from(outbox).where(eq(outbox.id, row!.id))
      expect(claimed).toMatchObject({ status: 'sending', nextAttemptAt: new Date(t.clock.now() + OUTBOX_CLAIM_LEASE_MS) })
      throw new Error('provider down')
    }
    expect(await deliverOutbox(t.deps, [row!.id])).toEqual({ delivered: 0, failed: 1 })
    expect((await t.db.select().from(outbox).where(eq(outbox.id, row!.id)))[0]).toMatchObject({ status: 'pending', attempts: 1 })
  })

  it('renews the lease of a slow round\'s rows not reached yet, and skips a row the sweep took back', async () => {
    const t = await makeTestApp()
    const ids: number[] = []
    for (const n of [1, 2, 3]) {
      const [row] = await t.db.insert(outbox).values({ topic: 'email', payload: mail(`slow${n}@example.com`, `Mail ${n}`) }).returning({ id: outbox.id })
      ids.push(row!.id)
    }
    const lease = t.deps.config.outboxClaimLeaseMs
    const sent: string[] = []
    t.deps.mail.send = async (m) => {
      sent.push(m.to)
      if (m.to === 'slow1@example.com') {
        // The first mail takes more than half the lease; meanwhile the third row's claim was lost
        // (a sweep after the lease took it back: another lease end stands in its row).
        t.clock.advance(lease / 2 + 1)
        await t.db.update(outbox).set({ nextAttemptAt: new Date(t.clock.now() + 5) }).where(eq(outbox.id, ids[2]!))
      }
    }
    expect(await deliverOutbox(t.deps, ids)).toEqual({ delivered: 2, failed: 0 })
    expect(sent).toEqual(['slow1@example.com', 'slow2@example.com'])
    const rows = await t.db.select().from(outbox)
    const third = rows.find((r) => r.id === ids[2])!
    // Left to the deliverer that holds it now, untouched.
    expect(third).toMatchObject({ status: 'sending', nextAttemptAt: new Date(t.clock.now() + 5) })
  })
})

describe('outbox retention', () => {
  it('prunes delivered rows past the retention, keeps their dedupe keys, and a replay after the key expired announces nothing twice', async () => {
    const t = await makeTestApp()
    const program = await programByKey(t, 'demo')
    // A webhook takes the events (one no webhook takes is not written at all).
    await subscribeEveryEvent(t, program.id)
    const made = await createApiKey(programScope(t.db, program.id), t.deps, { name: 'retention', expires_at: new Date(t.clock.now() + 30 * 86_400_000).toISOString().slice(0, 10) }, null)
    if (made.status !== 201) throw new Error('key not made')
    const call = (path: string, json?: unknown, key?: string) =>
      t.app.request(`/api/v1${path}`, {
        method: json ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${made.result.data.api_key}`, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
        ...(json ? { body: JSON.stringify(json) } : {}),
      })
    const p = (await (await call('/participants', { email: 'retained@example.com' })).json()) as { id: number }
    const earn = () => call(`/participants/${p.id}/points`, { type: 'earn', amount: 30, reason: 'Order 1' }, 'order-1')
    const first = await earn()
    expect(first.status).toBe(201)
    const entry = ((await first.json()) as { entry: unknown }).entry
    // The points.changed event of the credit, by its dedupe key (webhookInsert).
    const eventKey = `${program.id}:points.changed:api:order-1`
    const announced = async () => (await t.db.select().from(outbox).where(eq(outbox.dedupeKey, eventKey))).length
    expect(await announced()).toBe(1)
    await deliverOutbox(t.deps)
    // The write's own deferred delivery may hold the row (its lease) while this one skips it: wait until
    // the row is delivered, whoever delivers it.
    await vi.waitFor(async () => expect((await t.db.select().from(outbox).where(eq(outbox.dedupeKey, eventKey)))[0]?.status).toBe('delivered'), { timeout: 10_000, interval: 50 })

    // A day later the key's answer is gone; a week later the delivered event too, its key kept.
    t.clock.advance((OUTBOX_RETENTION_DAYS + 1) * 86_400_000)
    await sweepRetention(t.deps, t.clock.now())
    expect(await t.db.select().from(requestIdempotency).where(eq(requestIdempotency.key, 'api:order-1'))).toEqual([])
    expect(await announced()).toBe(0)
    expect(await t.db.select().from(outboxDedupeKeys).where(eq(outboxDedupeKeys.key, eventKey))).toHaveLength(1)
    const rowsBefore = (await t.db.select({ id: outbox.id }).from(outbox)).length

    // The partner's retry: it runs again, finds the credit made (the same entry), credits and announces nothing.
    const again = await earn()
    expect(again.status).toBe(201)
    expect(((await again.json()) as { entry: unknown }).entry).toEqual(entry)
    expect(await announced()).toBe(0)
    expect((await t.db.select({ id: outbox.id }).from(outbox)).length).toBe(rowsBefore)
    expect((await t.db.select().from(participants).where(eq(participants.id, p.id)))[0]!.unusedPoints).toBe(30)
    expect(await t.db.select().from(pointsLedger).where(eq(pointsLedger.participantId, p.id))).toHaveLength(1)
  })

  it('keeps rows younger than the retention and rows not delivered yet', async () => {
    const t = await makeTestApp()
    const [young] = await t.db.insert(outbox).values({ topic: 'email', payload: mail('young@example.com', 'Hi'), status: 'delivered' }).returning({ id: outbox.id })
    const [waiting] = await t.db.insert(outbox).values({ topic: 'email', payload: mail('waiting@example.com', 'Hi'), status: 'pending', nextAttemptAt: new Date(t.clock.now() + 365 * 86_400_000) }).returning({ id: outbox.id })
    const ids = async () => (await t.db.select({ id: outbox.id }).from(outbox)).map((r) => r.id)
    await sweepRetention(t.deps, t.clock.now())
    expect(await ids()).toEqual(expect.arrayContaining([young!.id, waiting!.id]))
    t.clock.advance((OUTBOX_RETENTION_DAYS + 1) * 86_400_000)
    await sweepRetention(t.deps, t.clock.now())
    const left = (await t.db.select({ id: outbox.id }).from(outbox)).map((r) => r.id)
    expect(left).toContain(waiting!.id)
    expect(left).not.toContain(young!.id)
  })
})
