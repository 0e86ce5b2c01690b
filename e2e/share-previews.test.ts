import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, newPage, startNode } from './harness'

// Issue 13, "Every client gets the page", with the built site (npm run build) on the Node entry: the
// program's fonts (Poppins, Inter) load from our own origin with the page, one file each (issue 29),
// their local fallbacks take the same room, the page's links (icons, manifest) answer, and nothing in a
// normal load fails; the console's favicon is served.

let server: Awaited<ReturnType<typeof startNode>>
let browser: Browser
beforeAll(async () => {
  // The full browser: the fallback-metrics test measures text as a desktop's font configuration draws it.
  ;[server, browser] = await Promise.all([startNode(), launchBrowser([], { full: true })])
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
      if (r.url().endsWith('.woff2')) fonts.push(r.url())
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
    // The web fonts (a fallback face loads too when text shows before its web font is in).
    expect(new Set(loaded.filter((family) => !family.includes(' fallback ')))).toEqual(new Set(['Poppins', 'Inter']))
    // One file per family, from our own origin: Poppins's bold file for the headings, Inter's variable file.
    expect(fonts.sort()).toEqual([`${server.url}/assets/fonts/inter-latin-wght-normal.woff2`, `${server.url}/assets/fonts/poppins-latin-700-normal.woff2`])
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

  it('shows text in the local fallback at the size the web font will take, so the swap does not move the page', async () => {
    const { context, page } = await newPage(browser, 390)
    await page.goto(`${server.url}/`)
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await page.evaluate(() => document.fonts.ready)
    const boxes = await page.evaluate(() => {
      const measure = (family: string, weight: number) => {
        const line = document.createElement('span')
        line.style.cssText = `display:inline-block;white-space:nowrap;font:${weight} 16px/normal "${family}"`
        line.textContent = 'Earn points for every visit, then trade them for rewards you will actually enjoy.'
        document.body.append(line)
        const { width, height } = line.getBoundingClientRect()
        line.remove()
        return { width, height }
      }
      return { inter: [measure('Inter', 400), measure('Inter fallback DejaVu', 400)], poppins: [measure('Poppins', 700), measure('Poppins fallback DejaVu', 700)] }
    })
    for (const [family, [web, fallback]] of Object.entries(boxes)) {
      // A line as tall (the line box is what moves the page), and about as long.
      expect(fallback!.height, family).toBe(web!.height)
      expect(Math.abs(fallback!.width / web!.width - 1), family).toBeLessThan(0.05)
    }
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
