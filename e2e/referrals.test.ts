import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { participants, pointsLedger, referrals } from '../worker/src/db/schema'
import { audit, startConsoleWorld, stopConsoleWorld } from './console-audit'
import { expectBrowserProblems, newPage } from './harness'
import { signUpOnSite } from './participant-site'

// Issue 16, referral review (Chromium, Node + libSQL): a friend signs up on the hosted site through the
// referrer's link (/signin?referral_code=...) with a plus-tag variant of the referrer's Gmail address.
// The referral is held for review (same address), shows as held in the console's referrals list; the
// admin opens it, approves it with a comment, and the referrer's balance rises exactly once. Approving
// again (a second reviewer's tab opened before) is refused and credits nothing. axe on the detail page.

let world: Awaited<ReturnType<typeof startConsoleWorld>>

beforeAll(async () => {
  world = await startConsoleWorld('referrals')
}, 120_000)
afterAll(async () => {
  if (world) await stopConsoleWorld(world)
})

async function participantBy(email: string) {
  const [row] = await world.db
    .select()
    .from(participants)
    .where(and(eq(participants.programId, world.demoId), eq(participants.email, email)))
  return row!
}

describe('referral review in Chromium', () => {
  it('holds a referral made with a plus-tag variant of the referrer e-mail, then approves it once', { timeout: 180_000 }, async () => {
    const { server, browser, admin, db, demoId } = world
    const local = `maya.ref${Date.now()}`
    const referrerEmail = `${local}@gmail.com`
    const friendEmail = `${local}+friend@gmail.com`

    // The referrer joins, then their friend through the referral link with the plus-tag address.
    const one = await newPage(browser, 1280)
    await one.page.goto(`${server.url}/signin`)
    await signUpOnSite(one.page, server.url, referrerEmail, 'Maya')
    await one.context.close()
    const referrer = await participantBy(referrerEmail)

    const two = await newPage(browser, 390)
    await two.page.goto(`${server.url}/signin?referral_code=${referrer.referralCode}`)
    await two.page.locator('.referral-banner').waitFor()
    await signUpOnSite(two.page, server.url, friendEmail, 'Mateo')
    await two.context.close()
    const friend = await participantBy(friendEmail)
    const [held] = await db.select().from(referrals).where(and(eq(referrals.programId, demoId), eq(referrals.referredParticipantId, friend.id)))
    expect(held).toMatchObject({ referrerId: referrer.id, status: 'pending', holdReason: 'same_address', points: 0 })
    const before = (await participantBy(referrerEmail)).unusedPoints
    const referralCredits = () => db.select().from(pointsLedger).where(and(eq(pointsLedger.participantId, referrer.id), like(pointsLedger.idempotencyKey, `%:ref:${held!.id}`)))
    expect(await referralCredits()).toEqual([])

    // The console's referrals list shows it held, with the reason.
    const console_ = await admin.newPage()
    await console_.goto(`${server.url}/admin/v2/programs/${demoId}/referrals`)
    const row = console_.getByRole('row').filter({ hasText: friendEmail })
    await row.waitFor()
    expect(await row.getByText('Pending').count()).toBe(1)
    expect(await row.getByText('Same e-mail as the referrer').count()).toBe(1)

    // A second reviewer's tab, opened on the same referral before the decision.
    const stale = await admin.newPage()
    await stale.goto(`${server.url}/admin/v2/programs/${demoId}/referrals/${held!.id}`)
    await stale.getByRole('button', { name: 'Approve' }).waitFor()

    // The admin opens it from the list, reads it (axe), and approves it with a comment.
    await row.getByRole('link', { name: `Referral #${held!.id}` }).click()
    await console_.waitForURL(new RegExp(`/programs/${demoId}/referrals/${held!.id}$`))
    await console_.getByRole('heading', { name: `Referral #${held!.id}`, level: 1 }).waitFor()
    await console_.getByText('Same e-mail as the referrer').waitFor()
    await console_.getByRole('button', { name: 'Approve' }).waitFor()
    await audit(console_, 'referral detail')
    await console_.getByLabel('Comments').fill('Same person? Checked by phone: a friend sharing the inbox.')
    await console_.getByRole('button', { name: 'Approve' }).click()
    await console_.getByText('Referral approved').waitFor()
    await console_.getByText('This referral was approved; it can no longer change.').waitFor()

    const credits = await referralCredits()
    expect(credits.map((c) => c.kind)).toEqual(['earn'])
    const points = credits[0]!.delta
    expect(points).toBeGreaterThan(0)
    expect((await participantBy(referrerEmail)).unusedPoints).toBe(before + points)
    const [approved] = await db.select().from(referrals).where(eq(referrals.id, held!.id))
    expect(approved).toMatchObject({ status: 'approved', points, adminComments: 'Same person? Checked by phone: a friend sharing the inbox.' })
    await audit(console_, 'referral detail, approved')

    // Approving again from the other tab: refused, nothing credited twice.
    expectBrowserProblems(/HTTP 409: PATCH .*\/referrals\//, /console.error: Failed to load resource: .* 409 \(Conflict\) .*\/referrals\//)
    await stale.getByRole('button', { name: 'Approve' }).click()
    await stale.getByText('Failed to update referral').waitFor()
    await stale.getByText('This referral was already approved').waitFor()
    expect(await referralCredits()).toHaveLength(1)
    expect((await participantBy(referrerEmail)).unusedPoints).toBe(before + points)

    // The activity log names the admin and the comment.
    await console_.getByRole('tab', { name: 'Admin Activity Log' }).click()
    const log = console_.getByRole('list', { name: 'Admin Activity Log' })
    await log.getByText('Pending → Approved').waitFor()
    expect(await log.getByText('Same person? Checked by phone: a friend sharing the inbox.').count()).toBe(1)
    expect(await log.locator('li').count()).toBe(1)
  })
})
