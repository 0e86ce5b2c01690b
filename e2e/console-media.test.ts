import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { and, asc, eq } from 'drizzle-orm'
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openLibsql } from '../worker/src/db/node'
import { challenges, programAttachments } from '../worker/src/db/schema'
import { makePng } from '../worker/src/features/media/media-fixtures'
import { readMail, startNodeServer } from './harness'
import { screenShooter, startConsoleWorld, stopConsoleWorld } from './console-audit'

// Issue 15, Media library (Chromium, Node + libSQL and the local file store on our own directory):
// the empty library, an upload, its alt text edited ('Attachment updated successfully.'), the file
// picked as a challenge's image in the wizard through MediaField, and the participant site showing
// that image from /media/. axe-core on the library, the edit dialog and the picker at 1280 and 390.
const MEMBER = 'maya.thompson1@example.com'
const ALT = 'A terracotta latte swatch'

let dir: string
let server: Awaited<ReturnType<typeof startNodeServer>>
let db: Awaited<ReturnType<typeof openLibsql>>['db']
let browser: Browser
let admin: BrowserContext
let demoId: number

beforeAll(async () => {
  ;({ dir, server, browser, db, demoId, admin } = await startConsoleWorld('media', (d) => ({ TESSERA_FILES_DIR: join(d, 'files') })))
}, 120_000)
afterAll(() => stopConsoleWorld({ browser, server, dir }))

const shootBoth = screenShooter('console-media')

describe('console media library in Chromium', () => {
  it('uploads an image, edits its alt text, picks it as a challenge image and shows it on the participant site', async () => {
    // A retry starts from the empty library again (the first attempt's upload is still there).
    await db.delete(programAttachments).where(eq(programAttachments.programId, demoId))
    const page = await admin.newPage()
    await page.goto(`${server.url}/admin/v2/programs/${demoId}/settings/media-library`)
    await page.getByRole('heading', { name: 'Media library', level: 1 }).waitFor()
    await page.getByText('No results, upload a file!').waitFor()
    await shootBoth(page, 'empty')

    // Upload (the button opens the file chooser; the server checks the bytes).
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Upload a file' }).first().click()
    await (await chooser).setFiles({ name: 'latte-swatch.png', mimeType: 'image/png', buffer: Buffer.from(makePng(240, 160, [190, 90, 50])) })
    const edit = page.getByRole('button', { name: 'Edit latte-swatch' })
    await edit.waitFor()
    const [row] = await db.select().from(programAttachments).where(eq(programAttachments.programId, demoId))
    expect(row).toMatchObject({ contentType: 'image/png', width: 240, height: 160, filename: 'latte-swatch.png' })
    const publicUrl = `/media/${demoId}/${row!.storageKey}`
    expect(readdirSync(join(dir, 'files', 'media', String(demoId)))).toContain(row!.storageKey)
    // The thumbnail loads from /media/.
    const thumb = page.locator(`img[src="${publicUrl}"]`).first()
    await thumb.waitFor()
    expect(await thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240)
    await shootBoth(page, 'library')

    // Edit the alt text.
    await edit.click()
    const dialog = page.getByRole('dialog', { name: 'Edit attachment' })
    await dialog.waitFor()
    await dialog.getByLabel('Alt text').fill(ALT)
    await shootBoth(page, 'edit')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Attachment updated successfully.').waitFor()
    await dialog.waitFor({ state: 'hidden' })
    await page.locator(`img[alt="${ALT}"]`).first().waitFor()
    const [edited] = await db.select().from(programAttachments).where(eq(programAttachments.id, row!.id))
    expect(edited!.altText).toBe(ALT)

    // Pick it as a challenge's image in the wizard (an approved, active article of the demo program).
    const [challenge] = await db
      .select({ id: challenges.id, name: challenges.name, identifier: challenges.identifier })
      .from(challenges)
      .where(and(eq(challenges.programId, demoId), eq(challenges.approved, true), eq(challenges.status, 'active'), eq(challenges.challengeType, 'article')))
      .orderBy(asc(challenges.id))
      .limit(1)
    expect(challenge).toBeDefined()
    await page.goto(`${server.url}/admin/v2/programs/${demoId}/challenges/${challenge!.id}/edit`)
    const field = page.getByRole('group', { name: 'Image', exact: true })
    await field.waitFor()
    await field.getByRole('button', { name: /Choose from library|Change/ }).click()
    const picker = page.getByRole('dialog', { name: 'Choose a file: Image' })
    await picker.getByRole('button', { name: 'Select latte-swatch' }).waitFor()
    await shootBoth(page, 'picker')
    await picker.getByRole('button', { name: 'Select latte-swatch' }).click()
    await picker.waitFor({ state: 'hidden' })
    await field.locator(`img[src="${publicUrl}"]`).waitFor()
    await page.getByRole('button', { name: 'Save' }).click()
    // The detail page once saved (exact: the edit page's heading "Edit challenge: <name>" holds the name too).
    await page.waitForURL((url) => !url.pathname.endsWith('/edit'))
    await page.getByRole('heading', { name: challenge!.name, level: 1, exact: true }).waitFor()
    const [saved] = await db.select({ image: challenges.image }).from(challenges).where(eq(challenges.id, challenge!.id))
    expect(saved!.image).toBe(publicUrl)
    await page.close()

    // The participant site shows it on the next request.
    const member = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const site = await member.newPage()
    await site.goto(`${server.url}/signin`)
    await site.getByLabel(/email/i).fill(MEMBER)
    await site.getByRole('button', { name: 'Continue to get your login code' }).click()
    const mail = await readMail(server.url, MEMBER)
    await site.getByPlaceholder('enter 6-digit code').fill(mail.code!)
    await site.getByRole('button', { name: 'Verify Code' }).click()
    await site.waitForURL(`${server.url}/`)
    await site.goto(`${server.url}/challenge/${encodeURIComponent(challenge!.identifier)}`)
    await site.getByRole('heading', { name: challenge!.name, level: 1 }).waitFor()
    const image = site.locator(`img[src$="${publicUrl}"]`).first()
    await image.waitFor()
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240)
    await member.close()
  })
})
