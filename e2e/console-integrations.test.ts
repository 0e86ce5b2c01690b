import { eq } from 'drizzle-orm'
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openLibsql } from '../worker/src/db/node'
import { apiKeys, chainIntegrations, webhooks } from '../worker/src/db/schema'
import { verifyApiKey } from '../worker/src/features/integrations/api-keys'
import { startNodeServer } from './harness'
import { screenShooter, startConsoleWorld, stopConsoleWorld } from './console-audit'

// Issue 15, Settings: integrations in the console (Chromium, Node + libSQL on our own database): the
// integrations open on social network pages (add one); an API key is created and shown once, a reload
// shows only its prefix, it authenticates until it is revoked from the list; a webhook is created and
// its signing secret shown once (stored for the delivery side, never shown again). axe-core at 1280
// and 390 px on every integrations screen; screenshots.

let dir: string
let server: Awaited<ReturnType<typeof startNodeServer>>
let db: Awaited<ReturnType<typeof openLibsql>>['db']
let browser: Browser
let admin: BrowserContext
let demoId: number

beforeAll(async () => {
  ;({ dir, server, browser, db, demoId, admin } = await startConsoleWorld('integrations'))
}, 120_000)
afterAll(() => stopConsoleWorld({ browser, server, dir }))

const shootBoth = screenShooter('console-integrations')

const settingsUrl = (path: string) => `${server.url}/admin/v2/programs/${demoId}/settings/integrations${path}`

describe('console integrations in Chromium', () => {
  it('adds a social page; shows an API key once, then only its prefix, and revokes it; shows a webhook secret once', async () => {
    const page = await admin.newPage()

    // The integrations open on social network pages (the default).
    await page.goto(settingsUrl(''))
    await page.waitForURL(/\/settings\/integrations\/social-network-pages$/)
    await page.getByRole('heading', { name: 'Social network pages', level: 1 }).waitFor()
    await page.getByLabel('URL').fill('https://instagram.com/tessera-e2e')
    await page.getByRole('combobox', { name: 'Platform' }).click()
    await page.getByRole('option', { name: 'Instagram' }).click()
    await page.getByRole('button', { name: 'Add a page' }).click()
    await page.getByRole('list', { name: 'Pages' }).getByRole('link', { name: 'https://instagram.com/tessera-e2e' }).waitFor()
    await shootBoth(page, 'social-pages')

    // A new API key: shown once.
    await page.goto(settingsUrl('/api_auths'))
    await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor()
    await page.getByRole('link', { name: 'New API key' }).click()
    await page.getByRole('heading', { name: 'New API key', level: 1 }).waitFor()
    await page.getByLabel('Name', { exact: true }).fill('E2E warehouse')
    await shootBoth(page, 'api-key-form')
    await page.getByRole('button', { name: 'Create' }).click()
    await page.getByRole('region', { name: 'Copy your API key now' }).waitFor()
    const key = await page.getByLabel('API key: E2E warehouse').inputValue()
    expect(key).toMatch(/^tsk_[0-9A-Za-z]{43}$/)
    await shootBoth(page, 'api-key-created')

    // It authenticates as the demo program; only its hash is stored.
    const verified = await verifyApiKey(db, `Bearer ${key}`, Date.now())
    expect(verified?.programId).toBe(demoId)
    const [stored] = await db.select().from(apiKeys).where(eq(apiKeys.id, verified!.keyId))
    expect(stored!.keyHash).not.toContain(key.slice(4))

    // Back to the list, then a reload: the prefix only, never the key.
    await page.getByRole('link', { name: 'Done' }).click()
    await page.waitForURL(/\/settings\/integrations\/api_auths$/)
    await page.reload()
    const row = page.getByRole('row').filter({ hasText: 'E2E warehouse' })
    await row.waitFor()
    expect(await row.getByRole('cell').nth(1).innerText()).toBe(`${key.slice(0, 12)}…`)
    // Its rate limit (100 a second unless set), then last used and status.
    expect(await row.getByRole('cell').nth(4).innerText()).toBe('100/s')
    expect(await row.getByRole('cell').nth(6).innerText()).toBe('Active')
    expect(await page.content()).not.toContain(key)
    await shootBoth(page, 'api-keys')

    // The key's detail: its calls, newest first (time, method, route, status, request id).
    const called = await fetch(`${server.url}/api/v1/participants?email=e2e-log@example.com`, { headers: { authorization: `Bearer ${key}` } })
    await row.getByRole('button', { name: 'Requests of E2E warehouse' }).click()
    const log = page.getByRole('dialog', { name: 'Requests of E2E warehouse' })
    await log.getByRole('row').filter({ hasText: called.headers.get('request-id')! }).filter({ hasText: '/api/v1/participants' }).filter({ hasText: '200' }).waitFor()
    await shootBoth(page, 'api-key-requests')
    await page.keyboard.press('Escape')
    await log.waitFor({ state: 'detached' })

    // Revoke: refused at once.
    await row.getByRole('button', { name: 'Revoke E2E warehouse' }).click()
    await page.getByRole('dialog', { name: 'Revoke E2E warehouse?' }).getByRole('button', { name: 'Revoke' }).click()
    await row.getByRole('cell', { name: 'Revoked' }).waitFor()
    expect(await verifyApiKey(db, key, Date.now())).toBeNull()

    // A webhook: the signing secret shown once, stored for the delivery side.
    await page.goto(settingsUrl('/webhooks'))
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor()
    await page.getByRole('link', { name: 'New webhook' }).click()
    await page.getByRole('heading', { name: 'New webhook', level: 1 }).waitFor()
    await page.getByLabel('URL').fill('https://hooks.example.com/e2e')
    await page.getByRole('checkbox', { name: 'reward.claimed' }).click()
    await page.getByRole('checkbox', { name: 'points.changed' }).click()
    await shootBoth(page, 'webhook-form')
    await page.getByRole('button', { name: 'Create' }).click()
    await page.getByRole('region', { name: 'Copy the signing secret now' }).waitFor()
    const secret = await page.getByLabel('Signing secret: https://hooks.example.com/e2e').inputValue()
    expect(secret).toMatch(/^whsec_/)
    const [hook] = await db.select().from(webhooks).where(eq(webhooks.programId, demoId))
    expect(hook).toMatchObject({ url: 'https://hooks.example.com/e2e', secret, events: ['reward.claimed', 'points.changed'], active: true })
    await shootBoth(page, 'webhook-created')

    // The list, searched by URL; the edit form never shows the secret.
    await page.getByRole('link', { name: 'Done' }).click()
    await page.waitForURL(/\/settings\/integrations\/webhooks$/)
    await page.getByRole('searchbox').fill('hooks.example')
    await page.waitForURL(/q=hooks.example/)
    const hookLink = page.getByRole('link', { name: 'https://hooks.example.com/e2e' })
    await hookLink.waitFor()
    await shootBoth(page, 'webhooks')
    await hookLink.click()
    await page.getByRole('heading', { name: 'Edit webhook', level: 1 }).waitFor()
    await expect.poll(() => page.getByLabel('URL').inputValue()).toBe('https://hooks.example.com/e2e')
    expect(await page.getByRole('checkbox', { name: 'reward.claimed' }).getAttribute('aria-checked')).toBe('true')
    expect(await page.content()).not.toContain(secret)
    await page.getByText('No deliveries yet. Send a test event to try the receiver.').waitFor()
    await shootBoth(page, 'webhook-edit')
    // Delete, after a confirmation.
    await page.getByRole('button', { name: 'Delete webhook' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete webhook' }).click()
    await page.waitForURL(/\/settings\/integrations\/webhooks$/)
    expect(await db.select().from(webhooks).where(eq(webhooks.programId, demoId))).toEqual([])

    // The settings screens of the other integrations pass axe too.
    for (const [path, heading] of [
      ['/offers-reward', 'Offers reward'],
      ['/photo-contests', 'Photo contests'],
      ['/aptos', 'Aptos'],
    ] as const) {
      await page.goto(settingsUrl(path))
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor()
      await page.getByRole('button', { name: 'Save changes' }).waitFor()
      await shootBoth(page, path.slice(1))
    }

    // Offers reward saves its merchants regex; Aptos asks before mainnet, then locks the network.
    await page.goto(settingsUrl('/offers-reward'))
    await page.getByLabel('Merchants regex').fill('^(cafe|tea) shop$')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.getByText('Offers reward was updated successfully!').waitFor()
    await page.goto(settingsUrl('/aptos'))
    await page.getByRole('combobox', { name: 'Network' }).click()
    await page.getByRole('option', { name: 'Mainnet' }).click()
    await page.getByRole('checkbox', { name: 'I understand that mainnet can never be changed back' }).click()
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.getByText('The network is locked to mainnet.').waitFor()
    const [chain] = await db.select().from(chainIntegrations).where(eq(chainIntegrations.programId, demoId))
    expect(chain?.network).toBe('mainnet')
    await shootBoth(page, 'aptos-locked')
    await page.close()
  }, 240_000)
})
