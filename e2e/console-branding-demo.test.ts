import { eq } from 'drizzle-orm'
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { openLibsql } from '../worker/src/db/node'
import { programTemplateDetails } from '../worker/src/db/schema'
import { type BrandingWorld, saveCustomCss, savePrimaryColour, startPartner } from './branding-demo-flows'
import type { startNodeServer } from './harness'
import { startConsoleWorld, stopConsoleWorld } from './console-audit'

// Issue 25: the demo as seeded (nothing patched in), as a new operator tries it: sign in as
// admin@tessera.dev, Settings > Branding, change the primary colour on the Colors section, Save. It
// saves (the seed holds every asset the form requires) and the participant site shows the colour, and
// so do the widgets a partner embeds on its own page (elements and iframe). Then custom CSS saved on
// the CSS section: its safe rules reach the site (and the widgets, scoped to their shadow roots), an
// @import and another site's url() do not (e2e/branding-demo-flows.ts; wrangler.test.ts runs the same
// two flows on wrangler dev). Last, with the overlay image gone, the failed save opens the Assets
// section at that field.

let dir: string
let server: Awaited<ReturnType<typeof startNodeServer>>
let browser: Browser
let db: Awaited<ReturnType<typeof openLibsql>>['db']
let admin: BrowserContext
let demoId: number
let partner: Awaited<ReturnType<typeof startPartner>> | undefined
let world: BrandingWorld

beforeAll(async () => {
  ;({ dir, server, browser, db, demoId, admin } = await startConsoleWorld('branding-demo'))
  partner = await startPartner(server.url)
  world = { browser, admin, baseUrl: server.url, programPath: `/admin/v2/programs/${demoId}`, partnerUrl: partner.url }
}, 120_000)
afterAll(async () => {
  await partner?.close()
  await stopConsoleWorld({ browser, server, dir })
})

describe('the demo program’s branding, as seeded', () => {
  it('saves a new primary colour from the Colors section; the participant site and a partner’s widgets show it', () => savePrimaryColour(world), 60_000)

  it('saves custom CSS: its safe rules reach the participant site and the widgets, an @import and another site’s url() do not', () => saveCustomCss(world), 60_000)

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
