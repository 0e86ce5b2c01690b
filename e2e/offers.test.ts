import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, newPage, readMail, startNode, expectBrowserProblems } from './harness'

// Needs the built site (npm run build, or npx vite build -c widgets/vite.config.ts).
let server: Awaited<ReturnType<typeof startNode>>
let browser: Browser

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startNode(), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

const OFFER = 'Free appetizer with two entrées'

async function signUp(page: Page, email: string) {
  await page.goto(`${server.url}/signin`)
  await page.getByLabel(/email/i).fill(email)
  await page.getByRole('button', { name: 'Continue to get your login code' }).click()
  await page.getByLabel(/first name/i).fill('Olivia')
  await page.getByLabel(/last name/i).fill('Offers')
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: /Sign up and earn/ }).click()
  const mail = await readMail(server.url, email)
  await page.getByPlaceholder('enter 6-digit code').fill(mail.code!)
  await page.getByRole('button', { name: 'Verify Code' }).click()
  await page.waitForURL(`${server.url}/`)
}

/** From the location gate to The Silver Fig's page, as a visitor would: zip code, search, card. */
async function findTheSilverFig(page: Page) {
  await page.goto(`${server.url}/my-offers`)
  await page.getByRole('heading', { name: "Let's find the deals, offers & savings near you" }).waitFor()
  await page.getByLabel('Zip code').fill('10001')
  await page.getByRole('button', { name: 'View offers' }).click()
  await page.getByRole('heading', { name: 'Explore Perks and Benefits' }).waitFor()
  await page.getByText(/^You have \d+ Offers from \d+ Merchants near 10001$/).waitFor()
  await page.getByText(/^Showing 1 to 12 of \d+ Merchants$/).waitFor()

  await page.getByLabel('Search by name').fill('Silver Fig')
  await page.getByRole('button', { name: 'Search' }).click()
  await page.getByText('Showing 1 to 1 of 1 Merchant').waitFor()
  await page.getByRole('link', { name: /The Silver Fig/ }).click()
  await page.waitForURL(
    (url) =>
      url.pathname === '/my-offers/the-silver-fig-new-york' &&
      url.searchParams.get('keyword') === 'Silver Fig',
  )
  await page.getByRole('heading', { name: 'The Silver Fig', level: 1 }).waitFor()
}

const redeemButton = (page: Page) => page.getByRole('button', { name: `Redeem now: ${OFFER}` })

describe('merchant offers in Chromium (Node + libSQL)', () => {
  it('a visitor finds a merchant and is asked to join before redeeming', async () => {
    const { context, page } = await newPage(browser, 390)
    await findTheSilverFig(page)
    // The location is saved: /my-offers shows the results straight away.
    expect(await page.evaluate(() => localStorage.getItem('tessera:offers:zip'))).toBe('10001')

    await redeemButton(page).click()
    const dialog = page.getByRole('dialog', { name: 'Premium Access Required' })
    await dialog.waitFor()
    // The counter is the real number of offers near the saved zip code, and says so.
    await dialog.getByText(/offers? near 10001/).waitFor()
    const login = dialog.getByRole('link', { name: 'Log in' })
    // Signing in (or up) comes back to this merchant page.
    const here = new URL(page.url())
    expect(new URL((await login.getAttribute('href'))!, server.url).searchParams.get('redirect_to')).toBe(
      `${here.pathname}${here.search}`,
    )
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })

    // 'change location' forgets the saved location and shows the gate again.
    await page.getByRole('link', { name: 'Back to All Offers' }).click()
    await page.getByRole('button', { name: 'change location' }).click()
    await page.getByRole('button', { name: 'View offers' }).waitFor()
    expect(
      await page.evaluate(() => [
        localStorage.getItem('tessera:offers:zip'),
        localStorage.getItem('tessera:offers:geo'),
      ]),
    ).toEqual([null, null])
    await context.close()
  })

  it('a new participant buys the membership from the premium prompt, redeems a MOBILE offer once', async () => {
    const { context, page } = await newPage(browser, 1280)
    await signUp(page, `offers.${Date.now()}@example.com`)
    await findTheSilverFig(page)
    const merchantUrl = page.url()

    // Signed in but not eligible: the prompt sells the membership and lists the challenges that unlock offers.
    await redeemButton(page).click()
    const prompt = page.getByRole('dialog', { name: 'Premium Access Required' })
    await prompt.waitFor()
    await prompt.getByRole('link', { name: /Members save at 300\+ local spots/ }).waitFor()
    await prompt.getByRole('button', { name: 'Join now' }).click()

    // The built-in test checkout stands in for Stripe's page.
    await page.waitForURL((url) => url.pathname.startsWith('/_checkout/'))
    await page.getByRole('button', { name: 'Pay $29.00' }).click()
    await page.waitForURL(
      (url) => url.pathname === '/challenge/ember-club' && url.searchParams.get('checkout') === 'success',
    )

    // Back on the merchant, now a member: the MOBILE offer gives a voucher.
    await page.goto(merchantUrl)
    await redeemButton(page).click()
    const confirm = page.getByRole('dialog', { name: OFFER })
    await confirm.getByText('calculate any gratuity on the original total, before discounts').waitFor()
    await confirm.getByRole('button', { name: 'Redeem now', exact: true }).click()
    const voucherDialog = page.getByRole('dialog', { name: 'Your discount is ready' })
    await voucherDialog.getByText('Show this screen to receive your discount.').waitFor()
    const voucher = voucherDialog.getByRole('img', {
      name: /^Voucher: Free appetizer with two entrées at The Silver Fig, code /,
    })
    await expect
      .poll(() => voucher.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0)
    await voucherDialog.getByRole('button', { name: 'Done' }).click()
    await voucherDialog.waitFor({ state: 'detached' })

    // Once per offer and year: the second redemption is refused (422).
    expectBrowserProblems(/HTTP 422: POST .*\/offers\/redeem$/, /status of 422 .*\/offers\/redeem$/)
    await redeemButton(page).click()
    await page
      .getByRole('dialog', { name: OFFER })
      .getByRole('button', { name: 'Redeem now', exact: true })
      .click()
    const error = page.getByRole('dialog', {
      name: 'Whoops! Something went wrong while redeeming the offer.',
    })
    await error.getByText('You have already redeemed this offer.').waitFor()
    await error.getByText(/Mobile offers are valid for ten minutes/).waitFor()
    await context.close()
  })
})
