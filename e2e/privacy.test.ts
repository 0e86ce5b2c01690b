import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { downloadText, expectBrowserProblems, launchBrowser, readMail, startNode } from './harness'
import { signUpOnSite } from './participant-site'

// Issue 28 on the participant site: a member downloads their data, then deletes their account, each
// confirmed with a code mailed to them; the same e-mail then signs up again as a new member.

let server: Awaited<ReturnType<typeof startNode>>
let browser: Browser

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startNode(), launchBrowser()])
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

describe('My account > Your data', () => {
  it('downloads the member’s data, deletes the account, and the same e-mail signs up again as someone new', async () => {
    const email = `privacy.${Date.now()}@example.com`
    const context = await browser.newContext({ viewport: { width: 390, height: 900 }, acceptDownloads: true })
    const page = await context.newPage()
    await page.goto(`${server.url}/signin`)
    await signUpOnSite(page, server.url, email, 'Priya')
    const signedUpMail = (await readMail(server.url, email)).id

    await page.goto(`${server.url}/my-account`)
    const panel = page.getByRole('region', { name: 'Your data' })
    await panel.getByText('We e-mail you a code first').first().waitFor()

    // Download my data: a code by mail, then the file.
    await panel.getByRole('button', { name: 'Download my data' }).click()
    await panel.getByRole('status').filter({ hasText: 'Enter it to download your data' }).waitFor()
    const exportMail = await readMail(server.url, email, signedUpMail)
    await panel.getByLabel('Code from the e-mail').fill(exportMail.code!)
    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Download my data' }).click()])
    expect(download.suggestedFilename()).toMatch(/^demo-my-data-\d{4}-\d{2}-\d{2}\.json$/)
    const file = JSON.parse(await downloadText(download)) as { format: string; profile: { id: number; email: string; first_name: string }; ledger: { delta: number }[] }
    expect(file.format).toBe('tessera.participant_export.v1')
    expect(file.profile).toMatchObject({ email, first_name: 'Priya' })
    expect(file.ledger.length).toBeGreaterThan(0)
    await page.getByText('Your data is downloading.').waitFor()

    // Delete my account: a wrong code is refused at the field, the mailed one deletes.
    await panel.getByRole('button', { name: 'Delete my account' }).click()
    await panel.getByRole('status').filter({ hasText: 'Enter it to delete your account' }).waitFor()
    const deleteMail = await readMail(server.url, email, exportMail.id)
    const wrong = deleteMail.code === '000000' ? '111111' : '000000'
    expectBrowserProblems(/HTTP 422: POST .*\/public\/account\/delete/, /status of 422/)
    await panel.getByLabel('Code from the e-mail').fill(wrong)
    await panel.getByRole('button', { name: 'Delete my account' }).click()
    await panel.getByLabel('Code from the e-mail').and(page.locator('[aria-invalid="true"]')).waitFor()
    await panel.getByLabel('Code from the e-mail').fill(deleteMail.code!)
    await panel.getByRole('button', { name: 'Delete my account' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await page.getByText('Your account has been deleted.').waitFor()
    await context.close()

    // The same address is a new person: the sign-up form, not a returning member's code.
    const again = await browser.newContext({ viewport: { width: 390, height: 900 } })
    const fresh = await again.newPage()
    await fresh.goto(`${server.url}/signin`)
    await signUpOnSite(fresh, server.url, email, 'Priya')
    await fresh.goto(`${server.url}/my-account`)
    await fresh.getByText('Priya Tester').first().waitFor()
    await again.close()
  })
})
