import { mkdirSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { join } from 'node:path'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, newPage, readMail, ROOT, startNode } from './harness'
import { takeShots } from './console-audit'

/**
 * Sign-in as a first-time participant expects it (issue 13): a normal flow logs nothing red (a new
 * e-mail is a step, a wrong code a field error), magic-link programs keep the program and sign an
 * element's page in, one partner page shows one sign-in form, and focus lands on the next screen.
 */
let server: Awaited<ReturnType<typeof startNode>>
let browser: Browser
let partner: Server
let partnerUrl: string

/** A partner page on another origin (127.0.0.1 vs the server's localhost) with the script-tag loader. */
function startPartner(tesseraUrl: string): Promise<string> {
  partner = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    const program = url.searchParams.get('p') ?? 'demo'
    const body =
      url.pathname === '/four'
        ? '<h2>Join</h2><tessera-signin></tessera-signin><h2>Account</h2><tessera-account></tessera-account>' +
          '<h2>Membership</h2><tessera-membership challenge-id="ember-club"></tessera-membership>' +
          '<h2>Give</h2><tessera-donation challenge-id="give-back"></tessera-donation>'
        : '<h2>Rewards</h2><tessera-signin></tessera-signin>'
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner</title>
<script src="${tesseraUrl}/embed.js" data-program="${program}" async></script></head><body><main>${body}</main></body></html>`)
  })
  return new Promise((resolve) => partner.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(partner.address() as { port: number }).port}`)))
}

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startNode(), launchBrowser()])
  partnerUrl = await startPartner(server.url)
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
  await new Promise((r) => partner?.close(r))
})

/** Console errors and 4xx/5xx answers of a page, with no exceptions allowed. */
function watch(page: Page) {
  const problems: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()} ${m.location().url}`)
  })
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`))
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.request().method()} ${r.url()}`)
  })
  return problems
}

const SHOTS = join(ROOT, 'docs/screenshots')

/**
 * The same state at 390 and at 1280 px (`${name}-390`, `${name}-1280`): the page is resized in place
 * (media queries follow), `target` scrolled into view at each width, and at 390 nothing may be wider
 * than the screen. The page is left at the width it had.
 */
async function shootBoth(page: Page, name: string, target?: Locator) {
  mkdirSync(SHOTS, { recursive: true })
  const start = page.viewportSize() ?? { width: 1280, height: 900 }
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: start.height })
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
    if (target) await target.scrollIntoViewIfNeeded()
    if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: wider than 390 px`).toBeLessThanOrEqual(390)
    if (takeShots) await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: false })
  }
  await page.setViewportSize(start)
  if (target) await target.scrollIntoViewIfNeeded()
}

/** What has focus, seen through shadow roots: tag, text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let el: Element | null = document.activeElement
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement
    return { tag: el?.tagName ?? null, text: (el?.textContent ?? '').trim().slice(0, 80) }
  })

async function signUpToCode(page: Page, email: string, first: string) {
  await page.getByLabel(/email/i).fill(email)
  await page.getByRole('button', { name: /Continue to get your login/ }).click()
  await page.getByLabel(/first name/i).fill(first)
  await page.getByLabel(/last name/i).fill('Tester')
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: /Sign up and earn/ }).click()
}

describe('sign-in on the hosted site', () => {
  it('signs up and recovers from a wrong code with nothing red; the code error is at the field; focus lands on the page', async () => {
    const { context, page } = await newPage(browser, 390)
    const problems = watch(page)
    const email = `ux.${Date.now()}@example.com`
    await page.goto(`${server.url}/signin`)

    await page.getByRole('button', { name: 'Continue to get your login code' }).click()
    const emailField = page.getByLabel(/email/i)
    await page.getByText('Enter your email').waitFor()
    expect(await emailField.getAttribute('aria-invalid')).toBe('true')
    await shootBoth(page, 'signin-email-error', emailField)

    await signUpToCode(page, email, 'Uma')
    await page.getByText('Hey, Uma!').waitFor()
    const mail = await readMail(server.url, email)
    const code = page.getByPlaceholder('enter 6-digit code')
    await code.fill(mail.code === '000000' ? '111111' : '000000')
    await page.getByRole('button', { name: 'Verify Code' }).click()
    await page.getByText('Invalid code. Please check the code and try again.').waitFor()
    expect(await code.getAttribute('aria-invalid')).toBe('true')
    const describedBy = (await code.getAttribute('aria-describedby')) ?? ''
    expect(await page.locator(`[id="${describedBy.split(' ').at(-1)}"]`).textContent()).toBe('Invalid code. Please check the code and try again.')
    await shootBoth(page, 'signin-code-error', code)

    await code.fill(mail.code!)
    await page.getByRole('button', { name: 'Verify Code' }).click()
    await page.waitForURL(`${server.url}/`)
    await expect.poll(() => focused(page).then((f) => f.tag), { timeout: 5000 }).toMatch(/^H[1-3]$/)
    expect(problems).toEqual([])
    await context.close()
  })

  it('keeps ?program=links through a magic link and says link, not code, when asked to wait', async () => {
    const { context, page } = await newPage(browser)
    const problems = watch(page)
    const email = `ux.link.${Date.now()}@example.com`
    await page.goto(`${server.url}/signin?program=links`)
    await signUpToCode(page, email, 'Lin')
    await page.getByText('Thanks, Lin!').waitFor()
    const mail = await readMail(server.url, email)
    const link = new URL(mail.link!)
    expect(link.searchParams.get('program')).toBe('links')

    // Asking again at once (the link is still pending): the wait names a link.
    const again = await fetch(`${server.url}/public/signin/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-program-key': 'links', 'x-tessera-session': 'token' },
      body: JSON.stringify({ email, first_name: 'Lin', last_name: 'Tester', agree_terms: true }),
    })
    expect(again.status).toBe(429)
    expect(((await again.json()) as { message: string }).message).toMatch(/before requesting a new link$/)

    await page.goto(mail.link!)
    await page.getByRole('button', { name: 'Sign in to Tessera Links' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    expect(new URL(page.url()).searchParams.get('program')).toBe('links')
    // Signed in to the links program, on its pages.
    const me = await page.evaluate(async () => (await fetch('/public/participant?program=links')).status)
    expect(me).toBe(200)
    expect(problems).toEqual([])
    await context.close()
  })
})

describe('sign-in in elements on a partner page', () => {
  it("signs the element's page in from a magic link: the link returns to the partner page", async () => {
    const { context, page } = await newPage(browser)
    const email = `ux.embed.${Date.now()}@example.com`
    await page.goto(`${partnerUrl}/rewards?p=links`)
    const signin = page.locator('tessera-signin')
    await signin.getByLabel(/email/i).waitFor()
    await signUpToCode(page, email, 'Ela')
    await signin.getByText('A login link is in your email. Click it within 20 minutes to access your account.').waitFor()
    const mail = await readMail(server.url, email)
    await page.goto(mail.link!)
    await page.getByRole('button', { name: 'Sign in to Tessera Links' }).click()
    await page.waitForURL((url) => url.origin === partnerUrl && url.pathname === '/rewards')
    await signin.getByText('Hi, Ela!').waitFor()
    expect(new URL(page.url()).hash).toBe('') // the one-time handoff left the address bar
    expect(new URL(page.url()).search).toBe('?p=links')
    await context.close()
  })

  it("shows one full form for four elements; the others offer 'Sign in to join'; focus lands on the signed-in element", async () => {
    const { context, page } = await newPage(browser, 1280)
    const problems = watch(page)
    await page.goto(`${partnerUrl}/four`)
    await page.locator('tessera-signin').getByLabel(/email/i).waitFor()
    for (const tag of ['tessera-account', 'tessera-membership', 'tessera-donation']) {
      await page
        .locator(tag)
        .getByRole('button', { name: 'Sign in to join' })
        .waitFor({ timeout: 15_000 })
        .catch(async (err: unknown) => {
          const text = await page.evaluate((t) => document.querySelector(t)?.shadowRoot?.textContent ?? '(none)', tag)
          throw new Error(`${tag}: ${text}\n${String(err)}`)
        })
    }
    expect(await page.getByLabel(/email/i).count()).toBe(1)
    await shootBoth(page, 'signin-join-prompt', page.locator('tessera-account').getByRole('button', { name: 'Sign in to join' }))
    await page.locator('tessera-donation').getByRole('button', { name: 'Sign in to join' }).click()
    await expect.poll(() => focused(page)).toEqual({ tag: 'INPUT', text: '' })

    const email = `ux.four.${Date.now()}@example.com`
    await signUpToCode(page, email, 'Fay')
    const mail = await readMail(server.url, email)
    await page.getByPlaceholder('enter 6-digit code').fill(mail.code!)
    await page.getByRole('button', { name: 'Verify Code' }).click()
    await page.locator('tessera-signin').getByText('Hi, Fay!').waitFor()
    await expect.poll(() => focused(page), { timeout: 5000 }).toMatchObject({ tag: 'SECTION' })
    expect(problems).toEqual([])
    await context.close()
  })
})
