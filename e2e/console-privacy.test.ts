import { and, eq } from 'drizzle-orm'
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { openLibsql } from '../worker/src/db/node'
import { participants } from '../worker/src/db/schema'
import { startConsoleWorld, stopConsoleWorld } from './console-audit'
import { downloadText, type startNodeServer } from './harness'

// Issue 28 in the console: a participant's tools export their data as the JSON file they could download
// themselves, and "Delete participant" erases their personal data while their points stay in the books.
const EMAIL = 'maya.thompson1@example.com'

let dir: string
let server: Awaited<ReturnType<typeof startNodeServer>>
let browser: Browser
let db: Awaited<ReturnType<typeof openLibsql>>['db']
let admin: BrowserContext
let demoId: number

beforeAll(async () => {
  ;({ dir, server, browser, db, demoId, admin } = await startConsoleWorld('privacy'))
}, 120_000)
afterAll(async () => {
  await stopConsoleWorld({ browser, server, dir })
})

describe('a participant’s data in the console (users manage)', () => {
  it('exports the participant’s data as one JSON file, then erases them: the e-mail is gone, the points stay', async () => {
    const [before] = await db.select().from(participants).where(and(eq(participants.programId, demoId), eq(participants.email, EMAIL)))
    const page = await admin.newPage()
    await page.goto(`${server.url}/admin/v2/programs/${demoId}/users/${before!.id}`)
    await page.getByRole('button', { name: 'Tools' }).click()
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Export data' }).click()])
    await page.getByText('Participant data downloaded').waitFor()
    expect(download.suggestedFilename()).toBe(`demo-participant-${before!.id}-data.json`)
    const file = JSON.parse(await downloadText(download)) as { format: string; profile: { id: number; email: string; points_balance: number }; ledger: unknown[] }
    expect(file.format).toBe('tessera.participant_export.v1')
    expect(file.profile).toMatchObject({ id: before!.id, email: EMAIL, points_balance: before!.unusedPoints })
    expect(file.ledger.length).toBeGreaterThan(0)

    await page.getByRole('button', { name: 'Tools' }).click()
    await page.getByRole('menuitem', { name: 'Delete participant' }).click()
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'))
    await dialog.getByText('Their personal data is erased for good').waitFor()
    await dialog.getByRole('button', { name: 'Delete participant' }).click()
    await page.getByText('Participant deleted').waitFor()
    await page.waitForURL(/\/users$/)

    const [after] = await db.select().from(participants).where(eq(participants.id, before!.id))
    expect(after!.email).not.toContain('maya')
    expect(after!.firstName).not.toBe(before!.firstName)
    expect(after!.erasedAt).not.toBeNull()
    expect({ balance: after!.unusedPoints, lifetime: after!.points }).toEqual({ balance: before!.unusedPoints, lifetime: before!.points })
    // (The same person in another program is that program's participant, untouched.)
    expect(await db.select().from(participants).where(and(eq(participants.programId, demoId), eq(participants.email, EMAIL)))).toEqual([])
    await page.close()
  })
})
