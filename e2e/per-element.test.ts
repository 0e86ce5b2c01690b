import { existsSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, newPage, ROOT, startNode } from './harness'

/**
 * Per-element loading (issue 12): the loader injects the elements' ES module, and each element fetches
 * its own view when an element with its tag appears, so a partner page downloads only the elements it
 * uses. bench/size.ts measures the bytes; this proves the behaviour: which view chunks a page fetches,
 * and that elements added together (the old `data-bundle="tiles"` switch left a reward at 0 px) or
 * later (a single-page app's route) all render.
 */

let tessera: Awaited<ReturnType<typeof startNode>>
let partner: Server
let partnerUrl: string
let browser: Browser
let rewardId = 0

const PAGES: Record<string, () => string> = {
  '/reward': () => `<tessera-reward reward-id="${rewardId}"></tessera-reward>`,
  '/tiles-and-reward': () =>
    `<tessera-challenge-tiles limit="2"></tessera-challenge-tiles><tessera-reward reward-id="${rewardId}"></tessera-reward>`,
  '/later': () => `<div id="route"></div>`,
  '/signin': () => `<tessera-signin></tessera-signin>`,
  '/offers': () => `<tessera-offers></tessera-offers>`,
  '/tiles': () => `<tessera-challenge-tiles limit="3"></tessera-challenge-tiles>`,
  '/membership': () => `<tessera-membership challenge-id="ember-club"></tessera-membership>`,
}

function startPartner(tesseraUrl: string): Promise<string> {
  partner = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const body = PAGES[path]
    if (!body) {
      res.writeHead(path === '/favicon.ico' ? 204 : 404)
      return void res.end()
    }
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      // A strict partner policy: scripts from itself and the Tessera origin only.
      'content-security-policy': `default-src 'self'; script-src 'self' ${tesseraUrl}; style-src 'self'; connect-src ${tesseraUrl}; font-src ${tesseraUrl}; img-src * data:`,
    })
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner</title>
<script src="${tesseraUrl}/embed.js" data-program="demo" async></script></head><body><main>${body()}</main></body></html>`)
  })
  return new Promise((resolve) =>
    partner.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(partner.address() as { port: number }).port}`)),
  )
}

/** Opens a partner page and collects the Tessera scripts it fetched, by chunk name (`tw-reward-view`). */
async function open(path: string) {
  const { context, page } = await newPage(browser, 1280)
  const scripts: string[] = []
  const errors: string[] = []
  page.on('response', (res) => {
    const url = new URL(res.url())
    if (url.origin === tessera.url && url.pathname.endsWith('.js')) {
      scripts.push(url.pathname.replace(/^\/(assets\/)?/, '').replace(/-[\w-]{8}\.js$/, '').replace(/\.js$/, ''))
      expect(res.status(), url.pathname).toBe(200)
    }
  })
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  await page.goto(`${partnerUrl}${path}`)
  return { context, page, scripts, errors }
}

beforeAll(async () => {
  if (!existsSync(join(ROOT, 'dist/public/embed.js')))
    throw new Error('Run `node scripts/build.mjs` first: dist/public/embed.js is missing')
  tessera = await startNode()
  const rewards = (await (await fetch(`${tessera.url}/public/home/active_rewards?program=demo`)).json()) as {
    data: { id: number; name: string }[]
  }
  rewardId = rewards.data.find((r) => r.name === 'Free pastry with any drink')!.id
  partnerUrl = await startPartner(tessera.url)
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await new Promise((r) => partner?.close(r))
  await tessera?.close()
})

describe('per-element loading on a partner page', () => {
  it('a page with one reward fetches the reward view and no other element', async () => {
    const { context, page, scripts, errors } = await open('/reward')
    await page.locator('tessera-reward').getByText('Free pastry with any drink').first().waitFor()
    await page.waitForLoadState('networkidle')
    expect(scripts).toContain('embed')
    expect(scripts).toContain('tessera-elements')
    expect(scripts).toContain('tw-reward-view')
    for (const other of ['tw-challenge-tiles-view', 'tw-offers-view', 'tw-payment-view', 'tw-account-view', 'tw-challenge-view'])
      expect(scripts, other).not.toContain(other)
    // Every file once: the module graph is not fetched twice.
    expect(new Set(scripts).size).toBe(scripts.length)
    expect(errors.join("\n")).toBe("")
    await context.close()
  })

  it('tiles and a reward on one page both render, the challenge panels only when a tile opens', async () => {
    const { context, page, scripts } = await open('/tiles-and-reward')
    await page.locator('tessera-challenge-tiles .tile').first().waitFor()
    await page.locator('tessera-reward').getByText('Free pastry with any drink').first().waitFor()
    for (const tag of ['tessera-challenge-tiles', 'tessera-reward'])
      expect((await page.locator(tag).boundingBox())!.height, tag).toBeGreaterThan(100)
    expect(scripts).toContain('tw-challenge-tiles-view')
    expect(scripts).not.toContain('tw-challenge-view')
    await context.close()
  })

  it('an element added after load (a single-page app route) fetches its view then and renders', async () => {
    const { context, page, scripts } = await open('/later')
    await page.waitForFunction(() => customElements.get('tessera-account') !== undefined)
    expect(scripts).not.toContain('tw-account-view')
    await page.evaluate(() => document.getElementById('route')!.append(document.createElement('tessera-account')))
    await page.locator('tessera-account').getByText('Sign in to see your account.').waitFor()
    expect(scripts).toContain('tw-account-view')
    await context.close()
  })

  it("fetches the parts a first view does not show when they show (decision 0015's second size pass)", async () => {
    // The reward card: no earned state, claim toasts or HTML sanitizer for a visitor who has not earned it.
    const reward = await open('/reward')
    await reward.page.locator('tessera-reward').getByText('Free pastry with any drink').first().waitFor()
    await reward.page.waitForLoadState('networkidle')
    for (const later of ['tw-reward-earned', 'tw-reward-claim-toasts', 'tw-rich-text', 'tw-copy-field'])
      expect(reward.scripts, later).not.toContain(later)
    await reward.context.close()

    // The offers location gate without the results and merchant screens.
    const offers = await open('/offers')
    await offers.page.locator('tessera-offers').getByLabel('Zip code').waitFor()
    await offers.page.waitForLoadState('networkidle')
    expect(offers.scripts).toContain('tw-offers-view')
    for (const later of ['tw-offers-results', 'tw-merchant-view']) expect(offers.scripts, later).not.toContain(later)
    await offers.context.close()

    // The sign-in form: its state machine comes with the first focus, and it then answers an empty e-mail.
    const signin = await open('/signin')
    const email = signin.page.locator('tessera-signin').getByLabel('Email')
    await email.waitFor()
    await signin.page.waitForLoadState('networkidle')
    expect(signin.scripts).toContain('tw-inline-signin')
    for (const later of ['tw-signin-state', 'tw-signin-steps']) expect(signin.scripts, later).not.toContain(later)
    await email.focus()
    await expect.poll(() => signin.scripts).toContain('tw-signin-state')
    await signin.page.locator('tessera-signin').getByRole('button', { name: /Continue to get your login/ }).click()
    await signin.page.locator('tessera-signin').getByText('Enter your email').waitFor()
    expect(await email.getAttribute('aria-invalid')).toBe('true')
    expect(signin.errors.join('\n')).toBe('')
    await signin.context.close()
  })

  it("the tiles' first view fetches the list alone; an opened tile brings its panel (amendment 2)", async () => {
    const { context, page, scripts, errors } = await open('/tiles')
    const tiles = page.locator('tessera-challenge-tiles')
    await tiles.locator('.tile').first().waitFor()
    await page.waitForLoadState('networkidle')
    expect(scripts).toContain('tw-challenge-tiles-view')
    // No challenge rules, icons, kit, load-error notice or opened-tile panel before a tile is opened.
    for (const later of ['tw-tiles-panel', 'tw-challenge-view', 'tw-challenge-rules', 'tw-icons', 'tw-kit', 'tw-load-error', 'tw-inline-signin'])
      expect(scripts, later).not.toContain(later)
    // Signed out, a tile opens the sign-in step inside the element, focus in its e-mail field.
    await tiles.locator('.tile__cta').first().click()
    await tiles.getByRole('button', { name: 'All challenges' }).waitFor()
    expect(scripts).toContain('tw-tiles-panel')
    await expect.poll(() => tiles.evaluate((el) => el.shadowRoot?.activeElement?.getAttribute('type'))).toBe('email')
    await tiles.getByRole('button', { name: 'All challenges' }).click()
    await tiles.locator('.tile').first().waitFor()
    expect(errors.join('\n')).toBe('')
    await context.close()
  })

  it("a lone membership element offers 'Sign in to join' and fetches the form on intent, opening it in place", async () => {
    const { context, page, scripts, errors } = await open('/membership')
    const membership = page.locator('tessera-membership')
    const join = membership.getByRole('button', { name: 'Sign in to join' })
    await join.waitFor()
    await membership.getByText('Sign in to become a member.').waitFor()
    await page.waitForLoadState('networkidle')
    expect(scripts).toContain('tw-payment-view')
    for (const later of ['tw-inline-signin', 'tw-input', 'tw-signin-state', 'tw-membership'])
      expect(scripts, later).not.toContain(later)
    // Pointing at the button fetches the form; pressing it opens the form here, focus in the e-mail field.
    await join.hover()
    await expect.poll(() => scripts).toContain('tw-inline-signin')
    await join.click()
    const email = membership.getByLabel('Email')
    await email.waitFor()
    await expect.poll(() => email.evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el)).toBe(true)
    expect(await page.getByLabel(/email/i).count()).toBe(1)
    expect(errors.join('\n')).toBe('')
    await context.close()
  })
})
