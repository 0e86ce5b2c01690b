// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getRuntime } from './runtime'
import { trackVisit } from '../widgets/shared/track-visit'

type Call = { url: string; init: RequestInit; body: Record<string, unknown> }
let calls: Call[] = []

beforeEach(() => {
  calls = []
  sessionStorage.clear()
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input)
    if (url.includes('/ahoy/')) calls.push({ url, init, body: JSON.parse(String(init.body)) as Record<string, unknown> })
    return Response.json({})
  })
})
afterEach(() => vi.unstubAllGlobals())

const settle = () => vi.waitFor(() => expect(calls.length).toBeGreaterThan(0))

describe('trackVisit', () => {
  it('posts the visit with its view on the first page of a tab, in one call; later pages of the tab post a view only', async () => {
    trackVisit('https://tessera.example', 'demo', 'widget')
    await settle()
    await new Promise((r) => setTimeout(r, 20))
    expect(calls).toHaveLength(1)
    const [visit] = calls
    expect(visit!.url).toBe('https://tessera.example/ahoy/visits?program=demo')
    const token = visit!.body.visit_token as string
    expect(token).toMatch(/^[A-Za-z0-9_-]{16,64}$/)
    expect(visit!.body).toMatchObject({ surface: 'widget', events: [{ name: 'view', properties: { page: expect.any(String) } }] })
    // No cookies, and a simple request (no preflight).
    expect(visit!.init).toMatchObject({ method: 'POST', credentials: 'omit', headers: { 'content-type': 'text/plain' } })

    calls = []
    trackVisit('https://tessera.example', 'demo', 'widget')
    await settle()
    await new Promise((r) => setTimeout(r, 20))
    expect(calls.map((c) => c.url)).toEqual(['https://tessera.example/ahoy/events?program=demo'])
    expect(calls[0]!.body).toEqual({ visit_token: token, events: [{ name: 'view', properties: { page: expect.any(String) } }] })
  })

  it('tracks once per program per page, however many widgets share the runtime', async () => {
    for (let i = 0; i < 3; i++) getRuntime({ programKey: 'links', apiBase: 'https://tessera.example' })
    await settle()
    await new Promise((r) => setTimeout(r, 20))
    expect(calls.map((c) => c.url.replace('https://tessera.example', ''))).toEqual(['/ahoy/visits?program=links'])
  })

  it('never throws into the page, even without storage or network', async () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new Error('blocked')
      },
      setItem: () => {
        throw new Error('blocked')
      },
    })
    vi.stubGlobal('fetch', () => Promise.reject(new Error('offline')))
    expect(() => trackVisit('', 'demo', 'site')).not.toThrow()
    await new Promise((r) => setTimeout(r, 20))
  })
})
