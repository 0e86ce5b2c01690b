import { createApp } from '../src/app'
import { configFromEnv } from '../src/config'
import type { Db } from '../src/db/client'
import type { Deps } from '../src/deps'
import { captchaOff } from '../src/platform/captcha'
import { createLocalPayments } from '../src/platform/payments'

export const TEST_WEBHOOK_SECRET = 'whsec_test_secret_for_tests'
import { createDevMailbox } from '../src/platform/mail'
import { createCatalogOffers } from '../src/platform/offers'
import { createLocalStorage } from '../src/platform/storage'
import { webhookEvents, webhooks } from '../src/db/schema/integrations'
import { programScope } from '../src/db/scope'
import { openTestDatabase } from './test-database'
import { testTempDir } from './temp-dir'

/** A clock tests move by hand: expiry and waits without sleeping. */
export function fakeClock(start = Date.now()) {
  let now = start
  return {
    now: () => now,
    advance(ms: number) {
      now += ms
    },
  }
}

/**
 * The real app on a fresh database with the migrations and base demo data: libSQL, or D1 in
 * workerd when the suite runs on D1 (worker/test/test-database.ts). `execute` runs raw SQL on either;
 * `client` is libSQL's own, null on D1.
 */
export async function makeTestApp(overrides: Partial<Deps> = {}) {
  const database = await openTestDatabase()
  const { db } = database
  const clock = fakeClock()
  const config = configFromEnv({ ENVIRONMENT: 'test', APP_SECRET: 'test-secret-test-secret-test-secret-!!', LOCAL_ORIGIN: 'http://localhost' })
  const deps: Deps = {
    db,
    config,
    payments: createLocalPayments({ webhookSecret: TEST_WEBHOOK_SECRET }),
    clock,
    mail: createDevMailbox(db, () => {}),
    captcha: captchaOff,
    offers: createCatalogOffers(db),
    // A real local file store in a fresh temporary directory (the media library's uploads).
    storage: createLocalStorage(testTempDir('files')),
    ...overrides,
  }
  const app = createApp(deps)
  return { ...database, app, deps, clock, browser: (host = 'localhost') => new TestBrowser(app, host) }
}

type AppLike = { request(input: string, init?: RequestInit): Response | Promise<Response> }

/**
 * Calls the app like a browser: keeps cookies, reads the CSRF token from /public/csrf and sends it
 * with JSON posts (unless told not to).
 */
export class TestBrowser {
  cookies = new Map<string, string>()
  csrf: string | null = null
  constructor(
    readonly app: AppLike,
    readonly host = 'localhost',
  ) {}

  async request(path: string, init: RequestInit & { json?: unknown; form?: Record<string, string>; csrf?: boolean } = {}) {
    const headers = new Headers(init.headers)
    const method = init.method ?? (init.json || init.form ? 'POST' : 'GET')
    if (method !== 'GET' && init.csrf !== false && !headers.has('x-csrf-token') && !headers.has('authorization')) {
      if (!this.csrf) await this.fetchCsrf()
      headers.set('x-csrf-token', this.csrf!)
    }
    if (!headers.has('host')) headers.set('host', this.host)
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '))
    let body = init.body
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json')
      body = JSON.stringify(init.json)
    } else if (init.form) {
      headers.set('content-type', 'application/x-www-form-urlencoded')
      body = new URLSearchParams(init.form).toString()
    }
    const res = await this.app.request(`http://${this.host}${path}`, { ...init, method, headers, body })
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';')
      const [name, ...rest] = pair!.split('=')
      const value = rest.join('=')
      if (/max-age=0/i.test(cookie) || value === '') this.cookies.delete(name!.trim())
      else this.cookies.set(name!.trim(), value)
    }
    return res
  }

  async fetchCsrf() {
    const res = await this.request('/public/csrf')
    this.csrf = ((await res.json()) as { csrf_token: string }).csrf_token
    return this.csrf
  }

  async json<T = Record<string, unknown>>(path: string, init: Parameters<TestBrowser['request']>[1] = {}) {
    const res = await this.request(path, init)
    return { status: res.status, body: (await res.json()) as T, res }
  }
}

export async function lastMail(db: Db, to: string) {
  const { devMailbox } = await import('../src/db/schema')
  const { desc, eq } = await import('drizzle-orm')
  const rows = await db.select().from(devMailbox).where(eq(devMailbox.to, to)).orderBy(desc(devMailbox.id)).limit(1)
  const row = rows[0]
  return row ? { ...row, code: row.text.match(/\b(\d{6})\b/)?.[1] ?? null, link: row.text.match(/https?:\/\/\S+/)?.[0] ?? null } : null
}

/**
 * A participant created directly (no e-mail round trip) with a cookie session, for tests that need
 * many signed-in participants. `points` are credited through the ledger like any earn.
 */
export async function quickParticipant(t: Awaited<ReturnType<typeof makeTestApp>>, email: string, opts: { points?: number; programKey?: string } = {}) {
  const { eq } = await import('drizzle-orm')
  const { participants, programs } = await import('../src/db/schema')
  const { programScope } = await import('../src/db/scope')
  const { ledgerInsert } = await import('../src/features/points/ledger')
  const { createParticipantSession } = await import('../src/features/signin/sessions')
  const [program] = await t.db.select().from(programs).where(eq(programs.publicKey, opts.programKey ?? 'demo'))
  const scope = programScope(t.db, program!.id)
  const [participant] = await scope
    .insert(participants, { email, firstName: email.split('@')[0]!, lastName: 'Test', referralCode: `R${Math.random().toString(36).slice(2, 10).toUpperCase()}`, emailVerifiedAt: new Date() })
    .returning()
  if (opts.points) {
    await ledgerInsert(scope, { participantId: participant!.id, delta: opts.points, kind: 'earn', source: 'admin', title: 'Test credit', idempotencyKey: `test:${participant!.id}` })
  }
  const token = await createParticipantSession(t.db, { programId: program!.id, participantId: participant!.id, kind: 'cookie', now: t.clock.now() })
  const b = t.browser()
  b.cookies.set('tessera_session', token)
  return { browser: b, participant: participant!, program: program!, scope }
}

/**
 * A webhook of `programId` that takes every event, so that writes record their events in the outbox
 * (an event no webhook takes is not written: features/webhooks/events.ts). Its receiver accepts every
 * delivery (the app's outbound fetch answers 200 unless the test gave its own), so it is never
 * auto-disabled; the tests that use it read the outbox rows.
 */
export async function subscribeEveryEvent(t: { db: Db; deps: Deps }, programId: number) {
  t.deps.fetch ??= async () => new Response('ok')
  await programScope(t.db, programId).insert(webhooks, { url: 'http://127.0.0.1:9/tessera', secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}`, events: [...webhookEvents] })
}
