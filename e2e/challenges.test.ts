import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, newPage, readMail, startNode } from './harness'

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

async function signUp(page: Page, email: string) {
  await page.goto(`${server.url}/challenge/taste-profile-survey`)
  // Signed out: the challenge sends the visitor to sign in and back.
  await page.waitForURL(
    (url) =>
      url.pathname === '/signin' && url.searchParams.get('redirect_to') === '/challenge/taste-profile-survey',
  )
  await page.getByLabel(/email/i).fill(email)
  await page.getByRole('button', { name: 'Continue to get your login code' }).click()
  await page.getByLabel(/first name/i).fill('Cal')
  await page.getByLabel(/last name/i).fill('Lenger')
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: /Sign up and earn/ }).click()
  const mail = await readMail(server.url, email)
  await page.getByPlaceholder('enter 6-digit code').fill(mail.code!)
  await page.getByRole('button', { name: 'Verify Code' }).click()
  await page.waitForURL(`${server.url}/challenge/taste-profile-survey`)
}

const successScreen = (page: Page, message: string) =>
  Promise.all([
    page.getByRole('heading', { name: message }).waitFor(),
    page.getByRole('link', { name: 'Earn More' }).waitFor(),
  ])

describe('challenges in Chromium (Node + libSQL)', () => {
  it('completes a survey, a quiz, a link and a social post as a new participant, then finds them in My Account', async () => {
    const { context, page } = await newPage(browser, 390)
    await signUp(page, `challenger.${Date.now()}@example.com`)

    // Survey: the form is checked in the browser first, then submitted with every answer type.
    await page.getByRole('heading', { name: 'Tell us your taste profile', level: 1 }).waitFor()
    const submitSurvey = page.getByRole('button', { name: 'Submit and earn 75 points' })
    await submitSurvey.click()
    await page.getByText('12 answers need your attention.').waitFor()
    expect(await page.getByText('Please answer this question.').count()).toBeGreaterThan(0)
    await page.getByLabel("What's your go-to order?").fill('  Oat flat white  ')
    await page.getByLabel('Describe your perfect café visit').fill('A window seat and a good book.')
    await page
      .getByLabel('How do you usually take your coffee?')
      .selectOption({ label: 'With oat or almond milk' })
    await page.getByLabel('When is your birthday?').fill('1990-05-17')
    await page.getByRole('radio', { name: 'A few times a week' }).check()
    await page.getByRole('radio', { name: 'Yes' }).check()
    await page.getByRole('radio', { name: 'Medium roast' }).check()
    await page.getByRole('checkbox', { name: 'Espresso' }).check()
    await page.getByRole('checkbox', { name: 'Cold brew' }).check()
    await page.getByRole('checkbox', { name: 'Ceramic mug' }).check()
    await page.getByLabel('How many cups of coffee do you drink per week?').fill('twelve')
    await page.getByLabel('What do you usually spend per visit (USD)?').fill('4.50')
    await page.getByLabel('What time do you usually have your first coffee?').fill('07:30')
    await submitSurvey.click()
    await page.getByText('Enter a whole number.').waitFor()
    await page.getByLabel('How many cups of coffee do you drink per week?').fill('12')
    await submitSurvey.click()
    await successScreen(page, 'Thanks! Your taste profile is saved.')
    await page.getByText('+75 points added to your balance').waitFor()

    // Quiz: a wrong answer set shows the server's score at the form (a 200 answer that says not
    // passed: a failed quiz is an outcome, not an error, so nothing is logged), the right one passes.
    await page.goto(`${server.url}/challenge/coffee-quiz`)
    await page.getByRole('radio', { name: 'Brazil' }).check()
    await page.getByRole('checkbox', { name: 'Latte' }).check()
    await page
      .getByLabel('What is the ideal water temperature for brewing?')
      .selectOption({ label: '80-85 °C' })
    await page.getByRole('radio', { name: 'Tall glass, thick foam cap' }).check()
    await page.getByRole('checkbox', { name: 'Bordeaux, France' }).check()
    await page.getByRole('button', { name: 'Submit answers and earn 60 points' }).click()
    await page.locator('.collect__result[role="status"]', { hasText: 'You scored 0%. You need 60% to pass. Please try again.' }).waitFor()
    await page.getByRole('radio', { name: 'Ethiopia' }).check()
    await page.getByRole('checkbox', { name: 'Cappuccino' }).check()
    await page.getByRole('checkbox', { name: 'Americano' }).check()
    await page
      .getByLabel('What is the ideal water temperature for brewing?')
      .selectOption({ label: '92-96 °C' })
    await page.getByRole('radio', { name: 'Small cup, velvety microfoam, double shot' }).check()
    await page.getByRole('checkbox', { name: 'Bordeaux, France' }).uncheck()
    await page.getByRole('checkbox', { name: 'Huila, Colombia' }).check()
    await page.getByRole('checkbox', { name: 'Yirgacheffe, Ethiopia' }).check()
    await page.getByRole('checkbox', { name: 'Antigua, Guatemala' }).check()
    await page.getByRole('button', { name: 'Submit answers and earn 60 points' }).click()
    await successScreen(page, 'Nice work, you passed the quiz!')
    await page.getByText('Your score: 100%').waitFor()

    // Link: from the home tiles; the link opens in a new tab and completes the challenge.
    await page.getByRole('link', { name: 'Earn More' }).click()
    await page.waitForURL(`${server.url}/`)
    await page.getByRole('link', { name: 'Visit Now: Explore our coffee origins' }).click()
    await page.getByRole('heading', { name: 'Explore our coffee origins', level: 1 }).waitFor()
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: /Visit Now/ }).click(),
    ])
    await tab.close()
    await successScreen(page, 'Challenge Submitted successfully!')

    // Unified social: open the image post from the home feed; Next unlocks after its 5 s countdown.
    await page.goto(`${server.url}/`)
    await page.getByRole('link', { name: /Latte art Tuesday/ }).click()
    await page.getByText('Post 2 of 3').waitFor()
    const next = page.getByRole('button', { name: 'Next', exact: true })
    expect(await next.isDisabled()).toBe(true)
    const shownAt = Date.now()
    await expect.poll(() => next.isEnabled(), { timeout: 9000, interval: 250 }).toBe(true)
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(3500)
    await next.click()
    // The viewer moves on to the next post still to view (the video), with a fresh countdown.
    await page.getByText('Post 3 of 3').waitFor()
    expect(await next.isDisabled()).toBe(true)
    await page.goto(`${server.url}/`)
    await page
      .getByRole('link', { name: /Latte art Tuesday/ })
      .getByText('Viewed')
      .waitFor()

    // My Account lists the completions.
    await page.goto(`${server.url}/my-account`)
    const activity = page.getByRole('table')
    await activity.getByText('Tell us your taste profile').waitFor()
    await activity.getByText('Coffee know-how quiz').waitFor()
    await activity.getByText('Explore our coffee origins').waitFor()
    expect(await activity.getByText('+75').count()).toBe(1)
    await context.close()
  })
})
