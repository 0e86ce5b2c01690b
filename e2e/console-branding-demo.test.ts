import { eq } from 'drizzle-orm'
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { openLibsql } from '../worker/src/db/node'
import { programTemplateDetails } from '../worker/src/db/schema'
import type { startNodeServer } from './harness'
import { startConsoleWorld, stopConsoleWorld } from './console-audit'

// Issue 25: the demo as seeded (nothing patched in), as a new operator tries it: sign in as
// admin@tessera.dev, Settings > Branding, change the primary colour on the Colors section, Save. It
// saves (the seed holds every asset the form requires) and the participant site shows the colour.
// Then, with the overlay image gone, the failed save opens the Assets section at that field.
const NEW_PRIMARY = '#b4235a'

let dir: string
let server: Awaited<ReturnType<typeof startNodeServer>>
let browser: Browser
let db: Awaited<ReturnType<typeof openLibsql>>['db']
let admin: BrowserContext
let demoId: number

beforeAll(async () => {
  ;({ dir, server, browser, db, demoId, admin } = await startConsoleWorld('branding-demo'))
}, 120_000)
afterAll(() => stopConsoleWorld({ browser, server, dir }))

describe('the demo program’s branding, as seeded', () => {
  it('saves a new primary colour from the Colors section, and the participant site shows it', async () => {
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
