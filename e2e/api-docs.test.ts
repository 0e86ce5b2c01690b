import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openLibsql } from '../worker/src/db/node'
import { apiKeys, programs } from '../worker/src/db/schema'
import { programScope } from '../worker/src/db/scope'
import { apiKeyPrefix, generateApiKey, hashApiKey } from '../worker/src/features/integrations/api-keys'
import { audit, axeWidthsFor, SHOTS, takeShots } from './console-audit'
import { launchBrowser, startNodeServer } from './harness'

// Issue 17: the server API's reference page /api/docs renders in Chromium under its own CSP (any
// blocked script or style is a console error, which fails the test), and its Try it form calls
// /api/v1 with a key typed on the page. axe-core at 1280 and 390 px (one of them under CI: axeWidthsFor);
// no overflow at either; screenshots of the top.
let dir: string
let server: Awaited<ReturnType<typeof startNodeServer>>
let browser: Browser
let key: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tessera-e2e-api-docs-'))
  const url = `file:${join(dir, 'e2e.db')}`
  ;[server, browser] = await Promise.all([startNodeServer({ port: 0, databaseUrl: url, seed: true, quiet: true, env: { ENVIRONMENT: 'development' } }), launchBrowser()])
  const { db } = await openLibsql(url, { migrate: false })
  const [demo] = await db.select().from(programs).where(eq(programs.publicKey, 'demo'))
  key = generateApiKey()
  await programScope(db, demo!.id).insert(apiKeys, { name: 'e2e docs', prefix: apiKeyPrefix(key), keyHash: hashApiKey(key), expiresAt: new Date(Date.now() + 86_400_000), createdAt: new Date() })
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await server?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('/api/docs in Chromium', () => {
  it('renders the reference with its stylesheet and script, and Try it calls the API', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await page.goto(`${server.url}/api/docs`)
    await page.getByRole('heading', { name: 'Tessera API', level: 1 }).waitFor()
    // The same-origin stylesheet applied (two columns at 1280).
    expect(await page.evaluate(() => getComputedStyle(document.body).display)).toBe('grid')
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 })
      if (axeWidthsFor('api docs').includes(width)) await audit(page, `api docs at ${width}`)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      if (takeShots) await page.screenshot({ path: join(SHOTS, `api-docs-${width}.png`) })
    }
    await page.setViewportSize({ width: 1280, height: 900 })

    await page.getByLabel(/API key \(server API\)/).fill(key)
    const upsert = page.locator('#op-upsertParticipant form.try')
    await upsert.locator('textarea').fill(JSON.stringify({ email: 'docs-e2e@example.com', external_id: 'docs-1' }))
    await upsert.getByRole('button', { name: 'Send' }).click()
    await expect.poll(() => upsert.locator('output').textContent()).toMatch(/^201 /)
    expect(await upsert.locator('output').textContent()).toContain('"email": "docs-e2e@example.com"')

    const find = page.locator('#op-findParticipants form.try')
    await find.getByLabel(/external_id/).fill('docs-1')
    await find.getByRole('button', { name: 'Send' }).click()
    await expect.poll(() => find.locator('output').textContent()).toMatch(/^200 [\s\S]*"external_id": "docs-1"/)

    // The participant API is on the page too, sent as a widget would (program key, no cookies).
    await page.getByLabel(/Program public key/).fill('demo')
    const program = page.locator('#op-getProgram form.try')
    await program.getByRole('button', { name: 'Send' }).click()
    await expect.poll(() => program.locator('output').textContent()).toMatch(/^200 [\s\S]*"public_key": "demo"/)
    await context.close()
  })
})
