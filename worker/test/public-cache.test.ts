import { describe, expect, it } from 'vitest'
import { configFromEnv } from '../src/config'
import { carouselSlides } from '../src/db/schema'
import { makeTestApp, quickParticipant } from './helpers'

const withCache = () => ({
  config: {
    ...configFromEnv({ ENVIRONMENT: 'test', APP_SECRET: 'test-secret-test-secret-test-secret-!!' }),
    cacheTtlMs: 5000,
  },
})

describe('signed-out public read cache', () => {
  it('answers a repeated signed-out read from the kept copy until the TTL passes', async () => {
    const t = await makeTestApp(withCache())
    const titles = async (res: Response) =>
      ((await res.json()) as { data: { title: string }[] }).data.map((s) => s.title)
    const first = await t.app.request('http://localhost/public/home/carousel')
    expect(first.status).toBe(200)
    const before = await titles(first.clone())
    await t.db.update(carouselSlides).set({ title: 'Changed' })
    const second = await t.app.request('http://localhost/public/home/carousel')
    expect(await titles(second.clone())).toEqual(before)
    expect(second.headers.get('content-type')).toBe(first.headers.get('content-type'))
    expect(second.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'))
    expect(second.headers.get('x-request-id')).toBeTruthy()
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'))
    t.clock.advance(5001)
    const third = await t.app.request('http://localhost/public/home/carousel')
    expect(new Set(await titles(third))).toEqual(new Set(['Changed']))
  })

  it('never serves or keeps answers for requests with credentials, other hosts or errors', async () => {
    const t = await makeTestApp(withCache())
    const { browser } = await quickParticipant(t, 'cache@example.com')
    const signedIn = await browser.json<{ current_participant_name: string | null }>(
      '/public/challenges/coffee-origins',
    )
    expect(signedIn.body.current_participant_name).toContain('cache')
    const signedOut = await t.app.request('http://localhost/public/challenges/coffee-origins')
    expect(
      ((await signedOut.json()) as { current_participant_name: string | null }).current_participant_name,
    ).toBeNull()
    const again = await browser.json<{ current_participant_name: string | null }>(
      '/public/challenges/coffee-origins',
    )
    expect(again.body.current_participant_name).toContain('cache')
    const missing = await t.app.request('http://localhost/public/challenges/no-such-challenge')
    expect(missing.status).toBe(404)
    expect((await t.app.request('http://localhost/public/challenges/no-such-challenge')).status).toBe(404)
    const other = await t.app.request('http://links.tessera.localhost/public/program')
    expect(((await other.json()) as { public_key: string }).public_key).toBe('links')
  })
})

describe('the Node server answers kept copies before the app', () => {
  it('finds the same kept answer as the middleware, and nothing for credentials or escaped paths', async () => {
    const { cachedPublicAnswer } = await import('../src/middleware/public-cache')
    const t = await makeTestApp(withCache())
    const url = 'http://localhost/public/challenges/coffee-origins'
    const request = (init: RequestInit = {}, at = url) => new Request(at, { ...init, headers: { host: 'localhost', ...(init.headers as Record<string, string>) } })
    expect(cachedPublicAnswer(t.deps, request())).toBeUndefined()
    const first = await t.app.request(url, { headers: { host: 'localhost' } })
    const kept = cachedPublicAnswer(t.deps, request())
    expect(kept?.status).toBe(200)
    expect(await kept!.text()).toBe(await first.text())
    expect(kept!.headers.get('content-type')).toBe(first.headers.get('content-type'))
    expect(cachedPublicAnswer(t.deps, request({ headers: { authorization: 'Bearer x' } }))).toBeUndefined()
    expect(cachedPublicAnswer(t.deps, request({ headers: { 'x-program-key': 'links' } }))).toBeUndefined()
    expect(cachedPublicAnswer(t.deps, request({}, 'http://localhost/public/challenges/coffee%2Dorigins'))).toBeUndefined()
    t.clock.advance(5001)
    expect(cachedPublicAnswer(t.deps, request())).toBeUndefined()
  })
})
