import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openLibsql } from '../worker/src/db/node'
import { programs, programTemplateDetails } from '../worker/src/db/schema'
import { ROOT, startNodeServer } from './harness'
import { audit, screenShooter, startConsoleWorld, stopConsoleWorld, takeShots } from './console-audit'

// Issue 15, Settings: branding (Chromium, Node + libSQL on our own database): the admin changes the
// primary colour and sees the framed participant home and the e-mail preview change before anything is
// saved; custom CSS with `@import url(https://evil.example)` and `</style><script>` is shown as removed;
// after Save ('Done!') the participant site uses the new colour and the custom CSS, with no request to
// evil.example and no script from the CSS; a second Save says 'No changes detected.'. axe-core on the
// colors and css tabs at 1280 and 390 (and no landmark-unique at all with the preview); screenshots.
const SHOTS = join(ROOT, 'docs/screenshots')
const NEW_PRIMARY = '#0b6e4f'
const EVIL_CSS = `@import url(https://evil.example/x.css);
.site-header { outline: 3px solid rgb(1, 2, 3); }
</style><script>window.__pwned = 1</script>
.hero { outline: 2px dashed rgb(4, 5, 6); }`

let dir: string
let server: Awaited<ReturnType<typeof startNodeServer>>
let db: Awaited<ReturnType<typeof openLibsql>>['db']
let browser: Browser
let admin: BrowserContext
let demoId: number

beforeAll(async () => {
  // The demo as seeded: it holds every asset branding requires (e2e/console-branding-demo.test.ts).
  ;({ dir, server, browser, db, demoId, admin } = await startConsoleWorld('branding'))
}, 120_000)
afterAll(() => stopConsoleWorld({ browser, server, dir }))

// The preview frame (the participant site) is audited with the page once ('colors with the preview').
const shootBoth = screenShooter('console-branding', { settle: 'load', noOverflow: true, exclude: 'iframe[title="Participant home preview"]' })

/** The participant home framed by the preview. */
async function previewFrame(page: Page): Promise<Frame> {
  await page.locator('iframe[title="Participant home preview"]').waitFor()
  for (let i = 0; i < 100; i++) {
    const frame = page.frames().find((f) => f.url().includes('branding_preview=1'))
    if (frame) {
      await frame.waitForLoadState('load')
      return frame
    }
    await page.waitForTimeout(100)
  }
  throw new Error('the preview frame did not load')
}

const primaryOf = (frame: Frame | Page) => frame.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--perk-primary').trim())

describe('console branding in Chromium', () => {
  it('previews a new primary colour before saving, saves it with sanitized custom CSS, and the site shows both', async () => {
    const page = await admin.newPage()
    const evilRequests: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('evil.example')) evilRequests.push(r.url())
    })

    // The Settings menu leads to branding, whose default tab is colors.
    await page.goto(`${server.url}/admin/v2/programs/${demoId}/dashboard`)
    await page.getByRole('button', { name: 'Settings' }).click()
    // (The menu now runs past a 900 px viewport: the entry is chosen with the keyboard.)
    await page.getByRole('menuitem', { name: 'Branding' }).focus()
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/settings\/branding\/colors$/)
    await page.getByRole('heading', { name: 'Branding', level: 1 }).waitFor()

    const frame = await previewFrame(page)
    const saved = await primaryOf(frame)
    expect(saved).not.toBe(NEW_PRIMARY)
    // The framed site's landmarks are named while it is the preview: axe (which looks into the frame)
    // finds every landmark of the page and the frame told apart, not even a moderate landmark-unique.
    await frame.getByRole('main', { name: 'Preview: site content' }).waitFor()
    expect((await audit(page, 'colors with the preview')).filter((f) => f.id === 'landmark-unique')).toEqual([])
    await shootBoth(page, 'colors')
    // Every other tab: its own address, its fields, axe at both widths.
    for (const [tab, path] of [['Theme', 'theme'], ['Assets', 'assets'], ['Fonts', 'fonts'], ['Borders', 'borders']] as const) {
      await page.getByRole('tab', { name: tab, exact: true }).click()
      await page.waitForURL(new RegExp(`/settings/branding/${path}$`))
      await page.getByRole('heading', { name: tab, level: 2 }).waitFor()
      if (path === 'theme') await page.getByText('Coming Soon').waitFor()
      if (path === 'assets') await page.getByRole('group', { name: 'Header logo' }).waitFor()
      await shootBoth(page, path)
    }
    await page.getByRole('tab', { name: 'Colors', exact: true }).click()
    await page.waitForURL(/\/settings\/branding\/colors$/)

    // Typing a colour changes the framed participant home at once, with nothing saved.
    const primary = page.getByRole('textbox', { name: 'Primary', exact: true })
    await primary.fill(NEW_PRIMARY)
    await expect.poll(() => primaryOf(frame), { timeout: 10_000 }).toBe(NEW_PRIMARY)
    const [stored] = await db.select().from(programTemplateDetails).where(eq(programTemplateDetails.programId, demoId))
    expect(stored!.elementCssStyle['perk-primary']).toBe(saved)

    // A content colour that fails WCAG AA on its background is flagged.
    await page.getByRole('textbox', { name: 'Primary content', exact: true }).fill('#0d7050')
    await page.getByText(/Contrast 1\.\d+:1 on Primary: below WCAG AA/).waitFor()
    await page.getByRole('textbox', { name: 'Primary content', exact: true }).fill('#ffffff')

    // The Emails tab: the real sign-in e-mail, rendered by the server in the draft colours.
    await page.getByRole('tab', { name: 'Emails' }).click()
    const email = page.locator('iframe[title="Sign-in e-mail preview"]')
    await expect.poll(async () => (await email.getAttribute('srcdoc')) ?? '', { timeout: 10_000 }).toContain(`background:${NEW_PRIMARY}`)
    await page.getByRole('tab', { name: 'Program' }).click()

    // Custom CSS: what the server would remove is listed before saving.
    await page.getByRole('tab', { name: 'CSS' }).click()
    await page.waitForURL(/\/settings\/branding\/css$/)
    await page.getByLabel('Custom CSS').fill(EVIL_CSS)
    const removed = page.getByRole('status').filter({ hasText: 'Removed when saved:' })
    await removed.getByText('@import url(https://evil.example/x.css);').waitFor()
    await expect.poll(() => frame.evaluate(() => getComputedStyle(document.querySelector('.site-header')!).outlineColor), { timeout: 10_000 }).toBe('rgb(1, 2, 3)')
    await shootBoth(page, 'css')

    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Done!').waitFor()
    await page.getByText('The program has been updated.').waitFor()
    const [after] = await db.select().from(programs).where(eq(programs.id, demoId))
    expect(after!.css).toContain('rgb(1,2,3)')
    expect(after!.css).not.toMatch(/@import|evil\.example|<\/style|<script/i)

    // Saving again with nothing changed.
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('No changes detected.').waitFor()
    await page.getByText('Please update the form to save changes.').waitFor()

    // The participant site (a visitor, not the console) uses the new colour and the custom CSS.
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const site = await visitor.newPage()
    site.on('request', (r) => {
      if (r.url().includes('evil.example')) evilRequests.push(r.url())
    })
    const response = await site.goto(`${server.url}/?program=demo`)
    const html = await response!.text()
    expect(html).toContain('<style id="tessera-program-css">')
    expect(html).not.toContain('evil.example')
    expect(html).not.toContain('<script>window.__pwned')
    await site.locator('.site-header').waitFor()
    expect(await primaryOf(site)).toBe(NEW_PRIMARY)
    expect(await site.evaluate(() => getComputedStyle(document.querySelector('.site-header')!).outlineColor)).toBe('rgb(1, 2, 3)')
    expect(await site.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
    if (takeShots) await site.screenshot({ path: join(SHOTS, 'console-branding-site-1280.png') })
    await visitor.close()

    expect(evilRequests).toEqual([])
    await page.close()
  }, 240_000)
})
