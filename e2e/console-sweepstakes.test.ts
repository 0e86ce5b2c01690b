import { execFile } from 'node:child_process'
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { audit, takeShots } from './console-audit'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SweepstakeAudit } from '../sdk/contract/fair-draw.mjs'
import { launchBrowser, readMail, ROOT, startNode, signInConsole } from './harness'

// The provably fair sweepstake draw (issue 14) in Chromium: two participants buy entries through the
// participant API, the admin commits the seed and draws in the reward's Sweepstakes tab, downloads the
// audit file, and scripts/verify-draw.mjs re-runs it to the same winners; the public fairness page
// shows the hash, then the seed.
const run = promisify(execFile)
let server: Awaited<ReturnType<typeof startNode>>
let browser: Browser
let admin: BrowserContext
let demoId = 0
const SHOTS = join(ROOT, 'docs/screenshots')
const SWEEPSTAKE = 'Win a trip to our partner farm in Huila, Colombia'

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  ;[server, browser] = await Promise.all([startNode(), launchBrowser()])
  admin = await signInAdmin('admin@tessera.dev')
  const page = await admin.newPage()
  const programs = await jsonIn<{ data: { id: number; public_key: string }[] }>(page, '/admin/v2/programs')
  demoId = programs.data.find((p) => p.public_key === 'demo')!.id
  await page.close()
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

/** A signed-in console context (e2e/harness.ts signInConsole). */
const signInAdmin = (email: string, width?: number) => signInConsole(browser, server.url, email, width)

/** A same-origin JSON call from inside the console page (its cookie session, CSRF from the meta tag). */
async function jsonIn<T>(page: Page, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  if (!page.url().startsWith(server.url)) await page.goto(`${server.url}/admin/v2`)
  return page.evaluate(
    async ({ path, init }) => {
      const csrf = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? ''
      const res = await fetch(path, {
        method: init.method ?? 'GET',
        headers: { accept: 'application/json', 'content-type': 'application/json', 'x-csrf-token': csrf },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      })
      return { status: res.status, ...(await res.json().catch(() => ({}))) }
    },
    { path, init },
  ) as Promise<T>
}

const axe = (page: Page, label: string, selector?: string) => audit(page, label, selector)

const participantHeaders = (token?: string) => ({
  'content-type': 'application/json',
  'x-program-key': 'demo',
  'x-tessera-session': 'token',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
})

/** A participant session token through the participant API's code sign-in (token client). */
async function participantToken(email: string): Promise<string> {
  const verify = (body: unknown) => fetch(`${server.url}/public/signin/verify`, { method: 'POST', headers: participantHeaders(), body: JSON.stringify(body) }).then((r) => r.json() as Promise<{ browser_token: string | null; session_token?: string; message: string }>)
  const first = await verify({ email })
  const mail = await readMail(server.url, email)
  const done = await verify({ email, otp: mail.code, browser_token: first.browser_token })
  expect(done.session_token, done.message).toBeTruthy()
  return done.session_token!
}

describe('provably fair sweepstake draw in Chromium', () => {
  it('two participants buy entries; commit, draw, download the audit file, and the script re-runs it to the same winners', async () => {
    const page = await admin.newPage()
    // Two active, non-staff participants of the demo program, with points for entries (console: add points).
    const list = await jsonIn<{ data: { id: number; email: string; staff: boolean; status: string }[] }>(page, `/admin/v2/programs/${demoId}/participants?status=active&per_page=50&sort=points`)
    const [a, b] = list.data.filter((p) => !p.staff)
    for (const p of [a!, b!]) {
      const added = await jsonIn<{ status: number }>(page, `/admin/v2/programs/${demoId}/participants/${p.id}`, { method: 'POST', body: { intent: 'create_action', points: 500, action_title: 'Sweepstake e2e', idempotency_key: `sweepstake-e2e-${p.id}` } })
      expect(added.status, JSON.stringify(added)).toBe(200)
    }
    const tokens = [await participantToken(a!.email), await participantToken(b!.email)]

    // The demo sweepstake, as the participant API lists it; both buy entries (2 and 3).
    const rewards = (await (await fetch(`${server.url}/public/home/active_rewards`, { headers: participantHeaders(tokens[0]) })).json()) as { data: { id: number; name: string }[] }
    const reward = rewards.data.find((r) => r.name === SWEEPSTAKE)!
    expect(reward).toBeTruthy()
    for (const [i, token] of tokens.entries()) {
      const res = await fetch(`${server.url}/public/rewards/process_reward`, { method: 'POST', headers: participantHeaders(token), body: JSON.stringify({ reward_id: reward.id, entries: i + 2 }) })
      expect(res.status, await res.clone().text()).toBe(200)
    }

    // The console: the reward's Sweepstakes tab, open -> Generate entries (the seed committed).
    await page.goto(`${server.url}/admin/v2/programs/${demoId}/rewards/${reward.id}/sweepstakes`)
    const panel = page.locator('.fair-draw')
    await panel.getByText('Entries open').waitFor()
    await panel.getByRole('button', { name: 'Generate entries' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Generate entries' }).click()
    await panel.getByText('Seed committed, entries closed').waitFor()
    const commitment = (await panel.locator('.fair-draw-hash').first().innerText()).trim()
    expect(commitment).toMatch(/^[0-9a-f]{64}$/)
    if (takeShots) await page.screenshot({ path: join(SHOTS, 'sweepstake-committed-1280.png'), fullPage: true })
    await axe(page, 'fair draw panel, committed', '.fair-draw')

    // Entries are closed for participants now.
    const late = await fetch(`${server.url}/public/rewards/process_reward`, { method: 'POST', headers: participantHeaders(tokens[0]), body: JSON.stringify({ reward_id: reward.id, entries: 1 }) })
    expect(late.status).toBe(422)
    expect(((await late.json()) as { message: string }).message).toBe('Entries to this sweepstakes are closed: the draw has been committed')

    // The public fairness page shows the hash, not the seed.
    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const site = await visitor.newPage()
    await site.goto(`${server.url}/sweepstakes/${reward.id}/fairness?program=demo`)
    await site.getByText(commitment).waitFor()
    await site.getByText('Entries are closed.', { exact: false }).waitFor()
    expect(await site.getByText('Seed (revealed after the draw)').count()).toBe(0)
    if (takeShots) await site.screenshot({ path: join(SHOTS, 'sweepstake-fairness-committed-390.png'), fullPage: true })

    // Draw winners: 'Winner assigned', the seed revealed, the winners listed.
    await panel.getByRole('button', { name: 'Draw winners' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Draw winners' }).click()
    await page.getByText('Winner assigned').waitFor()
    await panel.getByText('Winners drawn').waitFor()
    const hashes = await panel.locator('.fair-draw-hash').allInnerTexts()
    const seed = hashes.at(-1)!.trim()
    expect(seed).toMatch(/^[0-9a-f]{64}$/)
    const shownIds = await panel.locator('.fair-draw-table tbody td code').allInnerTexts()
    expect(shownIds).toHaveLength(1)
    if (takeShots) await page.screenshot({ path: join(SHOTS, 'sweepstake-drawn-1280.png'), fullPage: true })
    await axe(page, 'fair draw panel, drawn', '.fair-draw')

    // Download the audit file and re-run it with the repo's script.
    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('link', { name: 'Download audit file' }).click()])
    const file = join(ROOT, '.tmp', `e2e-sweepstake-${reward.id}-audit.json`)
    mkdirSync(join(ROOT, '.tmp'), { recursive: true })
    await download.saveAs(file)
    const audit = JSON.parse(readFileSync(file, 'utf8')) as SweepstakeAudit
    expect(audit.seed).toBe(seed)
    expect(audit.commitment).toBe(commitment)
    expect(audit.winners.map((w) => w.id)).toEqual(shownIds)
    const { stdout } = await run(process.execPath, [join(ROOT, 'scripts/verify-draw.mjs'), file, '--json'])
    const verified = JSON.parse(stdout) as { ok: boolean; commitment_matches: boolean; winners_match: boolean; winners: { id: string }[] }
    expect(verified).toMatchObject({ ok: true, commitment_matches: true, winners_match: true })
    expect(verified.winners.map((w) => w.id)).toEqual(shownIds)

    // The public page now shows the seed and the winner.
    await site.reload()
    await site.getByText(seed).waitFor()
    await site.getByText(commitment).waitFor()
    await site.locator('ol.fairness__winners').getByText(shownIds[0]!).waitFor()
    if (takeShots) await site.screenshot({ path: join(SHOTS, 'sweepstake-fairness-drawn-390.png'), fullPage: true })
    await axe(site, 'public fairness page, drawn')
    await visitor.close()
    await page.close()
  })
})
