import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, newPage, startNode } from './harness'

// Issue 13, "Every client gets the page", with the built site (npm run build) on the Node entry: the
// program's fonts (Poppins, Inter) load from our own origin with the page, the page's links (icons,
// manifest) answer, and nothing in a normal load fails; the console's favicon is served.

let server: Awaited<ReturnType<typeof startNode>>
let browser: Browser
beforeAll(async () => {
  ;[server, browser] = await Promise.all([startNode(), launchBrowser()])
}, 60_000)
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

describe('the hosted site head, in Chromium', () => {
  it("loads the program's fonts from our origin, and every linked icon and the manifest answer", async () => {
    const { context, page } = await newPage(browser, 390)
    const failures: string[] = []
    const fonts: string[] = []
    page.on('console', (m) => m.type() === 'error' && failures.push(`console: ${m.text()}`))
    page.on('requestfailed', (r) => failures.push(`failed: ${r.url()}`))
    page.on('response', (r) => {
      if (r.status() >= 400) failures.push(`${r.status()}: ${r.url()}`)
      if (r.url().endsWith('.woff2')) fonts.push(new URL(r.url()).origin)
    })
    const res = await page.goto(`${server.url}/challenge/coffee-quiz`)
    expect(res!.status()).toBe(200)
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await page.evaluate(() => document.fonts.ready)
    const loaded = await page.evaluate(() => {
      const families: string[] = []
      document.fonts.forEach((f) => f.status === 'loaded' && families.push(f.family.replace(/"/g, '')))
      return families
    })
    expect(new Set(loaded)).toEqual(new Set(['Poppins', 'Inter']))
    expect(new Set(fonts)).toEqual(new Set([server.url]))
    // The served page's own title (the client may move a visitor on, to sign in).
    expect(await res!.text()).toContain('<title>Coffee know-how quiz | Tessera Demo</title>')

    const links = await page.evaluate(() => {
      const hrefs: string[] = []
      document.querySelectorAll<HTMLLinkElement>('link[rel="icon"], link[rel="apple-touch-icon"], link[rel="manifest"]').forEach((l) => hrefs.push(l.href))
      return hrefs
    })
    expect(links).toHaveLength(3)
    for (const href of links) expect((await page.request.get(href)).status(), href).toBe(200)
    expect(failures).toEqual([])
    await context.close()
  })

  it("serves the console's favicon on its sign-in page", async () => {
    const { context, page } = await newPage(browser)
    await page.goto(`${server.url}/admin/v2/auth/sign_in`)
    const icon = await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="icon"]')!.href)
    const res = await page.request.get(icon)
    expect(res.status()).toBe(200)
    expect(res.headers()['content-type']).toMatch(/svg/)
    await context.close()
  })
})
