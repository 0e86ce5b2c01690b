import { existsSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, newPage, ROOT, startNode } from './harness'

/**
 * Sealed styles (issue 12): a partner page whose CSS is as hostile as it gets (`!important` text rules
 * on every element, `all: initial` on the custom elements) renders every widget exactly as the same
 * page without that CSS: same computed text styles inside the shadow roots, same sizes.
 */

const BASE = `body { margin: 0; } main { display: grid; gap: 24px; width: 900px; padding: 24px; }`
const HOSTILE = `${BASE}
* { font-size: 40px !important; color: red !important; line-height: 3 !important; font-family: cursive !important;
    letter-spacing: 5px !important; text-transform: uppercase !important; font-weight: 900 !important;
    font-style: italic !important; word-spacing: 9px !important; text-indent: 30px !important; white-space: nowrap !important;
    text-shadow: 2px 2px red !important; cursor: wait !important; direction: rtl !important; }
tessera-signin, tessera-account, tessera-challenge-tiles, tessera-reward { all: initial; }
`
const ELEMENTS = ['tessera-signin', 'tessera-account', 'tessera-challenge-tiles', 'tessera-reward'] as const
const PROPS = [
  ...['font-size', 'color', 'line-height', 'font-family', 'letter-spacing', 'text-transform', 'font-weight'],
  ...['font-style', 'word-spacing', 'text-indent', 'white-space', 'text-shadow', 'cursor', 'direction'],
] as const

let tessera: Awaited<ReturnType<typeof startNode>>
let partner: Server
let partnerUrl: string
let browser: Browser
let rewardId = 0

function startPartner(tesseraUrl: string): Promise<string> {
  partner = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const send = (type: string, text: string) => {
      res.writeHead(200, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' })
      res.end(text)
    }
    if (path === '/plain' || path === '/hostile')
      send(
        'text/html',
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner ${path}</title>
<link rel="stylesheet" href="${path}.css"><script src="${tesseraUrl}/embed.js" data-program="demo" async></script></head>
<body><main><h2>Join</h2><tessera-signin></tessera-signin><tessera-account></tessera-account>
<tessera-challenge-tiles limit="3"></tessera-challenge-tiles><tessera-reward reward-id="${rewardId}"></tessera-reward></main></body></html>`,
      )
    else if (path === '/plain.css') send('text/css', BASE)
    else if (path === '/hostile.css') send('text/css', HOSTILE)
    else {
      res.writeHead(path === '/favicon.ico' ? 204 : 404)
      res.end()
    }
  })
  return new Promise((resolve) =>
    partner.listen(0, '127.0.0.1', () =>
      resolve(`http://localhost:${(partner.address() as { port: number }).port}`),
    ),
  )
}

type TextLook = { text: string; style: Record<string, string>; width: number; height: number }
type Look = { host: string; root: string; texts: TextLook[] }

/** Every element's size and, for each text node in its shadow root, its parent's style and size. */
async function looks(p: Page): Promise<Record<string, Look>> {
  await p.locator('tessera-signin').getByText('Welcome to Tessera Demo!').waitFor()
  await p.locator('tessera-account').getByText('Sign in to see your account.').waitFor()
  await p.locator('tessera-challenge-tiles .tile').first().waitFor()
  await p.locator('tessera-reward').getByText('Free pastry with any drink').first().waitFor()
  // Images and fonts settled, so sizes no longer move (a lazy image far below the fold may never load).
  await p.waitForFunction(() =>
    Array.from(document.querySelectorAll('*')).every(
      (el) =>
        !el.shadowRoot ||
        Array.from(el.shadowRoot.querySelectorAll('img')).every((img) => img.complete || img.loading === 'lazy'),
    ),
  )
  await p.evaluate(() => document.fonts.ready.then(() => undefined))
  return p.evaluate(
    ({ elements, props }) => {
      const out: Record<string, Look> = {}
      for (const tag of elements) {
        const host = document.querySelector(tag)!
        const root = host.shadowRoot!
        const texts: TextLook[] = []
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent?.trim()
          const parent = node.parentElement
          if (!text || !parent) continue
          const computed = getComputedStyle(parent)
          const rect = parent.getBoundingClientRect()
          texts.push({
            text,
            style: Object.fromEntries(props.map((name) => [name, computed.getPropertyValue(name)])),
            width: rect.width,
            height: rect.height,
          })
        }
        const size = (el: Element) => `${el.getBoundingClientRect().width}x${el.getBoundingClientRect().height}`
        out[tag] = { host: size(host), root: size(root.querySelector('.tw-root')!), texts }
      }
      return out
    },
    { elements: ELEMENTS, props: PROPS },
  )
}

const near = (a: number, b: number) => Math.abs(a - b) <= 1
/** Two `WxH` sizes within a pixel of each other. */
const nearSize = (a: string, b: string) => {
  const [aw, ah] = a.split('x').map(Number)
  const [bw, bh] = b.split('x').map(Number)
  return near(aw!, bw!) && near(ah!, bh!)
}

beforeAll(async () => {
  if (!existsSync(join(ROOT, 'dist/public/embed.js')))
    throw new Error('Run `node scripts/build.mjs` first: dist/public/embed.js is missing')
  tessera = await startNode()
  const rewards = (await (await fetch(`${tessera.url}/public/home/active_rewards?program=demo`)).json()) as {
    data: { id: number; name: string }[]
  }
  rewardId = rewards.data.find((r) => r.name === 'Free pastry with any drink')!.id
  partnerUrl = await startPartner(tessera.url)
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await new Promise((r) => partner?.close(r))
  await tessera?.close()
})

describe('sealed styles on a partner page with hostile CSS', () => {
  it('renders every element as on a page without it: same text styles and sizes', async () => {
    const plainPage = await newPage(browser, 1280)
    const hostilePage = await newPage(browser, 1280)
    // A tall window: every element is in view on both pages, so their images load alike.
    for (const { page: p } of [plainPage, hostilePage]) await p.setViewportSize({ width: 1280, height: 2400 })
    await plainPage.page.goto(`${partnerUrl}/plain`)
    await hostilePage.page.goto(`${partnerUrl}/hostile`)
    const plain = await looks(plainPage.page)
    const hostile = await looks(hostilePage.page)
    // The hostile sheet did apply to the partner's own content.
    expect(await hostilePage.page.locator('main > h2').evaluate((el) => getComputedStyle(el).fontSize)).toBe('40px')

    const differences: string[] = []
    for (const tag of ELEMENTS) {
      const a = plain[tag]!
      const b = hostile[tag]!
      expect(a.texts.length, `${tag} shows text`).toBeGreaterThan(0)
      if (!nearSize(a.host, b.host)) differences.push(`${tag} element: ${a.host} -> ${b.host}`)
      if (!nearSize(a.root, b.root)) differences.push(`${tag} .tw-root: ${a.root} -> ${b.root}`)
      expect(b.texts.map((t) => t.text), `${tag} shows the same text`).toEqual(a.texts.map((t) => t.text))
      a.texts.forEach((t, i) => {
        const h = b.texts[i]!
        for (const prop of PROPS)
          if (t.style[prop] !== h.style[prop])
            differences.push(`${tag} "${t.text.slice(0, 40)}" ${prop}: ${t.style[prop]} -> ${h.style[prop]}`)
        if (!near(t.width, h.width) || !near(t.height, h.height))
          differences.push(`${tag} "${t.text.slice(0, 40)}" box: ${t.width}x${t.height} -> ${h.width}x${h.height}`)
      })
    }
    expect(differences).toEqual([])
    await plainPage.context.close()
    await hostilePage.context.close()
  })
})
