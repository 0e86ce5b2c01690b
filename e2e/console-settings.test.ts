import { and, asc, eq } from 'drizzle-orm'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openLibsql } from '../worker/src/db/node'
import { profileAttributeDefinitions, programs, tiers } from '../worker/src/db/schema'
import { makePng } from '../worker/src/features/media/media-fixtures'
import { screenShooter, startConsoleWorld, stopConsoleWorld } from './console-audit'
import { expectBrowserProblems, startNodeServer } from './harness'

// Issue 15, Settings: program in the console (Chromium, Node + libSQL on our own database): change the
// program's name and its points term, set the SEO title and description and see them in the
// participant home's <title>, description, Open Graph and Twitter tags (fetched as a page), turn test
// mode on and see it cannot be turned back off, add a profile attribute and a tier. axe-core at 1280
// and 390 on every screen; screenshots in docs/screenshots.

let dir: string
let server: Awaited<ReturnType<typeof startNodeServer>>
let db: Awaited<ReturnType<typeof openLibsql>>['db']
let browser: Browser
let admin: BrowserContext
let demoId: number

beforeAll(async () => {
  ;({ dir, server, browser, db, demoId, admin } = await startConsoleWorld('settings'))
}, 120_000)
afterAll(() => stopConsoleWorld({ browser, server, dir }))

const program = async () => (await db.select().from(programs).where(eq(programs.id, demoId)))[0]!
const settingsUrl = (screen: string) => `${server.url}/admin/v2/programs/${demoId}/settings${screen ? `/${screen}` : ''}`

const shootBoth = screenShooter('console-settings')

/** Does `act`, then waits for a new result toast of the spec's with this title and description. */
async function toastAfter(page: Page, title: string, description: string, act: () => Promise<void>) {
  // Toasts already shown are marked, so only the one this action brings counts.
  await page.evaluate(() => document.querySelectorAll('[data-sonner-toast]').forEach((el) => el.setAttribute('data-e2e-seen', '')))
  await act()
  const item = page.locator('[data-sonner-toast]:not([data-e2e-seen])').filter({ hasText: description }).first()
  await item.waitFor()
  expect(await item.innerText()).toContain(title)
}

/** Save changes, and its success toast. */
const save = (page: Page, description: string) => toastAfter(page, 'Success!', description, () => page.getByRole('button', { name: 'Save changes' }).click())

/** The participant home as a link-preview bot fetches it: the server-built head. */
async function home() {
  const res = await fetch(`${server.url}/`, { headers: { accept: 'text/html', 'user-agent': 'facebookexternalhit/1.1' } })
  expect(res.status).toBe(200)
  const html = await res.text()
  const meta = (attr: string, key: string) => new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html)?.[1]
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    description: meta('name', 'description'),
    ogTitle: meta('property', 'og:title'),
    ogDescription: meta('property', 'og:description'),
    ogSiteName: meta('property', 'og:site_name'),
    twitterTitle: meta('name', 'twitter:title'),
    twitterDescription: meta('name', 'twitter:description'),
  }
}

describe('console program settings in Chromium', () => {
  it('changes the name and the points term, and puts the SEO title and description on the participant home', async () => {
    const page = await admin.newPage()
    // programs/{id}/settings goes to the program's general settings, with the settings sub-navigation.
    await page.goto(settingsUrl(''))
    await page.waitForURL(/\/settings\/general$/)
    await page.getByRole('heading', { name: 'General', level: 1 }).waitFor()
    const subnav = page.getByRole('navigation', { name: 'Settings sections' })
    for (const name of ['General', 'Labels', 'SEO', 'Enrollment', 'Profile attributes', 'Tiers']) await subnav.getByRole('link', { name, exact: true }).waitFor()

    const name = page.getByLabel('Name', { exact: true })
    await name.fill('')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.getByText('Name is required').waitFor()
    await name.fill('Ember Club')
    await save(page, 'Program updated successfully.')
    expect((await program()).name).toBe('Ember Club')
    // The console's own program list follows (program switcher).
    await page.getByRole('banner').getByText('Ember Club').first().waitFor()
    await shootBoth(page, 'general')

    // Labels: the points term, through the sub-navigation.
    await subnav.getByRole('link', { name: 'Labels' }).click()
    await page.getByRole('heading', { name: 'Labels', level: 1 }).waitFor()
    await page.getByLabel('Points term').fill('beans')
    await page.getByLabel('Rewards term').fill('treats')
    await save(page, 'Program updated successfully.')
    expect(await program()).toMatchObject({ termPointsAs: 'beans', termRewardsAs: 'treats' })
    // An icon chosen on this device goes with the form as a file (multipart): a page named .png is
    // refused under its field by its bytes; a PNG is stored in the media library and becomes the icon.
    expectBrowserProblems(/HTTP 422: PATCH .*settings\/labels/, /status of 422/)
    const iconFile = page.getByLabel('Or upload a PNG or JPEG from this device').first()
    await iconFile.setInputFiles({ name: 'earn.png', mimeType: 'image/png', buffer: Buffer.from('<html><script>alert(1)</script></html>') })
    const sent = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().endsWith('/settings/labels'))
    await page.getByRole('button', { name: 'Save changes' }).click()
    expect((await sent).headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    await page.getByRole('group', { name: 'Earn points icon' }).getByText(/SVG and HTML files are not accepted/).waitFor()
    await iconFile.setInputFiles({ name: 'earn.png', mimeType: 'image/png', buffer: Buffer.from(makePng(24, 24)) })
    await save(page, 'Program updated successfully.')
    expect((await program()).earnPointsIcon).toMatch(new RegExp(`^/media/${demoId}/[0-9a-f]{32}\\.png$`))
    await shootBoth(page, 'labels')

    // SEO: the home's head carries them on the next request.
    const before = await home()
    expect(before.title).not.toBe('Ember Club: coffee rewards')
    await subnav.getByRole('link', { name: 'SEO' }).click()
    await page.getByRole('heading', { name: 'SEO', level: 1 }).waitFor()
    await page.getByLabel('SEO title').fill('Ember Club: coffee rewards')
    await page.getByLabel('SEO description').fill('Earn beans with every cup and trade them for treats.')
    await save(page, 'Program updated successfully.')
    const after = await home()
    expect(after).toMatchObject({
      title: 'Ember Club: coffee rewards',
      description: 'Earn beans with every cup and trade them for treats.',
      ogTitle: 'Ember Club: coffee rewards',
      ogDescription: 'Earn beans with every cup and trade them for treats.',
      ogSiteName: 'Ember Club',
      twitterTitle: 'Ember Club: coffee rewards',
      twitterDescription: 'Earn beans with every cup and trade them for treats.',
    })
    // In a browser too: the site keeps the SEO title as the home's document title.
    const site = await browser.newPage()
    await site.goto(`${server.url}/`)
    await expect.poll(() => site.title()).toBe('Ember Club: coffee rewards')
    await site.close()
    await shootBoth(page, 'seo')

    // Enrollment: a custom sign-in URL must be https.
    await subnav.getByRole('link', { name: 'Enrollment' }).click()
    await page.getByRole('heading', { name: 'Enrollment', level: 1 }).waitFor()
    await page.getByLabel('Override enrollment').check()
    await page.getByLabel('Custom sign-in URL').fill('http://example.com/join')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.getByText('Custom sign-in URL must be a valid https URL').waitFor()
    await page.getByLabel('Custom sign-in URL').fill('https://example.com/join')
    await save(page, 'Program updated successfully.')
    expect(await program()).toMatchObject({ overrideEnrollment: true, programCustomSigninUrl: 'https://example.com/join' })
    await shootBoth(page, 'enrollment')
    await page.close()
  })

  it('turns test mode on, and it cannot be turned back off', async () => {
    const page = await admin.newPage()
    await page.goto(settingsUrl('general'))
    const card = page.getByRole('region', { name: 'Test mode' })
    await card.getByTestId('test-mode-status').filter({ hasText: 'Off' }).waitFor()
    await card.getByRole('button', { name: 'Turn on test mode' }).click()
    const dialog = page.getByRole('dialog', { name: 'Turn on test mode?' })
    await dialog.getByText('Test mode cannot be turned off again.').waitFor()
    await toastAfter(page, 'Success!', 'Test mode is on.', () => dialog.getByRole('button', { name: 'Turn on test mode' }).click())
    await card.getByTestId('test-mode-status').filter({ hasText: 'On' }).waitFor()
    await card.getByText('This program is in test mode. Test mode cannot be turned off.').waitFor()
    expect(await card.getByRole('button', { name: 'Turn on test mode' }).count()).toBe(0)
    expect((await program()).testMode).toBe(true)

    // The server refuses turning it off, whatever the client sends.
    const csrf = await page.locator('meta[name="csrf-token"]').getAttribute('content')
    const off = await page.request.put(`${server.url}/admin/v2/programs/${demoId}/settings/test_mode`, {
      data: { test_mode: false },
      headers: { 'x-csrf-token': csrf ?? '', 'content-type': 'application/json' },
    })
    expect(off.status()).toBe(422)
    expect(await off.json()).toEqual({ success: false, errors: { test_mode: 'Test mode cannot be turned off once it is on' } })
    expect((await program()).testMode).toBe(true)
    await page.reload()
    await card.getByTestId('test-mode-status').filter({ hasText: 'On' }).waitFor()
    await page.close()
  })

  it('adds a profile attribute and a tier', async () => {
    const page = await admin.newPage()
    await page.goto(settingsUrl('profile-attributes'))
    await page.getByRole('heading', { name: 'Profile attributes', level: 1 }).waitFor()
    await page.getByRole('row').filter({ hasText: 'Phone' }).first().waitFor()
    await shootBoth(page, 'profile-attributes')
    await page.getByRole('link', { name: 'New profile attribute' }).click()
    await page.getByRole('heading', { name: 'New profile attribute', level: 1 }).waitFor()
    await page.getByLabel('Display name').fill('Favourite roast')
    await page.getByRole('combobox', { name: 'Field type' }).click()
    await page.getByRole('option', { name: 'Dropdown' }).click()
    await shootBoth(page, 'profile-attribute-form')
    await save(page, 'Profile Attribute created successfully.')
    await page.waitForURL(/\/settings\/profile-attributes$/)
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Favourite roast' }) })
    await row.waitFor()
    expect(await row.getByRole('cell').allInnerTexts()).toEqual(['Favourite roast', 'favourite_roast', 'Dropdown', 'Active'])
    const [saved] = await db.select().from(profileAttributeDefinitions).where(and(eq(profileAttributeDefinitions.programId, demoId), eq(profileAttributeDefinitions.attributeName, 'favourite_roast')))
    expect(saved).toMatchObject({ displayName: 'Favourite roast', attributeFieldType: 'dropdown', active: true })

    // Tiers: the first two cannot be removed; a new one starts after the last maximum.
    await page.goto(settingsUrl('program_tiers'))
    await page.getByRole('heading', { name: 'Tiers', level: 1 }).waitFor()
    const existing = await db.select().from(tiers).where(eq(tiers.programId, demoId)).orderBy(asc(tiers.pointsThresholdMin))
    const lastMax = existing[existing.length - 1]!.pointsThresholdMax
    const groups = page.getByRole('group', { name: /^Tier \d+$/ })
    // The heading renders before the tiers load: wait for the last one before counting.
    await groups.nth(existing.length - 1).waitFor()
    expect(await groups.count()).toBe(existing.length)
    expect(await groups.nth(0).getByRole('button', { name: /Remove tier/ }).count()).toBe(0)
    expect(await groups.nth(1).getByRole('button', { name: /Remove tier/ }).count()).toBe(0)
    await page.getByRole('button', { name: 'Add tier' }).click()
    const added = page.getByRole('group', { name: `Tier ${existing.length + 1}` })
    expect(await added.getByLabel('Minimum points').inputValue()).toBe(String(lastMax + 1))
    expect(await added.getByLabel('Maximum points').inputValue()).toBe(String(lastMax + 1000))
    await added.getByLabel('Name').fill('Diamond')
    await shootBoth(page, 'tiers')
    await save(page, 'Program Tiers updated successfully.')
    const after = await db.select().from(tiers).where(eq(tiers.programId, demoId)).orderBy(asc(tiers.pointsThresholdMin))
    expect(after.map((t) => [t.name, t.pointsThresholdMin, t.pointsThresholdMax])).toEqual([
      ...existing.map((t) => [t.name, t.pointsThresholdMin, t.pointsThresholdMax]),
      ['Diamond', lastMax + 1, lastMax + 1000],
    ])
    await page.close()
  })
})
