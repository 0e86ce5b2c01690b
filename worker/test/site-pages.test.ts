import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CURATED_FONTS, DESIGN_WEIGHTS, curatedFontFiles } from '../../sdk/contract/fonts'
import { fontJobs, makeFontFile } from '../../scripts/build-fonts.mjs'
import { and, eq, isNotNull } from 'drizzle-orm'
import { openLibsql } from '../src/db/node'
import { participants, programs } from '../src/db/schema'
import { startNodeServer } from '../src/node'
import { acceptsHtml, plainText } from '../src/features/site/share-preview'
import { type Preload, preloadLinkHeader, preloadTags } from '../src/features/site/page-preloads'
import { offlineEnv, wranglerWorkerOptions } from '../local/deployed-worker'

/**
 * Every client gets the page (issue 13): the participant site's routes answer their HTML to any
 * Accept but a JSON-only one (curl, HEAD, link-preview bots), unknown paths a 404 page, and each page
 * carries its share preview (title, description, canonical, Open Graph, Twitter card) built on the
 * server; robots.txt, sitemap.xml, the manifest, the icons and the program's fonts. On the Node entry
 * over HTTP, with a built-like dist/public; the Workers entry's asset routing from wrangler.toml.
 */

const ROOT = resolve(__dirname, '../..')
const ORIGIN = 'https://rewards.example.test'
const SITE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Rewards</title><script type="module" src="/assets/index-AbCd1234.js"></script><link rel="stylesheet" href="/assets/index-AbCd1234.css"></head><body><div id="app"></div></body></html>`
const FILES: Record<string, string> = {
  '/index.html': SITE_HTML,
  '/embed.html': SITE_HTML.replace('Rewards', 'Widget'),
  '/admin/v2/index.html': '<!doctype html><html><head><title>Tessera Console</title></head><body><div id="root"></div></body></html>',
  '/admin/v2/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  '/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  '/apple-touch-icon.png': 'png',
  '/assets/fonts/poppins-latin-700-normal.woff2': 'woff2',
}
const BOTS = {
  curl: 'curl/8.5.0',
  Slackbot: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  facebookexternalhit: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  Twitterbot: 'Twitterbot/1.0',
  WhatsApp: 'WhatsApp/2.23.20.0',
  Googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
}

let dir = ''
let server: Awaited<ReturnType<typeof startNodeServer>>
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tessera-site-'))
  for (const [path, body] of Object.entries(FILES)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), body)
  }
  server = await startNodeServer({
    port: 0,
    quiet: true,
    seed: true,
    databaseUrl: `file:${join(dir, 'db.sqlite')}`,
    publicDir: dir,
    env: { ENVIRONMENT: 'development', LOCAL_ORIGIN: ORIGIN },
  })
}, 60_000)
afterAll(async () => {
  await server?.close()
  rmSync(dir, { recursive: true, force: true })
})

const get = (path: string, init: RequestInit & { accept?: string; ua?: string } = {}) =>
  fetch(`${server.url}${path}`, {
    ...init,
    headers: { accept: init.accept ?? '*/*', ...(init.ua ? { 'user-agent': init.ua } : {}), ...(init.headers as Record<string, string>) },
    redirect: 'manual',
  })
const meta = (html: string, attr: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attr}="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)">`).exec(html)?.[1] ?? null
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null

describe('which clients get a page', () => {
  it('takes every Accept but a JSON-only one as asking for the page', () => {
    for (const accept of [undefined, '', '*/*', 'text/html', 'text/html,application/xhtml+xml,*/*;q=0.8', 'application/json, text/plain, */*', 'image/png'])
      expect(acceptsHtml(accept), String(accept)).toBe(true)
    for (const accept of ['application/json', 'application/problem+json, application/json;q=0.9', 'application/json, text/html;q=0'])
      expect(acceptsHtml(accept), accept).toBe(false)
  })

  it.each(['/', '/challenge/coffee-quiz', '/reward/2', '/signin?referral_code=ABC123', '/privacy'])('answers %s with its HTML to curl and the link-preview bots', async (path) => {
    for (const [bot, ua] of Object.entries(BOTS)) {
      const res = await get(path, { ua })
      expect({ bot, status: res.status, type: res.headers.get('content-type') }).toEqual({ bot, status: 200, type: 'text/html; charset=UTF-8' })
      expect(res.headers.get('vary')).toMatch(/accept/i)
      expect(await res.text()).toContain('<div id="app">')
    }
  })

  it('answers HEAD like GET, without a body', async () => {
    for (const path of ['/', '/challenge/coffee-quiz', '/admin/v2', '/no-such-page']) {
      const got = await get(path)
      const head = await get(path, { method: 'HEAD' })
      expect({ path, status: head.status, type: head.headers.get('content-type') }).toEqual({ path, status: got.status, type: got.headers.get('content-type') })
      expect(await head.text()).toBe('')
      await got.arrayBuffer()
    }
  })

  it('answers a JSON-only client a JSON 404, varying on Accept', async () => {
    const res = await get('/challenge/coffee-quiz', { accept: 'application/json' })
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toMatch(/application\/json/)
    expect(res.headers.get('vary')).toMatch(/accept/i)
    await res.arrayBuffer()
    // The worker's own paths stay JSON whatever the Accept.
    const api = await get('/public/no-such-thing')
    expect(api.status).toBe(404)
    expect(api.headers.get('content-type')).toMatch(/application\/json/)
    await api.arrayBuffer()
  })

  it('answers unknown paths and items with the page and status 404 (no soft 404)', async () => {
    for (const path of ['/no-such-page', '/challenge/no-such-challenge', '/reward/999999', '/a/b/c']) {
      const res = await get(path, { ua: BOTS.Googlebot })
      expect({ path, status: res.status }).toEqual({ path, status: 404 })
      const html = await res.text()
      expect(html).toContain('<div id="app">')
      expect(meta(html, 'name', 'robots')).toBe('noindex')
      expect(title(html)).toMatch(/^Page not found \| /)
    }
  })

  it("answers the console's entry page to any client, and keeps its API JSON", async () => {
    const page = await get('/admin/v2', { ua: BOTS.curl })
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Tessera Console')
    const signin = await get('/admin/v2/auth/sign_in')
    expect(signin.status).toBe(200)
    expect(await signin.text()).toContain('Tessera Console')
    const api = await get('/admin/v2/programs/1/participants')
    expect(api.headers.get('content-type')).toMatch(/application\/json/)
    await api.arrayBuffer()
    const icon = await get('/admin/v2/favicon.svg', { accept: 'image/avif,image/webp,*/*' })
    expect(icon.status).toBe(200)
    expect(icon.headers.get('content-type')).toMatch(/svg/)
    await icon.arrayBuffer()
  })
})

describe('share previews built on the server', () => {
  it('gives home the program title, description, canonical, Open Graph and Twitter card', async () => {
    const html = await (await get('/', { ua: BOTS.facebookexternalhit })).text()
    expect(title(html)).toBe('Earn rewards for being you | Tessera Demo')
    expect(meta(html, 'name', 'description')).toBe('Complete challenges, collect points and claim rewards from brands you love.')
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/">`)
    expect(meta(html, 'property', 'og:title')).toBe('Earn rewards for being you | Tessera Demo')
    expect(meta(html, 'property', 'og:url')).toBe(`${ORIGIN}/`)
    expect(meta(html, 'property', 'og:image')).toBe(`${ORIGIN}/brand/hero.svg`)
    expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image')
    expect(meta(html, 'name', 'twitter:image')).toBe(`${ORIGIN}/brand/hero.svg`)
    expect(html.match(/<title>/g)).toHaveLength(1)
  })

  it('names the challenge, reward and program page in their previews', async () => {
    const challenge = await (await get('/challenge/coffee-quiz', { ua: BOTS.Slackbot })).text()
    expect(title(challenge)).toBe('Coffee know-how quiz | Tessera Demo')
    expect(meta(challenge, 'name', 'description')).toBe('Test your coffee knowledge. Score 60% or more to earn 60 points.')
    expect(meta(challenge, 'property', 'og:type')).toBe('article')
    expect(meta(challenge, 'property', 'og:url')).toBe(`${ORIGIN}/challenge/coffee-quiz`)
    expect(meta(challenge, 'property', 'og:image')).toMatch(new RegExp(`^${ORIGIN}/brand/`))

    const reward = await (await get('/reward/2', { ua: BOTS.Twitterbot })).text()
    expect(title(reward)).not.toBe('Rewards')
    expect(title(reward)).toMatch(/ \| Tessera Demo$/)
    expect(meta(reward, 'property', 'og:url')).toBe(`${ORIGIN}/reward/2`)

    const page = await (await get('/privacy')).text()
    expect(title(page)).toBe('Privacy | Tessera Demo')
    expect(meta(page, 'name', 'description')).toMatch(/^We collect your name and e-mail/)

    const referral = await (await get('/signin?referral_code=ABC123', { ua: BOTS.WhatsApp })).text()
    expect(title(referral)).toBe('You&#39;re invited to join Tessera Demo')
    expect(meta(referral, 'property', 'og:url')).toBe(`${ORIGIN}/signin`)

    // A real code: the preview names the friend and the bonus, in the landing banner's words.
    const { client, db } = await openLibsql(`file:${join(dir, 'db.sqlite')}`, { migrate: false })
    const [friend] = await db
      .select({ code: participants.referralCode, first: participants.firstName })
      .from(participants)
      .innerJoin(programs, eq(programs.id, participants.programId))
      .where(and(eq(programs.publicKey, 'demo'), eq(participants.status, 'active'), isNotNull(participants.referralCode), isNotNull(participants.firstName)))
      .limit(1)
    client.close()
    const first = friend!.first!.trim().split(/\s+/)[0]!
    const invited = await (await get(`/signin?referral_code=${friend!.code}`, { ua: BOTS.Slackbot })).text()
    expect(title(invited)).toBe(`${first} invited you to join Tessera Demo`)
    expect(meta(invited, 'property', 'og:description')).toMatch(new RegExp(`^${first} invited you: join and get \\d[\\d,]* points\\. `))
  })

  it('builds absolute URLs from configuration, never from the Host header', async () => {
    const html = await (await get('/challenge/coffee-quiz', { headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } })).text()
    expect(html).not.toContain('evil.example')
  })

  it('escapes what it copies and cuts descriptions at a word', () => {
    expect(plainText('<p>Fish &amp; <b>chips</b></p>')).toBe('Fish & chips')
    const long = plainText('word '.repeat(100))
    expect(long.length).toBeLessThanOrEqual(200)
    expect(long.endsWith('…')).toBe(true)
  })

  it('escapes the program and item words in the head', async () => {
    const res = await get('/reward/2?referral_code=%22%3E%3Cscript%3E')
    const html = await res.text()
    expect(html).not.toContain('"><script>')
  })
})

describe('robots, sitemap, manifest, icons and fonts', () => {
  it('serves robots.txt with the sitemap', async () => {
    const res = await get('/robots.txt')
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(text).toMatch(/^User-agent: \*/m)
    expect(text).toContain('Disallow: /my-account')
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`)
  })

  it("lists the program's public pages in sitemap.xml", async () => {
    const res = await get('/sitemap.xml')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/application\/xml/)
    const xml = await res.text()
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    for (const path of ['/', '/challenge/coffee-quiz', '/reward/2', '/privacy', '/rules', '/terms']) expect(xml).toContain(`<loc>${ORIGIN}${path}</loc>`)
    expect(xml).not.toContain('/my-account')
  })

  it('serves a web manifest from the branding, linked from the page with the icons', async () => {
    const res = await get('/manifest.webmanifest')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/manifest+json')
    const manifest = (await res.json()) as Record<string, unknown> & { icons: { src: string; type: string }[] }
    expect(manifest).toMatchObject({ name: 'Tessera Demo', start_url: '/', theme_color: '#17153b', background_color: '#f7f7fb' })
    expect(typeof manifest.short_name).toBe('string')
    expect(manifest.icons.map((i) => i.type)).toEqual(expect.arrayContaining(['image/svg+xml', 'image/png']))
    const html = await (await get('/')).text()
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">')
    expect(html).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">')
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png">')
    expect(meta(html, 'name', 'theme-color')).toBe('#17153b')
    const ico = await get('/favicon.ico')
    expect(ico.status).toBe(302)
    expect(ico.headers.get('location')).toBe('/favicon.svg')
  })

  it("loads the program's curated fonts from our origin with font-display: swap, on the site and the iframe page", async () => {
    for (const path of ['/', '/embed/rewards']) {
      const html = await (await get(path, { accept: 'text/html' })).text()
      const faces = html.match(/@font-face\{[^}]*\}/g) ?? []
      // The demo's Poppins headings (its bold file) and Inter text (one variable file), then the local
      // fallbacks scaled to each.
      expect(faces.slice(0, 2), path).toEqual([
        '@font-face{font-family:"Poppins";font-style:normal;font-weight:700;font-display:swap;src:url(/assets/fonts/poppins-latin-700-normal.woff2) format("woff2")}',
        '@font-face{font-family:"Inter";font-style:normal;font-weight:400 800;font-display:swap;src:url(/assets/fonts/inter-latin-wght-normal.woff2) format("woff2")}',
      ])
      expect(faces.slice(2).map((f) => /font-family:"([^"]+)"/.exec(f)![1]), path).toEqual(
        ['Poppins', 'Inter'].flatMap((family) => ['Arial', 'Roboto', 'DejaVu'].map((local) => `${family} fallback ${local}`)),
      )
      for (const face of faces.slice(2)) expect(face).toMatch(/src:local\("[^"]+"\)(,local\("[^"]+"\))*;size-adjust:[\d.]+%;ascent-override:[\d.]+%;descent-override:[\d.]+%;line-gap-override:[\d.]+%\}$/)
      expect(html).not.toMatch(/fonts\.(googleapis|gstatic)\.com/)
    }
    const font = await get('/assets/fonts/poppins-latin-700-normal.woff2')
    expect(font.status).toBe(200)
    await font.arrayBuffer()
  })

  it('preloads the hero image where the page shows it, and the font files: its headings\' first, then its text\'s', async () => {
    const heroImage = '<link rel="preload" as="image" href="/brand/hero.svg" fetchpriority="high">'
    const headingFont =
      '<link rel="preload" as="font" type="font/woff2" href="/assets/fonts/poppins-latin-700-normal.woff2" crossorigin>' +
      '<link rel="preload" as="font" type="font/woff2" href="/assets/fonts/inter-latin-wght-normal.woff2" crossorigin>'
    // The same files in the answer's Link header: started as the headers arrive (103 Early Hints on Cloudflare).
    const heroLink = '</brand/hero.svg>; rel=preload; as=image; fetchpriority=high'
    const fontLinks =
      '</assets/fonts/poppins-latin-700-normal.woff2>; rel=preload; as=font; type="font/woff2"; crossorigin, ' +
      '</assets/fonts/inter-latin-wght-normal.woff2>; rel=preload; as=font; type="font/woff2"; crossorigin'
    // A signed-out visitor's challenge and account pages are the sign-in page, on the hero backdrop.
    for (const path of ['/', '/signin', '/challenge/coffee-quiz', '/reward/2', '/my-account']) {
      const res = await get(path, { accept: 'text/html' })
      expect(res.headers.get('link'), path).toBe(`${heroLink}, ${fontLinks}`)
      expect(await res.text(), path).toContain(`${heroImage}${headingFont}`)
    }
    const res = await get('/privacy', { accept: 'text/html' })
    expect(res.headers.get('link')).toBe(fontLinks)
    const page = await res.text()
    expect(page).not.toContain(heroImage)
    expect(page).toContain(headingFont)
  })

  it('keeps a preload URL that a Link header could not carry as is in the page only', () => {
    const preloads: Preload[] = [
      { href: '/media/a b.png', as: 'image' },
      { href: 'https://cdn.example.com/x.png?a=1,2', as: 'image' },
      { href: '/media/"><script>.png', as: 'image' },
    ]
    expect(preloadLinkHeader(preloads)).toBeNull()
    expect(preloadTags(preloads)).toContain('href="/media/&quot;&gt;&lt;script&gt;.png"')
    expect(preloadLinkHeader([...preloads, { href: '/assets/fonts/f.woff2', as: 'font' }])).toBe(
      '</assets/fonts/f.woff2>; rel=preload; as=font; type="font/woff2"; crossorigin',
    )
  })

  it("puts the program's branding in the page, after the built stylesheet's defaults: the declarations partner pages' widgets get", async () => {
    const program = (await (await get('/public/program')).json()) as { widget_host_style: string }
    expect(program.widget_host_style).toMatch(/^--perk-primary:#[0-9a-f]{6};/)
    for (const path of ['/', '/signin', '/privacy', '/no-such-page']) {
      const html = await (await get(path, { accept: 'text/html' })).text()
      const style = `<style id="tessera-branding">:root{${program.widget_host_style}}</style>`
      expect(html, path).toContain(style)
      expect(html.indexOf(style), path).toBeGreaterThan(html.indexOf('<link rel="stylesheet" href="/assets/index-AbCd1234.css">'))
    }
  })

  it('builds every curated file from a package the project installs', () => {
    for (const font of Object.values(CURATED_FONTS))
      for (const { url } of curatedFontFiles(font)) expect(existsSync(join(ROOT, 'node_modules', font.package, 'files', basename(url))), url).toBe(true)
  })

  it('cuts each file to the design: the weight range its @font-face names, the metrics its fallbacks are scaled to, a few KB', async () => {
    const jobs = await fontJobs()
    expect(jobs.map((j) => j.url).sort()).toEqual(Object.values(CURATED_FONTS).flatMap((f) => curatedFontFiles(f).map((file) => file.url)).sort())
    for (const font of Object.values(CURATED_FONTS)) {
      for (const file of curatedFontFiles(font)) {
        const job = jobs.find((j) => j.url === file.url)!
        const tables = readFontTables(await makeFontFile(job, 'truetype'))
        const { xWidthAvg: _, ...vertical } = font.metrics
        expect({ ...tables, url: file.url }).toEqual({ ...vertical, wght: font.weights ? null : [...DESIGN_WEIGHTS.text], url: file.url })
        const bytes = (await makeFontFile(job)).byteLength
        // Inter, the default text font, is most of a first visit's font bytes (decision 0036).
        expect(bytes, file.url).toBeLessThan(font.family === 'Inter' ? 24 * 1024 : 36 * 1024)
      }
    }
  }, 60_000)
})

/** What a TrueType file says of itself: head's units per em, hhea's vertical metrics, fvar's weight axis. */
function readFontTables(font: Uint8Array) {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength)
  const tag = (at: number) => String.fromCharCode(...font.subarray(at, at + 4))
  const tables = new Map<string, number>()
  for (let i = 0; i < view.getUint16(4); i++) tables.set(tag(12 + i * 16), view.getUint32(12 + i * 16 + 8))
  const head = tables.get('head')!
  const hhea = tables.get('hhea')!
  const fvar = tables.get('fvar')
  let wght: number[] | null = null
  for (let i = 0; fvar !== undefined && i < view.getUint16(fvar + 8); i++) {
    const axis = fvar + view.getUint16(fvar + 4) + i * view.getUint16(fvar + 10)
    if (tag(axis) === 'wght') wght = [view.getInt32(axis + 4) / 65536, view.getInt32(axis + 12) / 65536]
  }
  return { unitsPerEm: view.getUint16(head + 18), ascent: view.getInt16(hhea + 4), descent: view.getInt16(hhea + 6), lineGap: view.getInt16(hhea + 8), wght }
}

describe('the Workers entry serves icons and fonts as assets (wrangler.toml)', () => {
  let mf: import('miniflare').Miniflare | undefined
  let url = ''
  beforeAll(async () => {
    Object.assign(process.env, offlineEnv())
    const { Miniflare } = await import('miniflare')
    const workerOptions = await wranglerWorkerOptions()
    mf = new Miniflare({
      modules: true,
      script: 'export default { fetch() { return new Response("worker", { status: 404 }) } }',
      compatibilityDate: workerOptions.compatibilityDate,
      assets: { ...(workerOptions.assets as object), directory: dir } as never,
    })
    url = (await mf.ready).href.replace(/\/$/, '')
  }, 60_000)
  afterAll(async () => mf?.dispose())

  it("serves the console's favicon, the touch icon and the fonts without the Worker", async () => {
    for (const path of ['/admin/v2/favicon.svg', '/apple-touch-icon.png', '/assets/fonts/poppins-latin-700-normal.woff2']) {
      const res = await fetch(`${url}${path}`)
      expect({ path, status: res.status }).toEqual({ path, status: 200 })
      expect(await res.text()).toBe(FILES[path])
    }
  })
})
