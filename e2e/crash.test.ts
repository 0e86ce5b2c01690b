import { type ChildProcess, spawn } from 'node:child_process'
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer as createHttpServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { request as playwrightRequest } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { freePort, ROOT, SEEDED_DB_ENV, waitForSeed } from './harness'

/**
 * Crash safety, the way it fails (issue 30): the whole server is killed (SIGKILL to its process group)
 * several times during a burst of writes through the API (points with Idempotency-Keys) and the
 * participant site (challenge submits, reward claims), and started again on the same database each
 * time. Then every key is sent once more, as a client retrying after an outage would. On both entries:
 * `npm start`'s server (the Worker as deployed, in workerd on local D1: worker/local/start-workerd.ts)
 * and `npm run start:node`'s Node server (libSQL file).
 *
 * It asserts that nothing acknowledged is lost or credited twice, that every replay after the lease
 * answers neither a 5xx nor a 409 (an acknowledged one answers its first answer), that every balance
 * equals its ledger, and that every ledger row's `points.changed` webhook arrives, once per
 * webhook-id, within two minutes of the last restart. The leases are shortened by configuration
 * (seconds, not minutes), as an operator may; the Worker's minute cron runs every 5 s
 * (`--cron-every-ms`; npm start runs it every minute), the Node entry's sweep as often
 * (SWEEP_INTERVAL_MS).
 */

const LEASES = { IDEMPOTENCY_LEASE_MS: '3000', OUTBOX_CLAIM_LEASE_MS: '5000', WEBHOOK_ATTEMPT_LEASE_MS: '5000' }
const KILLS = 3
const API_PARTICIPANTS = 8
const SITE_PARTICIPANTS = 4
const CONCURRENCY = 6
/**
 * API credits per burst; the kill comes after 30 to 80 answers, so each burst is cut short (the writes
 * after the kill were never sent and first run in the replay). 100, not 200: the same kills and cuts,
 * half the replay (the workerd half was four minutes of `npm test`).
 */
const API_WRITES_PER_ROUND = 100
/** Visit challenges that complete on submit, one per participant (demo program). */
const VISIT_CHALLENGES = ['pour-over-guide', 'coffee-origins', 'order-ahead-app', 'follow-on-instagram', 'daily-brew-tip']

type Entry = 'node' | 'workerd'
type Server_ = { url: string; output: () => string; kill(): Promise<void> }

/** Starts the entry on the state in `dir` (a process group of its own, so a kill takes all of it). */
async function start(entry: Entry, dir: string): Promise<Server_> {
  const port = await freePort()
  const vars = { ENVIRONMENT: 'development', LOCAL_ORIGIN: `http://localhost:${port}`, ...LEASES }
  let child: ChildProcess
  if (entry === 'node') {
    child = spawn(process.execPath, ['--import', 'tsx', 'worker/src/node.ts', '--seed'], {
      cwd: ROOT,
      // The Node entry's sweep every 5 s, as the Worker's cron is triggered below.
      env: { ...process.env, ...vars, SWEEP_INTERVAL_MS: '5000', PORT: String(port), DATABASE_URL: `file:${join(dir, 'tessera.db')}` },
      stdio: 'pipe',
      detached: true,
    })
  } else {
    // npm start's server (worker/local/start-workerd.ts): it applies the migrations the local D1 lacks
    // and seeds on its first start, and runs the Worker's cron every 5 s, as the Node entry sweeps.
    const args = Object.entries(vars).flatMap(([k, v]) => ['--var', `${k}:${v}`])
    child = spawn(process.execPath, ['--import', 'tsx', 'worker/local/start-workerd.ts', '--port', String(port), '--persist-to', dir, '--cron-every-ms', '5000', ...args], {
      cwd: ROOT,
      env: process.env,
      stdio: 'pipe',
      detached: true,
    })
  }
  let output = ''
  child.stdout?.on('data', (d) => (output += d))
  child.stderr?.on('data', (d) => (output += d))
  const url = `http://127.0.0.1:${port}`
  await waitForSeed(url, entry, () => output)
  return {
    url,
    output: () => output,
    async kill() {
      try {
        process.kill(-child.pid!, 'SIGKILL')
      } catch {}
      await new Promise<void>((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', () => r())))
    },
  }
}

/** The local webhook receiver: every delivery's webhook-id and event, as received. */
async function receiver() {
  const got: { id: string; type: string; data: Record<string, unknown>; at: number }[] = []
  const server: Server = createHttpServer((req, res) => {
    let body = ''
    req.on('data', (d) => (body += d))
    req.on('end', () => {
      try {
        const event = JSON.parse(body) as { type: string; data: Record<string, unknown> }
        got.push({ id: String(req.headers['webhook-id']), type: event.type, data: event.data, at: Date.now() })
      } catch {}
      res.writeHead(200).end('ok')
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  const port = (server.address() as { port: number }).port
  return { url: `http://localhost:${port}/hooks`, got, close: () => new Promise<void>((r) => server.close(() => r())) }
}

type Sent = {
  key: string
  kind: 'api' | 'submit' | 'claim' | 'claim-once'
  path: string
  body: Record<string, unknown>
  auth: string
  participantId: number
  /** The answer the client got before the kill, if it got one. */
  acked?: { status: number; body: Record<string, any> }
}

async function call(base: string, s: Pick<Sent, 'path' | 'body' | 'auth' | 'key'>) {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'idempotency-key': s.key, authorization: `Bearer ${s.auth}` }
  if (!s.path.startsWith('/api/v1')) Object.assign(headers, { 'x-program-key': 'demo', 'x-tessera-session': 'token' })
  const res = await fetch(`${base}${s.path}`, { method: 'POST', headers, body: JSON.stringify(s.body) })
  const text = await res.text()
  let body: Record<string, any> = {}
  try {
    body = JSON.parse(text)
  } catch {
    body = { text }
  }
  return { status: res.status, body }
}

/** The console, as an operator sets it up: an API key (1,000 requests a second) and a webhook for points.changed. */
async function setUpProgram(base: string, hookUrl: string) {
  const api = await playwrightRequest.newContext({ baseURL: base })
  try {
    const csrf = ((await (await api.get('/public/csrf', { headers: { 'x-program-key': 'demo' } })).json()) as { csrf_token: string }).csrf_token
    const headers = { 'x-csrf-token': csrf }
    const started = await api.post('/admin/v2/auth/start', { headers, data: { email: 'admin@tessera.dev' } })
    const { browser_token } = ((await started.json()) as { data: { browser_token: string } }).data
    const mail = await newestMail(base, 'admin@tessera.dev')
    expect((await api.post('/admin/v2/auth/verify', { headers, data: { otp: mail.code, browser_token } })).status()).toBe(200)
    const me = (await (await api.get('/admin/v2/me')).json()) as { programs: { id: number; public_key: string }[] }
    const programId = me.programs.find((p) => p.public_key === 'demo')!.id
    const key = await api.post(`/admin/v2/programs/${programId}/api_auths`, { headers, data: { name: 'crash test', expires_at: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10), rate_limit: 1000 } })
    expect(key.status(), await key.text()).toBe(201)
    const apiKey = ((await key.json()) as { data: { api_key: string } }).data.api_key
    const hook = await api.post(`/admin/v2/programs/${programId}/webhooks`, { headers, data: { url: hookUrl, events: ['points.changed'], active: true } })
    expect(hook.status(), await hook.text()).toBeLessThan(300)
    return apiKey
  } finally {
    await api.dispose()
  }
}

async function newestMail(base: string, to: string) {
  for (let i = 0; i < 100; i++) {
    const { messages } = (await (await fetch(`${base}/_dev/mailbox.json?to=${encodeURIComponent(to)}`)).json()) as { messages: { id: number; code: string | null }[] }
    if (messages[0]?.code) return messages[0]
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`no mail for ${to}`)
}

/** A participant made through the API, credited to spend, and signed in on the site with a mailed code (a token session). */
async function participant(base: string, apiKey: string, email: string) {
  const made = await fetch(`${base}/api/v1/participants`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, first_name: 'Crash', last_name: 'Test' }),
  })
  const { id } = (await made.json()) as { id: number }
  const credit = await call(base, { path: `/api/v1/participants/${id}/points`, body: { type: 'earn', amount: 20_000, reason: 'starting balance' }, auth: apiKey, key: `start-${email}` })
  expect(credit.status).toBe(201)
  const site = { 'content-type': 'application/json', 'x-program-key': 'demo', 'x-tessera-session': 'token' }
  const first = (await (await fetch(`${base}/public/signin/verify`, { method: 'POST', headers: site, body: JSON.stringify({ email }) })).json()) as { browser_token: string }
  const mail = await newestMail(base, email)
  const signed = (await (await fetch(`${base}/public/signin/verify`, { method: 'POST', headers: site, body: JSON.stringify({ email, otp: mail.code, browser_token: first.browser_token }) })).json()) as { session_token?: string }
  expect(signed.session_token, JSON.stringify(signed)).toBeTruthy()
  return { id, token: signed.session_token! }
}

async function pool<T>(items: T[], n: number, run: (item: T) => Promise<void>) {
  let next = 0
  await Promise.all(Array.from({ length: n }, async () => {
    while (next < items.length) await run(items[next++]!)
  }))
}

async function ledgerOf(base: string, apiKey: string, id: number) {
  const rows: { id: number; delta: number; title: string; source: string; created_at: string }[] = []
  let after: number | undefined
  for (;;) {
    const res = await fetch(`${base}/api/v1/participants/${id}/ledger?limit=100${after ? `&starting_after=${after}` : ''}`, { headers: { authorization: `Bearer ${apiKey}` } })
    const page = (await res.json()) as { data: { id: number; delta: number; title: string; source: string; created_at: string }[]; has_more: boolean }
    rows.push(...page.data)
    if (!page.has_more || !page.data.length) return rows
    after = page.data.at(-1)!.id
  }
}

async function runCrashTest(entry: Entry) {
  const dir = mkdtempSync(join(tmpdir(), `tessera-crash-${entry}-`))
  const hooks = await receiver()
  let server: Server_ | null = null
  /** Seconds per phase, in the figures line (where a slow run spent its time). */
  const phases: Record<string, number> = {}
  let phaseStart = Date.now()
  const phase = (name: string) => {
    phases[name] = Math.round((Date.now() - phaseStart) / 100) / 10
    phaseStart = Date.now()
  }
  try {
    if (entry === 'node' && process.env[SEEDED_DB_ENV] && existsSync(process.env[SEEDED_DB_ENV]!)) copyFileSync(process.env[SEEDED_DB_ENV]!, join(dir, 'tessera.db'))
    server = await start(entry, dir)
    phase('migrateAndStart')
    const apiKey = await setUpProgram(server.url, hooks.url)
    const base0 = server.url
    const apiPeople = await Promise.all(Array.from({ length: API_PARTICIPANTS }, (_, i) => participant(base0, apiKey, `crash.api.${entry}.${i}@example.com`)))
    const sitePeople = await Promise.all(Array.from({ length: SITE_PARTICIPANTS }, (_, i) => participant(base0, apiKey, `crash.site.${entry}.${i}@example.com`)))
    const challengeIds = await Promise.all(
      VISIT_CHALLENGES.map(async (identifier) => ((await (await fetch(`${base0}/public/challenges/${identifier}`, { headers: { 'x-program-key': 'demo' } })).json()) as { id: number }).id),
    )
    const rewards = ((await (await fetch(`${base0}/api/v1/rewards?limit=100`, { headers: { authorization: `Bearer ${apiKey}` } })).json()) as { data: { id: number; name: string }[] }).data
    const pastry = rewards.find((r) => r.name === 'Free pastry with any drink')!.id
    const once = rewards.find((r) => r.name === 'Free drip coffee')?.id

    phase('setUp')
    const sent: Sent[] = []
    let seq = 0
    /** The writes of one burst: API credits for some, site submits and claims for others. */
    const burst = (round: number): Sent[] => {
      const list: Sent[] = []
      for (let i = 0; i < API_WRITES_PER_ROUND; i++) {
        const p = apiPeople[i % apiPeople.length]!
        const key = `crash-${entry}-${round}-${++seq}`
        list.push({ key, kind: 'api', path: `/api/v1/participants/${p.id}/points`, body: { type: 'earn', amount: 1 + (seq % 37), reason: `crash ${key}` }, auth: apiKey, participantId: p.id })
      }
      for (const [n, p] of sitePeople.entries()) {
        const challenge = challengeIds[(round + n) % challengeIds.length]!
        list.splice(n * 25 + 3, 0, { key: `submit-${round}-${n}`, kind: 'submit', path: '/public/challenges/submit', body: { challenge_id: challenge }, auth: p.token, participantId: p.id })
        for (let c = 0; c < 8; c++)
          list.splice(n * 25 + 5 + c * 2, 0, { key: `claim-${round}-${n}-${c}`, kind: 'claim', path: '/public/rewards/process_reward', body: { reward_id: pastry }, auth: p.token, participantId: p.id })
        if (round === 0 && once) list.splice(n * 25 + 22, 0, { key: `once-${n}`, kind: 'claim-once', path: '/public/rewards/process_reward', body: { reward_id: once }, auth: p.token, participantId: p.id })
      }
      return list
    }

    for (let round = 0; round < KILLS; round++) {
      const writes = burst(round)
      sent.push(...writes)
      const base = server!.url
      let acks = 0
      const killAt = 30 + Math.floor(Math.random() * 50)
      let killing: Promise<void> | null = null
      await pool(writes, CONCURRENCY, async (w) => {
        if (killing) return
        try {
          const answer = await call(base, w)
          if (answer.status < 500) w.acked = answer
          if (++acks === killAt) killing = server!.kill()
        } catch {
          // The server died under this request: no answer.
        }
      })
      await (killing ?? server!.kill())
      server = await start(entry, dir)
    }
    const restartedAt = Date.now()
    phase('burstsAndRestarts')

    // Every key again, once its lease is over, as a client retrying after the outage.
    await new Promise((r) => setTimeout(r, Number(LEASES.IDEMPOTENCY_LEASE_MS) + 500))
    const replays = new Map<string, { status: number; body: Record<string, any> }>()
    await pool(sent, CONCURRENCY, async (w) => {
      replays.set(w.key, await call(server!.url, w))
    })
    phase('replay')
    const bad = sent.filter((w) => replays.get(w.key)!.status >= 500 || replays.get(w.key)!.status === 409)
    expect(
      bad.map((w) => `${w.kind} ${w.key}: ${replays.get(w.key)!.status} ${JSON.stringify(replays.get(w.key)!.body).slice(0, 200)}`),
      `the server said:\n${server!
        .output()
        .split('\n')
        .filter((l) => /error|restart|reload|change|exception/i.test(l))
        .slice(-30)
        .join('\n')}`,
    ).toEqual([])
    // A write whose answer came back answers the same again; an unanswered one ran (or was found) now.
    for (const w of sent) {
      const again = replays.get(w.key)!
      if (w.acked) expect([w.key, again.status]).toEqual([w.key, w.acked.status])
      if (w.acked && w.kind === 'api') expect([w.key, again.body.entry?.id]).toEqual([w.key, w.acked.body.entry?.id])
      if (w.kind !== 'api') expect([w.key, again.status, again.body.success]).toEqual([w.key, 200, true])
    }

    // The books: each API key credited once, nothing acknowledged lost, every balance equal to its ledger.
    const base = server!.url
    const everyone = [...apiPeople, ...sitePeople]
    const ledgers = new Map(await Promise.all(everyone.map(async (p) => [p.id, await ledgerOf(base, apiKey, p.id)] as const)))
    const creditsOf = (w: Sent) => ledgers.get(w.participantId)!.filter((r) => r.title === `crash ${w.key}`).length
    const apiWrites = sent.filter((s) => s.kind === 'api')
    const ackedThenLost = apiWrites.filter((w) => w.acked && creditsOf(w) === 0).length
    const creditedTwice = apiWrites.filter((w) => creditsOf(w) > 1).length
    for (const w of apiWrites) expect([w.key, creditsOf(w)]).toEqual([w.key, 1])
    const siteClaims = new Map<number, number>()
    for (const w of sent.filter((s) => s.kind === 'claim')) siteClaims.set(w.participantId, (siteClaims.get(w.participantId) ?? 0) + 1)
    for (const p of sitePeople) {
      const rows = ledgers.get(p.id)!
      expect(rows.filter((r) => r.title === 'Free pastry with any drink').length).toBe(siteClaims.get(p.id))
    }
    const balances = { ok: 0, of: everyone.length }
    for (const p of everyone) {
      const participant = (await (await fetch(`${base}/api/v1/participants/${p.id}`, { headers: { authorization: `Bearer ${apiKey}` } })).json()) as { points_balance: number }
      const sum = ledgers.get(p.id)!.reduce((total, r) => total + r.delta, 0)
      expect([p.id, participant.points_balance]).toEqual([p.id, sum])
      balances.ok++
    }

    // Every ledger row's points.changed, once per webhook-id, within two minutes of the restart (or of
    // its own write, for one a replay made after it).
    const expected = new Map<string, { n: number; latest: number }>()
    for (const [id, rows] of ledgers)
      for (const r of rows) {
        const k = `${id} ${r.delta} ${r.title}`
        const e = expected.get(k) ?? { n: 0, latest: 0 }
        expected.set(k, { n: e.n + 1, latest: Math.max(e.latest, Date.parse(r.created_at)) })
      }
    /** Per event: the distinct webhook-ids received, and when the last of them first arrived. */
    const received = () => {
      const first = new Map<string, { data: Record<string, unknown>; at: number }>()
      for (const g of hooks.got) if (g.type === 'points.changed' && !first.has(g.id)) first.set(g.id, g)
      const byEvent = new Map<string, { n: number; last: number }>()
      for (const { data, at } of first.values()) {
        const k = `${data.participant_id} ${data.delta} ${data.title}`
        const e = byEvent.get(k) ?? { n: 0, last: 0 }
        byEvent.set(k, { n: e.n + 1, last: Math.max(e.last, at) })
      }
      return byEvent
    }
    const missing = () => {
      const got = received()
      return [...expected].filter(([k, e]) => got.get(k)?.n !== e.n).map(([k, e]) => `${k}: ${got.get(k)?.n ?? 0} of ${e.n}`)
    }
    phase('books')
    const waitUntil = Date.now() + 120_000
    while (missing().length && Date.now() < waitUntil) await new Promise((r) => setTimeout(r, 1000))
    expect(missing()).toEqual([])
    const got = received()
    const lateness = [...expected].map(([k, e]) => got.get(k)!.last - Math.max(restartedAt, e.latest))
    const slowest = Math.max(...lateness)
    expect(slowest, 'the slowest webhook, in ms after the restart or its write').toBeLessThanOrEqual(120_000)
    const deliveredAfter = Math.round(slowest / 1000)
    phase('webhooks')

    const figures = {
      entry,
      kills: KILLS,
      writesSent: sent.length,
      acknowledged: sent.filter((w) => w.acked).length,
      ackedThenLost,
      creditedTwice,
      balancesEqualLedger: `${balances.ok} of ${balances.of}`,
      replays409or5xx: bad.length,
      ledgerRows: [...expected.values()].reduce((a, b) => a + b.n, 0),
      webhookDeliveries: hooks.got.length,
      distinctWebhookIds: new Set(hooks.got.map((g) => g.id)).size,
      slowestWebhookSeconds: deliveredAfter,
      phases,
    }
    console.log(`[crash] ${JSON.stringify(figures)}`)
  } finally {
    await server?.kill()
    await hooks.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('a server killed mid-burst, restarted on the same database, then every key replayed', () => {
  it('loses nothing and credits nothing twice on the Node entry (libSQL)', () => runCrashTest('node'), 420_000)
  it('loses nothing and credits nothing twice on the Workers entry (npm start: workerd, local D1)', () => runCrashTest('workerd'), 420_000)
})
