import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { audit, axeWidthsFor, takeShots } from './console-audit'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, readMail, ROOT, startNode, expectBrowserProblems, signInConsole, downloadText } from './harness'

// The console in Chromium (issue 11's proof): the demo admin's day (dashboard, Ctrl+K, add points that
// the participant then sees on the site, import with a bad line, export), Spanish, what a manager and a
// receipts reviewer may not do, axe-core on each screen, and screenshots at 1280 and 390 px.
let server: Awaited<ReturnType<typeof startNode>>
let browser: Browser
let admin: BrowserContext
let demoId = 0
let linksId = 0
const SHOTS = join(ROOT, 'docs/screenshots')
const MEMBER = 'maya.thompson1@example.com'

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  ;[server, browser] = await Promise.all([startNode(), launchBrowser()])
  admin = await signInAdmin('admin@tessera.dev')
  const page = await admin.newPage()
  const programs = await jsonIn<{ data: { id: number; public_key: string }[] }>(page, '/admin/v2/programs')
  demoId = programs.data.find((p) => p.public_key === 'demo')!.id
  linksId = programs.data.find((p) => p.public_key === 'links')!.id
  await page.close()
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

/** A signed-in console context (e2e/harness.ts signInConsole). */
const signInAdmin = (email: string, width?: number) => signInConsole(browser, server.url, email, width)

/** A same-origin JSON call from inside the console page (its cookie session, CSRF from the meta tag). */
async function jsonIn<T>(page: Page, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  if (!page.url().startsWith(server.url)) await page.goto(`${server.url}/admin/v2`)
  return page.evaluate(
    async ({ path, init }) => {
      const csrf = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? ''
      const res = await fetch(path, {
        method: init.method ?? 'GET',
        headers: { accept: 'application/json', 'content-type': 'application/json', 'x-csrf-token': csrf },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      })
      return { status: res.status, ...(await res.json().catch(() => ({}))) }
    },
    { path, init },
  ) as Promise<T>
}

async function statusIn(page: Page, path: string): Promise<number> {
  return ((await jsonIn<{ status: number }>(page, path)) as { status: number }).status
}

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle')
  if (takeShots) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true })
}

/** The participant's balance in the site header, signed in by code. */
async function siteBalance(context: BrowserContext): Promise<number> {
  const page = await context.newPage()
  await page.goto(`${server.url}/`)
  const text = await page.locator('.greeting__points').first().innerText()
  await page.close()
  return Number(text.replace(/[^\d]/g, ''))
}

describe('the console in Chromium', () => {
  it('the demo admin sees the dashboard, finds a participant with Ctrl+K and adds 50 points the site then shows', async () => {
    // The participant signs in on the site first and sees their balance.
    const member = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const site = await member.newPage()
    await site.goto(`${server.url}/signin`)
    await site.getByLabel(/email/i).fill(MEMBER)
    await site.getByRole('button', { name: 'Continue to get your login code' }).click()
    const mail = await readMail(server.url, MEMBER)
    await site.getByPlaceholder('enter 6-digit code').fill(mail.code!)
    await site.getByRole('button', { name: 'Verify Code' }).click()
    await site.waitForURL(`${server.url}/`)
    await site.close()
    const before = await siteBalance(member)

    const page = await admin.newPage()
    await page.goto(`${server.url}/admin/v2/programs/${demoId}/dashboard`)
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor()
    await page.getByText('Users Growth').waitFor()
    await page.locator('.recharts-line').first().waitFor()
    await page.getByText('Top Users All Time').waitFor()
    await page.getByText('Top Users From Last 30 days').waitFor()

    await page.keyboard.press('Control+k')
    await page.getByRole('dialog').getByRole('combobox').fill('maya.thompson1')
    await page.getByRole('option', { name: /maya\.thompson1@example\.com/i }).click()
    await page.waitForURL(/\/users\/\d+/)

    await page.getByRole('button', { name: 'Tools' }).click()
    await page.getByRole('menuitem', { name: 'Add points' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Points').fill('50')
    await dialog.getByLabel('Action title').fill('Console bonus')
    await dialog.getByRole('button', { name: /add points/i }).click()
    await page.getByText('Points Added').waitFor()
    expect(await siteBalance(member)).toBe(before + 50)
    await member.close()
    await page.close()
  })

  it('loads the chart library only with a screen that draws a chart', () => {
    // What every console page fetches and runs before its first screen: the entry script, the chunks
    // the page preloads, and every chunk those import statically, read from the build.
    const dir = join(ROOT, 'dist/public/admin/v2')
    const html = readFileSync(join(dir, 'index.html'), 'utf8')
    const queue = [...html.matchAll(/(?:src|href)="\/admin\/v2\/(assets\/[\w.-]+\.js)"/g)].map((m) => m[1])
    const loaded = new Set<string>()
    for (let file = queue.pop(); file; file = queue.pop()) {
      if (loaded.has(file)) continue
      loaded.add(file)
      for (const m of readFileSync(join(dir, file), 'utf8').matchAll(/(?:^|[;}])import\s*(?:[\w{},\s$*]+from\s*)?["']\.\/([\w.-]+\.js)["']/g)) queue.push(`assets/${m[1]}`)
    }
    expect([...loaded].some((f) => /\/index-[\w-]+\.js$/.test(f))).toBe(true)
    // recharts and d3 (the charts chunk, 440 KB) come with the dashboard's Users Growth and the economics screens only.
    expect([...loaded].filter((f) => /\/charts-/.test(f) || readFileSync(join(dir, f), 'utf8').includes('recharts-surface'))).toEqual([])
  })

  it('imports a CSV with one bad line and shows the report; exports the list as a CSV', async () => {
    const page = await admin.newPage()
    await page.goto(`${server.url}/admin/v2/programs/${demoId}/users`)
    await page.getByRole('heading', { name: 'Participants', level: 1 }).waitFor()

    const file = join(ROOT, '.tmp', 'e2e-import.csv')
    mkdirSync(join(ROOT, '.tmp'), { recursive: true })
    writeFileSync(file, 'email,first_name,last_name,points,tags\nnew.one@example.com,New,One,25,vip\nnot-an-email,Bad,Line,10,\nnew.two@example.com,New,Two,5,\n')
    await page.getByRole('button', { name: 'Import User Data' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.locator('input[type="file"]').setInputFiles(file)
    await dialog.getByRole('button', { name: /^import/i }).click()
    await dialog.getByText(/Finished · 3 of 3 lines/).waitFor({ timeout: 30_000 })
    const row = dialog.getByRole('row', { name: /is not a valid e-mail address/ })
    await expect(row.getByRole('cell').first().innerText()).resolves.toBe('3')
    await expect(row.getByRole('cell').nth(1).innerText()).resolves.toBe('email')
    await expect(dialog.getByText('Imported').locator('..').innerText()).resolves.toMatch(/Imported\s+2/)
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: 'Export Table' }).click()
    const exportDialog = page.getByRole('dialog')
    const [download] = await Promise.all([page.waitForEvent('download'), exportDialog.getByRole('button', { name: /^export/i }).click()])
    expect(download.suggestedFilename()).toBe('participants.csv')
    const csv = await downloadText(download)
    expect(csv.split('\n')[0]).toMatch(/email/i)
    expect(csv).toContain('new.one@example.com')
    expect(csv).not.toContain('@tessera.dev')
    await page.close()
  })

  it('switches to Spanish: the console and <html lang> follow, and back', async () => {
    const page = await admin.newPage()
    await page.goto(`${server.url}/admin/v2/programs/${demoId}/dashboard`)
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor()
    expect(await page.getAttribute('html', 'lang')).toBe('en')
    expect((await jsonIn<{ status: number }>(page, '/admin/v2/me', { method: 'PUT', body: { preferred_locale: 'es' } })).status).toBe(200)
    await page.reload()
    await page.getByRole('heading', { name: 'Panel', level: 1 }).waitFor()
    expect(await page.getAttribute('html', 'lang')).toBe('es')
    await shoot(page, 'console-dashboard-es-1280')
    expect((await jsonIn<{ status: number }>(page, '/admin/v2/me', { method: 'PUT', body: { preferred_locale: 'en' } })).status).toBe(200)
    await page.close()
  })

  it('a manager gets the access-denied dialog on organization features and every call on Links is refused', async () => {
    // Refusals are the point here: the Links program's calls answer 403 (or 404).
    expectBrowserProblems(/HTTP 40[34]: GET .*\/admin\/v2\/programs\/\d+\//, /status of 40[34] .*\/admin\/v2\/programs\//)
    const manager = await signInAdmin('manager@tessera.dev')
    const page = await manager.newPage()
    await page.goto(`${server.url}/admin/v2/organization/features`)
    await page.getByText('You are not allowed to access this page').waitFor()
    const paths = [
      `/admin/v2/programs/${linksId}/dashboard/program_performance_metrics`,
      `/admin/v2/programs/${linksId}/dashboard/users_growth`,
      `/admin/v2/programs/${linksId}/dashboard/latest_actions`,
      `/admin/v2/programs/${linksId}/participants`,
      `/admin/v2/programs/${linksId}/search?q=a`,
    ]
    for (const path of paths) expect([403, 404], path).toContain(await statusIn(page, path))
    expect(await statusIn(page, `/admin/v2/programs/${demoId}/participants`)).toBe(200)
    await manager.close()
  })

  it('the receipts reviewer lands on receipts', async () => {
    const reviewer = await signInAdmin('receipts@tessera.dev')
    const page = await reviewer.newPage()
    await page.goto(`${server.url}/admin/v2`)
    await page.waitForURL(/\/programs\/\d+\/receipts/)
    await reviewer.close()
  })

  for (const width of [1280, 390] as const) {
    it(`passes axe on the dashboard, participants, a participant and organization pages, with screenshots @${width}px`, async () => {
      const context = width === 1280 ? admin : await signInAdmin('admin@tessera.dev', width)
      const page = await context.newPage()
      await page.setViewportSize({ width, height: 900 })
      const member = (await jsonIn<{ data: { id: number }[] }>(page, `/admin/v2/programs/${demoId}/participants?q=maya.thompson1`)).data[0]!.id
      const screens: [string, string, string][] = [
        ['dashboard', `/admin/v2/programs/${demoId}/dashboard`, 'Users Growth'],
        ['dashboard-actions', `/admin/v2/programs/${demoId}/dashboard/actions`, 'Export Table'],
        ['participants', `/admin/v2/programs/${demoId}/users`, 'Import User Data'],
        ['participant', `/admin/v2/programs/${demoId}/users/${member}`, 'Tools'],
        ['organization-programs', '/admin/v2/organization/programs', 'Tessera Links'],
        ['organization-admins', '/admin/v2/organization/admins', 'manager@tessera.dev'],
        ['organization-features', '/admin/v2/organization/features', 'Add feature'],
      ]
      // Each screen at both widths locally; under CI at the width axeWidthsFor gives it (and no screenshots).
      for (const [name, path, text] of screens.filter(([name]) => takeShots || axeWidthsFor(name).includes(width))) {
        await page.goto(`${server.url}${path}`)
        await page.getByText(text).first().waitFor()
        if (axeWidthsFor(name).includes(width)) await audit(page, `${name} @${width}`)
        await shoot(page, `console-${name}-${width}`)
      }
      await page.close()
      if (context !== admin) await context.close()
    })
  }
})
