import { type ChildProcess, spawn } from 'node:child_process'
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { type Browser, type BrowserContext, chromium, type Download, type Page } from 'playwright-core'
import { localPath } from '../worker/src/db/libsql-local'
import { migrateLocalD1 } from '../worker/local/deployed-worker'
import { type NodeServerOptions, startNodeServer as startNodeServerOnly } from '../worker/src/node'

// import.meta.dirname: bench/size.ts runs this file as an ES module under tsx, where __dirname is undefined.
export const ROOT = resolve(import.meta.dirname ?? __dirname, '..')

/** The full Chromium browser (what a participant runs): files that test what only it does launch it. */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  return path
}

/**
 * The run's shared browser: Chromium's headless shell when it is installed (Debian's
 * `chromium-headless-shell`, the same engine and version without the browser's UI layer, as Playwright
 * runs headless by default), else the full browser. The shell lacks what the browser's profile adds:
 * third-party storage blocking and its prompts, and the font configuration of a desktop; the files that
 * test those launch the full browser (`launchBrowser([], { full: true })`).
 */
export function sharedBrowserPath(): string {
  const shell = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell'
  return existsSync(shell) ? shell : chromiumPath()
}

/** Something a page logged or answered that a normal flow never does. */
export type BrowserProblem = { kind: string; text: string }

const problems: BrowserProblem[] = []
const expected: RegExp[] = []

/**
 * Every page of every context of a browser from launchBrowser() is watched: a console error, an
 * uncaught exception, an HTTP answer of 400 or more (from any origin: the product's or the partner's
 * test page) or a failed request is a problem, and e2e/setup.ts fails the test that caused it. There is
 * no list of tolerated messages: a test that provokes an error on purpose (a wrong code, a page host
 * not in the domain list) names what it expects with expectBrowserProblems, for that test only.
 * Requests the browser cancels itself (a navigation leaving a page, net::ERR_ABORTED) are not errors.
 */
function watch(page: Page) {
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push({ kind: 'console.error', text: `${m.text()} ${m.location().url ?? ''}`.trim() })
  })
  page.on('pageerror', (e) => problems.push({ kind: 'pageerror', text: e.message }))
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push({ kind: `HTTP ${r.status()}`, text: `${r.request().method()} ${r.url()}` })
  })
  page.on('requestfailed', (r) => {
    const reason = r.failure()?.errorText ?? ''
    if (!/ERR_ABORTED/.test(reason)) problems.push({ kind: 'request failed', text: `${r.method()} ${r.url()} ${reason}` })
  })
}

/** Watches every page of a context made outside launchBrowser() (a persistent profile, say). */
export function watchContext(context: BrowserContext) {
  context.on('page', watch)
}

/** The current test provokes these problems on purpose (each pattern is matched against `kind: text`, as reported). */
export function expectBrowserProblems(...patterns: RegExp[]) {
  expected.push(...patterns)
}

/** The problems since the last call that the current test did not expect; resets the expectations. */
export function takeBrowserProblems(): BrowserProblem[] {
  const found = problems.splice(0).filter((p) => !expected.some((r) => r.test(`${p.kind}: ${p.text}`)))
  expected.length = 0
  return found
}

/** Headless Chromium kept offline: no background networking, no component updates. */
export const BROWSER_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage']

/** The ws endpoint of the run's shared Chromium (e2e/global-setup.ts; unset outside the e2e project). */
export const BROWSER_WS_ENV = 'TESSERA_E2E_BROWSER_WS'

/**
 * Headless Chromium kept offline. Pages are watched. In the e2e project a file without extra flags
 * connects to the run's one Chromium (started by e2e/global-setup.ts with the same flags) instead of
 * launching its own: a launch and close cost 2-3 s of a 2-core machine per file. The file's contexts
 * are its own as before (isolated like a launch's), and close() disconnects and closes them, leaving
 * the shared browser to the other files. Extra flags (host mapping) still get a browser of their own,
 * and so does `full` (the full Chromium, where the shared one is the headless shell: sharedBrowserPath).
 */
export async function launchBrowser(extraArgs: string[] = [], opts: { full?: boolean } = {}): Promise<Browser> {
  const shared = process.env[BROWSER_WS_ENV]
  const browser =
    shared && extraArgs.length === 0 && !opts.full
      ? await chromium.connect(shared)
      : await chromium.launch({ executablePath: opts.full ? chromiumPath() : sharedBrowserPath(), args: [...BROWSER_ARGS, ...extraArgs] })
  const newContext = browser.newContext.bind(browser)
  browser.newContext = async (options) => {
    const context = await newContext(options)
    context.on('page', watch)
    return context
  }
  const newPage = browser.newPage.bind(browser)
  browser.newPage = async (options) => {
    const page = await newPage(options)
    watch(page)
    return page
  }
  return browser
}

/** A download's content as text (download.path() is not available from a shared, connected browser). */
export async function downloadText(download: Download): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

export async function newPage(browser: Browser, width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } })
  const page = await context.newPage()
  return { context, page }
}

/** Where e2e/global-setup.ts left the run's migrated and seeded demo database (unset outside the e2e project). */
export const SEEDED_DB_ENV = 'TESSERA_E2E_SEEDED_DB'

/**
 * The Node entry (worker/src/node.ts), for e2e files: a seeded server on a new database file starts
 * from a copy of the run's seeded template instead of migrating and seeding its own (seconds per file
 * on 2 cores); seedDemo then finds the demo data and writes nothing. The copy is a database no test
 * has touched, like a fresh seed. Without a template (bench/size.ts, say) it seeds as before.
 */
export async function startNodeServer(opts: NodeServerOptions = {}) {
  const template = process.env[SEEDED_DB_ENV]
  const path = opts.databaseUrl ? localPath(opts.databaseUrl) : null
  if (opts.seed && template && path && path !== ':memory:' && !existsSync(path)) copyFileSync(template, path)
  return startNodeServerOnly(opts)
}

/** The Node entry on a fresh libSQL file with demo data, on a free port. */
export async function startNode() {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-e2e-'))
  const server = await startNodeServer({ port: 0, databaseUrl: `file:${join(dir, 'e2e.db')}`, seed: true, quiet: true, env: { ENVIRONMENT: 'development' } })
  return {
    url: server.url,
    async close() {
      await server.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** A free loopback port. */
export async function freePort(): Promise<number> {
  return new Promise((res) => {
    const s = createServer()
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => res(port))
    })
  })
}

/** wrangler's environment kept offline and quiet, its logs and config in `dir`. */
export const wranglerEnv = (dir: string) => ({
  ...process.env,
  CI: 'true',
  WRANGLER_SEND_METRICS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  WRANGLER_LOG_PATH: join(dir, 'logs'),
  XDG_CONFIG_HOME: join(dir, 'config'),
})

/** Waits (90 s at most) until a starting server seeds the demo program (`/_dev/seed`, idempotent). */
export async function waitForSeed(url: string, what: string, output: () => string) {
  const deadline = Date.now() + 90_000
  for (;;) {
    try {
      const res = await fetch(`${url}/_dev/seed`, { method: 'POST', headers: { 'x-tessera-dev': 'seed' } })
      if (res.ok) return
    } catch {}
    if (Date.now() > deadline) throw new Error(`${what} did not start:\n${output().slice(-3000)}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

/** wrangler's CLI, run by this Node (`npx wrangler` costs a second npm process per call). */
export const WRANGLER = [process.execPath, join(ROOT, 'node_modules/wrangler/bin/wrangler.js')] as const

/** `wrangler dev` with local D1/R2/Queues in a throwaway state folder: `npm start -- --wrangler`'s path. */
export async function startWrangler() {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-wrangler-'))
  const port = await freePort()
  const env = wranglerEnv(dir)
  // The local D1 as `wrangler d1 migrations apply` leaves it, same d1_migrations rows, for a tenth of its CPU.
  await migrateLocalD1(dir)
  const vars = ['--var', 'ENVIRONMENT:development', '--var', `LOCAL_ORIGIN:http://localhost:${port}`]
  const child: ChildProcess = spawn(WRANGLER[0], [WRANGLER[1], 'dev', '--local', '--persist-to', dir, '--port', String(port), '--ip', '127.0.0.1', '--show-interactive-dev-session=false', ...vars], {
    cwd: ROOT,
    env,
    stdio: 'pipe',
    detached: true,
  })
  let output = ''
  child.stdout?.on('data', (d) => {
    output += d
  })
  child.stderr?.on('data', (d) => {
    output += d
  })
  await waitForSeed(`http://127.0.0.1:${port}`, 'wrangler dev', () => output)
  return {
    url: `http://localhost:${port}`,
    output: () => output,
    async close() {
      try {
        process.kill(-child.pid!, 'SIGTERM')
      } catch {}
      await new Promise((r) => setTimeout(r, 300))
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

type Mail = { id: number; code: string | null; link: string | null }

/** The dev mailbox's messages to `email`, newest first. */
async function mailbox(baseUrl: string, email: string): Promise<Mail[]> {
  const res = await fetch(`${baseUrl}/_dev/mailbox.json?to=${encodeURIComponent(email)}`)
  return ((await res.json()) as { messages: Mail[] }).messages
}

/** Reads the newest message to `email` from the dev mailbox, waiting for it to arrive. */
export async function readMail(baseUrl: string, email: string, after = 0): Promise<Mail> {
  const deadline = Date.now() + 15_000
  for (;;) {
    const m = (await mailbox(baseUrl, email))[0]
    if (m && m.id > after) return m
    if (Date.now() > deadline) throw new Error(`no mail for ${email}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/**
 * The id of the newest mail to `email` so far (0 for none): a test that asks for a code reads the
 * mail after it (`readMail(url, email, before)`), so a retry of the test never types the first try's code.
 */
export async function lastMailId(baseUrl: string, email: string): Promise<number> {
  return (await mailbox(baseUrl, email))[0]?.id ?? 0
}

const mailSeen = new Map<string, number>()

/**
 * A console context signed in with an e-mailed code (reduced motion for still screens, downloads
 * accepted for the CSV and audit-file tests), through the console's own sign-in calls from the
 * context (its cookie jar is the pages'): the same `/admin/v2/auth/start` and `/auth/verify` the login
 * screen sends, without loading the login screen and the dashboard it lands on (two page loads of a
 * 2-core machine per console file). The screen itself is walked in signin.test.ts. Each sign-in reads
 * the mail after the last one this process read for that address, so a second sign-in never reuses an
 * old code.
 */
export async function signInConsole(browser: Browser, baseUrl: string, email: string, width = 1280): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce', acceptDownloads: true })
  const api = context.request
  const csrf = (await (await api.get(`${baseUrl}/public/csrf`, { headers: { 'x-program-key': 'demo' } })).json()) as { csrf_token: string }
  const headers = { 'x-csrf-token': csrf.csrf_token }
  const started = await api.post(`${baseUrl}/admin/v2/auth/start`, { headers, data: { email } })
  if (!started.ok()) throw new Error(`console sign-in for ${email}: auth/start answered ${started.status()} ${await started.text()}`)
  const { browser_token } = ((await started.json()) as { data: { browser_token: string } }).data
  const key = `${baseUrl} ${email}`
  const mail = await readMail(baseUrl, email, mailSeen.get(key) ?? 0)
  mailSeen.set(key, mail.id)
  const verified = await api.post(`${baseUrl}/admin/v2/auth/verify`, { headers, data: { otp: mail.code, browser_token } })
  if (!verified.ok()) throw new Error(`console sign-in for ${email}: auth/verify answered ${verified.status()} ${await verified.text()}`)
  return context
}
