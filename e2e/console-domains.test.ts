import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openLibsql } from '../worker/src/db/node'
import { programs } from '../worker/src/db/schema'
import { expectBrowserProblems, launchBrowser, ROOT, signInConsole, startNodeServer } from './harness'
import { screenShooter } from './console-audit'

// Issue 15, program settings in the console (Chromium, Node + libSQL): a partner domain and a custom
// domain added in the console feed CORS, the widgets' frame-ancestors and program resolution on the
// very next request (a partner page on http://shop.partner.example and the program site on
// http://rewards.brand.example, both mapped to this machine by Chromium's host resolver, since
// localhost is always allowed outside production); the dynamic feed upload dialog's three file
// messages, its import and its refusal; evergreen settings with their green and red borders. axe-core
// at 1280 and 390 px on each screen; screenshots.
const SHOTS = join(ROOT, 'docs/screenshots')
const PARTNER_HOST = 'shop.partner.example'
const CUSTOM_HOST = 'rewards.brand.example'

let dir: string
let server: Awaited<ReturnType<typeof startNodeServer>>
let partner: Server
let partnerUrl: string
let db: Awaited<ReturnType<typeof openLibsql>>['db']
let browser: Browser
let admin: BrowserContext
let demoId: number

/** The partner's page: a widget frame of the demo program and an API call with the program key. */
function startPartner(tesseraUrl: string): Promise<string> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner shop</title></head>
<body><main><h1>Partner shop</h1><p id="cors">pending</p>
<iframe title="Rewards sign-in" src="${tesseraUrl}/embed/signin?program=demo" style="width:100%;height:640px;border:0"></iframe></main>
<script>
fetch('${tesseraUrl}/public/program', { headers: { 'x-program-key': 'demo' } })
  .then((r) => r.json())
  .then((p) => { document.getElementById('cors').textContent = 'allowed: ' + p.name })
  .catch(() => { document.getElementById('cors').textContent = 'blocked' })
</script></body></html>`
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
  mkdirSync(SHOTS, { recursive: true })
  dir = mkdtempSync(join(tmpdir(), 'tessera-e2e-console-domains-'))
  const url = `file:${join(dir, 'e2e.db')}`
  ;[server, browser] = await Promise.all([
    startNodeServer({ port: 0, databaseUrl: url, seed: true, quiet: true, env: { ENVIRONMENT: 'development' } }),
    launchBrowser([`--host-resolver-rules=MAP ${PARTNER_HOST} 127.0.0.1, MAP ${CUSTOM_HOST} 127.0.0.1`]),
  ])
  partnerUrl = await startPartner(server.url)
  ;({ db } = await openLibsql(url, { migrate: false }))
  const [demo] = await db.select().from(programs).where(eq(programs.publicKey, 'demo'))
  demoId = demo!.id
  admin = await signInConsole(browser, server.url, 'admin@tessera.dev')
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await server?.close()
  await new Promise((r) => partner?.close(r))
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const shootBoth = screenShooter('console-settings')

/** The partner page in a fresh, signed-out context: what its CORS call and its widget frame got. */
async function visitPartner(expectAllowed: boolean) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  const refusedFrame = page.waitForEvent('console', { predicate: (m) => /frame-ancestors/.test(m.text()), timeout: 15_000 }).then(
    () => true,
    () => false,
  )
  await page.goto(partnerUrl)
  await page.locator('#cors').filter({ hasNotText: 'pending' }).waitFor()
  const cors = await page.locator('#cors').innerText()
  const frame = page.frameLocator('iframe[title="Rewards sign-in"]')
  if (expectAllowed) {
    await frame.getByLabel('Email').waitFor({ timeout: 20_000 })
    expect(cors).toBe('allowed: Tessera Demo')
  } else {
    expect(await refusedFrame).toBe(true)
    expect(cors).toBe('blocked')
  }
  await context.close()
}

describe('console program settings in Chromium', () => {
  it('adds a partner domain and a custom domain: CORS, frame-ancestors and the custom host follow on the next request', async () => {
    // Before: the partner page's call is refused and its widget frame blocked; the custom host is nobody's.
    expectBrowserProblems(/CORS|frame-ancestors|Refused to frame|ERR_FAILED|ERR_BLOCKED_BY_RESPONSE|HTTP 403/, new RegExp(`HTTP 404: GET http://${CUSTOM_HOST.replace(/\./g, '\\.')}`), /status of 404/, /HTTP 422: POST .*domain_lists/, /status of 422/)
    await visitPartner(false)
    const site = await browser.newContext()
    const sitePage = await site.newPage()
    const port = new URL(server.url).port
    expect((await sitePage.goto(`http://${CUSTOM_HOST}:${port}/public/program`))!.status()).toBe(404)

    // The console: settings domain-list, empty, then New.
    const page = await admin.newPage()
    await page.goto(`${server.url}/admin/v2/programs/${demoId}/settings/domain-list`)
    await page.getByRole('heading', { name: 'Domains', level: 1 }).waitFor()
    await page.getByText('No results found').waitFor()
    await shootBoth(page, 'domains-empty')
    await page.getByRole('link', { name: 'Add domain' }).click()
    await page.getByRole('heading', { name: 'New domain' }).waitFor()

    // Strict host names: a URL is refused, naming the field; the preview shows the spec's slug.
    const domain = page.getByLabel('Domain', { exact: true })
    await domain.fill('https://Shop.Partner.Example/page')
    await page.getByRole('button', { name: 'Create' }).click()
    await page.getByText(/Domain must not include a scheme/).first().waitFor()
    await domain.fill(' Shop.Partner.Example ')
    await expect.poll(() => page.locator('output.domain-preview').innerText()).toBe('shop.partner.example')
    await shootBoth(page, 'domain-form')
    await page.getByRole('button', { name: 'Create' }).click()
    await page.waitForURL(/\/settings\/domain-list$/)
    await page.getByRole('cell', { name: PARTNER_HOST, exact: true }).waitFor()

    // The custom domain, chosen in the type select.
    await page.getByRole('link', { name: 'Add domain' }).click()
    await page.getByLabel('Domain', { exact: true }).fill(CUSTOM_HOST)
    await page.getByRole('combobox', { name: 'Domain type' }).click()
    await page.getByRole('option', { name: 'Custom domain (serves the program site)' }).click()
    await page.getByRole('button', { name: 'Create' }).click()
    await page.waitForURL(/\/settings\/domain-list$/)
    const customRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: CUSTOM_HOST, exact: true }) })
    await customRow.getByText('Custom domain').waitFor()
    await shootBoth(page, 'domains-list')

    // After: the next requests allow the partner and answer as the program on the custom host.
    await visitPartner(true)
    const program = await sitePage.goto(`http://${CUSTOM_HOST}:${port}/public/program`)
    expect(program!.status()).toBe(200)
    expect(((await program!.json()) as { id: number; name: string }).id).toBe(demoId)
    // Served over plain http here (a custom host is https in production), Chromium says it ignores COOP.
    expectBrowserProblems(/Cross-Origin-Opener-Policy header has been ignored/)
    await sitePage.goto(`http://${CUSTOM_HOST}:${port}/`)
    await sitePage.locator('#page-title').waitFor()
    expect(await sitePage.title()).toMatch(/Tessera Demo/)
    await site.close()
    await page.close()
  }, 240_000)

  it("says the upload dialog's three file messages, imports in the background and reports a refused file", async () => {
    expectBrowserProblems(/HTTP 422: POST .*dynamic_feed_posts\/import/, /status of 422/)
    const page = await admin.newPage()
    await page.goto(`${server.url}/admin/v2/programs/${demoId}/settings/dynamic-feed-posts`)
    await page.getByRole('heading', { name: 'Dynamic feed posts', level: 1 }).waitFor()
    await page.getByText('No results found').first().waitFor()
    await shootBoth(page, 'feed-posts-empty')

    await page.getByRole('button', { name: 'Upload JSON' }).click()
    const dialog = page.getByRole('dialog', { name: 'Import posts from a JSON file' })
    await dialog.waitFor()
    await dialog.getByRole('button', { name: 'Import' }).click()
    await dialog.getByRole('alert').filter({ hasText: 'Please select a JSON file first' }).waitFor()
    const file = dialog.getByLabel('JSON file')
    await file.setInputFiles({ name: 'posts.txt', mimeType: 'text/plain', buffer: Buffer.from('[]') })
    await dialog.getByRole('alert').filter({ hasText: 'Please select a valid JSON file' }).waitFor()
    await file.setInputFiles({ name: 'posts.json', mimeType: 'application/json', buffer: Buffer.from('{"posts": [ {"id": 1,') })
    await dialog.getByRole('button', { name: 'Import' }).click()
    await dialog.getByRole('alert').filter({ hasText: 'Error processing the JSON file. Please check the format.' }).waitFor()
    await shootBoth(page, 'feed-upload-dialog')

    // A post the server refuses: 'Error importing posts' with the error JSON, nothing imported.
    const bad = [{ id: 'x1', post_type: 'reel', media_path: 'https://cdn.example.com/x.jpg' }]
    await file.setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) })
    await dialog.getByRole('button', { name: 'Import' }).click()
    const failure = page.getByRole('listitem').filter({ hasText: 'Error importing posts' })
    await failure.waitFor()
    expect(await failure.innerText()).toContain('"posts.0.post_type":"Post type must be gallery, image or video"')

    // A good file: 'Post are being imported!', and the posts arrive in the list shortly after.
    const posts = Array.from({ length: 3 }, (_, i) => ({
      id: `ig-${i}`,
      post_type: 'image',
      media_path: `https://cdn.example.com/${i}.jpg`,
      message: `Latte art number ${i}`,
      username: 'emberandoak',
      url: `https://www.instagram.com/p/${i}`,
      published_at: `2026-03-0${i + 1}T09:00:00Z`,
    }))
    await file.setInputFiles({ name: 'posts.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ posts })) })
    await dialog.getByRole('button', { name: 'Import' }).click()
    await page.getByRole('listitem').filter({ hasText: 'Post are being imported!' }).waitFor()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(async () => {
      await page.reload()
      await page.getByRole('heading', { name: 'Dynamic feed posts', level: 1 }).waitFor()
      return page.getByRole('cell', { name: /^Latte art number \d$/ }).count()
    }, { timeout: 20_000 }).toBe(3)
    await shootBoth(page, 'feed-posts-list')
    await page.close()
  }, 240_000)

  it('shows evergreen settings with a red border until saved active, then green', async () => {
    const page = await admin.newPage()
    await page.goto(`${server.url}/admin/v2/programs/${demoId}/settings/evergreen`)
    await page.getByRole('heading', { name: 'Evergreen settings', level: 1 }).waitFor()
    const card = page.getByTestId('evergreen-card').filter({ hasText: 'Monthly sweepstakes' })
    await card.waitFor()
    expect(await card.getAttribute('data-active')).toBe('false')
    await shootBoth(page, 'evergreen-list')
    await card.getByRole('link', { name: 'Edit Monthly sweepstakes' }).click()
    await page.getByRole('heading', { name: 'Edit Monthly sweepstakes' }).waitFor()
    await page.getByRole('checkbox', { name: 'Active' }).click()
    await shootBoth(page, 'evergreen-edit')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.waitForURL(/\/settings\/evergreen$/)
    await expect.poll(() => page.getByTestId('evergreen-card').filter({ hasText: 'Monthly sweepstakes' }).getAttribute('data-active')).toBe('true')
    // The border is the theme's success color when active, its danger color when not.
    const borders = await page.evaluate(() => {
      const resolve = (variable: string) => {
        const probe = document.createElement('span')
        probe.style.color = `var(${variable})`
        document.body.append(probe)
        const color = getComputedStyle(probe).color
        probe.remove()
        return color
      }
      const card = (name: string) => Array.from(document.querySelectorAll('[data-testid="evergreen-card"]')).find((el) => el.textContent?.includes(name))!
      return { active: getComputedStyle(card('Monthly sweepstakes')).borderTopColor, inactive: getComputedStyle(card('Points expiry')).borderTopColor, success: resolve('--success'), danger: resolve('--danger') }
    })
    expect(borders.active).toBe(borders.success)
    expect(borders.inactive).toBe(borders.danger)
    await page.close()
  }, 120_000)
})
