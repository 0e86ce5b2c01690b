import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { axeBuilder, takeShots } from './console-audit'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, readMail, ROOT, startNode } from './harness'

// axe-core in Chromium on the participant site's screens (issue 4's proof): no serious or critical
// violations, keyboard-safe modals, and a screenshot of each screen at 390 and 1280 px in
// docs/screenshots/. Needs the built site (npm run build).
let server: Awaited<ReturnType<typeof startNode>>
let browser: Browser
const SHOTS = join(ROOT, 'docs/screenshots')
const WIDTHS = [390, 1280] as const
const MEMBER = 'maya.thompson1@example.com'

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  ;[server, browser] = await Promise.all([startNode(), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

/** A still page for axe and screenshots: reduced motion stops the carousels and animations. */
const newContext = (width: number) =>
  browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' })

let mailSeen = 0
async function signIn(context: BrowserContext, email: string) {
  const page = await context.newPage()
  await page.goto(`${server.url}/signin`)
  await page.getByLabel(/email/i).fill(email)
  await page.getByRole('button', { name: 'Continue to get your login code' }).click()
  const mail = await readMail(server.url, email, mailSeen)
  mailSeen = mail.id
  await page.getByPlaceholder('enter 6-digit code').fill(mail.code!)
  await page.getByRole('button', { name: 'Verify Code' }).click()
  await page.waitForURL(`${server.url}/`)
  return page
}

type Finding = { id: string; impact: string | null | undefined; help: string; nodes: string[] }

/** Runs axe (WCAG 2.x A/AA and best practices); returns every violation, printed for the record. */
async function audit(page: Page, label: string): Promise<Finding[]> {
  const results = await axeBuilder(page).analyze()
  const findings = results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
  }))
  const review = results.incomplete.map((r) => r.id).join(', ') || 'none'
  const lines = findings.map((f) => `\n  - ${f.impact} ${f.id}: ${f.help} (${f.nodes.join(', ')})`).join('')
  console.log(
    `[axe] ${label}: ${results.passes.length} rules pass, ${findings.length} violations, to review by hand: ${review}${lines}`,
  )
  return findings
}

const blocking = (findings: Finding[]) =>
  findings.filter((f) => f.impact === 'serious' || f.impact === 'critical')

/** Waits for the screen to settle: no skeletons, fonts ready, started images loaded (a few seconds at most). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {})
  await page
    .locator('[aria-busy="true"], .skeleton')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => {})
  await page.evaluate(async () => {
    const loaded = (img: HTMLImageElement) =>
      new Promise((r) => {
        img.addEventListener('load', r, { once: true })
        img.addEventListener('error', r, { once: true })
      })
    // Lazy images off screen never start loading: wait only for the others, and not forever.
    const pending = Array.from(document.images).filter((img) => !img.complete && img.loading !== 'lazy')
    await Promise.race([
      Promise.all([document.fonts.ready, ...pending.map(loaded)]),
      new Promise((r) => setTimeout(r, 3_000)),
    ])
  })
}

async function check(page: Page, name: string, width: number, options: { fullPage?: boolean } = {}) {
  await settle(page)
  const findings = await audit(page, `${name} @${width}`)
  if (takeShots) await page.screenshot({
    path: join(SHOTS, `site-${name}-${width}.png`),
    fullPage: options.fullPage ?? true,
  })
  expect(blocking(findings), `${name} @${width}`).toEqual([])
}

/** The demo's pastry reward, for the reward screen. */
async function rewardId(name: string): Promise<number> {
  const res = await fetch(`${server.url}/public/home/active_rewards`, {
    headers: { accept: 'application/json' },
  })
  const { data } = (await res.json()) as { data: { id: number; name: string }[] }
  return data.find((r) => r.name === name)!.id
}

describe('accessibility in Chromium (axe-core)', () => {
  for (const width of WIDTHS) {
    it(`signed out: home and sign-in @${width}px`, async () => {
      const context = await newContext(width)
      const page = await context.newPage()
      await page.goto(`${server.url}/`)
      await page.getByRole('region', { name: 'Rewards worth the effort' }).getByRole('link').first().waitFor()
      await check(page, 'home-out', width)
      await page.goto(`${server.url}/signin`)
      await page.getByRole('button', { name: 'Continue to get your login code' }).waitFor()
      await check(page, 'signin', width)
      await context.close()
    })

    it(`signed in: home, a challenge, a reward and my account @${width}px`, async () => {
      const context = await newContext(width)
      const page = await signIn(context, MEMBER)
      await page.getByRole('region', { name: 'Current rewards' }).getByRole('link').first().waitFor()
      await check(page, 'home-in', width)

      await page.goto(`${server.url}/challenge/taste-profile-survey`)
      await page.getByRole('heading', { name: 'Tell us your taste profile', level: 1 }).waitFor()
      await check(page, 'challenge', width)

      const pastry = await rewardId('Free pastry with any drink')
      await page.goto(`${server.url}/reward/${pastry}`)
      await page
        .getByRole('dialog', { name: 'Free pastry with any drink' })
        .getByRole('button', { name: /to Claim/ })
        .waitFor()
      await check(page, 'reward', width, { fullPage: false })

      await page.goto(`${server.url}/my-account`)
      await page.getByRole('table').waitFor()
      await check(page, 'my-account', width)
      await context.close()
    })
  }

  it('an earned achievement with its blockchain certificate @390px and @1280px', async () => {
    const context = await newContext(1280)
    const page = await signIn(context, MEMBER)
    // Maya earned the badge; no chain integration mints in the demo, so the answer gets a collectible.
    const claimed = (await page.evaluate(async () =>
      (await fetch('/public/home/claimed_rewards')).json(),
    )) as {
      data: { id: number; selection: string }[]
    }
    const badge = claimed.data.find((r) => r.selection === 'achievement')!
    await page.route(`**/public/rewards/${badge.id}`, async (route) => {
      // route.fetch sends the page's GET again from Playwright's side, on a kept-alive socket: one the
      // server closed as the request went out answers ECONNRESET (seen in a clean-clone run, where the
      // rejection escaped the handler and failed the run). Sent again, as any client retries a GET;
      // if it still fails, the page fetches it itself (no certificate: the waits below fail, by name).
      let res: Awaited<ReturnType<typeof route.fetch>> | undefined
      for (let attempt = 0; attempt < 3 && !res; attempt++) res = await route.fetch().catch(() => undefined)
      if (!res) return route.continue().catch(() => {})
      const body = (await res.json()) as Record<string, unknown>
      body.nft_item = {
        explorer_mint_url:
          'https://amoy.polygonscan.com/tx/0x5f1e6a0c2b7d4e9f8a3c1b2d4e6f8a0c2b4d6e8f0a1c3e5a7b9d1f3e5a7c9e1',
        explorer_token_url: 'https://amoy.polygonscan.com/token/0x8a3F0cB1e2D4c6E8a0B2d4F6a8C0e2B4d6F8a0C2',
        address: '0x8a3F0cB1e2D4c6E8a0B2d4F6a8C0e2B4d6F8a0C2',
        owner_address: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
        owner_explorer_url: 'https://amoy.polygonscan.com/address/0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
      }
      await route.fulfill({ response: res, json: body }).catch(() => {})
    })
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(`${server.url}/reward/${badge.id}`)
      const dialog = page.getByRole('dialog')
      await dialog.getByRole('heading', { name: 'Certified on Blockchain' }).waitFor()
      await dialog.getByText('Achievement', { exact: true }).first().waitFor()
      await dialog.getByRole('heading', { name: 'Congrats' }).waitFor()
      expect(await dialog.getByText('0x8a3F…a0C2').count()).toBe(1)
      expect(await dialog.getByText('0x71C7…976F').count()).toBe(1)
      for (const link of ['See transaction', 'NFT Token Address', 'Your Wallet Address'])
        expect(await dialog.getByRole('link', { name: new RegExp(`^${link}`) }).count()).toBe(1)
      // The certificate sits below the fold on a phone: show it.
      await dialog.getByRole('heading', { name: 'Certified on Blockchain' }).scrollIntoViewIfNeeded()
      await check(page, 'reward-achievement', width, { fullPage: false })
    }
    await context.close()
  })

  it('the flash modal: styled by kind, read from ?flash=, closed with Escape', async () => {
    for (const width of WIDTHS) {
      const context = await newContext(width)
      const page = await context.newPage()
      const flash = [
        'success:Your membership is active.',
        'error:That link has expired.',
        'alert:Offers pause on Monday.',
        'Welcome back!',
      ]
      await page.goto(`${server.url}/?${flash.map((f) => `flash=${encodeURIComponent(f)}`).join('&')}`)
      const dialog = page.getByRole('dialog', { name: 'Notifications' })
      await dialog.getByText('That link has expired.').waitFor()
      const tones = await dialog.locator('.flash').evaluateAll((items) => items.map((li) => li.className))
      expect(tones).toEqual([
        'flash flash--success',
        'flash flash--error',
        'flash flash--alert',
        'flash flash--info',
      ])
      // Read once: the address no longer carries the messages.
      expect(new URL(page.url()).searchParams.has('flash')).toBe(false)
      await check(page, 'flash', width, { fullPage: false })
      await page.keyboard.press('Escape')
      expect(await page.getByRole('dialog').count()).toBe(0)
      await context.close()
    }
  })

  it('the reward modal traps focus and closes with Escape', async () => {
    const context = await newContext(1280)
    const page = await signIn(context, MEMBER)
    const pastry = await rewardId('Free pastry with any drink')
    await page
      .getByRole('region', { name: 'Current rewards' })
      .getByRole('link', { name: 'Claim: Free pastry with any drink' })
      .click()
    await page.waitForURL(`${server.url}/reward/${pastry}`)
    const dialog = page.getByRole('dialog', { name: 'Free pastry with any drink' })
    await dialog.getByRole('button', { name: 'Use 150 points to Claim' }).waitFor()

    const inDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))
    const focusedName = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null
        return el ? (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() : ''
      })
    // Focus starts inside the dialog, on its first control.
    expect(await inDialog()).toBe(true)
    expect(await focusedName()).toBe('Close')
    // Tab cycles through the dialog's controls (Close, Claim, Terms) and never leaves it.
    const seen = new Set<string>()
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab')
      expect(await inDialog()).toBe(true)
      seen.add(await focusedName())
    }
    expect([...seen].sort()).toEqual(['Close', 'Terms and Conditions', 'Use 150 points to Claim'])
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Shift+Tab')
      expect(await inDialog()).toBe(true)
    }
    // The Terms toggle works from the keyboard.
    await dialog.getByRole('button', { name: 'Terms and Conditions' }).focus()
    await page.keyboard.press('Enter')
    await dialog.getByText('One pastry per drink purchased.').waitFor()
    expect(
      await dialog.getByRole('button', { name: 'Terms and Conditions' }).getAttribute('aria-expanded'),
    ).toBe('true')

    // Focus moved behind the dialog by a script: Tab brings it back in.
    await page.evaluate(() => document.querySelector<HTMLElement>('.site-header a')?.focus())
    expect(await inDialog()).toBe(false)
    await page.keyboard.press('Tab')
    expect(await inDialog()).toBe(true)

    // Escape closes the modal and goes home.
    await page.keyboard.press('Escape')
    await page.waitForURL(`${server.url}/`)
    expect(await page.getByRole('dialog').count()).toBe(0)
    await context.close()
  })
})
