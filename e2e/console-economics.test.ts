import { eq } from 'drizzle-orm'
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openLibsql } from '../worker/src/db/node'
import { programs } from '../worker/src/db/schema'
import { screenShooter, startConsoleWorld, stopConsoleWorld } from './console-audit'
import { downloadText, startNodeServer } from './harness'

// Issue 27, Dashboard > Economics in the console (Chromium, Node + libSQL on our own database): the
// demo program's cards (first without a point value: the points and a link to Settings > General;
// then valued in USD), the earn/burn and forecast charts with their tables, the cohort grid; a period
// typed by hand and a preset, both in the URL; an Export CSV link followed (200, text/csv) and
// downloaded. axe-core at 1280 and 390 with no serious issue, no sideways scroll of the page at 390
// (wide tables scroll inside their card); screenshots in docs/screenshots.

let dir: string
let server: Awaited<ReturnType<typeof startNodeServer>>
let db: Awaited<ReturnType<typeof openLibsql>>['db']
let browser: Browser
let admin: BrowserContext
let demoId: number

beforeAll(async () => {
  ;({ dir, server, browser, db, demoId, admin } = await startConsoleWorld('economics'))
}, 120_000)
afterAll(() => stopConsoleWorld({ browser, server, dir }))

const shootBoth = screenShooter('console-economics', { noOverflow: true })

describe('console economics in Chromium', () => {
  it('shows the cards, charts and cohort grid, changes the period, and exports a table as CSV', async () => {
    const page = await admin.newPage()

    // The Economics tab of the dashboard.
    await page.goto(`${server.url}/admin/v2/programs/${demoId}/dashboard`)
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor()
    await page.getByRole('tab', { name: 'Economics' }).click()
    await page.waitForURL(/\/dashboard\/economics$/)

    // The cards: the demo program has no point value yet, so its points and where to set one.
    const liability = page.locator('article').filter({ has: page.getByRole('heading', { name: 'Liability', level: 3 }) })
    await liability.waitFor()
    await liability.getByText(/points outstanding$/).waitFor()
    const setValue = liability.getByRole('link', { name: 'Set a point value in Settings > General' })
    expect(await setValue.getAttribute('href')).toBe(`/admin/v2/programs/${demoId}/settings/general`)
    for (const name of ['Redemption rate', 'Breakage rate']) {
      const card = page.locator('article').filter({ has: page.getByRole('heading', { name, level: 3 }) })
      expect(await card.innerText()).toMatch(/\d+(\.\d)?%|—/)
      await card.getByText(/^This period: /).waitFor()
    }

    // The charts (drawn) and their tables (the numbers as text), the cohort grid.
    for (const name of ['Earn and burn by source', 'Liability forecast', 'Retention by join month', 'Participation', 'Tiers']) {
      await page.getByRole('heading', { name, level: 2 }).waitFor()
    }
    const earnBurn = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Earn and burn by source', level: 2 }) })
    const forecast = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Liability forecast', level: 2 }) })
    await earnBurn.locator('svg.recharts-surface').first().waitFor()
    await forecast.locator('svg.recharts-surface').first().waitFor()
    await page.getByRole('table', { name: 'Earn and burn by source for the period' }).waitFor()
    const forecastTable = page.getByRole('table', { name: 'Liability forecast by month' })
    expect(await forecastTable.locator('tbody tr').count()).toBe(12)
    const grid = page.getByRole('table', { name: 'Retention cohorts' })
    await grid.waitFor()
    expect(await grid.getByRole('columnheader').first().innerText()).toMatch(/join month/i)
    expect(await grid.getByRole('rowheader').count()).toBeGreaterThan(0)
    expect(await grid.locator('td[class*="economics-shade-"]').first().innerText()).toMatch(/%|—/)
    await page.getByRole('table', { name: 'Members per tier' }).waitFor()
    await shootBoth(page, 'unvalued')

    // With a point value (settings, general), the liability is money in its currency.
    await db.update(programs).set({ pointValueMicros: 10_000, pointValueCurrency: 'USD' }).where(eq(programs.id, demoId))
    await page.reload()
    await liability.getByText(/^\$[\d,]+\.\d{2}$/).waitFor()
    await liability.getByText(/points outstanding at \$0\.01 a point$/).waitFor()

    // A period typed by hand goes into the URL, and the report is asked for it.
    const period = page.getByRole('form', { name: 'Report period' })
    await period.getByLabel('From').fill('2025-01-01')
    await period.getByLabel('To').fill('2025-12-31')
    const asked = page.waitForResponse((r) => r.url().includes(`/programs/${demoId}/economics?from=2025-01-01&to=2025-12-31`) && r.status() === 200)
    await period.getByRole('button', { name: 'Apply' }).click()
    await asked
    await page.waitForURL(/\/dashboard\/economics\?from=2025-01-01&to=2025-12-31$/)
    await page.getByText(/^Showing Jan 1, 2025 to Dec 31, 2025\.$/).waitFor()
    await page.getByRole('table', { name: 'Earn and burn by source for the period' }).waitFor()

    // A preset applies at once.
    const year = new Date().getUTCFullYear()
    await period.getByRole('combobox', { name: 'Period' }).click()
    await page.getByRole('option', { name: 'This year', exact: true }).click()
    await page.waitForURL(new RegExp(`\\?from=${year}-01-01&to=\\d{4}-\\d{2}-\\d{2}$`))
    await liability.waitFor()

    // Export CSV: the block's .csv route for the period shown, a CSV the browser downloads.
    const link = page.getByRole('link', { name: 'Export CSV of retention by join month' })
    const href = await link.getAttribute('href')
    expect(href).toMatch(new RegExp(`^/admin/v2/programs/${demoId}/economics/retention\\.csv\\?from=${year}-01-01&to=`))
    const res = await page.request.get(`${server.url}${href}`)
    expect(res.status()).toBe(200)
    expect(res.headers()['content-type']).toMatch(/^text\/csv/)
    expect((await res.text()).split('\r\n')[0]).toBe('\uFEFFcohort,size,offset,month,active,rate')
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
    expect(download.suggestedFilename()).toMatch(new RegExp(`^economics-retention-demo-${year}-01-01-\\d{4}-\\d{2}-\\d{2}\\.csv$`))
    expect((await downloadText(download)).startsWith('\uFEFFcohort,size,offset,month,active,rate')).toBe(true)

    const tiersCsv = await page.request.get(`${server.url}${await page.getByRole('link', { name: 'Export CSV of tiers' }).getAttribute('href')}`)
    expect(tiersCsv.status()).toBe(200)
    expect(tiersCsv.headers()['content-type']).toMatch(/^text\/csv/)

    // The earn/burn months' table opens; axe and screenshots with the valued cards and a period.
    await page.getByText('Figures by month').click()
    await page.getByRole('table', { name: 'Earn and burn by source and month' }).waitFor()
    await shootBoth(page, 'valued')
    await page.close()
  }, 180_000)
})
