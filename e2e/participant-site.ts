import type { Page } from 'playwright-core'
import { readMail } from './harness'

/**
 * Signs up on the hosted site from the page it is on (the sign-in page, or a referral link's landing),
 * reading the code from the dev mailbox of the server at `baseUrl`, as a person would: e-mail, the
 * sign-up form, the code. Resolves once the site left /signin (signed in); when the site shows an
 * error toast instead (a 500 answers 'Something went wrong'), fails at once with that toast's text
 * rather than after a 30 s wait for a URL that never comes.
 */
export async function signUpOnSite(page: Page, baseUrl: string, email: string, firstName: string) {
  await page.getByLabel(/email/i).fill(email)
  await page.getByRole('button', { name: 'Continue to get your login code' }).click()
  await page.getByLabel(/first name/i).fill(firstName)
  await page.getByLabel(/last name/i).fill('Tester')
  await page.getByLabel(/zip code/i).fill('10001')
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: /Sign up and earn/ }).click()
  await page.getByText(`Hey, ${firstName}!`).waitFor()
  const mail = await readMail(baseUrl, email)
  await page.getByPlaceholder('enter 6-digit code').fill(mail.code!)
  await page.getByRole('button', { name: 'Verify Code' }).click()
  const alert = page.getByRole('alert').filter({ hasText: /\S/ }).first()
  // The loser of the race is still waiting when the page closes: its rejection is expected, not a problem.
  const outcome = await Promise.race([
    page.waitForURL((url) => url.pathname !== '/signin').then(() => 'signed in' as const, (err: Error) => err),
    alert.waitFor().then(() => 'alert' as const, (err: Error) => err),
  ])
  if (outcome instanceof Error) throw outcome
  if (outcome === 'alert') throw new Error(`Signing up ${email} failed at the code step; the site says: ${(await alert.innerText()).replace(/\s+/g, ' ').trim()}`)
}

/** The signed-in participant's personal referral link, as the referral challenge's page shows it. */
export async function referralLinkOnSite(page: Page, baseUrl: string): Promise<string> {
  await page.goto(`${baseUrl}/`)
  await page.getByRole('link', { name: /Recruit Friends/ }).first().click()
  const field = page.getByRole('textbox', { name: 'Referral link' })
  await field.waitFor()
  return field.inputValue()
}

/**
 * What My Account shows the signed-in participant: the current balance and the points of each
 * 'Referral' row of the activity table (newest first, the first page of 10).
 */
export async function accountOnSite(page: Page, baseUrl: string): Promise<{ balance: number; referrals: number[] }> {
  await page.goto(`${baseUrl}/my-account`)
  const table = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Activity' }) })
  await table.getByRole('row').nth(1).waitFor()
  await page.waitForFunction(() => !document.querySelector('table[aria-busy="true"]'))
  const balance = page.locator('.stat').filter({ hasText: 'Current balance' }).getByRole('definition')
  await balance.filter({ hasText: /\d/ }).waitFor()
  const number = (text: string) => Number(text.replace(/[^\d-]/g, ''))
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Referral', exact: true }) })
  const referrals = (await rows.evaluateAll((trs) => trs.map((tr) => tr.children[2]?.textContent ?? ''))).map(number)
  return { balance: number(await balance.innerText()), referrals }
}
