import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import { and, eq } from 'drizzle-orm'
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PublicProgram } from '../sdk/contract/program'
import { openLibsql } from '../worker/src/db/node'
import { pages } from '../worker/src/db/schema'
import { verifyApiKey } from '../worker/src/features/integrations/api-keys'
import { expectBrowserProblems, launchBrowser, newPage, signInConsole, startNodeServer } from './harness'

// Issue 15, the combined proof (Chromium, Node + libSQL on our own database and file store): from a NEW,
// EMPTY program created on the organization's programs screen, an admin brands it (the live preview
// changes before saving; a logo uploaded through MediaField; custom CSS with `@import` and
// `</style><script>`), writes and publishes a Rules page with a `<script>` and an `onerror` image (both
// stripped), adds a navigation menu item and a carousel slide, adds a partner domain and creates an API
// key. Then, with no restart: the program's own site (its subdomain, `{public_key}.tessera.localhost`,
// which Chromium resolves to this machine) shows the colours, the logo, the menu, the slide and the
// page; a widget on the partner's page (http://shop.partner.example, mapped by Chromium's host
// resolver) renders in the new theme with the sanitized CSS in its shadow root; and the key is never
// shown again.
const PARTNER_HOST = 'shop.partner.example'
const NAME = 'Juniper Lane'
const KEY = 'juniper-lane'
const PRIMARY = '#0b6e4f'
const RAW = '<p>Hidden<script>window.__pwned = 1</script></p><img src="/brand/slide-1.svg" alt="Rules banner" onerror="window.__pwned = 2">'
const EVIL_CSS = `@import url(https://evil.example/x.css);
body { outline: 3px solid rgb(1, 2, 3); }
</style><script>window.__pwned = 3</script>
.hero { outline: 2px dashed rgb(4, 5, 6); }`

let dir: string
let server: Awaited<ReturnType<typeof startNodeServer>>
let partner: Server
let partnerUrl: string
let browser: Browser
let admin: BrowserContext
let programId: number
let db: Awaited<ReturnType<typeof openLibsql>>['db']
const evilRequests: string[] = []

/** A small real PNG (the media library checks the bytes), one colour. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const out = Buffer.alloc(body.length + 8)
    out.writeUInt32BE(data.length, 0)
    body.copy(out, 4)
    out.writeUInt32BE(crc32(body) >>> 0, body.length + 4)
    return out
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const row = Buffer.concat([Buffer.from([0]), Buffer.concat(Array.from({ length: width }, () => Buffer.from(rgb)))])
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))])
}

/** The partner's page: the new program's sign-in element from the script-tag loader. */
function startPartner(tesseraUrl: string): Promise<string> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Juniper partner shop</title>
<script src="${tesseraUrl}/embed.js" data-program="${KEY}" async></script></head>
<body><main><h1>Partner shop</h1><tessera-signin></tessera-signin>
<iframe title="Rewards sign-in" src="${tesseraUrl}/embed/signin?program=${KEY}" style="width:100%;height:640px;border:0"></iframe></main></body></html>`
  partner = createServer((req, res) => {
    if ((req.url ?? '/') === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      res.end(html)
    } else {
      res.writeHead(204)
      res.end()
    }
  })
  return new Promise((resolve) => partner.listen(0, '127.0.0.1', () => resolve(`http://${PARTNER_HOST}:${(partner.address() as { port: number }).port}`)))
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tessera-e2e-from-scratch-'))
  const env = { ENVIRONMENT: 'development', TESSERA_FILES_DIR: join(dir, 'files') }
  ;[server, browser] = await Promise.all([
    startNodeServer({ port: 0, databaseUrl: `file:${join(dir, 'e2e.db')}`, seed: true, quiet: true, env }),
    launchBrowser([`--host-resolver-rules=MAP ${PARTNER_HOST} 127.0.0.1`]),
  ])
  partnerUrl = await startPartner(server.url)
  ;({ db } = await openLibsql(`file:${join(dir, 'e2e.db')}`, { migrate: false }))
  admin = await signInConsole(browser, server.url, 'admin@tessera.dev')
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await server?.close()
  await new Promise((r) => partner?.close(r))
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor()
const settingsUrl = (path: string) => `${server.url}/admin/v2/programs/${programId}/settings/${path}`
const siteUrl = (path: string) => `http://${KEY}.tessera.localhost:${new URL(server.url).port}${path}`
const primaryOf = (target: Frame | Page) => target.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--perk-primary').trim())
const watchEvil = (page: Page) =>
  page.on('request', (r) => {
    if (r.url().includes('evil.example')) evilRequests.push(r.url())
  })

/** The participant home framed by the branding preview. */
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

describe('a program from scratch in the console (issue 15 proof)', () => {
  it('creates an empty program, brands and fills it, and its site, a partner widget and its API key follow', async () => {
    const page = await admin.newPage()
    watchEvil(page)

    // 1. A new, empty program from the organization's programs screen.
    await page.goto(`${server.url}/admin/v2/organization/programs`)
    await page.getByRole('button', { name: 'Add program' }).click()
    const create = page.getByRole('dialog', { name: 'Create Program' })
    await create.getByLabel('Program name').fill(NAME)
    await create.getByRole('button', { name: 'Create Program' }).click()
    await page.waitForURL(/\/admin\/v2\/programs\/\d+/)
    programId = Number(/\/programs\/(\d+)/.exec(page.url())![1])
    await toast(page, 'Program was created successfully!')
    const mine = (await (await page.request.get(`${server.url}/admin/v2/programs`)).json()) as { data: { id: number; public_key: string }[] }
    expect(mine.data.find((p) => p.id === programId)?.public_key).toBe(KEY)

    // Before anything is set: the empty program's site has no logo, and the partner's page may not load
    // its widget. The same visitor and shopper come back at the end: nothing cached (by the server or
    // their browser) may hide the changes, and nothing restarts.
    const { context: visitor, page: site } = await newPage(browser)
    const { context: shopper, page: shop } = await newPage(browser)
    {
      await site.goto(siteUrl('/'))
      await site.locator('.site-header').getByText(NAME).first().waitFor()
      expect(await site.locator('.site-header__logo').count()).toBe(0)
      const notListed = `this page's host (${PARTNER_HOST}) is not in the domain list of program "${KEY}"`
      expectBrowserProblems(/CORS|ERR_FAILED|HTTP 403|frame-ancestors|Refused to frame|ERR_BLOCKED_BY_RESPONSE/, new RegExp(notListed.replace(/[.()]/g, '\\$&')))
      const refused = shop.waitForEvent('console', { predicate: (m) => m.text().includes(notListed), timeout: 15_000 })
      await shop.goto(partnerUrl)
      await refused
      await shop.locator('tessera-signin').getByText('This content is not available right now.').waitFor()
    }

    // 2. Branding: the live preview follows a colour before anything is saved.
    await page.goto(settingsUrl('branding/colors'))
    await page.getByRole('heading', { name: 'Branding', level: 1 }).waitFor()
    const frame = await previewFrame(page)
    expect(await primaryOf(frame)).not.toBe(PRIMARY)
    await page.getByRole('textbox', { name: 'Primary', exact: true }).fill(PRIMARY)
    await expect.poll(() => primaryOf(frame), { timeout: 10_000 }).toBe(PRIMARY)
    const unsaved = (await (await page.request.get(`${server.url}/public/program?program=${KEY}`)).json()) as PublicProgram
    expect(unsaved.program_template_detail.element_css_style['perk-primary']).not.toBe(PRIMARY)

    // An empty program has no images yet: saving now says what is missing.
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Header logo is required').first().waitFor()

    // Assets: an empty program has none; the logo is uploaded through MediaField, the other images picked from the library.
    await page.getByRole('tab', { name: 'Assets', exact: true }).click()
    await page.waitForURL(/\/settings\/branding\/assets$/)
    await page.getByLabel('Hero title', { exact: true }).fill('Welcome to Juniper Lane')
    await page.getByLabel('Hero description', { exact: true }).fill('Earn points for every visit.')
    const logo = page.getByRole('group', { name: 'Header logo', exact: true })
    await logo.getByRole('button', { name: 'Choose from library' }).click()
    await page.getByRole('dialog', { name: 'Choose a file: Header logo' }).getByTestId('media-file-input').setInputFiles({ name: 'juniper-logo.png', mimeType: 'image/png', buffer: png(64, 32, [11, 110, 79]) })
    await page.getByRole('dialog', { name: 'Choose a file: Header logo' }).waitFor({ state: 'detached' })
    const logoImg = logo.locator('img[src^="/media/"]')
    await logoImg.waitFor()
    const logoUrl = (await logoImg.getAttribute('src'))!
    expect(logoUrl).toMatch(new RegExp(`^/media/${programId}/[^/]+\\.png$`))
    for (const field of ['Favicon', 'Footer logo', 'Overlay image', 'Hero background']) {
      const group = page.getByRole('group', { name: field, exact: true })
      await group.getByRole('button', { name: 'Choose from library' }).click()
      const picker = page.getByRole('dialog', { name: `Choose a file: ${field}` })
      await picker.getByRole('button', { name: 'Select juniper-logo' }).click()
      await picker.waitFor({ state: 'detached' })
      await group.locator(`img[src="${logoUrl}"]`).waitFor()
    }

    // Custom CSS: what would be removed is listed before saving.
    await page.getByRole('tab', { name: 'CSS', exact: true }).click()
    await page.getByLabel('Custom CSS').fill(EVIL_CSS)
    await page.getByRole('status').filter({ hasText: 'Removed when saved:' }).getByText('@import url(https://evil.example/x.css);').waitFor()
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Done!').waitFor()

    // 3. A Rules page, with a script and an onerror image slipped into what is sent, published.
    await page.goto(settingsUrl('program-pages/new'))
    await page.getByRole('heading', { name: 'New page', level: 1 }).waitFor()
    await page.getByLabel('Title', { exact: true }).fill('Rules')
    expect(await page.getByLabel('Slug', { exact: true }).inputValue()).toBe('rules')
    await page.getByRole('textbox', { name: 'Content' }).click()
    await page.keyboard.type('One account per person.')
    await page.route(/\/admin\/v2\/programs\/\d+\/program_pages$/, async (route) => {
      if (route.request().method() !== 'POST') return route.continue()
      const json = route.request().postDataJSON() as { body: string }
      await route.continue({ postData: JSON.stringify({ ...json, body: `${json.body}${RAW}` }) })
    })
    await page.getByRole('button', { name: 'Create page' }).click()
    await toast(page, 'Program Page created successfully.')
    await page.unroute(/\/admin\/v2\/programs\/\d+\/program_pages$/)
    const [stored] = await db.select().from(pages).where(and(eq(pages.programId, programId), eq(pages.slug, 'rules')))
    expect(stored!.body).toContain('One account per person.')
    expect(stored!.body).toContain('alt="Rules banner"')
    expect(stored!.body).not.toMatch(/<script|onerror|__pwned/i)
    await page.getByRole('button', { name: 'Publish' }).click()
    await toast(page, 'Program Page published successfully.')

    // 4. Layout: a navigation menu item (the new program has none) and a carousel slide.
    await page.goto(settingsUrl('layout/navigation-menus'))
    await page.getByRole('heading', { name: 'Layout', level: 1 }).waitFor()
    await page.getByRole('button', { name: 'Add menu item' }).click()
    const item = page.getByRole('list', { name: 'Menu items' }).getByRole('listitem').first()
    await item.getByLabel('Name', { exact: true }).fill('House rules')
    await item.getByLabel('URL', { exact: true }).fill('/rules')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await toast(page, 'Navigation menus updated successfully.')
    await page.getByRole('tab', { name: 'Carousels' }).click()
    await page.waitForURL(/\/settings\/layout\/carousels$/)
    await page.getByText('No results found.').waitFor()
    await page.getByRole('button', { name: 'Add slide' }).click()
    const slide = page.getByRole('list', { name: 'Slides' }).getByRole('listitem').first()
    await slide.getByLabel('Title', { exact: true }).fill('Spring double points')
    await slide.getByLabel('Description', { exact: true }).fill('Every visit counts twice this week.')
    await slide.getByLabel('Link', { exact: true }).fill('/rules')
    await slide.getByLabel('Button text', { exact: true }).fill('Read the rules')
    await slide.getByRole('button', { name: 'Choose from library' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Select juniper-logo' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await toast(page, 'Carousels updated successfully.')

    // 5. The partner domain.
    await page.goto(settingsUrl('domain-list/new'))
    await page.getByRole('heading', { name: 'New domain' }).waitFor()
    await page.getByLabel('Domain', { exact: true }).fill(PARTNER_HOST)
    await page.getByRole('button', { name: 'Create' }).click()
    await page.waitForURL(/\/settings\/domain-list$/)
    await page.getByRole('cell', { name: PARTNER_HOST, exact: true }).waitFor()

    // 6. An API key: shown once; neither the list screen nor the list API shows it again.
    await page.goto(settingsUrl('integrations/api_auths/new'))
    await page.getByLabel('Name', { exact: true }).fill('Juniper warehouse')
    await page.getByRole('button', { name: 'Create' }).click()
    await page.getByRole('region', { name: 'Copy your API key now' }).waitFor()
    const apiKey = await page.getByLabel('API key: Juniper warehouse').inputValue()
    expect(apiKey).toMatch(/^tsk_[0-9A-Za-z]{43}$/)
    // It is this new program's key.
    expect((await verifyApiKey(db, `Bearer ${apiKey}`, Date.now()))?.programId).toBe(programId)
    await page.getByRole('link', { name: 'Done' }).click()
    await page.waitForURL(/\/settings\/integrations\/api_auths$/)
    await page.reload()
    await page.getByRole('row').filter({ hasText: 'Juniper warehouse' }).getByText(`${apiKey.slice(0, 12)}…`).waitFor()
    expect(await page.content()).not.toContain(apiKey)
    // Back to the creation screen: an empty form, not the key.
    await page.goBack()
    await page.getByRole('heading', { name: 'New API key', level: 1 }).waitFor()
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('')
    expect(await page.content()).not.toContain(apiKey)
    const list = await page.request.get(`${server.url}/admin/v2/programs/${programId}/api_auths`)
    expect(list.status()).toBe(200)
    const listText = await list.text()
    expect(listText).toContain('Juniper warehouse')
    expect(listText).not.toContain(apiKey.slice(12))
    await page.close()

    // 7. The program's site, signed out, on its next request: colours, logo, CSS, menu, slide and page.
    watchEvil(site)
    const home = await site.goto(siteUrl('/'))
    const html = await home!.text()
    expect(html).not.toMatch(/evil\.example|<script>window\.__pwned/)
    await site.locator('.site-header').waitFor()
    expect(await primaryOf(site)).toBe(PRIMARY)
    expect(await site.evaluate(() => getComputedStyle(document.body).outlineColor)).toBe('rgb(1, 2, 3)')
    const headerLogo = site.locator(`.site-header img.site-header__logo[src$="${logoUrl}"]`)
    await expect.poll(() => headerLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64)
    expect(html).toContain('<style id="tessera-program-css">')
    const nav = site.getByRole('navigation', { name: 'Main' })
    expect(await nav.getByRole('link', { name: 'House rules' }).getAttribute('href')).toBe('/rules')
    await site.getByText('Spring double points').first().waitFor()
    await site.getByRole('link', { name: 'Read the rules' }).first().waitFor()
    const slideImage = site.locator(`.carousel__slide img[src$="${logoUrl}"]`).first()
    await expect.poll(() => slideImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64)
    await site.goto(siteUrl('/rules'))
    await site.getByRole('heading', { name: 'Rules', level: 1 }).waitFor()
    const article = site.locator('.content-page__body')
    await article.getByText('One account per person.').waitFor()
    await article.getByRole('img', { name: 'Rules banner' }).waitFor({ state: 'attached' })
    expect(await article.locator('script, [onerror]').count()).toBe(0)
    expect(await site.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
    await visitor.close()

    // 8. The partner's page: the widget of this program, in its theme, with the CSS sanitized in its shadow root.
    watchEvil(shop)
    const served: PublicProgram[] = []
    shop.on('response', (r) => {
      if (new URL(r.url()).pathname === '/public/program' && r.ok()) void r.json().then((p: PublicProgram) => served.push(p), () => {})
    })
    await shop.goto(partnerUrl)
    const widget = shop.locator('tessera-signin')
    await widget.getByLabel('Email').waitFor({ timeout: 20_000 })
    const inside = await widget.evaluate((host) => {
      const root = host.shadowRoot!
      const sheets = root.adoptedStyleSheets.flatMap((s) => Array.from(s.cssRules, (r) => r.cssText)).join('\n')
      const styles = Array.from(root.querySelectorAll('style'), (s) => s.textContent).join('\n')
      return {
        primary: getComputedStyle(host).getPropertyValue('--perk-primary').trim(),
        outline: getComputedStyle(host).outlineColor,
        css: `${sheets}\n${styles}`,
        scripts: root.querySelectorAll('script').length,
      }
    })
    expect(inside.primary).toBe(PRIMARY)
    const button = widget.getByRole('button', { name: 'Continue to get your login code' })
    expect(await button.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(11, 110, 79)')
    expect(inside.outline).toBe('rgb(1, 2, 3)')
    expect(inside.css).not.toMatch(/@import|evil\.example|<\/style|<script|__pwned/i)
    expect(inside.scripts).toBe(0)
    // What the widget was served for its shadow root: the document selectors as :host, nothing dangerous.
    await expect.poll(() => served.length).toBeGreaterThan(0)
    expect(served[0]!.custom_css_widgets).toMatch(/:host\s*\{\s*outline/)
    expect(served[0]!.custom_css_widgets).not.toMatch(/@import|evil\.example|<\/style|<script|__pwned/i)
    expect(await shop.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
    // The same widget framed on the partner's page (frame-ancestors follow the domain list): the theme and the CSS.
    const framed = shop.frameLocator('iframe[title="Rewards sign-in"]')
    await framed.getByLabel('Email').waitFor({ timeout: 20_000 })
    const frameStyle = await framed.locator('tessera-signin').evaluate((host) => ({
      primary: getComputedStyle(host).getPropertyValue('--perk-primary').trim(),
      outline: getComputedStyle(host).outlineColor,
      pwned: (window as unknown as { __pwned?: number }).__pwned ?? null,
    }))
    expect(frameStyle).toEqual({ primary: PRIMARY, outline: 'rgb(1, 2, 3)', pwned: null })
    await shopper.close()

    expect(evilRequests).toEqual([])
  }, 120_000)
})
