import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openLibsql } from '../worker/src/db/node'
import { participants, webhookDeliveries, webhooks } from '../worker/src/db/schema'
import { AUTO_DISABLE_AFTER_MS, AUTO_DISABLE_FAILURES } from '../worker/src/features/webhooks/webhooks'
import { startNodeServer } from './harness'
import { audit, screenShooter, startConsoleWorld, stopConsoleWorld } from './console-audit'

// Issue 17, Webhooks, driven from the console as an admin would (Chromium, Node + libSQL): a webhook
// to a real receiver on 127.0.0.1 (plain http to localhost is allowed in development), its secret shown
// once; the test-send and a real event (points added from the participant tools) delivered, signed so
// the `standardwebhooks` library verifies them with the secret the console showed; a failing receiver's
// delivery in the log, retried in-process under the same webhook-id, then resent from the log; the
// auto-disable notice and the way back on. axe at 1280 and 390 px on the delivery log.

type Hit = { headers: IncomingHttpHeaders; body: string; at: number }

/** What the receiver answers while it fails: an error page longer than the KB the log keeps. */
const ERROR_PAGE = `<!doctype html><html><head><title>500 Internal Server Error</title></head><body><h1>Receiver down</h1><p>${'The shop backend is not answering. '.repeat(45)}</p></body></html>`

/** A real receiver: answers `status` (changed by the test) and records every request. */
async function startReceiver() {
  const hits: Hit[] = []
  const state = { status: 200 }
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      hits.push({ headers: req.headers, body, at: Date.now() })
      res.writeHead(state.status, { 'content-type': 'text/plain' })
      res.end(state.status === 200 ? 'thanks' : ERROR_PAGE)
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tessera-hooks`,
    hits,
    state,
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}

let dir: string
let server: Awaited<ReturnType<typeof startNodeServer>>
let db: Awaited<ReturnType<typeof openLibsql>>['db']
let browser: Browser
let admin: BrowserContext
let demoId: number
let receiver: Awaited<ReturnType<typeof startReceiver>>

beforeAll(async () => {
  ;[{ dir, server, browser, db, demoId, admin }, receiver] = await Promise.all([startConsoleWorld('webhooks'), startReceiver()])
}, 120_000)
afterAll(async () => {
  await receiver?.close()
  await stopConsoleWorld({ browser, server, dir })
})

const shootBoth = screenShooter('console-webhooks', { noOverflow: true })
const settingsUrl = (path: string) => `${server.url}/admin/v2/programs/${demoId}/settings/integrations${path}`

/** The signed payload of a hit, verified with the secret the console showed (throws when it does not verify). */
function verified(secret: string, hit: Hit): { type: string; data: Record<string, unknown> } {
  return new Webhook(secret).verify(hit.body, hit.headers as Record<string, string>) as { type: string; data: Record<string, unknown> }
}

/** Adds points to a participant from the console's participant tools. */
async function addPoints(page: Page, participantId: number, points: number, title: string) {
  await page.goto(`${server.url}/admin/v2/programs/${demoId}/users/${participantId}`)
  await page.getByRole('button', { name: 'Tools' }).click()
  await page.getByRole('menuitem', { name: 'Add points' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Points').fill(String(points))
  await dialog.getByLabel('Action title').fill(title)
  await dialog.getByRole('button', { name: 'Add points' }).click()
  await page.getByText('Points Added').waitFor()
}

describe('console webhooks in Chromium', () => {
  it('creates a webhook to a local receiver, test-sends, logs a real event, a failure, its resend, and the auto-disable', async () => {
    const page = await admin.newPage()
    const [maya] = await db
      .select({ id: participants.id })
      .from(participants)
      .where(and(eq(participants.programId, demoId), eq(participants.email, 'maya.thompson1@example.com')))

    // A webhook to the local receiver: the secret shown once.
    await page.goto(settingsUrl('/webhooks/new'))
    await page.getByRole('heading', { name: 'New webhook', level: 1 }).waitFor()
    await page.getByLabel('URL').fill(receiver.url)
    await page.getByRole('checkbox', { name: 'points.changed' }).click()
    await page.getByRole('button', { name: 'Create' }).click()
    await page.getByRole('region', { name: 'Copy the signing secret now' }).waitFor()
    const secret = await page.getByLabel(`Signing secret: ${receiver.url}`).inputValue()
    expect(secret).toMatch(/^whsec_/)
    const [hook] = await db.select().from(webhooks).where(eq(webhooks.programId, demoId))
    expect(hook).toMatchObject({ url: receiver.url, events: ['points.changed'], active: true })
    await page.getByRole('link', { name: 'Done' }).click()
    await page.waitForURL(/\/settings\/integrations\/webhooks$/)
    await page.getByRole('link', { name: receiver.url }).click()
    await page.getByRole('heading', { name: 'Edit webhook', level: 1 }).waitFor()
    await page.getByText('No deliveries yet. Send a test event to try the receiver.').waitFor()
    expect(await page.content()).not.toContain(secret)
    const editUrl = page.url()
    const log = page.getByRole('list', { name: 'Deliveries' })
    const rowOf = (messageId: string) => log.getByRole('listitem').filter({ has: page.locator('summary code', { hasText: new RegExp(`^${messageId}$`) }) })
    const messageIds = async () => log.locator('summary code').allInnerTexts()

    // Test-send: delivered, in the log with the receiver's status; the signature verifies with the secret.
    await page.getByRole('button', { name: 'Send test event' }).click()
    await page.getByText('Test event delivered (200)').waitFor()
    await log.getByRole('listitem').first().waitFor()
    expect(receiver.hits).toHaveLength(1)
    const testId = receiver.hits[0]!.headers['webhook-id'] as string
    expect(await messageIds()).toEqual([testId])
    const testRow = rowOf(testId)
    await testRow.getByText('webhook.test', { exact: true }).waitFor()
    await testRow.getByText('Delivered', { exact: true }).waitFor()
    await testRow.getByText('200', { exact: true }).waitFor()
    await testRow.getByText('Attempt 1', { exact: true }).waitFor()
    expect(verified(secret, receiver.hits[0]!)).toMatchObject({ type: 'webhook.test', data: { webhook_id: hook!.id } })
    // The log keeps the exact request the receiver got, and the start of its answer.
    await testRow.locator('summary').click()
    expect(await testRow.getByRole('region', { name: `Request body ${testId}` }).innerText()).toBe(receiver.hits[0]!.body)
    expect(await testRow.getByRole('region', { name: `Response (first KB) ${testId}` }).innerText()).toBe('thanks')

    // A real event: points added from the participant tools reach the receiver, signed, and the log.
    await addPoints(page, maya!.id, 25, 'Webhook e2e bonus')
    await expect.poll(() => receiver.hits.length).toBe(2)
    const earned = receiver.hits[1]!
    expect(verified(secret, earned)).toMatchObject({ type: 'points.changed', data: { participant_id: maya!.id, delta: 25, title: 'Webhook e2e bonus' } })
    const earnedId = earned.headers['webhook-id'] as string
    await expect.poll(async () => (await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook!.id))).filter((d) => d.state === 'succeeded').length).toBe(2)
    await page.goto(editUrl)
    await rowOf(earnedId).getByText('Delivered', { exact: true }).waitFor()
    await rowOf(earnedId).getByText('points.changed', { exact: true }).waitFor()
    expect(await messageIds()).toEqual([earnedId, testId])

    // The receiver fails: the delivery is logged with its 500, and retried in-process under the same id.
    receiver.state.status = 500
    await addPoints(page, maya!.id, 10, 'Webhook e2e failing')
    await expect.poll(() => receiver.hits.length).toBe(3)
    const failedId = receiver.hits[2]!.headers['webhook-id'] as string
    // The second attempt is due 5 s later (the Node entry's in-process timer, not the minute's sweep).
    await expect.poll(() => receiver.hits.length, { timeout: 15_000 }).toBe(4)
    expect(receiver.hits[3]!.headers['webhook-id']).toBe(failedId)
    expect(receiver.hits[3]!.body).toBe(receiver.hits[2]!.body)
    await expect
      .poll(async () => (await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook!.id))).find((d) => `msg_${d.id}` === failedId)?.attempts)
      .toBe(2)
    await page.goto(editUrl)
    const failedRow = rowOf(failedId)
    await failedRow.getByText('Retrying', { exact: true }).waitFor()
    await failedRow.getByText('500', { exact: true }).waitFor()
    await failedRow.getByText('Attempt 2', { exact: true }).waitFor()
    await failedRow.getByText(/^Next attempt /).waitFor()
    await failedRow.locator('summary').click()
    await failedRow.getByText('Answered 500', { exact: true }).waitFor()
    // The answer's first KB only.
    expect(ERROR_PAGE.length).toBeGreaterThan(1024)
    const answer = failedRow.getByRole('region', { name: `Response (first KB) ${failedId}` })
    expect(await answer.innerText()).toBe(ERROR_PAGE.slice(0, 1024))
    // axe on the delivery log (delivered, retrying, details open) at 1280 and 390 px.
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 })
      await audit(page, `webhook delivery log at ${width}`, '.webhook-log')
    }
    // That long answer scrolls at 390 px: it takes focus, and the keyboard scrolls it.
    await answer.focus()
    await page.keyboard.press('End')
    await expect.poll(() => answer.evaluate((el) => el.scrollTop)).toBeGreaterThan(0)
    await page.setViewportSize({ width: 1280, height: 900 })
    await shootBoth(page, 'deliveries')

    // The receiver is back: Resend delivers the same webhook-id and body, freshly signed.
    receiver.state.status = 200
    await page.getByRole('button', { name: `Resend points.changed ${failedId}` }).click()
    await page.getByText('Delivery resent (200)').waitFor()
    expect(receiver.hits).toHaveLength(5)
    const resent = receiver.hits[4]!
    expect(resent.headers['webhook-id']).toBe(failedId)
    expect(resent.body).toBe(receiver.hits[2]!.body)
    expect(verified(secret, resent)).toMatchObject({ type: 'points.changed', data: { participant_id: maya!.id, delta: 10 } })
    await failedRow.getByText('Delivered', { exact: true }).waitFor()
    await failedRow.getByText('200', { exact: true }).waitFor()
    await failedRow.getByText('Attempt 3', { exact: true }).waitFor()

    // Auto-disable: a run of failures one short of the threshold, older than its day; one more failure
    // turns the webhook off, fails its delivery and e-mails the admins; the console says so.
    await db
      .update(webhooks)
      .set({ consecutiveFailures: AUTO_DISABLE_FAILURES - 1, failingSince: new Date(Date.now() - AUTO_DISABLE_AFTER_MS - 60_000) })
      .where(eq(webhooks.id, hook!.id))
    receiver.state.status = 500
    await addPoints(page, maya!.id, 5, 'Webhook e2e last straw')
    await expect.poll(() => receiver.hits.length).toBe(6)
    const lastId = receiver.hits[5]!.headers['webhook-id'] as string
    await expect.poll(async () => (await db.select().from(webhooks).where(eq(webhooks.id, hook!.id)))[0]?.active).toBe(false)
    await page.goto(editUrl)
    const notice = page.getByRole('status').filter({ hasText: `after ${AUTO_DISABLE_FAILURES} failed deliveries in a row` })
    await notice.getByText(/^Turned off on .+ Fix the receiver, then turn it back on\.$/).waitFor()
    await rowOf(lastId).getByText('Failed', { exact: true }).waitFor()
    await rowOf(lastId).getByText('500', { exact: true }).waitFor()
    await expect.poll(() => page.getByRole('checkbox', { name: 'Active', exact: true }).getAttribute('aria-checked')).toBe('false')
    await expect
      .poll(async () => {
        const res = await fetch(`${server.url}/_dev/mailbox.json?to=admin@tessera.dev`)
        return ((await res.json()) as { messages: { subject: string }[] }).messages.map((m) => m.subject)
      })
      .toContain(`Webhook disabled: ${receiver.url}`)
    await shootBoth(page, 'disabled')
    // No retry goes out for a turned-off webhook (the first would have been due 5 s after the failure).
    await page.waitForTimeout(Math.max(0, receiver.hits[5]!.at + 6_500 - Date.now()))
    expect(receiver.hits).toHaveLength(6)

    // Turned back on from the notice: active again, its run of failures forgotten.
    await notice.getByRole('button', { name: 'Turn back on' }).click()
    await page.getByText('Webhook turned back on').waitFor()
    await notice.waitFor({ state: 'detached' })
    const [revived] = await db.select().from(webhooks).where(eq(webhooks.id, hook!.id))
    expect(revived).toMatchObject({ active: true, disabledAt: null, consecutiveFailures: 0, failingSince: null })
    await page.close()
  }, 240_000)
})

describe('webhook connections from the Node entry', () => {
  it('are pinned to allowed addresses: production refuses a loopback receiver at connect time, development reaches it', async () => {
    const prodDir = mkdtempSync(join(tmpdir(), 'tessera-e2e-webhooks-prod-'))
    const production = await startNodeServer({
      port: 0,
      databaseUrl: `file:${join(prodDir, 'e2e.db')}`,
      quiet: true,
      env: { ENVIRONMENT: 'production', APP_SECRET: 'p'.repeat(40), MAIL_API_KEY: 'unused', PAYMENTS_DISABLED: 'true', ADMIN_HOST: 'console.example.com', BASE_DOMAIN: 'example.com' },
    })
    try {
      receiver.state.status = 200
      const before = receiver.hits.length
      // The save/send check refuses these first; the connection itself refuses them too (a name that
      // answered a public address at the check and a private one a moment later).
      for (const url of [receiver.url, receiver.url.replace('127.0.0.1', 'localhost')]) {
        await expect(production.deps.fetch!(url, { method: 'POST', body: '{}' })).rejects.toMatchObject({ name: 'RefusedAddressError' })
      }
      expect(receiver.hits).toHaveLength(before)
      const res = await server.deps.fetch!(receiver.url, { method: 'POST', body: '{}', redirect: 'manual' })
      expect(res.status).toBe(200)
      expect(receiver.hits).toHaveLength(before + 1)
    } finally {
      await production.close()
      rmSync(prodDir, { recursive: true, force: true })
    }
  })
})
