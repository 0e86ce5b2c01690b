import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { launchBrowser, newPage, readMail, startWrangler } from './harness'

let server: Awaited<ReturnType<typeof startWrangler>>
let browser: Browser

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startWrangler(), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

/** The npm start path: wrangler dev with local D1 and Queues, the built site from [assets]. */
describe('participant sign-up on wrangler dev (D1 + Queues in workerd)', () => {
  it('signs up in Chromium with the code delivered through the queue to the dev mailbox', async () => {
    const { context, page } = await newPage(browser, 390)
    const email = `wrangler.${Date.now()}@example.com`
    await page.goto(`${server.url}/signin`)
    await page.getByLabel(/email/i).fill(email)
    await page.getByRole('button', { name: 'Continue to get your login code' }).click()
    await page.getByLabel(/first name/i).fill('Wally')
    await page.getByLabel(/last name/i).fill('Worker')
    await page.getByRole('checkbox').check()
    await page.getByRole('button', { name: 'Sign up and earn +100 points' }).click()
    await page.getByText('Hey, Wally!').waitFor()
    const mail = await readMail(server.url, email).catch((err) => {
      throw new Error(`${err.message}\n--- wrangler output ---\n${server.output().slice(-4000)}`)
    })
    await page.getByPlaceholder('enter 6-digit code').fill(mail.code!)
    await page.getByRole('button', { name: 'Verify Code' }).click()
    await page.waitForURL(`${server.url}/`)
    await page.getByText(/Wally/).first().waitFor()
    await context.close()
  })
})
