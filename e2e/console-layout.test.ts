import { crc32, deflateSync } from 'node:zlib'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openLibsql } from '../worker/src/db/node'
import { carouselSlides, navigationMenus, pages, programs } from '../worker/src/db/schema'
import { expectBrowserProblems, startNodeServer } from './harness'
import { screenShooter, startConsoleWorld, stopConsoleWorld } from './console-audit'

// Issue 15, program pages and layout settings in Chromium (Node + libSQL on our own database): write a
// Rules page in the rich-text editor (an image inserted from the media library, uploaded there), with a <script> and an onerror image slipped into what is sent
// (a client that skips the editor), and publish it: both are stripped by the server and the page shows
// on the participant site; a taken slug is refused under its field. Add a navigation menu item and move
// it to the top with the keyboard only; empty the carousel ('No results found.') and add a slide. The
// participant site shows the menu, the slide and the page on its next request, no restart; an archived
// page answers the site's 404. axe-core at 1280 and 390 on every screen.
const SLUG = 'house-rules'
const RAW = '<p>Hidden<script>window.__pwned = 1</script></p><img src="/brand/slide-1.svg" alt="Rules banner" onerror="window.__pwned = 2">'

let dir: string
let server: Awaited<ReturnType<typeof startNodeServer>>
let db: Awaited<ReturnType<typeof openLibsql>>['db']
let browser: Browser
let admin: BrowserContext
let demoId: number

beforeAll(async () => {
  ;({ dir, server, browser, db, demoId, admin } = await startConsoleWorld('layout'))
}, 120_000)
afterAll(() => stopConsoleWorld({ browser, server, dir }))

const shootBoth = screenShooter('console-layout')

/** A small real PNG (the media library checks the bytes): 8x8, one colour. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const out = Buffer.alloc(body.length + 8)
    out.writeUInt32BE(data.length, 0)
    body.copy(out, 4)
    out.writeUInt32BE(crc32(body) >>> 0, body.length + 4)
    return out
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(8, 0)
  header.writeUInt32BE(8, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(8 * 3, 0x7c)])
  const pixels = deflateSync(Buffer.concat(Array.from({ length: 8 }, () => row)))
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))])
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor()

const menuNames = async () =>
  (await db.select({ name: navigationMenus.name }).from(navigationMenus).where(eq(navigationMenus.programId, demoId)).orderBy(asc(navigationMenus.position))).map((m) => m.name)

/**
 * What an earlier attempt of the test left (the e2e project retries a failed test once): its page and its
 * menu item, so the retry starts from the demo's own pages and menu as the first attempt did (with the
 * page there, the list had two "Rules" links). The program's content version moves, as a console save
 * moves it, so no cached copy keeps them.
 */
async function undoEarlierAttempt() {
  const page = await db.delete(pages).where(and(eq(pages.programId, demoId), eq(pages.slug, SLUG))).returning({ id: pages.id })
  const item = await db.delete(navigationMenus).where(and(eq(navigationMenus.programId, demoId), eq(navigationMenus.name, 'House rules'))).returning({ id: navigationMenus.id })
  if (page.length || item.length) await db.update(programs).set({ contentVersion: sql`${programs.contentVersion} + 1` }).where(eq(programs.id, demoId))
}

describe('console program pages and layout in Chromium', () => {
  it('writes and publishes a sanitized Rules page, reorders the menu by keyboard, adds a slide, and the site shows all three', async () => {
    await undoEarlierAttempt()
    const page = await admin.newPage()

    // Program pages, reached from the Settings menu.
    await page.goto(`${server.url}/admin/v2/programs/${demoId}/dashboard`)
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('menuitem', { name: 'Program pages' }).click()
    await page.waitForURL(/\/settings\/program-pages$/)
    await page.getByRole('heading', { name: 'Program pages', level: 1 }).waitFor()
    await page.getByRole('link', { name: 'Rules', exact: true }).waitFor()
    await shootBoth(page, 'pages-list')

    await page.getByRole('link', { name: 'New page' }).click()
    await page.getByRole('heading', { name: 'New page', level: 1 }).waitFor()
    await page.getByLabel('Title', { exact: true }).fill('Rules')
    expect(await page.getByLabel('Slug', { exact: true }).inputValue()).toBe('rules')
    const editor = page.getByRole('textbox', { name: 'Content' })
    await editor.click()
    await page.keyboard.type('Play fair and have fun. ')
    await page.getByRole('button', { name: 'Bold' }).click()
    await page.keyboard.type('One account per person.')
    // Insert image: the media library's picker (here uploading into the library), then the alt text.
    await page.keyboard.press('Enter')
    await page.getByRole('button', { name: 'Insert image' }).click()
    const picker = page.getByRole('dialog', { name: 'Insert an image: choose a file' })
    await picker.getByTestId('media-file-input').setInputFiles({ name: 'rules.png', mimeType: 'image/png', buffer: png() })
    const imageDialog = page.getByRole('dialog', { name: 'Insert an image', exact: true })
    await imageDialog.getByLabel('Alternative text').fill('Rules badge')
    await imageDialog.getByRole('button', { name: 'Insert', exact: true }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await editor.getByRole('img', { name: 'Rules badge' }).waitFor()
    await shootBoth(page, 'page-new')

    // What is sent gains a script and an onerror image, as a client skipping the editor would send.
    await page.route(/\/admin\/v2\/programs\/\d+\/program_pages$/, async (route) => {
      if (route.request().method() !== 'POST') return route.continue()
      const json = route.request().postDataJSON() as { body: string }
      await route.continue({ postData: JSON.stringify({ ...json, body: `${json.body}${RAW}` }) })
    })
    // The demo has a Rules page at /rules already: the slug is refused under its field.
    expectBrowserProblems(/HTTP 422: POST .*\/program_pages$/, /console\.error: Failed to load resource: .* 422 /)
    await page.getByRole('button', { name: 'Create page' }).click()
    await page.getByText('Slug has already been taken').first().waitFor()
    await page.getByLabel('Slug', { exact: true }).fill(SLUG)
    await page.getByRole('button', { name: 'Create page' }).click()
    await toast(page, 'Program Page created successfully.')
    await page.waitForURL(/\/settings\/program-pages\/\d+$/)
    await page.unroute(/\/admin\/v2\/programs\/\d+\/program_pages$/)
    // The editor of the new page loads after the navigation: past 30 s once on a loaded 2-core CI run.
    await page.getByText('Draft', { exact: true }).waitFor({ timeout: 60_000 })

    const [stored] = await db.select().from(pages).where(and(eq(pages.programId, demoId), eq(pages.slug, SLUG)))
    expect(stored!.body).toContain('<strong>One account per person.</strong>')
    expect(stored!.body).toContain('<p>Hidden</p>')
    expect(stored!.body).toContain('<img src="/brand/slide-1.svg" alt="Rules banner" loading="lazy">')
    expect(stored!.body).toMatch(/<img src="\/media\/\d+\/[a-f0-9]{32}\.png" alt="Rules badge" loading="lazy">/)
    expect(stored!.body).not.toMatch(/<script|onerror|__pwned/i)
    // The editor shows what was stored.
    await page.getByRole('textbox', { name: 'Content' }).getByText('Hidden').waitFor()

    await page.getByRole('button', { name: 'Publish' }).click()
    await toast(page, 'Program Page published successfully.')
    await page.getByText('Published', { exact: true }).waitFor()
    await shootBoth(page, 'page-edit')

    // Navigation menus (the layout's default tab): add an item, then move it to the top by keyboard.
    await page.goto(`${server.url}/admin/v2/programs/${demoId}/settings/layout`)
    await page.waitForURL(/\/settings\/layout\/navigation-menus$/)
    await page.getByRole('heading', { name: 'Layout', level: 1 }).waitFor()
    const before = await menuNames()
    expect(before.length).toBeGreaterThan(1)
    await page.getByRole('button', { name: 'Add menu item' }).click()
    const rows = page.getByRole('list', { name: 'Menu items' }).getByRole('listitem')
    const added = rows.nth(before.length)
    await added.getByLabel('Name', { exact: true }).fill('House rules')
    await added.getByLabel('URL', { exact: true }).fill(`/${SLUG}`)
    const handle = page.getByRole('button', { name: 'Reorder House rules' })
    await handle.focus()
    await page.keyboard.press('Space')
    await page.getByText(`Picked up House rules. It is at position ${before.length + 1} of ${before.length + 1}.`).waitFor({ state: 'attached' })
    // One step at a time, each announced before the next: a key pressed while the list still moves
    // could be measured against the row's old place and lost (seen once under a loaded CI run).
    const announced = () => page.evaluate(() => document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? '')
    for (let tries = 0; tries < before.length * 4; tries++) {
      const now = await announced()
      if (now.includes(`House rules moved to position 1 of ${before.length + 1}.`)) break
      await page.keyboard.press('ArrowUp')
      await page
        .waitForFunction((prev) => (document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? '') !== prev, now, { timeout: 3000 })
        .catch(() => {})
    }
    await page.keyboard.press('Space')
    await page.getByText(`House rules dropped at position 1 of ${before.length + 1}.`).waitFor({ state: 'attached' })
    await expect.poll(async () => rows.first().getByLabel('Name', { exact: true }).inputValue()).toBe('House rules')
    await shootBoth(page, 'navigation-menus')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await toast(page, 'Navigation menus updated successfully.')
    await expect.poll(menuNames).toEqual(['House rules', ...before])

    // Carousels: remove every slide ('No results found.'), then add one.
    await page.getByRole('tab', { name: 'Carousels' }).click()
    await page.waitForURL(/\/settings\/layout\/carousels$/)
    const slides = page.getByRole('list', { name: 'Slides' })
    await slides.waitFor()
    while ((await page.getByRole('button', { name: /^Remove / }).count()) > 0) await page.getByRole('button', { name: /^Remove / }).first().click()
    await page.getByText('No results found.').waitFor()
    await shootBoth(page, 'carousels-empty')
    await page.getByRole('button', { name: 'Add slide' }).click()
    const slide = slides.getByRole('listitem').first()
    await slide.getByLabel('Title', { exact: true }).fill('Spring double points')
    await slide.getByLabel('Description', { exact: true }).fill('Every challenge counts twice this week.')
    await slide.getByLabel('Link', { exact: true }).fill(`/${SLUG}`)
    await slide.getByLabel('Button text', { exact: true }).fill('Read the rules')
    // The image from the media library's picker (MediaField): uploaded into the library and chosen.
    await slide.getByRole('button', { name: 'Choose from library' }).click()
    await page.getByRole('dialog').getByTestId('media-file-input').setInputFiles({ name: 'spring.png', mimeType: 'image/png', buffer: png() })
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await slide.getByRole('button', { name: 'Remove', exact: true }).waitFor()
    await shootBoth(page, 'carousels')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await toast(page, 'Carousels updated successfully.')
    await expect
      .poll(async () => (await db.select().from(carouselSlides).where(eq(carouselSlides.programId, demoId))).map((s) => [s.title, s.link, s.buttonText, s.image]))
      .toEqual([['Spring double points', `/${SLUG}`, 'Read the rules', expect.stringMatching(/^\/media\/.+\.png$/)]])
    const [savedSlide] = await db.select().from(carouselSlides).where(eq(carouselSlides.programId, demoId))

    // The participant site, signed out, on its next request: the menu item, the slide and the page.
    const site = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const visitor = await site.newPage()
    await visitor.goto(`${server.url}/`)
    const nav = visitor.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('link', { name: 'House rules' }).waitFor()
    expect(await nav.getByRole('link', { name: 'House rules' }).getAttribute('href')).toBe(`/${SLUG}`)
    await visitor.getByText('Spring double points').first().waitFor()
    await visitor.getByRole('link', { name: 'Read the rules' }).first().waitFor()
    const slideImage = visitor.locator(`img[src="${savedSlide!.image}"]`).first()
    await slideImage.waitFor({ state: 'attached' })
    await expect.poll(() => slideImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(8)
    await visitor.goto(`${server.url}/${SLUG}`)
    await visitor.getByRole('heading', { name: 'Rules', level: 1 }).waitFor()
    const article = visitor.locator('.content-page__body')
    await article.getByText('One account per person.').waitFor()
    await article.getByRole('img', { name: 'Rules banner' }).waitFor()
    const badge = article.getByRole('img', { name: 'Rules badge' })
    await expect.poll(() => badge.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(8)
    expect(await article.locator('script, [onerror]').count()).toBe(0)
    expect(await visitor.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()

    // Archived: taken off the site at once (the site's 404 page).
    await page.goto(`${server.url}/admin/v2/programs/${demoId}/settings/program-pages/${stored!.id}`)
    await page.getByRole('button', { name: 'Archive' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Archive' }).click()
    await toast(page, 'Program Page archived successfully.')
    await page.getByText('Archived', { exact: true }).waitFor()
    expectBrowserProblems(new RegExp(`HTTP 404: GET .*/${SLUG}$`), /console\.error: Failed to load resource: .* 404 /)
    const gone = await visitor.goto(`${server.url}/${SLUG}`)
    expect(gone!.status()).toBe(404)
    await visitor.getByRole('heading', { name: /not found/i }).first().waitFor()
    await site.close()
    await page.close()
  }, 240_000)
})
