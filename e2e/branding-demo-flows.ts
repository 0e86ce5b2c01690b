import { createServer, type Server } from 'node:http'
import type { Browser, BrowserContext, FrameLocator, Locator } from 'playwright-core'
import { expect } from 'vitest'

/**
 * Issue 25's branding flows on the demo program as seeded, as a new operator tries them, for any entry
 * (console-branding-demo.test.ts on the Node entry, wrangler.test.ts on wrangler dev): a new primary
 * colour saved from the Colors section reaches the participant site and a partner's widgets; custom CSS
 * saved from the CSS section reaches them with its safe rules only.
 */
export type BrandingWorld = {
  browser: Browser
  /** A console context signed in as an admin of the demo program. */
  admin: BrowserContext
  baseUrl: string
  /** `/admin/v2/programs/{id}` of the demo program. */
  programPath: string
  /** A partner page on another origin (startPartner). */
  partnerUrl: string
}

/** The primary colours the flow saves, with their computed form: the second when a failed attempt saved the first. */
const NEW_PRIMARIES = [
  { hex: '#b4235a', rgb: 'rgb(180, 35, 90)' },
  { hex: '#7a3fb0', rgb: 'rgb(122, 63, 176)' },
]

/**
 * A partner's page on another origin (e2e/embed.test.ts has the full set): the script-tag loader with
 * a sign-in element, and the same widget in iframe mode (its call in a script file of the partner's).
 */
export async function startPartner(tesseraUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const partner: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner</title>
<script src="${tesseraUrl}/embed.js" data-program="demo" async></script><script src="/frame.js"></script></head>
<body><main><h1>Ember &amp; Oak partner shop</h1><tessera-signin></tessera-signin><div id="framed"></div></main></body></html>`)
    } else if (path === '/frame.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' })
      res.end(`window.Tessera = window.Tessera || function () { (Tessera.q = Tessera.q || []).push(arguments) }
Tessera('iframe', { widget: 'signin', target: '#framed', title: 'Ember & Oak rewards' })`)
    } else {
      res.writeHead(path === '/favicon.ico' ? 204 : 404)
      res.end()
    }
  })
  await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', () => resolve()))
  return {
    url: `http://127.0.0.1:${(partner.address() as { port: number }).port}`,
    close: () => new Promise<void>((r) => partner.close(() => r())),
  }
}

/** The sign-in widget's primary button, whose background is the program's primary colour. */
const continueButton = (scope: Locator | FrameLocator): Locator => scope.getByRole('button', { name: 'Continue to get your login code' })

/** The partner's page in a new visitor context: both widgets rendered. */
async function openPartner(w: BrandingWorld) {
  const visitor = await w.browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' })
  const page = await visitor.newPage()
  await page.goto(w.partnerUrl)
  const element = continueButton(page.locator('tessera-signin'))
  const frame = page.frameLocator('#framed iframe')
  await element.waitFor()
  // (A frame's page, its script and its element's code are three more loads: on wrangler dev on a
  // loaded machine they once took longer than the usual 30 s.)
  await continueButton(frame).waitFor({ timeout: 60_000 }).catch(async (err: unknown) => {
    // What the frame showed instead, so that a failure says more than a timeout.
    const iframe = page.locator('#framed iframe')
    const shown = (await iframe.count())
      ? { src: await iframe.getAttribute('src'), style: await iframe.getAttribute('style'), text: await frame.locator('body').innerText({ timeout: 5_000 }).catch((e: Error) => `(unread: ${e.message.split('\n')[0]})`) }
      : 'no iframe in #framed'
    throw new Error(`${(err as Error).message.split('\n')[0]}\nThe partner's iframe: ${JSON.stringify(shown)}`)
  })
  return { visitor, page, element, frame }
}

/** The participant site's home in a new visitor context, its header drawn. */
async function openSite(w: BrandingWorld) {
  const visitor = await w.browser.newContext({ viewport: { width: 1280, height: 900 } })
  const site = await visitor.newPage()
  await site.goto(`${w.baseUrl}/?program=demo`)
  await site.locator('.site-header').waitFor()
  return { visitor, site }
}

/** Settings > Branding > Colors from the dashboard's Settings menu: a new primary colour, saved; the site and a partner's widgets show it. */
export async function savePrimaryColour(w: BrandingWorld) {
  const page = await w.admin.newPage()
  await page.goto(`${w.baseUrl}${w.programPath}/dashboard`)
  await page.getByRole('button', { name: 'Settings' }).click()
  // (The menu runs past a 900 px viewport: the entry is chosen with the keyboard.)
  await page.getByRole('menuitem', { name: 'Branding' }).focus()
  await page.keyboard.press('Enter')
  await page.waitForURL(/\/settings\/branding\/colors$/)

  // A retry after an attempt that saved finds its colour already there (Save would then change
  // nothing and say nothing): it saves the other one.
  const field = page.getByRole('textbox', { name: 'Primary', exact: true })
  await expect.poll(() => field.inputValue()).toMatch(/^#[0-9a-f]{6}$/i)
  const current = (await field.inputValue()).toLowerCase()
  const { hex: NEW_PRIMARY, rgb: NEW_PRIMARY_RGB } = NEW_PRIMARIES.find((c) => c.hex !== current)!
  await field.fill(NEW_PRIMARY)
  await page.getByRole('button', { name: 'Save' }).click()
  await page.getByText('The program has been updated.').waitFor()
  expect(page.url()).toMatch(/\/settings\/branding\/colors$/)
  await page.close()

  const { visitor, site } = await openSite(w)
  expect(await site.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--perk-primary').trim())).toBe(NEW_PRIMARY)
  await visitor.close()

  // A partner's page on another origin: the element (shadow root) and the iframe widget both draw
  // their primary button in the new colour.
  const embed = await openPartner(w)
  const background = (button: Locator) => button.evaluate((el) => getComputedStyle(el).backgroundColor)
  await expect.poll(() => background(embed.element)).toBe(NEW_PRIMARY_RGB)
  await expect.poll(() => background(continueButton(embed.frame))).toBe(NEW_PRIMARY_RGB)
  expect(await embed.page.locator('tessera-signin').evaluate((el) => getComputedStyle(el).getPropertyValue('--perk-primary').trim())).toBe(NEW_PRIMARY)
  await embed.visitor.close()
}

/** Settings > Branding > CSS: custom CSS with an @import and another site's url(); only its safe rules are stored and reach the site and the widgets. */
export async function saveCustomCss(w: BrandingWorld) {
  const page = await w.admin.newPage()
  await page.goto(`${w.baseUrl}${w.programPath}/settings/branding/css`)
  await page.getByRole('button', { name: 'Save' }).waitFor()
  const css = page.getByRole('textbox', { name: 'Custom CSS' })
  await css.fill(
    [
      '@import url("https://evil.example/steal.css");',
      ':root { --e2e-brand-mark: 7px; }',
      '.site-header { border-bottom: 5px solid rgb(18, 52, 86); }',
      '.site-footer { background-image: url("https://evil.example/pixel.png"); }',
    ].join('\n'),
  )
  // The server's sanitizer says what it will drop, as the CSS is typed.
  const removed = page.getByRole('status').filter({ hasText: 'Removed when saved:' })
  await removed.getByText(/^@import .*evil\.example\/steal\.css/).waitFor()
  await removed.getByText(/^background-image:.*evil\.example\/pixel\.png/).waitFor()
  await page.getByRole('button', { name: 'Save' }).click()
  await page.getByText('The program has been updated.').waitFor()
  // The form shows what was stored: the safe rules only.
  await expect.poll(() => css.inputValue()).not.toContain('evil.example')
  expect(await css.inputValue()).toContain('.site-header')
  await page.close()

  const { visitor, site } = await openSite(w)
  const header = site.locator('.site-header')
  const served = (await site.locator('#tessera-program-css').textContent()) ?? ''
  expect(served).toContain('.site-header')
  expect(served).not.toContain('evil.example')
  expect(served).not.toContain('@import')
  expect(await header.evaluate((el) => [getComputedStyle(el).borderBottomWidth, getComputedStyle(el).borderBottomColor])).toEqual(['5px', 'rgb(18, 52, 86)'])
  expect(await site.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--e2e-brand-mark').trim())).toBe('7px')
  expect(await site.locator('.site-footer').evaluate((el) => getComputedStyle(el).backgroundImage)).toBe('none')
  await visitor.close()

  // In a widget the document's `:root` rule applies to the element's own root (:host), not the page.
  const embed = await openPartner(w)
  const host = embed.page.locator('tessera-signin')
  await expect.poll(() => host.evaluate((el) => getComputedStyle(el).getPropertyValue('--e2e-brand-mark').trim())).toBe('7px')
  expect(await embed.page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--e2e-brand-mark'))).toBe('')
  await embed.visitor.close()
}
