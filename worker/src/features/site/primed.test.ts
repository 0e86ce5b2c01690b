import { describe, expect, it } from 'vitest'
import { visitorHomeRoutes } from '../../../../sdk/contract/paths'
import { lastMail, makeTestApp, type TestBrowser } from '../../../test/helpers'

/** The page's bootstrap JSON (serveShell's data block). */
function bootstrapOf(html: string): { signed_in: boolean; primed?: Record<string, unknown> } {
  const json = /<script type="application\/json" id="tessera-bootstrap">([\s\S]*?)<\/script>/.exec(html)?.[1]
  expect(json).toBeTruthy()
  return JSON.parse(json!)
}

const page = async (b: TestBrowser, path: string) => bootstrapOf(await (await b.request(path, { headers: { accept: 'text/html' } })).text())

/**
 * A visitor's home page comes with the answers its first screen asks for (issue 29): the site draws the
 * carousel, the challenge tiles and the featured rewards without three round trips.
 */
describe('the answers a page comes with', () => {
  it("a visitor's home carries the carousel, the tiles and the featured rewards, each as its GET answers a visitor", async () => {
    const t = await makeTestApp()
    const b = t.browser()
    const { primed } = await page(b, '/')
    expect(Object.keys(primed ?? {}).sort()).toEqual(Object.values(visitorHomeRoutes).sort())
    for (const path of Object.values(visitorHomeRoutes)) {
      const res = await b.request(path)
      expect(res.status, path).toBe(200)
      const answer = (await res.json()) as { data: unknown[] }
      expect(answer.data.length, `${path} has something to show`).toBeGreaterThan(0)
      expect(primed![path], path).toEqual(answer)
    }
  })

  it('the program comes without the styles the page head carries: the branding declarations, the fallback faces', async () => {
    const t = await makeTestApp()
    const b = t.browser()
    const html = await (await b.request('/signin', { headers: { accept: 'text/html' } })).text()
    const { program } = bootstrapOf(html) as unknown as { program: Record<string, unknown> }
    expect(program.name).toBeTruthy()
    expect(program).not.toHaveProperty('widget_host_style')
    expect(program).not.toHaveProperty('font_fallbacks')
    const full = (await (await b.request('/public/program')).json()) as { widget_host_style: string }
    expect(html).toContain(`<style id="tessera-branding">:root{${full.widget_host_style}}</style>`)
  })

  it('other pages, and a signed-in participant’s home, come without them', async () => {
    const t = await makeTestApp()
    const visitor = t.browser()
    for (const path of ['/signin', '/challenge/coffee-quiz', '/my-account', '/no-such-page']) expect((await page(visitor, path)).primed, path).toBeUndefined()

    const member = t.browser()
    const email = 'primed@example.com'
    const sent = await member.json<{ browser_token: string }>('/public/signin/verify', { json: { email, first_name: 'A', last_name: 'B', agree_terms: true } })
    await member.json('/public/signin/verify', { json: { email, otp: (await lastMail(t.db, email))!.code, browser_token: sent.body.browser_token } })
    const home = await page(member, '/')
    expect(home.signed_in).toBe(true)
    expect(home.primed).toBeUndefined()
  })
})
