import { randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, desc, eq } from 'drizzle-orm'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openLibsql } from '../worker/src/db/node'
import { participants, pointsLedger, programs, receipts } from '../worker/src/db/schema'
import { signIdentityToken } from '../worker/src/features/signin/identity'
import { audit } from './console-audit'
import { launchBrowser, newPage, ROOT, signInConsole, startNodeServer } from './harness'

// Issue 16, purchase proof end to end (Chromium, Node + libSQL, the in-process tesseract OCR): a
// participant signed in by the partner's identity token uploads a demo receipt image in
// <tessera-receipt-upload> on a partner page; the local OCR reads it and, with the program's confidence
// threshold at 1 (set in the console's purchase-proof settings), it lands in needs_human_review. The
// receipts admin opens it through /admin/v2/receipts/{id}, edits one item, marks it valid: the balance
// rises once. The same image again is flagged as similar; marking the first invalid reverses its
// points. axe on the widget, the list and the review page (and the referrals list).

const SECRET = 'partner-identity-secret-for-receipts-e2e-0123456789'
const EMAIL = 'daniel.okafor2@example.com'
const IMAGE = join(ROOT, 'worker/src/features/receipts/demo/harbor-coffee.png')

let dataDir: string
let tessera: Awaited<ReturnType<typeof startNodeServer>>
let db: Awaited<ReturnType<typeof openLibsql>>['db']
let partner: Server
let partnerUrl: string
let browser: Browser
let admin: BrowserContext
let demoId: number

function startPartner(tesseraUrl: string): Promise<string> {
  const csp = `default-src 'self'; script-src 'self' ${tesseraUrl}; style-src 'self'; connect-src ${tesseraUrl}; font-src ${tesseraUrl}; frame-src ${tesseraUrl}; img-src * data: blob:`
  partner = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const send = (type: string, text: string) => {
      res.writeHead(200, { 'content-type': `${type}; charset=utf-8`, 'content-security-policy': csp, 'cache-control': 'no-store' })
      res.end(text)
    }
    if (path === '/')
      send(
        'text/html',
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Partner: receipts</title>
<script src="/identity.js"></script><script src="${tesseraUrl}/embed.js" data-program="demo" async></script></head>
<body><main><h1>Earn with your receipts</h1><tessera-receipt-upload></tessera-receipt-upload></main></body></html>`,
      )
    else if (path === '/identity.js') {
      // What a partner's server does for its signed-in customer: a short-lived, single-use token.
      const iat = Math.floor(Date.now() / 1000)
      void signIdentityToken(SECRET, { email: EMAIL, iat, exp: iat + 300, jti: randomUUID() }).then((token) =>
        send('text/javascript', `window.Tessera = window.Tessera || function () { (Tessera.q = Tessera.q || []).push(arguments) }\nTessera('signInWithIdentityToken', ${JSON.stringify(token)})`),
      )
    } else {
      res.writeHead(path === '/favicon.ico' ? 204 : 404)
      res.end()
    }
  })
  return new Promise((resolve) => partner.listen(0, '127.0.0.1', () => resolve(`http://localhost:${(partner.address() as { port: number }).port}`)))
}

beforeAll(async () => {
  if (!existsSync(join(ROOT, 'dist/public/embed.js'))) throw new Error('Run `node scripts/build.mjs` first: dist/public/embed.js is missing')
  dataDir = mkdtempSync(join(tmpdir(), 'tessera-e2e-receipts-'))
  const url = `file:${join(dataDir, 'e2e.db')}`
  tessera = await startNodeServer({ port: 0, databaseUrl: url, seed: true, quiet: true, env: { ENVIRONMENT: 'development' } })
  ;({ db } = await openLibsql(url, { migrate: false }))
  // The demo program accepts identity tokens signed with this secret (set before anything caches it).
  await db.update(programs).set({ partnerIdentitySecret: SECRET }).where(eq(programs.publicKey, 'demo'))
  demoId = (await db.select({ id: programs.id }).from(programs).where(eq(programs.publicKey, 'demo')))[0]!.id
  partnerUrl = await startPartner(tessera.url)
  browser = await launchBrowser()
  admin = await signInConsole(browser, tessera.url, 'admin@tessera.dev')
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await new Promise((r) => partner?.close(r))
  await tessera?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

const balance = async () =>
  (await db.select({ points: participants.unusedPoints }).from(participants).where(and(eq(participants.programId, demoId), eq(participants.email, EMAIL))))[0]!.points

/** The newest receipt of the participant once the background reader has moved it out of pending. */
async function settledReceipt(after = 0) {
  for (let i = 0; i < 240; i++) {
    const [row] = await db.select().from(receipts).where(eq(receipts.programId, demoId)).orderBy(desc(receipts.id)).limit(1)
    if (row && row.id > after && row.status !== 'pending') return row
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error('the receipt stayed pending')
}

async function upload(page: Page) {
  const widget = page.locator('tessera-receipt-upload')
  await widget.getByText('Choose a file').waitFor()
  await widget.getByLabel('Choose a file').setInputFiles(IMAGE)
  await widget.getByText("We're checking your receipt").waitFor({ timeout: 30_000 })
}

describe('purchase proof in Chromium', () => {
  it('uploads in the widget, reviews in the console, credits once, flags the duplicate and reverses', { timeout: 240_000 }, async () => {
    // The console: purchase-proof settings send every reading to human review.
    const console_ = await admin.newPage()
    await console_.goto(`${tessera.url}/admin/v2/programs/${demoId}/settings/purchase-proof`)
    await console_.getByLabel('Confidence threshold').fill('1')
    await console_.getByRole('button', { name: 'Save settings' }).click()
    await console_.getByText('Purchase proof settings were updated successfully!').waitFor()

    // The participant, on the partner's page.
    const { context: shopper, page } = await newPage(browser, 390)
    await page.goto(partnerUrl)
    const before = await balance()
    await upload(page)
    const first = await settledReceipt()
    expect(first.status).toBe('needs_human_review')
    expect(first.merchantName).toMatch(/Harbor Coffee/i)
    await audit(page, 'receipt upload widget')

    // The receipts list, then the redirect to the review page.
    await console_.goto(`${tessera.url}/admin/v2/programs/${demoId}/receipts`)
    await console_.getByRole('link', { name: `Receipt #${first.id}` }).waitFor()
    await audit(console_, 'receipts list')
    await console_.goto(`${tessera.url}/admin/v2/receipts/${first.id}`)
    await console_.waitForURL(new RegExp(`/programs/${demoId}/receipts/${first.id}$`))
    await console_.getByRole('heading', { name: `Receipt #${first.id}`, level: 1 }).waitFor()
    await console_.getByRole('img', { name: 'Receipt image' }).waitFor()
    await audit(console_, 'receipt review')

    // Item Review: edit the first item's price, mark valid, save.
    await console_.getByRole('tab', { name: 'Item Review' }).click()
    const row = console_.getByRole('listitem', { name: 'Item 1' })
    await row.getByLabel('Price').fill('9.50')
    await console_.getByRole('radio', { name: 'Valid', exact: true }).check()
    await console_.getByRole('button', { name: 'Save review' }).click()
    await console_.getByText('Receipt has been updated successfully.').waitFor()
    const valid = (await db.select().from(receipts).where(eq(receipts.id, first.id)))[0]!
    expect(valid.status).toBe('processed')
    expect(valid.points).toBeGreaterThan(0)
    expect(await balance()).toBe(before + valid.points)
    const credits = await db.select().from(pointsLedger).where(and(eq(pointsLedger.source, 'receipt'), eq(pointsLedger.sourceId, first.id)))
    expect(credits.map((c) => c.delta)).toEqual([valid.points])
    // The participant's widget, still open, follows the review to its outcome.
    const widget = page.locator('tessera-receipt-upload')
    await widget.getByText(new RegExp(`Receipt processed: \\+${valid.points} `)).waitFor({ timeout: 30_000 })

    // The same image again: held as similar to the first. Reloaded, the widget lists the first receipt's points.
    await page.reload()
    await widget.getByRole('list', { name: 'Your receipts' }).getByRole('listitem').filter({ hasText: `+${valid.points} ` }).waitFor()
    await audit(page, 'receipt upload widget with the receipts list')
    await upload(page)
    const second = await settledReceipt(first.id)
    expect(second.status).toBe('needs_human_review')
    expect(second.tags.map((t) => t.linked_data.similar_receipt_ids)).toContainEqual(expect.arrayContaining([first.id]))

    // Marking the first invalid reverses its points with a refund row.
    await console_.goto(`${tessera.url}/admin/v2/programs/${demoId}/receipts/${first.id}`)
    await console_.getByRole('radio', { name: 'Invalid', exact: true }).check()
    await console_.getByRole('combobox', { name: /Reason/ }).click()
    await console_.getByRole('option', { name: 'Duplicate receipt' }).click()
    await console_.getByRole('button', { name: 'Save review' }).click()
    await console_.getByText('Receipt has been updated successfully.').waitFor()
    expect((await db.select().from(receipts).where(eq(receipts.id, first.id)))[0]!.status).toBe('rejected')
    expect(await balance()).toBe(before)
    const rows = await db.select().from(pointsLedger).where(and(eq(pointsLedger.source, 'receipt'), eq(pointsLedger.sourceId, first.id)))
    expect(rows.map((c) => [c.kind, c.delta])).toEqual([
      ['earn', valid.points],
      ['refund', -valid.points],
    ])
    // Iframe mode: the same element alone in the Tessera page, signing in first (its own storage).
    const framed = await shopper.newPage()
    await framed.goto(`${tessera.url}/embed/receipt-upload?program=demo`)
    await framed.locator('tessera-receipt-upload').getByText('Sign in to upload a receipt.').waitFor()
    await shopper.close()

    // The referral review list beside it (issue 16, Referrals): readable, with its filter.
    await console_.goto(`${tessera.url}/admin/v2/programs/${demoId}/referrals`)
    await console_.getByRole('heading', { name: 'Referrals', level: 1 }).waitFor()
    await console_.getByRole('table', { name: 'Referrals' }).waitFor()
    await audit(console_, 'referrals list')
  })
})
