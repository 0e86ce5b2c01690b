import type { Locator } from 'playwright-core'

/** What the e2e steps need of a page, a locator (a widget element) or a frame locator (an iframe widget). */
export type Scope = Pick<Locator, 'getByLabel' | 'getByPlaceholder' | 'getByRole' | 'getByText' | 'locator'>

/** Answers every one of the 15 answer types of the demo survey 'taste-profile-survey', optional ones included. */
export async function fillTasteSurvey(scope: Scope) {
  await scope.getByLabel("What's your go-to order?").fill('Oat flat white')
  await scope.getByLabel('Describe your perfect café visit').fill('A window seat and a good book.')
  await scope.getByLabel('How do you usually take your coffee?').selectOption({ label: 'Black' })
  await scope.getByLabel('When is your birthday?').fill('1991-02-03')
  await scope.getByLabel('When would you like to join a free cupping session?').fill('2030-01-05T10:30')
  await scope.getByRole('radio', { name: 'Almost every day' }).check()
  await scope.getByRole('radio', { name: 'Yes' }).check()
  await scope.getByLabel('Write a short review of your favourite drink').fill('The cortado: small, strong, kind.')
  await scope.getByRole('radio', { name: 'Light roast' }).check()
  await scope.getByRole('checkbox', { name: 'Pour-over' }).check()
  await scope.getByRole('checkbox', { name: 'Knit beanie' }).check()
  await scope.getByLabel('Mobile number for order-ready texts').fill('(555) 010-2030')
  await scope.getByLabel('How many cups of coffee do you drink per week?').fill('9')
  await scope.getByLabel('What do you usually spend per visit (USD)?').fill('5.25')
  await scope.getByLabel('What time do you usually have your first coffee?').fill('06:45')
}
