import { and, asc, eq } from 'drizzle-orm'
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openLibsql } from '../worker/src/db/node'
import { challenges } from '../worker/src/db/schema'
import { startNodeServer } from './harness'
import { screenShooter, startConsoleWorld, stopConsoleWorld } from './console-audit'

// Issue 14, Tags in the console (Chromium, Node + libSQL on our own database): create a content tag
// through the form (reached from the Settings menu), tag a challenge from its detail page, and see the
// challenge linked in the tag's detail and counted in the list; an admin tag of the same name lists
// the challenge under its kind and reads 'No participants are using this tag.'. axe-core on the list,
// the form and the details; screenshots at 1280 and 390.
const TAG = 'E2E roast'

let dir: string
let server: Awaited<ReturnType<typeof startNodeServer>>
let db: Awaited<ReturnType<typeof openLibsql>>['db']
let browser: Browser
let admin: BrowserContext
let demoId: number

beforeAll(async () => {
  ;({ dir, server, browser, db, demoId, admin } = await startConsoleWorld('tags'))
}, 120_000)
afterAll(() => stopConsoleWorld({ browser, server, dir }))

const shootBoth = screenShooter('console-tags')

describe('console tags in Chromium', () => {
  it('creates a content tag, tags a challenge from its detail, and sees it linked in the tag detail', async () => {
    const [challenge] = await db
      .select({ id: challenges.id, name: challenges.name })
      .from(challenges)
      .where(and(eq(challenges.programId, demoId), eq(challenges.approved, true)))
      .orderBy(asc(challenges.id))
      .limit(1)
    const page = await admin.newPage()

    // The Settings menu leads to the program's content tags.
    await page.goto(`${server.url}/admin/v2/programs/${demoId}/dashboard`)
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('menuitem', { name: 'Content tags' }).click()
    await page.waitForURL(/\/settings\/content-tags$/)
    await page.getByRole('heading', { name: 'Content tags', level: 1 }).waitFor()

    await page.getByRole('link', { name: 'New content tag' }).click()
    await page.getByRole('heading', { name: 'New content tag' }).waitFor()
    await page.getByLabel('Name', { exact: true }).fill(TAG)
    await shootBoth(page, 'form')
    await page.getByRole('button', { name: 'Create' }).click()
    await page.waitForURL(/\/settings\/content-tags\/\d+$/)
    const tagUrl = page.url()
    await page.getByRole('heading', { name: TAG, level: 1 }).waitFor()
    await page.getByText('No challenges are using this tag.').waitFor()

    // Tag the challenge from its detail page (challenges manage).
    await page.goto(`${server.url}/admin/v2/programs/${demoId}/challenges/${challenge!.id}`)
    await page.getByRole('textbox', { name: 'Add or remove tag' }).fill(TAG)
    await page.getByRole('button', { name: 'Add or remove tag' }).click()
    await page.getByRole('button', { name: `Remove ${TAG}` }).waitFor()

    // The tag's detail lists it, linked to the challenge's console page.
    await page.goto(tagUrl)
    await page.getByRole('heading', { name: TAG, level: 1 }).waitFor()
    const link = page.getByRole('list', { name: 'Challenges' }).getByRole('link', { name: challenge!.name })
    await link.waitFor()
    expect(await link.getAttribute('href')).toBe(`/admin/v2/programs/${demoId}/challenges/${challenge!.id}`)
    await page.getByText('No rewards are using this tag.').waitFor()
    await shootBoth(page, 'detail')
    await link.click()
    await page.waitForURL(new RegExp(`/challenges/${challenge!.id}$`))

    // The list counts it.
    await page.goto(`${server.url}/admin/v2/programs/${demoId}/settings/content-tags`)
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: TAG }) })
    await row.waitFor()
    expect(await row.getByRole('cell').allInnerTexts()).toEqual([TAG, 'Active', expect.any(String), '1', '0'])
    await shootBoth(page, 'list')

    // An admin tag of the same name: the challenge under its kind, no participants.
    await page.getByRole('tab', { name: 'Admin tags' }).click()
    await page.getByRole('heading', { name: 'Admin tags', level: 1 }).waitFor()
    await page.getByRole('link', { name: 'New admin tag' }).click()
    await page.getByLabel('Name', { exact: true }).fill(TAG)
    await page.getByRole('button', { name: 'Create' }).click()
    await page.waitForURL(/\/settings\/tags\/\d+$/)
    await page.getByRole('list', { name: 'Challenges' }).getByRole('link', { name: challenge!.name }).waitFor()
    await page.getByText('No participants are using this tag.').waitFor()
    await shootBoth(page, 'admin-detail')
    await page.close()
  }, 180_000)
})
