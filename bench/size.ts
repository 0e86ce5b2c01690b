/**
 * `npm run bench:size`: what a partner page transfers per custom element, measured in headless Chromium,
 * plus the file-based sizes of the loader, the hosted site and the iframe page, against the targets of
 * issue 4. Builds nothing: run `node scripts/build.mjs` first. Exits with 1 when a target is missed
 * (after printing the whole table). `--verbose` lists the files of each row, `--json` prints the rows
 * as JSON after the table.
 *
 * Pages: the product runs for real (the Node entry on a fresh libSQL file with the demo data,
 * `startNode()` of e2e/harness.ts), and a partner page server on 127.0.0.1 (another site than the
 * product's localhost URL) serves one page per case: the loader tag (`embed.js`, `data-program="demo"`,
 * async) and that element only, or every element. Each page opens signed out in a fresh browser
 * context; the bench waits for network idle and for every element's shadow root to show content other
 * than a skeleton, then for network idle again. Counted: every response from the Tessera origin that is
 * a script or stylesheet (resource type, or a .js/.css path), each body gzipped here at level 9; API
 * calls and images are not bundle bytes.
 *
 *   loader alone           dist/public/embed.js                        <= 2 KB
 *   tiles page             <tessera-challenge-tiles limit="3">          <= 20 KB
 *   each other element     one element per page                        <= 25 KB
 *   all elements           the seven elements on one page              <= 53 KB
 *   hosted site initial    index.html's scripts and modulepreloads      <= 60 KB (info: was 35.24 KB)
 *   iframe page initial    embed.html's scripts and modulepreloads      reported
 *   Worker upload          what `wrangler deploy` uploads (script + Wasm) <= 3 MB, the Workers Free
 *                          plan's limit after compression (decision 0044: it was 2,944 KB)
 */
import { existsSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { basename, dirname, join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Browser, Response } from 'playwright-core'
import { launchBrowser, startNode } from '../e2e/harness'
import { deployBundleFiles } from '../worker/local/deployed-worker'

const PUBLIC = resolve(import.meta.dirname, '../dist/public')
const KB = 1024
/** The hosted site's initial JS before the widgets became ES modules: it should not grow. */
const HOSTED_BEFORE_KB = 35.24
const args = new Set(process.argv.slice(2))
const verbose = args.has('--verbose')
const asJson = args.has('--json')

type FileSize = { file: string; bytes: number; gzip: number }
type Row = {
  name: string
  kind: 'file' | 'page'
  requests: number
  gzipBytes: number
  limitKb: number | null
  pass: boolean | null
  note?: string
  files: FileSize[]
  /** Pages: the start of each element's rendered text (listed with --verbose). */
  rendered?: string[]
}

const gzip = (body: Buffer) => gzipSync(body, { level: 9 }).length
const kb = (bytes: number) => `${(bytes / KB).toFixed(2)} KB`

function makeRow(name: string, kind: Row['kind'], files: FileSize[], limitKb: number | null, note?: string): Row {
  const gzipBytes = files.reduce((sum, f) => sum + f.gzip, 0)
  const pass = limitKb === null ? null : gzipBytes / KB <= limitKb
  return { name, kind, requests: files.length, gzipBytes, limitKb, pass, ...(note ? { note } : {}), files }
}

// --- File-based rows ------------------------------------------------------------------------------

/** Scripts an HTML entry loads up front: module entries and their modulepreload links. */
function initialScripts(html: string): string[] {
  const found = new Set<string>()
  for (const m of html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"[^>]*>/g)) found.add(m[1]!)
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"[^>]*>/g))
    found.add(m[1]!)
  for (const m of html.matchAll(/<link[^>]*href="([^"]+\.js)"[^>]*rel="modulepreload"[^>]*>/g))
    found.add(m[1]!)
  return [...found].map((src) => src.replace(/^\//, ''))
}

/** A file's size and gzip size, named by its path under `dir` (dist/public unless said). */
function fileSize(file: string, dir = PUBLIC): FileSize {
  const body = readFileSync(join(dir, file))
  return { file, bytes: body.length, gzip: gzip(body) }
}

function fileRows(): Row[] {
  const loader = makeRow('loader alone (embed.js)', 'file', [fileSize('embed.js')], 2)
  const hosted = makeRow(
    'hosted site initial JS',
    'file',
    initialScripts(readFileSync(join(PUBLIC, 'index.html'), 'utf8')).map((file) => fileSize(file)),
    60,
  )
  const hostedKb = hosted.gzipBytes / KB
  hosted.note =
    hostedKb <= HOSTED_BEFORE_KB
      ? `info: no larger than ${HOSTED_BEFORE_KB} KB (yes)`
      : `info: no larger than ${HOSTED_BEFORE_KB} KB (no, +${(hostedKb - HOSTED_BEFORE_KB).toFixed(2)} KB)`
  const iframe = makeRow(
    'iframe page initial JS',
    'file',
    initialScripts(readFileSync(join(PUBLIC, 'embed.html'), 'utf8')).map((file) => fileSize(file)),
    null,
  )
  return [loader, hosted, iframe]
}

/** The Worker as `wrangler deploy` uploads it, against the Workers Free plan's 3 MB after compression. */
async function workerRow(): Promise<Row> {
  const files = (await deployBundleFiles()).map((path) => fileSize(basename(path), dirname(path)))
  const raw = files.reduce((sum, f) => sum + f.bytes, 0)
  return makeRow('Worker upload (wrangler deploy)', 'file', files, 3 * KB, `info: ${(raw / KB / KB).toFixed(2)} MB before compression`)
}

// --- Partner pages in Chromium --------------------------------------------------------------------

type Case = { name: string; elements: { tag: string; attrs?: Record<string, string> }[]; limitKb: number }

type DemoIds = { rewardId: number; membership: string; donation: string }

/** A real active reward and the membership and donation challenges of the demo program, from its API. */
async function demoIds(tesseraUrl: string): Promise<DemoIds> {
  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${tesseraUrl}${path}`)
    if (!res.ok) throw new Error(`GET ${path}: ${res.status}`)
    return (await res.json()) as T
  }
  const rewards = await get<{ data: { id: number; name: string }[] }>('/public/home/active_rewards?program=demo')
  const reward = rewards.data.find((r) => r.name === 'Free pastry with any drink') ?? rewards.data[0]
  const challenges = await get<{ data: { identifier: string; challenge_type: string }[] }>(
    '/public/home/active_uncompleted_challenges?program=demo',
  )
  const byType = (type: string) => {
    const found = challenges.data.find((c) => c.challenge_type === type)
    if (!found) throw new Error(`the demo program has no active ${type} challenge`)
    return found.identifier
  }
  if (!reward) throw new Error('the demo program has no active reward')
  return { rewardId: reward.id, membership: byType('membership'), donation: byType('donation') }
}

function cases(ids: DemoIds): Case[] {
  const elements: Case['elements'] = [
    { tag: 'tessera-challenge-tiles', attrs: { limit: '3' } },
    { tag: 'tessera-reward', attrs: { 'reward-id': String(ids.rewardId) } },
    { tag: 'tessera-signin' },
    { tag: 'tessera-account' },
    { tag: 'tessera-offers' },
    { tag: 'tessera-membership', attrs: { 'challenge-id': ids.membership } },
    { tag: 'tessera-donation', attrs: { 'challenge-id': ids.donation } },
  ]
  return [
    ...elements.map((el) => ({
      name: `<${el.tag}>`,
      elements: [el],
      limitKb: el.tag === 'tessera-challenge-tiles' ? 20 : 25,
    })),
    { name: 'all elements', elements, limitKb: 53 },
  ]
}

const slug = (name: string) => name.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '')

function pageHtml(tesseraUrl: string, c: Case): string {
  const tags = c.elements
    .map(({ tag, attrs = {} }) => {
      const attributes = Object.entries(attrs)
        .map(([k, v]) => ` ${k}="${v}"`)
        .join('')
      return `<${tag}${attributes}></${tag}>`
    })
    .join('\n')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner: ${c.name}</title>
<script src="${tesseraUrl}/embed.js" data-program="demo" async></script></head>
<body><main>
${tags}
</main></body></html>`
}

/** The partner's site: one page per case at /{slug}, on 127.0.0.1. */
async function startPartner(tesseraUrl: string, all: Case[]): Promise<{ url: string; server: Server }> {
  const pages = new Map(all.map((c) => [`/${slug(c.name)}`, pageHtml(tesseraUrl, c)]))
  const server = createServer((req, res) => {
    const html = pages.get(new URL(req.url ?? '/', 'http://x').pathname)
    if (!html) {
      res.writeHead(404)
      res.end()
      return
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    res.end(html)
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server }
}

/** What an element's error boundary shows (widgets/src/embed/mount.tsx). */
const FAILURE_TEXT = 'This content could not be shown.'

const isBundleResponse = (res: Response, origin: string) => {
  const url = new URL(res.url())
  if (url.origin !== origin) return false
  const type = res.request().resourceType()
  return type === 'script' || type === 'stylesheet' || /\.(js|css)$/.test(url.pathname)
}

/** Opens one case's page signed out in a fresh context and sums the Tessera scripts and stylesheets. */
async function measurePage(browser: Browser, partnerUrl: string, tesseraOrigin: string, c: Case): Promise<Row> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 2400 } })
  const page = await context.newPage()
  const bodies: Promise<FileSize | null>[] = []
  const problems: string[] = []
  page.on('response', (res) => {
    if (!isBundleResponse(res, tesseraOrigin)) return
    const file = new URL(res.url()).pathname
    if (res.status() >= 300 && res.status() < 400) return // a redirect: its target is counted
    bodies.push(
      res.body().then(
        (body) => ({ file, bytes: body.length, gzip: gzip(body) }),
        (err: unknown) => {
          problems.push(`could not read ${file}: ${String(err)}`)
          return null
        },
      ),
    )
  })
  page.on('requestfailed', (req) => {
    if (new URL(req.url()).origin === tesseraOrigin) problems.push(`${new URL(req.url()).pathname} failed`)
  })
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`))
  try {
    await page.goto(`${partnerUrl}/${slug(c.name)}`)
    await page.waitForLoadState('networkidle')
    const tags = [...new Set(c.elements.map((e) => e.tag))]
    try {
      await page.waitForFunction(
        (list) =>
          list.every((tag) =>
            Array.from(document.querySelectorAll(tag)).every((el) => {
              const root = el.shadowRoot?.querySelector('.tw-root')
              return !!root && (root.textContent ?? '').trim() !== '' && !root.querySelector('.skeleton')
            }),
          ),
        tags,
        { timeout: 30_000 },
      )
    } catch {
      const stuck = await page.evaluate(
        (list) =>
          list.filter((tag) =>
            Array.from(document.querySelectorAll(tag)).some((el) => {
              const root = el.shadowRoot?.querySelector('.tw-root')
              return !root || (root.textContent ?? '').trim() === '' || !!root.querySelector('.skeleton')
            }),
          ),
        tags,
      )
      problems.push(`not rendered after 30 s: ${stuck.join(', ')}`)
    }
    // Whatever rendering started (a view's own chunks, images), then a short settle.
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(500)
    const shown = await page.evaluate(
      (list) =>
        list.map((tag) => {
          const text = document.querySelector(tag)?.shadowRoot?.querySelector('.tw-root')?.textContent ?? ''
          return { tag, text: text.replace(/\s+/g, ' ').trim() }
        }),
      tags,
    )
    for (const { tag, text } of shown) if (text.includes(FAILURE_TEXT)) problems.push(`${tag} shows "${FAILURE_TEXT}"`)
    const files = (await Promise.all(bodies)).filter((f): f is FileSize => f !== null)
    if (!files.length) problems.push('no script or stylesheet from Tessera')
    const row = makeRow(c.name, 'page', files, c.limitKb, problems.join('; ') || undefined)
    row.rendered = shown.map(({ tag, text }) => `${tag}: ${text.slice(0, 70)}`)
    if (problems.length) row.pass = false
    return row
  } finally {
    await context.close()
  }
}

// --- Run ------------------------------------------------------------------------------------------

function printTable(rows: Row[]) {
  console.log('gzip -9 sizes (1 KB = 1024 bytes); pages: Tessera scripts and stylesheets a partner page fetched\n')
  const head = `${'page'.padEnd(34)}${'requests'.padStart(9)}${'gzip'.padStart(12)}${'target'.padStart(10)}  result`
  console.log(head)
  console.log('-'.repeat(head.length))
  for (const row of rows) {
    const target = row.limitKb === null ? '-' : `${row.limitKb} KB`
    const result = row.pass === null ? 'info' : row.pass ? 'PASS' : 'FAIL'
    const note = row.note ? `  ${row.note}` : ''
    console.log(
      `${row.name.padEnd(34)}${String(row.requests).padStart(9)}${kb(row.gzipBytes).padStart(12)}${target.padStart(10)}  ${result}${note}`,
    )
    if (verbose) for (const line of row.rendered ?? []) console.log(`    rendered ${line}`)
    if (verbose)
      for (const f of row.files)
        console.log(`    ${f.file.padEnd(56)}${kb(f.bytes).padStart(11)} raw${kb(f.gzip).padStart(11)} gzip`)
  }
}

async function main() {
  const needed = ['embed.js', 'index.html', 'embed.html']
  const missing = needed.filter((f) => !existsSync(join(PUBLIC, f)))
  if (missing.length) {
    console.error(`Missing ${missing.map((f) => `dist/public/${f}`).join(', ')}: run \`node scripts/build.mjs\` first.`)
    process.exitCode = 1
    return
  }
  const [loader, ...htmlEntries] = fileRows()
  const rows: Row[] = [loader!]
  const tessera = await startNode()
  let partner: Server | undefined
  let browser: Browser | undefined
  try {
    const all = cases(await demoIds(tessera.url))
    const started = await startPartner(tessera.url, all)
    partner = started.server
    browser = await launchBrowser()
    const origin = new URL(tessera.url).origin
    for (const c of all) {
      process.stderr.write(`measuring ${c.name} ...\n`)
      rows.push(await measurePage(browser, started.url, origin, c))
    }
  } finally {
    await browser?.close()
    await new Promise((done) => (partner ? partner.close(done) : done(undefined)))
    await tessera.close()
  }
  rows.push(...htmlEntries, await workerRow())
  printTable(rows)
  if (asJson) console.log(`\n${JSON.stringify(rows, null, 2)}`)
  if (rows.some((r) => r.pass === false)) process.exitCode = 1
}

await main()
