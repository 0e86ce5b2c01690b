import { describe, expect, it } from 'vitest'
import { challengeCard, challengeCardSchema, type ChallengeTile } from '../../../../sdk/contract/challenges'
import { participantHomeRoutes, visitorHomeRoutes } from '../../../../sdk/contract/paths'
import type { SiteChunks } from '../../../../sdk/contract/site-routes'
import { rewardCard, rewardCardSchema, type Reward } from '../../../../sdk/contract/rewards'
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
  it("a visitor's home carries the carousel, the tiles and the featured rewards, each as its GET answers a visitor, the lists as their tiles' cards", async () => {
    const t = await makeTestApp()
    const b = t.browser()
    const { primed } = await page(b, '/')
    expect(Object.keys(primed ?? {}).sort()).toEqual(Object.values(visitorHomeRoutes).sort())
    const answers: Record<string, { data: unknown[] }> = {}
    for (const path of Object.values(visitorHomeRoutes)) {
      const res = await b.request(path)
      expect(res.status, path).toBe(200)
      answers[path] = (await res.json()) as { data: unknown[] }
      expect(answers[path].data.length, `${path} has something to show`).toBeGreaterThan(0)
    }
    expect(primed![visitorHomeRoutes.carousel]).toEqual(answers[visitorHomeRoutes.carousel])
    const tiles = answers[visitorHomeRoutes.activeUncompleted]!.data as ChallengeTile[]
    const rewards = answers[visitorHomeRoutes.activeRewards]!.data as Reward[]
    expect(primed![visitorHomeRoutes.activeUncompleted]).toEqual({ data: tiles.map(challengeCard) })
    expect(primed![visitorHomeRoutes.activeRewards]).toEqual({ data: rewards.map(rewardCard) })
    // Each card has its schema's fields and no more: what a tile draws, not the whole answer.
    for (const card of (primed![visitorHomeRoutes.activeUncompleted] as { data: object[] }).data) expect(Object.keys(card).sort()).toEqual(Object.keys(challengeCardSchema.shape).sort())
    for (const card of (primed![visitorHomeRoutes.activeRewards] as { data: object[] }).data) expect(Object.keys(card).sort()).toEqual(Object.keys(rewardCardSchema.shape).sort())
    // A collect challenge's chip still reads its kind; the rest of a challenge's parameters stay out.
    const quiz = (primed![visitorHomeRoutes.activeUncompleted] as { data: ChallengeTile[] }).data.find((c) => c.identifier === 'coffee-quiz')
    expect(quiz?.parameters).toEqual({ collect_type: 'quiz' })
    expect(tiles.find((c) => c.identifier === 'coffee-quiz')?.parameters).toMatchObject({ collect_type: 'quiz' })
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

  it('other pages come without them, and a signed-in participant’s pages with their summary instead', async () => {
    const t = await makeTestApp()
    const visitor = t.browser()
    for (const path of ['/signin', '/challenge/coffee-quiz', '/my-account', '/no-such-page']) expect((await page(visitor, path)).primed, path).toBeUndefined()

    const member = t.browser()
    const email = 'primed@example.com'
    const sent = await member.json<{ browser_token: string }>('/public/signin/verify', { json: { email, first_name: 'A', last_name: 'B', agree_terms: true } })
    await member.json('/public/signin/verify', { json: { email, otp: (await lastMail(t.db, email))!.code, browser_token: sent.body.browser_token } })
    // Theirs carry their summary, as GET /public/participant answers it; their home also its first
    // reads, each as its GET answers them (the demo has the social feed and the donation banner).
    const me = await (await member.request('/public/participant')).json()
    expect(me).toMatchObject({ email, first_name: 'A' })
    for (const path of ['/challenge/coffee-quiz', '/my-account', '/privacy']) {
      const memberPage = await page(member, path)
      expect(memberPage.signed_in, path).toBe(true)
      expect(memberPage.primed, path).toEqual({ '/public/participant': me })
    }
    const home = await page(member, '/')
    const reads = Object.values(participantHomeRoutes)
    expect(Object.keys(home.primed ?? {}).sort()).toEqual(['/public/participant', ...new Set(reads)].sort())
    expect(home.primed!['/public/participant']).toEqual(me)
    for (const path of reads) expect(home.primed![path], path).toEqual(await (await member.request(path)).json())
    expect((home.primed![participantHomeRoutes.socialFeed] as { data: { id: number } | null }).data).not.toBeNull()
  })

  it("a participant's page preloads its lazy chunks beside the site's script, from the build's list; a visitor's does not", async () => {
    const entry = '/assets/index-AbCd1234.js'
    const list: SiteChunks = {
      entry,
      chunks: {
        'participant-home': { js: ['/assets/participant-home-1.js', '/assets/shared-2.js'], css: ['/assets/participant-home-3.css'] },
        'challenge-page': { js: ['/assets/challenge-page-4.js', '/assets/shared-2.js'], css: [] },
        'reward-page': { js: ['/assets/reward-page-5.js'], css: [] },
        'my-account': { js: ['/assets/my-account-6.js'], css: [] },
      },
    }
    const files: Record<string, string> = {
      '/index.html': `<!doctype html><html><head><title>Rewards</title><script type="module" crossorigin src="${entry}"></script></head><body><div id="app"></div></body></html>`,
      '/site-chunks.json': JSON.stringify(list),
    }
    const assets = { fetch: async (req: Request) => { const body = files[new URL(req.url).pathname]; return body ? new Response(body) : new Response('not found', { status: 404 }) } }
    const t = await makeTestApp({ assets })
    const tagsOf = (html: string) => html.match(/<link rel="(modulepreload|preload" as="style)"[^>]*>/g) ?? []
    const html = async (b: TestBrowser, path: string) => (await b.request(path, { headers: { accept: 'text/html' } })).text()

    const visitor = t.browser()
    for (const path of ['/', '/challenge/coffee-quiz', '/my-account']) expect(tagsOf(await html(visitor, path)), path).toEqual([])

    const member = t.browser()
    const email = 'chunks@example.com'
    const sent = await member.json<{ browser_token: string }>('/public/signin/verify', { json: { email, first_name: 'A', last_name: 'B', agree_terms: true } })
    await member.json('/public/signin/verify', { json: { email, otp: (await lastMail(t.db, email))!.code, browser_token: sent.body.browser_token } })
    const home = await html(member, '/')
    expect(tagsOf(home)).toEqual([
      '<link rel="preload" as="style" href="/assets/participant-home-3.css" crossorigin>',
      '<link rel="modulepreload" href="/assets/participant-home-1.js" crossorigin>',
      '<link rel="modulepreload" href="/assets/shared-2.js" crossorigin>',
    ])
    // In the head, before the site's script: fetched beside it.
    expect(home.indexOf('participant-home-1.js')).toBeLessThan(home.indexOf(`src="${entry}"`))
    // A reward is drawn over the home: both chunks, a shared file once.
    expect(tagsOf(await html(member, '/reward/2')).map((t) => /href="([^"]+)"/.exec(t)![1])).toEqual([
      '/assets/participant-home-3.css',
      '/assets/reward-page-5.js',
      '/assets/participant-home-1.js',
      '/assets/shared-2.js',
    ])
    expect(tagsOf(await html(member, '/challenge/coffee-quiz')).map((t) => /href="([^"]+)"/.exec(t)![1])).toEqual(['/assets/challenge-page-4.js', '/assets/shared-2.js'])
    expect(tagsOf(await html(member, '/my-account'))).toEqual(['<link rel="modulepreload" href="/assets/my-account-6.js" crossorigin>'])
    expect(tagsOf(await html(member, '/privacy'))).toEqual([])

    // A list from another build (its entry is not the page's script) is not used.
    files['/site-chunks.json'] = JSON.stringify({ ...list, entry: '/assets/index-Old.js' })
    files['/index.html'] = files['/index.html']!.replace(entry, '/assets/index-New.js')
    expect(tagsOf(await html(member, '/'))).toEqual([])
  })
})
