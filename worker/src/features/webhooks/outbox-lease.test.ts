import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { outbox } from '../../db/schema'
import { lastMail, makeTestApp } from '../../../test/helpers'
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
})
