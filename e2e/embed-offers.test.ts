import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lastMailId, launchBrowser, newPage, ROOT, readMail, startNodeServer } from './harness'

/**
 * The paid and offers widgets (docs/embedding.md): <tessera-offers>, <tessera-membership> and
 * <tessera-donation> on a partner page served from another port under a strict CSP, in script-tag
 * and iframe mode; and a donation on the hosted site through the built-in test checkout.
 */

let tessera: Awaited<ReturnType<typeof startNodeServer>>
let dataDir: string
let partner: Server
let partnerUrl: string
let browser: Browser

const MEMBER = 'diego.bryant41@example.com'
const OFFER = 'Free appetizer with two entrées'

/** Partner-side script (never inline: the CSP forbids it): records widget events, also across a navigation. */
const RECORDER = `
window.Tessera = window.Tessera || function () { (Tessera.q = Tessera.q || []).push(arguments) }
var seen = []
;['signed-in', 'offer-redeemed', 'checkout-started'].forEach(function (name) {
  Tessera('on', name, function (detail, event) {
    var target = (event.target.tagName || 'document').toLowerCase()
    seen.push({ name: name, detail: detail, target: target })
    document.body.setAttribute('data-details', JSON.stringify(seen))
    if (window.__tesseraEvent) window.__tesseraEvent(JSON.stringify({ name: name, detail: detail, target: target }))
  })
})
var violations = []
document.addEventListener('securitypolicyviolation', function (e) {
  violations.push(e.violatedDirective + ' ' + e.blockedURI)
  document.documentElement.setAttribute('data-csp-violations', violations.join('|'))
})
`

function page(body: string, tesseraUrl: string, extraScripts = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Partner</title><link rel="stylesheet" href="/partner.css"><script src="/recorder.js"></script>${extraScripts}
<script src="${tesseraUrl}/embed.js" data-program="demo" async></script></head>
<body><header>Ember &amp; Oak Coffee</header><main>${body}</main></body></html>`
}

function startPartner(tesseraUrl: string): Promise<string> {
  const csp = `default-src 'self'; script-src 'self' ${tesseraUrl}; style-src 'self'; connect-src ${tesseraUrl}; font-src ${tesseraUrl}; frame-src ${tesseraUrl}; img-src * data:`
  partner = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const send = (type: string, text: string) => {
      res.writeHead(200, { 'content-type': `${type}; charset=utf-8`, 'content-security-policy': csp })
      res.end(text)
    }
    if (path === '/offers')
      send(
        'text/html',
        page(
          '<h2>Member perks</h2><tessera-offers></tessera-offers><h2>Give back</h2><tessera-donation challenge-id="give-back"></tessera-donation>',
          tesseraUrl,
        ),
      )
    else if (path === '/iframes')
      send(
        'text/html',
        page(
          '<div id="offers"></div><div id="membership"></div><div id="donation"></div>',
          tesseraUrl,
          '<script src="/iframes.js"></script>',
        ),
      )
    else if (path === '/recorder.js') send('text/javascript', RECORDER)
    else if (path === '/iframes.js')
      send(
        'text/javascript',
        `Tessera('iframe', { widget: 'offers', target: '#offers', title: 'Offers' })
Tessera('iframe', { widget: 'membership', target: '#membership', params: { challenge_id: 'ember-club' }, title: 'Membership' })
Tessera('iframe', { widget: 'donation', target: '#donation', params: { challenge_id: 'give-back' }, title: 'Donation' })`,
      )
    else if (path === '/partner.css')
      send('text/css', 'html { font-size: 62.5% } body { font: 1.8rem Georgia, serif; margin: 0 }')
    else {
      res.writeHead(path === '/favicon.ico' ? 204 : 404)
      res.end()
    }
  })
  return new Promise((resolve) =>
    partner.listen(0, '127.0.0.1', () =>
      resolve(`http://localhost:${(partner.address() as { port: number }).port}`),
    ),
  )
}

/** Console errors and page exceptions while the test drives the page. */
function watchErrors(p: Page) {
  const errors: string[] = []
  p.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${m.text()} ${m.location().url}`)
  })
  p.on('pageerror', (e) => errors.push(e.message))
  return errors
}

type Seen = { name: string; detail: Record<string, unknown>; target: string }

beforeAll(async () => {
  if (!existsSync(join(ROOT, 'dist/public/embed.js')))
    throw new Error('Run `node scripts/build.mjs` first: dist/public/embed.js is missing')
  dataDir = mkdtempSync(join(tmpdir(), 'tessera-embed-offers-'))
  tessera = await startNodeServer({
    port: 0,
    databaseUrl: `file:${join(dataDir, 'e2e.db')}`,
    seed: true,
    quiet: true,
    env: { ENVIRONMENT: 'development' },
  })
  partnerUrl = await startPartner(tessera.url)
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await new Promise((r) => partner?.close(r))
  await tessera?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

describe('offers, membership and donation widgets on a partner page', () => {
  it('an eligible member signs in inside <tessera-offers> and redeems a MOBILE offer', async () => {
    const { context, page: p } = await newPage(browser, 1280)
    const errors = watchErrors(p)
    const seen: Seen[] = []
    await p.exposeFunction('__tesseraEvent', (json: string) => seen.push(JSON.parse(json) as Seen))
    await p.goto(`${partnerUrl}/offers`)

    const offers = p.locator('tessera-offers')
    await offers.getByRole('heading', { name: "Let's find the deals, offers & savings near you" }).waitFor()
    await offers.getByLabel('Zip code').fill('10001')
    await offers.getByRole('button', { name: 'View offers' }).click()
    await offers.getByRole('heading', { name: 'Explore Perks and Benefits' }).waitFor()
    await offers.getByText(/^Showing 1 to 12 of \d+ Merchants$/).waitFor()
    // The partner's page stays where it is: the element navigates inside itself.
    expect(new URL(p.url()).pathname).toBe('/offers')

    await offers.getByLabel('Search by name').fill('Silver Fig')
    await offers.getByRole('button', { name: 'Search' }).click()
    await offers.getByText('Showing 1 to 1 of 1 Merchant').waitFor()
    await offers.getByRole('link', { name: /The Silver Fig/ }).click()
    await offers.getByRole('heading', { name: 'The Silver Fig', level: 1 }).waitFor()
    expect(new URL(p.url()).pathname).toBe('/offers')

    // Signed out: the premium prompt, whose 'Log in' shows the sign-in form inside the element.
    const redeem = offers.getByRole('button', { name: `Redeem now: ${OFFER}` })
    await redeem.click()
    const prompt = offers.getByRole('dialog', { name: 'Premium Access Required' })
    await prompt.waitFor()
    await prompt.getByRole('link', { name: 'Log in' }).click()
    await offers.getByText('Sign in to redeem offers.').waitFor()
    await offers.getByLabel('Email').fill(MEMBER)
    const before = await lastMailId(tessera.url, MEMBER)
    await offers.getByRole('button', { name: 'Continue to get your login code' }).click()
    const mail = await readMail(tessera.url, MEMBER, before)
    await offers.getByPlaceholder('enter 6-digit code').fill(mail.code!)
    await offers.getByRole('button', { name: 'Verify Code' }).click()

    // Back on the merchant, signed in as a member: the MOBILE offer gives the voucher.
    await offers.getByRole('heading', { name: 'The Silver Fig', level: 1 }).waitFor()
    await expect.poll(() => seen.map((e) => e.name)).toContain('signed-in')
    await redeem.click()
    const confirm = offers.getByRole('dialog', { name: OFFER })
    await confirm.getByRole('button', { name: 'Redeem now', exact: true }).click()
    const voucherDialog = offers.getByRole('dialog', { name: 'Your discount is ready' })
    await voucherDialog.getByText('Show this screen to receive your discount.').waitFor()
    const voucher = voucherDialog.getByRole('img', { name: /^Voucher: Free appetizer with two entrées at The Silver Fig, code / })
    await expect.poll(() => voucher.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
    // The modal covers the window, not just the element.
    const box = await voucherDialog.boundingBox()
    expect(box!.y).toBeGreaterThanOrEqual(0)
    expect(box!.y + box!.height).toBeLessThanOrEqual(900)

    await expect.poll(() => seen.find((e) => e.name === 'offer-redeemed')).toBeTruthy()
    const redeemed = seen.find((e) => e.name === 'offer-redeemed')!
    expect(redeemed.target).toBe('tessera-offers')
    expect(redeemed.detail.redemption_type).toBe('MOBILE')
    expect(redeemed.detail.endeca_key).toEqual(expect.any(String))
    await voucherDialog.getByRole('button', { name: 'Done' }).click()
    await voucherDialog.waitFor({ state: 'detached' })
    // Focus went back to the button that opened the dialog, inside the element's shadow root.
    await expect.poll(() => redeem.evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el)).toBe(true)
    expect(await p.locator('html').getAttribute('data-csp-violations')).toBeNull()
    expect(errors).toEqual([])

    // The donation element on the same page shares the session: choose, Continue, and the partner's
    // top window goes to the payment page after tessera:checkout-started.
    const donation = p.locator('tessera-donation')
    await donation.getByLabel('Choose a cause').selectOption({ label: 'Coffee Kids' })
    await donation.getByText('$10').click()
    await donation.getByRole('button', { name: 'Continue' }).click()
    await p.waitForURL((url) => url.origin === new URL(tessera.url).origin && url.pathname.startsWith('/_checkout/'))
    await p.getByRole('button', { name: 'Pay $10.00' }).waitFor()
    const started = seen.find((e) => e.name === 'checkout-started')!
    expect(started.target).toBe('tessera-donation')
    expect(started.detail).toEqual({ challenge_id: expect.any(Number), kind: 'donation' })
    await context.close()
  })

  it('the three widgets render in iframes, sized to their content', async () => {
    const { context, page: p } = await newPage(browser, 390)
    const errors = watchErrors(p)
    await p.goto(`${partnerUrl}/iframes`)
    const offers = p.frameLocator('#offers iframe')
    await offers.getByRole('heading', { name: "Let's find the deals, offers & savings near you" }).waitFor()
    const membership = p.frameLocator('#membership iframe')
    await membership.getByRole('heading', { name: /Ember Club/i }).waitFor()
    await membership.getByText('Sign in to become a member.').waitFor()
    const donation = p.frameLocator('#donation iframe')
    await donation.getByRole('heading', { name: 'Give back this season' }).waitFor()
    for (const id of ['offers', 'membership', 'donation'])
      await expect.poll(() => p.locator(`#${id} iframe`).evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(100)
    expect(await p.locator('#donation iframe').getAttribute('src')).toBe(
      `${tessera.url}/embed/donation?program=demo&challenge_id=give-back`,
    )
    expect(await p.locator('html').getAttribute('data-csp-violations')).toBeNull()
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('a donation on the hosted site', () => {
  it('a new participant gives through the test checkout and is credited the option points', async () => {
    const { context, page: p } = await newPage(browser, 1280)
    const email = `donor.${Date.now()}@example.com`
    await p.goto(`${tessera.url}/signin`)
    await p.getByLabel(/email/i).fill(email)
    await p.getByRole('button', { name: 'Continue to get your login code' }).click()
    await p.getByLabel(/first name/i).fill('Dana')
    await p.getByLabel(/last name/i).fill('Donor')
    await p.getByRole('checkbox').check()
    await p.getByRole('button', { name: /Sign up and earn/ }).click()
    const mail = await readMail(tessera.url, email)
    await p.getByPlaceholder('enter 6-digit code').fill(mail.code!)
    await p.getByRole('button', { name: 'Verify Code' }).click()
    await p.waitForURL(`${tessera.url}/`)

    const points = () =>
      p.evaluate(async () => {
        const body = (await (await fetch('/public/participant')).json()) as {
          points?: number
          participant?: { points: number }
        }
        return body.participant?.points ?? body.points ?? -1
      })
    const before = await points()
    expect(before).toBeGreaterThanOrEqual(0)

    await p.goto(`${tessera.url}/challenge/give-back`)
    const dialog = p.getByRole('dialog', { name: 'Give back this season' })
    await dialog.waitFor()
    const cont = dialog.getByRole('button', { name: 'Continue' })
    expect(await cont.isDisabled()).toBe(true)
    await dialog.getByLabel('Choose a cause').selectOption({ label: 'Neighborhood Food Bank' })
    await dialog.getByText('$25').click()
    await cont.click()
    await p.waitForURL((url) => url.pathname.startsWith('/_checkout/'))
    await p.getByRole('button', { name: 'Pay $25.00' }).click()
    await p.waitForURL(
      (url) => url.pathname === '/challenge/give-back' && url.searchParams.get('checkout') === 'success',
    )
    const receipt = p.getByRole('dialog', { name: 'Give back this season' }).locator('.receipt--done')
    await receipt.waitFor()
    await receipt.getByText('Dana Donor').waitFor()
    // The $25 option earns 300 points.
    await expect.poll(points).toBe(before + 300)
    await context.close()
  })
})
