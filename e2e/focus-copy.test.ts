import { existsSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { join } from 'node:path'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumPath, launchBrowser, newPage, ROOT, startNode, expectBrowserProblems } from './harness'

/**
 * Issue 13, keyboard and focus, partner developers, copy: where focus lands after a ZIP search and on
 * opening a merchant, Escape from a route dialog, what the console tells a partner whose page is not in
 * the domain list or whose <tessera-reward> lacks a usable reward-id, the offer card's words, and the
 * line length of long pages.
 */

let tessera: Awaited<ReturnType<typeof startNode>>
let browser: Browser
let partner: Server
let partnerPort = 0

/** The focused element, through shadow roots: tag, text and href. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let el: Element | null = document.activeElement
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement
    return el
      ? { tag: el.tagName, text: (el.textContent ?? '').trim(), href: el.getAttribute('href'), id: el.id }
      : null
  })

function startPartner(tesseraUrl: string): Promise<number> {
  const page = (body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner</title>
<script src="${tesseraUrl}/embed.js" data-program="demo" async></script></head><body>${body}</body></html>`
  const pages: Record<string, string> = {
    '/reward': page('<tessera-reward reward-id="2"></tessera-reward>'),
    '/tiles': page('<h1>Shop</h1><tessera-challenge-tiles></tessera-challenge-tiles>'),
    '/bad-rewards': page('<tessera-reward></tessera-reward><tessera-reward reward-id="99999"></tessera-reward>'),
  }
  partner = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const html = pages[path]
    if (!html) {
      res.writeHead(path === '/favicon.ico' ? 204 : 404)
      res.end()
      return
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    res.end(html)
  })
  return new Promise((resolve) => partner.listen(0, '127.0.0.1', () => resolve((partner.address() as { port: number }).port)))
}

beforeAll(async () => {
  if (!existsSync(join(ROOT, 'dist/public/embed.js')))
    throw new Error('Run `node scripts/build.mjs` first: dist/public/embed.js is missing')
  tessera = await startNode()
  browser = await launchBrowser()
  partnerPort = await startPartner(tessera.url)
})

afterAll(async () => {
  await browser?.close()
  await new Promise((r) => partner?.close(r))
  await tessera?.close()
})

describe('keyboard and focus', () => {
  it('a ZIP search moves focus to the results heading; opening a merchant to its name', async () => {
    const { context, page } = await newPage(browser, 1280)
    await page.goto(`${tessera.url}/my-offers`)
    await page.getByLabel('Zip code').fill('10001')
    await page.getByLabel('Zip code').press('Enter')
    await expect.poll(async () => (await focused(page))?.tag, { timeout: 10_000 }).toBe('H2')
    expect((await focused(page))?.text).toMatch(/near 10001/)

    // A second search from the results' own form does the same.
    await page.getByLabel('ZIP code').fill('10001')
    await page.getByRole('button', { name: 'Search' }).click()
    await expect.poll(async () => (await focused(page))?.tag, { timeout: 10_000 }).toBe('H2')

    const card = page.locator('.merchant-card__link').first()
    const name = (await card.locator('.merchant-card__name').textContent())!.trim()
    await card.focus()
    await page.keyboard.press('Enter')
    await expect.poll(async () => (await focused(page))?.tag, { timeout: 10_000 }).toBe('H1')
    expect((await focused(page))?.text).toBe(name)

    // No internal words on the merchant page (innerText applies text-transform, as the eye reads it).
    await page.locator('.offer-card').first().waitFor()
    const text = await page.locator('main').innerText()
    expect(text).not.toMatch(/\bMOBILE\b|\bONLINE\b|Redeem:|Redeem Now/)
    await context.close()
  })

  it('Escape from a route dialog returns focus to the control that opened it', async () => {
    const { context, page } = await newPage(browser, 1280)
    await page.goto(`${tessera.url}/`)
    const tile = page.locator('a[href^="/reward/"]').first()
    await tile.waitFor()
    const href = await tile.getAttribute('href')
    await tile.focus()
    await page.keyboard.press('Enter')
    await page.getByRole('dialog').waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await expect.poll(async () => (await focused(page))?.href, { timeout: 5000 }).toBe(href)
    await context.close()
  })
})

describe('challenge tiles on a partner page', () => {
  it('opening a challenge moves focus into the element; Back closes it and stays on the route', async () => {
    const { context, page } = await newPage(browser, 1280)
    await page.goto(`http://127.0.0.1:${partnerPort}/tiles`)
    const tiles = page.locator('tessera-challenge-tiles')
    const cta = tiles.locator('a.tile__cta').first()
    await cta.waitFor({ timeout: 15_000 })
    const before = await page.evaluate(() => history.length)
    await cta.focus()
    await page.keyboard.press('Enter')
    // A visitor signs in first: focus goes to the form's first field, not <body>.
    await expect.poll(async () => (await focused(page))?.tag, { timeout: 10_000 }).toBe('INPUT')
    expect(await page.evaluate(() => history.length)).toBe(before + 1)
    expect(new URL(page.url()).pathname).toBe('/tiles')

    await page.goBack()
    await tiles.locator('a.tile__cta').first().waitFor()
    expect(new URL(page.url()).pathname).toBe('/tiles')
    expect(await tiles.locator('input').count()).toBe(0)
    await context.close()
  })
})

describe('for partner developers', () => {
  it('an unlisted partner host is told it is not in the domain list, once', async () => {
    // partner.test resolves to the partner server: a host no program lists (localhost is allowed in development).
    const b = await chromium.launch({
      executablePath: chromiumPath(),
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage', '--host-resolver-rules=MAP partner.test 127.0.0.1'],
    })
    try {
      const page = await b.newPage()
      const errors: string[] = []
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text())
      })
      await page.goto(`http://partner.test:${partnerPort}/reward`)
      await page.locator('tessera-reward').getByText('This content is not available right now.').waitFor({ timeout: 15_000 })
      await expect.poll(() => errors.filter((e) => e.includes('not in the domain list')).length, { timeout: 5000 }).toBe(1)
      const message = errors.find((e) => e.includes('not in the domain list'))!
      expect(message).toContain("this page's host (partner.test)")
      expect(message).toContain('docs/embedding.md')
    } finally {
      await b.close()
    }
  })

  it('a missing or unknown reward-id names the element and attribute and asks the API once', async () => {
    // Badly configured elements on purpose: the two messages for the developer, the one 404 read.
    expectBrowserProblems(
      /console.error: Tessera: <tessera-reward> needs a reward-id attribute/,
      /console.error: Tessera: <tessera-reward reward-id="99999">/,
      /HTTP 404: GET .*\/public\/rewards\/99999/,
      /status of 404 .*\/public\/rewards\/99999/,
    )
    const { context, page } = await newPage(browser, 1280)
    const errors: string[] = []
    const rewardRequests: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text())
    })
    page.on('request', (r) => {
      if (/\/public\/rewards\/\d+/.test(r.url())) rewardRequests.push(r.url())
    })
    await page.goto(`http://127.0.0.1:${partnerPort}/bad-rewards`)
    const elements = page.locator('tessera-reward')
    await elements.nth(1).getByText('This reward is not available.').waitFor({ timeout: 15_000 })
    await expect
      .poll(() => errors.filter((e) => e.includes('<tessera-reward> needs a reward-id attribute')).length)
      .toBe(1)
    await expect.poll(() => errors.filter((e) => e.includes('<tessera-reward reward-id="99999">')).length).toBe(1)
    expect(rewardRequests).toHaveLength(1)
    await context.close()
  })
})

describe('copy', () => {
  it('long pages keep a readable line length at 1280 px', async () => {
    const { context, page } = await newPage(browser, 1280)
    for (const path of ['/terms', '/privacy']) {
      await page.goto(`${tessera.url}${path}`)
      // The page's own text (its script loads on first use, behind a loading band with a hidden status line).
      await page.locator('main p:not(.visually-hidden)').first().waitFor()
      const widest = await page.evaluate(() => {
        let worst = 0
        for (const el of Array.from(document.querySelectorAll<HTMLElement>('main p, main li'))) {
          if (!el.textContent?.trim() || el.getClientRects().length === 0) continue
          const probe = document.createElement('span')
          probe.textContent = '0'.repeat(100)
          probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap'
          el.append(probe)
          const ch = probe.getBoundingClientRect().width / 100
          probe.remove()
          worst = Math.max(worst, el.getBoundingClientRect().width / ch)
        }
        return worst
      })
      expect(widest, path).toBeGreaterThan(0)
      expect(widest, path).toBeLessThanOrEqual(82)
    }
    await context.close()
  })
})
