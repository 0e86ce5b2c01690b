import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openLibsql } from '../worker/src/db/node'
import { participants, programs, rewards } from '../worker/src/db/schema'
import { programScope } from '../worker/src/db/scope'
import { ledgerInsert } from '../worker/src/features/points/ledger'
import { launchBrowser, newPage, readMail, ROOT, startNodeServer } from './harness'
import { takeShots } from './console-audit'

// Issue 13, "Rewards and sign-in, as a participant expects", on the hosted site (Node + libSQL):
// a visitor opens a reward's card and is asked to sign in when claiming, then comes back to it; tiles
// say how many points are missing; claiming asks 'Use 750 points?', lands focus on the earned state
// with the code, Copy and redemption details; My Account lists the claimed reward with its code; the
// referral landing names the friend and the bonus. Needs the built site (npm run build).

const SHOTS = join(ROOT, 'docs/screenshots')
const GIFT_CARD = '$5 Ember & Oak gift card'

let dir: string
let server: Awaited<ReturnType<typeof startNodeServer>>
let db: Awaited<ReturnType<typeof openLibsql>>['db']
let browser: Browser
let demoId: number

beforeAll(async () => {
  // Our own database file, so that the test can credit points as an admin import would.
  dir = mkdtempSync(join(tmpdir(), 'tessera-e2e-rewards-'))
  const url = `file:${join(dir, 'e2e.db')}`
  ;[server, browser] = await Promise.all([
    startNodeServer({ port: 0, databaseUrl: url, seed: true, quiet: true, env: { ENVIRONMENT: 'development' } }),
    launchBrowser(),
  ])
  ;({ db } = await openLibsql(url, { migrate: false }))
  const [demo] = await db.select().from(programs).where(eq(programs.publicKey, 'demo'))
  demoId = demo!.id
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true })
  if (takeShots) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false })
}

/**
 * The same state at 1280 and at 390 px (`${name}-1280`, `${name}-390`): the page is resized in place
 * (media queries follow), `target` scrolled into view at each width, and at 390 nothing may be wider
 * than the screen. The page is left at 1280 px.
 */
async function shootBoth(page: Page, name: string, target?: Locator, checkAt390?: () => Promise<void>) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
    if (target) await target.scrollIntoViewIfNeeded()
    if (width === 390) {
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: wider than 390 px`).toBeLessThanOrEqual(390)
      await checkAt390?.()
    }
    await shoot(page, `${name}-${width}`)
  }
  await page.setViewportSize({ width: 1280, height: 900 })
  if (target) await target.scrollIntoViewIfNeeded()
}

const headerPoints = (page: Page) => page.locator('.site-header .greeting__points')

async function giftCardId(): Promise<number> {
  const [row] = await db.select().from(rewards).where(and(eq(rewards.programId, demoId), eq(rewards.name, GIFT_CARD)))
  return row!.id
}

/** Credits points through the ledger, as an admin adjustment would. */
async function credit(email: string, points: number) {
  const scope = programScope(db, demoId)
  const [p] = await db.select().from(participants).where(and(eq(participants.programId, demoId), eq(participants.email, email)))
  await ledgerInsert(scope, { participantId: p!.id, delta: points, kind: 'earn', source: 'admin', title: 'Test credit', idempotencyKey: `e2e:${p!.id}:${points}` })
}

describe('rewards as a participant expects (issue 13)', () => {
  it('the referral landing names the friend who invited and the bonus; an unknown code shows the plain page', async () => {
    const [ada] = await db
      .select()
      .from(participants)
      .where(and(eq(participants.programId, demoId), eq(participants.status, 'active')))
      .limit(1)
    const first = ada!.firstName.trim().split(/\s+/)[0]!
    for (const width of [1280, 390]) {
      const { context, page } = await newPage(browser, width)
      await page.goto(`${server.url}/signin?referral_code=${ada!.referralCode}`)
      const banner = page.locator('.referral-banner')
      await banner.waitFor()
      expect(await banner.textContent()).toBe(`${first} invited you: join and get 100 points`)
      await page.getByLabel(/email/i).waitFor()
      await shoot(page, `rewards-referral-landing-${width}`)
      await context.close()
    }

    const { context, page } = await newPage(browser, 1280)
    const lookups: number[] = []
    page.on('response', (r) => {
      if (r.url().includes('/public/referrals/')) lookups.push(r.status())
    })
    await page.goto(`${server.url}/signin?referral_code=NOSUCHCODE`)
    await page.getByLabel(/email/i).waitFor()
    await expect.poll(() => lookups).toEqual([200])
    expect(await page.locator('.referral-banner').count()).toBe(0)
    await context.close()
  })

  it('browse signed out, sign in to claim and come back, confirm, focus on the code, then My Account', async () => {
    const { context, page } = await newPage(browser, 1280)
    const email = `rewards.${Date.now()}@example.com`
    const id = await giftCardId()

    // Signed out: the reward's card opens (no sign-in wall).
    await page.goto(`${server.url}/`)
    await page
      .getByRole('region', { name: 'Rewards worth the effort' })
      .getByRole('link', { name: `View details: ${GIFT_CARD}` })
      .click()
    await page.waitForURL(`${server.url}/reward/${id}`)
    const dialog = page.getByRole('dialog', { name: GIFT_CARD })
    await dialog.getByText('A $5 digital gift card to spend in any café or online.').waitFor()
    await shoot(page, 'rewards-signed-out-card-1280')

    // Claiming asks them to sign in, and brings them back to the reward.
    await dialog.getByRole('button', { name: 'Use 750 points to Claim' }).click()
    await page.waitForURL((url) => url.pathname === '/signin' && url.searchParams.get('redirect_to') === `/reward/${id}`)
    await page.getByLabel(/email/i).fill(email)
    await page.getByRole('button', { name: 'Continue to get your login code' }).click()
    await page.getByLabel(/first name/i).fill('Rae')
    await page.getByLabel(/last name/i).fill('Ward')
    await page.getByRole('checkbox').check()
    await page.getByRole('button', { name: /Sign up and earn/ }).click()
    const mail = await readMail(server.url, email)
    await page.getByPlaceholder('enter 6-digit code').fill(mail.code!)
    await page.getByRole('button', { name: 'Verify Code' }).click()
    await page.waitForURL(`${server.url}/reward/${id}`)
    // 100 points from signing up: not enough yet.
    await dialog.getByText('You need 650 more points.', { exact: false }).waitFor()
    expect(await dialog.getByRole('button', { name: 'Use 750 points to Claim' }).isDisabled()).toBe(true)

    // Home: the tile says what is missing instead of a primary 'Claim'.
    await dialog.getByRole('button', { name: 'Close' }).click()
    await page.waitForURL(`${server.url}/`)
    const current = page.getByRole('region', { name: 'Current rewards' })
    const tile = current.locator('.reward-tile', { has: page.getByRole('heading', { name: GIFT_CARD }) })
    await tile.getByText('650 more points needed').waitFor()
    expect(await tile.getByRole('link', { name: `View details: ${GIFT_CARD}` }).count()).toBe(1)
    expect(await tile.getByRole('link', { name: `Claim: ${GIFT_CARD}` }).count()).toBe(0)
    await shootBoth(page, 'rewards-tile-points-needed', tile)

    // With 800 points the tile offers the claim; the claim asks first.
    await credit(email, 700)
    await page.reload()
    await expect.poll(() => headerPoints(page).textContent()).toBe('800 points')
    await current.getByRole('link', { name: `Claim: ${GIFT_CARD}` }).click()
    await page.waitForURL(`${server.url}/reward/${id}`)
    await dialog.getByRole('button', { name: 'Use 750 points to Claim' }).click()
    const question = dialog.getByRole('group', { name: 'Use 750 points?' })
    await question.waitFor()
    await shootBoth(page, 'rewards-confirm', question)
    await question.getByRole('button', { name: 'Cancel' }).click()
    expect(await question.count()).toBe(0)
    // Cancel spent nothing.
    await expect.poll(() => headerPoints(page).textContent()).toBe('800 points')
    await dialog.getByRole('button', { name: 'Use 750 points to Claim' }).click()
    await question.getByRole('button', { name: 'Confirm' }).click()

    // The earned state, focused, with the code, Copy and the redemption details, in the open dialog.
    await dialog.getByRole('heading', { name: 'Congrats' }).waitFor()
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('reward-earned-title')
    const code = await dialog.getByLabel('Your code').inputValue()
    expect(code).toMatch(/^EMBER5-/)
    await dialog.getByRole('button', { name: 'Copy' }).waitFor()
    await dialog.getByText('Enter the code at checkout online or show it at the counter.').waitFor()
    expect(page.url()).toBe(`${server.url}/reward/${id}`)
    // At 390 px too the whole code shows (no ellipsis): Copy wraps below it.
    const codeField = dialog.getByLabel('Your code')
    await shootBoth(page, 'rewards-earned-code', codeField, async () => {
      const fits = await codeField.evaluate((el) => el.scrollWidth <= el.clientWidth)
      expect(fits, 'the code is cut at 390 px').toBe(true)
    })
    await expect.poll(() => headerPoints(page).textContent()).toBe('50 points')

    // My Account lists the claimed reward with its code.
    await page.goto(`${server.url}/my-account`)
    const claimed = page.getByRole('region', { name: 'Claimed rewards' })
    await claimed.getByRole('link', { name: GIFT_CARD }).waitFor()
    expect(await claimed.getByLabel(`Code for ${GIFT_CARD}`).inputValue()).toBe(code)
    await claimed.getByRole('button', { name: 'Copy' }).first().waitFor()
    await claimed.getByText('Enter the code at checkout online or show it at the counter.').waitFor()
    await shootBoth(page, 'rewards-my-account-claimed', claimed)
    await context.close()
  })

  it('shows a signed-out visitor the card and asks them to sign in at 390 px', async () => {
    const { context, page } = await newPage(browser, 390)
    const id = await giftCardId()
    await page.goto(`${server.url}/reward/${id}`)
    const dialog = page.getByRole('dialog', { name: GIFT_CARD })
    await dialog.getByRole('button', { name: 'Use 750 points to Claim' }).waitFor()
    expect(page.url()).toBe(`${server.url}/reward/${id}`)
    await shoot(page, 'rewards-signed-out-card-390')
    await context.close()
  })
})
