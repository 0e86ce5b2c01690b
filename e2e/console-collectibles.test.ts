import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openLibsql } from '../worker/src/db/node'
import { chainIntegrations, programs, rewards } from '../worker/src/db/schema'
import { programScope } from '../worker/src/db/scope'
import { launchBrowser, readMail, startNodeServer } from './harness'

// Issue 14, Collectibles in the console (Chromium, Node + libSQL, the simulated local chain): with the
// chain integration on, an achievement offers 'Create NFT collection'; clicking it toasts
// 'NFT collection created', the button goes away and the Blockchain Transactions tab lists the
// collection's transaction.
let dir: string
let server: Awaited<ReturnType<typeof startNodeServer>>
let db: Awaited<ReturnType<typeof openLibsql>>['db']
let browser: Browser
let admin: BrowserContext
let demoId: number

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tessera-e2e-console-collectibles-'))
  const url = `file:${join(dir, 'e2e.db')}`
  ;[server, browser] = await Promise.all([startNodeServer({ port: 0, databaseUrl: url, seed: true, quiet: true, env: { ENVIRONMENT: 'development' } }), launchBrowser()])
  ;({ db } = await openLibsql(url, { migrate: false }))
  const [demo] = await db.select().from(programs).where(eq(programs.publicKey, 'demo'))
  demoId = demo!.id
  admin = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' })
  const page = await admin.newPage()
  await page.goto(`${server.url}/admin/v2`)
  await page.waitForURL(/\/admin\/v2\/login/)
  await page.getByLabel('Work e-mail').fill('admin@tessera.dev')
  await page.getByRole('button', { name: 'Send me a code' }).click()
  const mail = await readMail(server.url, 'admin@tessera.dev', 0)
  await page.getByLabel('One-time code').fill(mail.code!)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.waitForURL((u) => !/\/login/.test(u.pathname))
  await page.close()
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await server?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('console collectibles', () => {
  it("creates an achievement's NFT collection and shows its transaction", async () => {
    const scope = programScope(db, demoId)
    await scope.insert(chainIntegrations, { enabled: true, network: 'testnet' })
    // A rule nobody meets yet: the test is about the collection.
    const [reward] = await scope.insert(rewards, { name: 'Chain pioneer', selection: 'achievement', limit: 10, parameters: { rule: 'lifetime_points', value: 999999 }, tagList: [] }).returning()
    const page = await admin.newPage()
    await page.goto(`${server.url}/admin/v2/programs/${demoId}/rewards/${reward!.id}`)
    await page.getByRole('heading', { name: 'Chain pioneer' }).first().waitFor()
    expect(await page.getByRole('tab', { name: 'Blockchain Transactions' }).count()).toBe(0)
    await page.getByRole('button', { name: 'Create NFT collection' }).click()
    await page.getByText('NFT collection created').first().waitFor()
    await page.getByRole('tab', { name: 'Blockchain Transactions' }).click()
    const table = page.getByRole('table', { name: 'Blockchain Transactions' })
    await table.getByText('Collection created').waitFor()
    await table.getByText('Simulated chain').waitFor()
    expect(await page.getByRole('button', { name: 'Create NFT collection' }).count()).toBe(0)
    await page.close()
  }, 60_000)
})
