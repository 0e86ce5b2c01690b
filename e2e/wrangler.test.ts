import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { launchBrowser, newPage, readMail, signInConsole, startWrangler } from './harness'
import { type BrandingWorld, saveCustomCss, savePrimaryColour, startPartner } from './branding-demo-flows'
import { accountOnSite, referralLinkOnSite, signUpOnSite } from './participant-site'

let server: Awaited<ReturnType<typeof startWrangler>>
let browser: Browser

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startWrangler(), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

// Beyond the pages' own answers (e2e/setup.ts): what wrangler printed during each test holds no error
// and no 500 (a stack trace the app logged, or wrangler's request log line). Checked once the test and
// its afterEach hooks are done (onTestFinished: a failure here skips no other hook), on the output
// since the test started, after it stopped growing (wrangler prints a request's lines a moment later).
beforeEach((context) => {
  const mark = server.output().length
  context.onTestFinished(async () => {
    let seen = -1
    for (let waited = 0; waited < 5000 && seen !== server.output().length; waited += 300) {
      seen = server.output().length
      await new Promise((r) => setTimeout(r, 300))
    }
    const bad = server
      .output()
      .slice(mark)
      .split('\n')
      .filter((line) => /Error| 500 /.test(line))
    expect(bad, 'errors and 500s in the wrangler dev output').toEqual([])
  })
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

/**
 * Waits for `success` on the page, or fails at once with what the page said instead (`failure`, a
 * toast's title): a 500 shows its message in a toast, and waiting 30 s for a success text that cannot
 * come says nothing.
 */
async function outcome(page: Page, success: Locator, failure: Locator) {
  const seen = await Promise.race([success.waitFor().then(() => true, (err: Error) => err), failure.first().waitFor().then(() => false, (err: Error) => err)])
  if (seen instanceof Error) throw seen
  if (!seen) {
    const toast = page.locator('[data-sonner-toast]').filter({ has: failure })
    throw new Error(`The console says: ${(await toast.first().innerText()).replace(/\s+/g, ' ').trim()}`)
  }
}

/**
 * Issue 23: the referral and tag flows on the runtime the product ships on (workerd + local D1), where
 * raw SQL statements in a D1 batch once answered 500. A friend signs up through the referrer's link and
 * the referrer is credited once; two held referrals are decided in the console (approved: credited
 * once; rejected: nothing); an admin tag is renamed and the participant holding it shows the new name.
 * Issue 25: the demo's branding saves there too, and reaches the site and a partner's widgets.
 */
describe('referrals, tags and branding on wrangler dev (D1 in workerd)', () => {
  let admin: BrowserContext
  let programPath: string
  let partner: Awaited<ReturnType<typeof startPartner>> | undefined

  beforeAll(async () => {
    admin = await signInConsole(browser, server.url, 'admin@tessera.dev')
    // The demo program's console path, from where the console lands.
    const page = await admin.newPage()
    await page.goto(`${server.url}/admin/v2`)
    await page.waitForURL(/\/admin\/v2\/programs\/\d+\//)
    programPath = new URL(page.url()).pathname.match(/^\/admin\/v2\/programs\/\d+/)![0]
    await page.close()
    partner = await startPartner(server.url)
  })
  afterAll(async () => {
    await admin?.close()
    await partner?.close()
  })
  const world = (): BrandingWorld => ({ browser, admin, baseUrl: server.url, programPath, partnerUrl: partner!.url })

  /** A participant who signs up on the site (from `url`) in a context of their own, kept open and signed in. */
  async function participant(email: string, firstName: string, url = `${server.url}/signin`) {
    const { context, page } = await newPage(browser, 390)
    await page.goto(url)
    await signUpOnSite(page, server.url, email, firstName)
    return { context, page }
  }

  it('a friend signs up through the referral link from the site, and the referrer is credited once', async () => {
    const local = `wr.referrer${Date.now()}`
    const referrer = await participant(`${local}@example.com`, 'Rita')
    const link = await referralLinkOnSite(referrer.page, server.url)
    expect(link).toMatch(/\/signin\?referral_code=\w+$/)
    const before = await accountOnSite(referrer.page, server.url)
    expect(before.referrals).toEqual([])

    // The friend, on another network than the referrer (Cloudflare sets CF-Connecting-IP per client;
    // wrangler dev keeps the one a request carries): a sign-up from the referrer's own address is held.
    const friend = await browser.newContext({ viewport: { width: 390, height: 900 }, extraHTTPHeaders: { 'CF-Connecting-IP': '203.0.113.23' } })
    const page = await friend.newPage()
    // Not until `load`: on a loaded machine the landing once took over 30 s to reach its load event on
    // wrangler dev; the invitation's status below is what the step needs.
    await page.goto(link, { waitUntil: 'domcontentloaded' })
    await page.getByRole('status').filter({ hasText: 'Rita invited you' }).waitFor()
    await signUpOnSite(page, server.url, `wr.friend${Date.now()}@example.com`, 'Fred')
    await page.getByText(/Fred/).first().waitFor()
    await friend.close()

    const after = await accountOnSite(referrer.page, server.url)
    expect(after.referrals).toHaveLength(1)
    expect(after.referrals[0]).toBeGreaterThan(0)
    expect(after.balance).toBe(before.balance + after.referrals[0]!)
    await referrer.context.close()
  })

  it('approves one held referral and rejects another in the console; only the approved one credits, once', async () => {
    const local = `wr.held${Date.now()}`
    const referrer = await participant(`${local}@example.com`, 'Hana')
    const link = await referralLinkOnSite(referrer.page, server.url)
    const before = await accountOnSite(referrer.page, server.url)
    // Two friends with plus-tag variants of the referrer's address: held for review (same address).
    const approvedEmail = `${local}+yes@example.com`
    const rejectedEmail = `${local}+no@example.com`
    for (const [email, name] of [
      [approvedEmail, 'Yara'],
      [rejectedEmail, 'Nico'],
    ] as const) {
      const friend = await participant(email, name, link)
      await friend.context.close()
    }
    expect((await accountOnSite(referrer.page, server.url)).referrals).toEqual([])

    const page = await admin.newPage()
    await page.goto(`${server.url}${programPath}/dashboard`)
    await page.getByRole('link', { name: 'Referrals' }).first().click()
    await page.getByRole('heading', { name: 'Referrals', level: 1 }).waitFor()

    /** Opens the held referral of `email` from the list and decides it. */
    async function decide(email: string, button: 'Approve' | 'Reject', done: string) {
      await page.goto(`${server.url}${programPath}/referrals`)
      const row = page.getByRole('row').filter({ hasText: email })
      await row.getByText('Pending').waitFor()
      await row.getByText('Same e-mail as the referrer').waitFor()
      await row.getByRole('link', { name: /^Referral #\d+$/ }).click()
      await page.getByRole('heading', { name: /^Referral #\d+$/, level: 1 }).waitFor()
      await page.getByLabel('Comments').fill(`${done} by the e2e flow on wrangler dev.`)
      await page.getByRole('button', { name: button }).click()
      await outcome(page, page.getByText(`Referral ${done}`), page.getByText('Failed to update referral'))
      await page.getByText(`This referral was ${done}; it can no longer change.`).waitFor()
    }

    await decide(approvedEmail, 'Approve', 'approved')
    const approved = await accountOnSite(referrer.page, server.url)
    expect(approved.referrals).toHaveLength(1)
    expect(approved.balance).toBe(before.balance + approved.referrals[0]!)

    await decide(rejectedEmail, 'Reject', 'rejected')
    expect(await accountOnSite(referrer.page, server.url)).toEqual(approved)

    // The list shows both decisions.
    await page.goto(`${server.url}${programPath}/referrals`)
    await page.getByRole('row').filter({ hasText: approvedEmail }).getByText('Approved').waitFor()
    await page.getByRole('row').filter({ hasText: rejectedEmail }).getByText('Rejected').waitFor()
    await page.close()
    await referrer.context.close()
  })

  it('renames an admin tag, and the participant holding it shows the new name', async () => {
    const stamp = Date.now()
    const oldName = `E2E VIP ${stamp}`
    const newName = `E2E Regular ${stamp}`
    const page = await admin.newPage()

    // An admin tag, created from the Settings menu's tags.
    await page.goto(`${server.url}${programPath}/dashboard`)
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('menuitem', { name: 'Content tags' }).click()
    await page.getByRole('tab', { name: 'Admin tags' }).click()
    await page.getByRole('heading', { name: 'Admin tags', level: 1 }).waitFor()
    await page.getByRole('link', { name: 'New admin tag' }).click()
    await page.getByLabel('Name', { exact: true }).fill(oldName)
    await page.getByRole('button', { name: 'Create' }).click()
    await page.getByRole('heading', { name: oldName, level: 1 }).waitFor()
    const tagUrl = page.url()

    // A demo participant gets it, from their page in the participants list.
    await page.goto(`${server.url}${programPath}/users`)
    await page.getByPlaceholder('Search by name or e-mail…').fill('maya.thompson1@example.com')
    await page.getByRole('link', { name: 'Maya Thompson' }).click()
    await page.getByRole('textbox', { name: 'Add a tag…' }).fill(oldName)
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    const tags = page.getByRole('list', { name: 'Tags' })
    await tags.getByText(oldName).waitFor()
    const participantUrl = page.url()

    // Renamed from the tag's page.
    await page.goto(tagUrl)
    await page.getByRole('list', { name: 'Participants' }).getByRole('link', { name: /Maya Thompson/ }).waitFor()
    await page.getByRole('link', { name: 'Edit' }).click()
    await page.getByLabel('Name', { exact: true }).fill(newName)
    await page.getByRole('button', { name: 'Save changes' }).click()
    await outcome(page, page.getByRole('heading', { name: newName, level: 1 }), page.getByText('Error!!!'))

    // The participant shows the new name, not the old one.
    await page.goto(participantUrl)
    await tags.getByText(newName).waitFor()
    expect(await tags.getByText(oldName).count()).toBe(0)
    await page.close()
  })
  it('saves a new primary colour on the demo program; the participant site and a partner’s widgets show it', () => savePrimaryColour(world()), 150_000)

  it('saves custom CSS on the demo program: only its safe rules reach the site and the widgets', () => saveCustomCss(world()), 150_000)
})
