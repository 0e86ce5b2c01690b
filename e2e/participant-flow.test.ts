import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, newPage, readMail, startNode, expectBrowserProblems } from './harness'
import { fillTasteSurvey } from './survey'

// Issue 4's proof, end to end on the hosted site: a visitor signs up, completes the survey, sees the
// new balance in the header, then claims a redeem reward from the home page.
// Needs the built site (npm run build).
let server: Awaited<ReturnType<typeof startNode>>
let browser: Browser

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startNode(), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

/** The header greeting's points line ('175 points'). */
const headerPoints = (page: Page) => page.locator('.site-header .greeting__points')

describe('participant flow in Chromium (Node + libSQL)', () => {
  it('signs up from the home page, completes the survey, then claims a reward with the new points', async () => {
    const { context, page } = await newPage(browser, 1280)
    const email = `flow.${Date.now()}@example.com`

    // Signed out: the visitor home shows the featured rewards; Get Started leads to sign-in.
    await page.goto(`${server.url}/`)
    const featured = page.getByRole('region', { name: 'Rewards worth the effort' })
    const tile = featured.getByRole('link', { name: 'View details: Free pastry with any drink' })
    const rewardPath = await tile.getAttribute('href')
    expect(rewardPath).toMatch(/^\/reward\/\d+$/)
    // A visitor sees a reward's details (issue 13); claiming it asks them to sign in and come back.
    await tile.click()
    await page.waitForURL(`${server.url}${rewardPath}`)
    await page.getByRole('dialog', { name: 'Free pastry with any drink' }).getByRole('button', { name: 'Use 150 points to Claim' }).click()
    await page.waitForURL(
      (url) => url.pathname === '/signin' && url.searchParams.get('redirect_to') === rewardPath,
    )
    await page.goto(`${server.url}/`)
    await page.getByRole('link', { name: 'Get Started' }).first().click()
    await page.waitForURL(`${server.url}/signin`)

    // Sign up with a code from the dev mailbox.
    await page.getByLabel(/email/i).fill(email)
    await page.getByRole('button', { name: 'Continue to get your login code' }).click()
    await page.getByLabel(/first name/i).fill('Flo')
    await page.getByLabel(/last name/i).fill('Wright')
    await page.getByRole('checkbox').check()
    await page.getByRole('button', { name: 'Sign up and earn +100 points' }).click()
    const mail = await readMail(server.url, email)
    await page.getByPlaceholder('enter 6-digit code').fill(mail.code!)
    await page.getByRole('button', { name: 'Verify Code' }).click()
    await page.waitForURL(`${server.url}/`)
    await expect.poll(() => headerPoints(page).textContent()).toBe('100 points')

    // The survey, from its home tile, through its form.
    await page.getByRole('link', { name: 'Take: Tell us your taste profile' }).click()
    await page.getByRole('heading', { name: 'Tell us your taste profile', level: 1 }).waitFor()
    await fillTasteSurvey(page)
    await page.getByRole('button', { name: 'Submit and earn 75 points' }).click()
    await page.getByRole('heading', { name: 'Thanks! Your taste profile is saved.' }).waitFor()
    // The header greeting follows the write: 100 for signing up + 75.
    await expect.poll(() => headerPoints(page).textContent()).toBe('175 points')

    // Back home, the reward is among the current rewards; its details open as a modal over home.
    await page.getByRole('link', { name: 'Earn More' }).click()
    await page.waitForURL(`${server.url}/`)
    const current = page.getByRole('region', { name: 'Current rewards' })
    await current.getByRole('link', { name: 'Claim: Free pastry with any drink' }).click()
    await page.waitForURL(/\/reward\/\d+$/)
    const dialog = page.getByRole('dialog', { name: 'Free pastry with any drink' })
    await dialog.getByText('Points reward', { exact: true }).first().waitFor()
    await dialog.getByRole('button', { name: 'Terms and Conditions' }).click()
    await dialog.getByText('One pastry per drink purchased.').waitFor()
    // The home page stays underneath, dimmed.
    expect(await page.getByRole('heading', { name: 'Welcome back, Flo!', includeHidden: true }).count()).toBe(
      1,
    )

    await dialog.getByRole('button', { name: 'Use 150 points to Claim' }).click()
    await dialog.getByRole('button', { name: 'Confirm' }).click()
    await page.getByText('Congrats!', { exact: true }).waitFor()
    // The modal stays open on the earned card; closing it is the participant's choice and goes home.
    await dialog.getByRole('heading', { name: 'Congrats' }).waitFor()
    await dialog.getByText("You've earned this reward.").waitFor()
    expect(page.url()).toMatch(/\/reward\/\d+$/)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await page.waitForURL(`${server.url}/`)
    expect(await page.getByRole('dialog').count()).toBe(0)
    // The claim spent 150 of 175 points, and the reward is now a claimed one.
    await expect.poll(() => headerPoints(page).textContent()).toBe('25 points')
    const claimed = page.getByRole('region', { name: 'Claimed rewards' })
    await claimed.getByRole('heading', { name: 'Free pastry with any drink' }).waitFor()
    await claimed
      .getByText(/^Earned /)
      .first()
      .waitFor()

    // Opened again, the earned card congratulates; 25 points cannot pay for another one.
    await claimed.getByRole('link', { name: /Free pastry with any drink/ }).click()
    const again = page.getByRole('dialog', { name: 'Free pastry with any drink' })
    await again.getByRole('heading', { name: 'Congrats' }).waitFor()
    await again.getByText("You've earned this reward.").waitFor()
    expect(await again.getByRole('button', { name: 'Use 150 points to Claim' }).isDisabled()).toBe(true)
    await again.getByText('You need 125 more points.', { exact: false }).waitFor()

    // An unknown reward goes home with the error toast (the page and the reward read answer 404).
    expectBrowserProblems(/HTTP 404: GET .*\/reward\/987654$/, /HTTP 404: GET .*\/public\/rewards\/987654$/, /status of 404 .*987654/)
    await page.goto(`${server.url}/reward/987654`)
    await page.getByText('Error loading challenge').waitFor()
    await page.waitForURL(`${server.url}/`)
    await context.close()
  })
})
