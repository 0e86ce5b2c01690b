import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { eq } from 'drizzle-orm'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openLibsql } from '../worker/src/db/node'
import { apiKeys, programs } from '../worker/src/db/schema'
import { programScope } from '../worker/src/db/scope'
import { apiKeyPrefix, generateApiKey, hashApiKey } from '../worker/src/features/integrations/api-keys'
import { launchBrowser, newPage, readMail, ROOT, startNodeServer } from './harness'

// Issue 17, SDK: the package partners install. `npm run build:sdk`, `npm pack`, then a scratch project
// (outside the repo, no network: the package has no dependencies) installs the tarball, type-checks
// against its declarations and runs the package's own examples against the running API with a program
// API key: a participant is created and awarded points. That participant then signs in on the hosted
// site in Chromium (e-mailed code from the dev mailbox) and sees the points in the header.

const run = promisify(execFile)
let dir: string
let scratch: string
let server: Awaited<ReturnType<typeof startNodeServer>>
let browser: Browser
let apiKey: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tessera-e2e-sdk-'))
  await run(process.execPath, [join(ROOT, 'sdk/scripts/build.mjs')], { cwd: ROOT })
  const packed = await run('npm', ['pack', '--ignore-scripts', '--pack-destination', dir, '--json'], { cwd: join(ROOT, 'sdk') })
  const tarball = join(dir, (JSON.parse(packed.stdout) as { filename: string }[])[0]!.filename)

  scratch = join(dir, 'shop')
  mkdirSync(scratch)
  writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'shop', private: true, type: 'module' }))
  const url = `file:${join(dir, 'e2e.db')}`
  ;[, server, browser] = await Promise.all([
    run('npm', ['install', tarball, '--offline', '--no-audit', '--no-fund'], { cwd: scratch }),
    startNodeServer({ port: 0, databaseUrl: url, seed: true, quiet: true, env: { ENVIRONMENT: 'development' } }),
    launchBrowser(),
  ])

  // A program API key, stored as the console stores one (hash and prefix only), and an identity secret.
  const { db } = await openLibsql(url, { migrate: false })
  const [demo] = await db.select().from(programs).where(eq(programs.publicKey, 'demo'))
  apiKey = generateApiKey()
  await programScope(db, demo!.id).insert(apiKeys, { name: 'e2e sdk', prefix: apiKeyPrefix(apiKey), keyHash: hashApiKey(apiKey), expiresAt: new Date(Date.now() + 86_400_000), createdAt: new Date() })
  await db.update(programs).set({ partnerIdentitySecret: 'e2e-partner-identity-secret-0123456789' }).where(eq(programs.id, demo!.id))
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await server?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** Runs one of the package's examples in the scratch project, as a partner would; answers its JSON line. */
async function example(name: string, ...args: string[]) {
  const { stdout } = await run(process.execPath, [join(scratch, 'node_modules/@tessera/sdk/examples', name), ...args], {
    cwd: scratch,
    env: { ...process.env, TESSERA_URL: server.url, TESSERA_API_KEY: apiKey },
  })
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, any>
}

describe('@tessera/sdk from its tarball', () => {
  it('installs without dependencies, type-checks, awards points through /api/v1, and the participant sees them on the site', async () => {
    // The installed package: ESM entries and declarations, nothing else installed beside it.
    const installed = join(scratch, 'node_modules/@tessera/sdk')
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'))
    expect(manifest).toMatchObject({ name: '@tessera/sdk', type: 'module', sideEffects: false })
    expect(manifest.dependencies ?? {}).toEqual({})
    expect(readdirSync(join(scratch, 'node_modules')).filter((n) => !n.startsWith('.'))).toEqual(['@tessera'])

    // A partner's TypeScript sees the types through the exports map (NodeNext), with no zod around.
    mkdirSync(join(scratch, 'src'))
    writeFileSync(
      join(scratch, 'src/typed.ts'),
      [
        "import { createClient, createServerClient, type Participant, TesseraApiError } from '@tessera/sdk'",
        "import { ApiRateLimitError, type PointsAdjustResult } from '@tessera/sdk/server'",
        "const tessera = createServerClient({ apiKey: 'tsk_x', baseUrl: 'https://example.com' })",
        "export const earn = (p: Participant): Promise<PointsAdjustResult> => tessera.points.earn(p.id, { amount: 1, reason: 'x' })",
        "export const balance = async (id: number): Promise<number> => (await tessera.participants.retrieve(id)).points_balance",
        'export const isRateLimit = (e: unknown) => e instanceof ApiRateLimitError && e instanceof TesseraApiError',
        "export const site = createClient({ baseUrl: 'https://example.com', programKey: 'demo', auth: 'token' })",
        "// @ts-expect-error: the contract's types reach the partner: 'gift' is no points type",
        "export const wrong = () => tessera.points.adjust(1, { type: 'gift', amount: 1, reason: 'x' })",
      ].join('\n'),
    )
    writeFileSync(
      join(scratch, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', lib: ['ES2023', 'DOM'], types: [] }, include: ['src'] }),
    )
    const tsc = await run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', scratch], { cwd: scratch }).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? String(err) }))
    expect(tsc.stdout).toBe('')

    // The examples, run from the installed package against the running API.
    const email = `sdk.${Date.now()}@example.com`
    const synced = await example('sync-participant.mjs', email, 'shop-77', 'Sadie', 'Kay')
    expect(synced.participant).toMatchObject({ object: 'participant', email, external_id: 'shop-77', first_name: 'Sadie', points_balance: 0 })
    const awarded = await example('award-points.mjs', 'shop-77', '240', '5001')
    expect(awarded).toMatchObject({ balance: 240, entry: { delta: 240, title: 'Order 5001' }, recent: [{ delta: 240, title: 'Order 5001' }] })
    // The same order again: the Idempotency-Key (the order id) answers the first result, no second credit.
    expect(await example('award-points.mjs', 'shop-77', '240', '5001')).toMatchObject({ balance: 240, entry: { id: awarded.entry.id } })
    const token = await example('identity-token.mjs', 'shop-77')
    expect(token).toMatchObject({ object: 'identity_token', email, participant_id: synced.participant.id, token: expect.stringMatching(/^v1\./) })

    // The participant signs in on the hosted site and sees the points.
    const { context, page } = await newPage(browser, 1280)
    await page.goto(`${server.url}/signin`)
    await page.getByLabel(/email/i).fill(email)
    await page.getByRole('button', { name: 'Continue to get your login code' }).click()
    await page.getByText('Hey, Sadie!').waitFor()
    const mail = await readMail(server.url, email)
    await page.getByPlaceholder('enter 6-digit code').fill(mail.code!)
    await page.getByRole('button', { name: 'Verify Code' }).click()
    await page.waitForURL(`${server.url}/`)
    await expect.poll(() => page.locator('.site-header .greeting__points').textContent()).toBe('240 points')
    await context.close()
  })
})
