import { and, eq } from 'drizzle-orm'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openLibsql } from '../worker/src/db/node'
import { participants, rewardClaims, rewards } from '../worker/src/db/schema'
import { programScope } from '../worker/src/db/scope'
import { ledgerInsert } from '../worker/src/features/points/ledger'
import { expectBrowserProblems, readMail, startNodeServer } from './harness'
import { audit, screenShooter, startConsoleWorld, stopConsoleWorld } from './console-audit'

// Issue 14, Rewards in the console (Chromium, Node + libSQL on our own database): create a redeem reward
// through the form, add coupons with one duplicate (reported by name), a participant claims it on the
// site and gets one of those codes; create an achievement and sync its winners twice: each winner is
// awarded once, staff never. axe-core on the list, the form and the detail; screenshots at 1280 and 390.
const MEMBER = 'maya.thompson1@example.com'

let dir: string
let server: Awaited<ReturnType<typeof startNodeServer>>
let db: Awaited<ReturnType<typeof openLibsql>>['db']
let browser: Browser
let admin: BrowserContext
let demoId: number

beforeAll(async () => {
  ;({ dir, server, browser, db, demoId, admin } = await startConsoleWorld('rewards'))
}, 120_000)
afterAll(() => stopConsoleWorld({ browser, server, dir }))

const shootBoth = screenShooter('console-rewards')

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

async function credit(email: string, points: number) {
  const scope = programScope(db, demoId)
  const [p] = await db.select().from(participants).where(and(eq(participants.programId, demoId), eq(participants.email, email)))
  await ledgerInsert(scope, { participantId: p!.id, delta: points, kind: 'earn', source: 'admin', title: 'E2E credit', idempotencyKey: `e2e-console-rewards:${p!.id}:${points}` })
}

const rewardIdFrom = (page: Page) => Number(new URL(page.url()).pathname.match(/rewards\/(\d+)/)![1])

describe('console rewards in Chromium', () => {
  it('creates a redeem reward, adds coupons (the duplicate reported), and a participant claim on the site gets one of them', async () => {
    const page = await admin.newPage()
    await page.goto(`${server.url}/admin/v2/programs/${demoId}/rewards`)
    await page.getByRole('heading', { name: 'Rewards', level: 1 }).waitFor()
    await page.getByRole('table', { name: 'Rewards' }).getByRole('row').nth(1).waitFor()
    await shootBoth(page, 'list')

    await page.getByRole('link', { name: 'New reward' }).click()
    await page.getByRole('heading', { name: 'New reward', level: 1 }).waitFor()
    // A validation error first: no name.
    await page.getByRole('button', { name: 'Create' }).click()
    await page.getByText('Name is required').waitFor()
    await page.getByLabel('Name', { exact: true }).fill('E2E Espresso')
    await page.getByLabel('Threshold (points)').fill('10')
    await page.getByLabel('Limit').fill('5')
    await page.getByLabel('Redemption details').fill('Show the code at the counter.')
    await page.getByRole('checkbox', { name: /Coupons required/ }).click()
    await shootBoth(page, 'form')
    await page.getByRole('button', { name: 'Create' }).click()
    await page.waitForURL(/\/rewards\/\d+$/)
    const id = rewardIdFrom(page)
    await page.getByRole('heading', { name: 'E2E Espresso', level: 1 }).waitFor()
    await page.getByText('Total Claims').waitFor()

    await page.getByRole('tab', { name: 'Coupons' }).click()
    await page.getByLabel('Coupon codes').fill('E2E-A, E2E-B,E2E-A')
    await page.getByRole('button', { name: 'Add coupons' }).click()
    // Exact: the toast says it too ('2 coupons added. Duplicates not added: E2E-A'), in the same frame on a loaded machine.
    await page.getByText('Duplicates not added: E2E-A', { exact: true }).waitFor()
    const coupons = page.getByRole('table', { name: 'Coupons' })
    await coupons.getByRole('cell', { name: 'E2E-B' }).waitFor()
    await coupons.getByRole('cell', { name: 'E2E-A' }).waitFor()
    expect(await coupons.getByRole('row').count()).toBe(3)
    await shootBoth(page, 'detail')

    // The participant signs in on the site and claims it.
    await credit(MEMBER, 100)
    const member = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const site = await member.newPage()
    await site.goto(`${server.url}/signin`)
    await site.getByLabel(/email/i).fill(MEMBER)
    await site.getByRole('button', { name: 'Continue to get your login code' }).click()
    const mail = await readMail(server.url, MEMBER)
    await site.getByPlaceholder('enter 6-digit code').fill(mail.code!)
    await site.getByRole('button', { name: 'Verify Code' }).click()
    await site.waitForURL(`${server.url}/`)
    await site.goto(`${server.url}/reward/${id}`)
    const dialog = site.getByRole('dialog', { name: 'E2E Espresso' })
    await dialog.getByRole('button', { name: 'Use 10 points to Claim' }).click()
    await dialog.getByRole('group', { name: 'Use 10 points?' }).getByRole('button', { name: 'Confirm' }).click()
    await dialog.getByRole('heading', { name: 'Congrats' }).waitFor()
    const code = await dialog.getByLabel('Your code').inputValue()
    expect(['E2E-A', 'E2E-B']).toContain(code)
    await member.close()

    // The console shows who holds it.
    await page.reload()
    const row = page.getByRole('table', { name: 'Coupons' }).getByRole('row', { name: new RegExp(code) })
    await row.getByRole('link').waitFor()
    await page.getByText('1 of 5', { exact: true }).waitFor()
    // The Users tab lists the claim with its code (and a refund for admins who manage rewards).
    await page.getByRole('tab', { name: 'Users' }).click()
    const users = page.getByRole('table', { name: 'Users' })
    await users.getByRole('cell', { name: code }).waitFor()
    await users.getByRole('button', { name: /Refund the claim of/ }).waitFor()
    await audit(page, 'detail users tab')
    await page.close()
  })

  it('syncs the winners of an achievement twice: each winner is awarded once, staff never', async () => {
    const page = await admin.newPage()
    await page.goto(`${server.url}/admin/v2/programs/${demoId}/rewards/new`)
    await page.getByRole('heading', { name: 'New reward', level: 1 }).waitFor()
    await page.getByLabel('Name', { exact: true }).fill('E2E Regular')
    await choose(page, 'Selection', 'Achievement')
    await page.getByLabel('Limit').fill('3')
    await choose(page, 'Achievement rule', 'Lifetime points')
    await page.getByLabel('Lifetime points').fill('1')
    await page.getByRole('button', { name: 'Create' }).click()
    await page.waitForURL(/\/rewards\/\d+$/)
    const id = rewardIdFrom(page)

    const sync = async () => {
      await page.getByRole('button', { name: 'Sync winners' }).click()
      const dialog = page.getByRole('dialog', { name: 'Sync winners' })
      await dialog.getByTestId('eligible-count').waitFor()
      const button = dialog.getByRole('button', { name: 'Sync winners' })
      if (await button.isDisabled()) {
        await dialog.getByRole('button', { name: 'Cancel' }).click()
        return false
      }
      await button.click()
      await page.getByText('Winners are being synced').waitFor()
      return true
    }
    expect(await sync()).toBe(true)
    // Synced again, twice at once (a double click, two admins), right after: nobody is awarded twice.
    // A sync that finds nobody left to award is refused (422), which the browser reports.
    expectBrowserProblems(/HTTP 422: POST .*\/rewards\/\d+$/, /console\.error: Failed to load resource: .* 422 /)
    const again = await page.evaluate(async (path) => {
      const csrf = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? ''
      const post = () => fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': csrf }, body: JSON.stringify({ intent: 'sync_winners', send_email: false }) })
      return (await Promise.all([post(), post()])).map((r) => r.status)
    }, `/admin/v2/programs/${demoId}/rewards/${id}`)
    expect(again.every((status) => status === 202 || status === 422)).toBe(true)
    await expect.poll(async () => (await db.select().from(rewardClaims).where(eq(rewardClaims.rewardId, id))).length, { timeout: 15_000 }).toBe(3)
    await page.reload()
    await page.getByText('3 of 3', { exact: true }).waitFor()
    expect(await sync()).toBe(false)

    const claims = await db.select().from(rewardClaims).where(eq(rewardClaims.rewardId, id))
    expect(new Set(claims.map((c) => c.participantId)).size).toBe(3)
    const winners = await db.select().from(participants).where(eq(participants.programId, demoId))
    const staff = new Set(winners.filter((p) => p.staff).map((p) => p.id))
    expect(claims.filter((c) => staff.has(c.participantId))).toEqual([])
    const [row] = await db.select().from(rewards).where(eq(rewards.id, id))
    expect(row!.claims).toBe(3)
    await page.getByRole('table', { name: 'Users' }).getByRole('row').nth(3).waitFor()
    await page.close()
  })
})
