import { afterEach, describe, expect, it, vi } from 'vitest'
import { createRuntime } from './runtime'
import { explainProgramFailure } from './runtime-failures'
import { tokenKey } from './token-store'

const TOKEN = 'tok_AbCdEfGhIjKlMnOpQrStUv'

function memoryStorage() {
  const items = new Map<string, string>()
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) }
}

const until = async (check: () => boolean) => {
  await vi.waitFor(() => expect(check()).toBe(true), { timeout: 2000, interval: 10 })
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('embed runtime', () => {
  it("tells the program's other runtimes (other frames, other tabs) to read the balance again after a change", async () => {
    let points = 100
    const asked: string[] = []
    vi.stubGlobal('localStorage', memoryStorage())
    localStorage.setItem(tokenKey('demo'), TOKEN)
    localStorage.setItem(tokenKey('links'), TOKEN)
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input))
      asked.push(`${url.searchParams.get('program') ?? ''}${url.pathname}`)
      return Response.json({ id: 1, first_name: 'Maya', unused_points: points })
    })
    const frame = (programKey: string) => createRuntime({ programKey, apiBase: 'https://tessera.example' })
    const survey = frame('demo')
    const reward = frame('demo')
    const other = frame('links')
    const balance = (r: ReturnType<typeof frame>) => r.session.participant.value?.unused_points
    await until(() => balance(survey) === 100 && balance(reward) === 100 && balance(other) === 100)
    const before = asked.length

    points = 175
    survey.refresh() // after a survey in this frame
    await until(() => balance(survey) === 175 && balance(reward) === 175)
    // The other program's runtime is on another channel: it is not asked to read again.
    await new Promise((r) => setTimeout(r, 50))
    expect(balance(other)).toBe(100)
    expect(asked.length - before).toBe(2)
  })
})

describe('a partner page missing from the domain list', () => {
  const page = { origin: 'https://shop.example.com', hostname: 'shop.example.com' } as Location
  const refused = new TypeError('Failed to fetch')

  it('names the host and how to add it when the Tessera origin is reachable', async () => {
    const probe = vi.fn(async () => new Response(null))
    const message = await explainProgramFailure(refused, 'https://tessera.example', 'demo', { pageLocation: page, probe })
    expect(probe).toHaveBeenCalledWith('https://tessera.example/healthz', expect.objectContaining({ mode: 'no-cors' }))
    expect(message).toHaveLength(1)
    expect(message[0]).toContain(`this page's host (shop.example.com) is not in the domain list of program "demo"`)
    expect(message[0]).toContain('docs/embedding.md')
  })

  it('says the server could not be reached when the no-cors request fails too', async () => {
    const probe = vi.fn(async () => {
      throw new TypeError('Failed to fetch')
    })
    const [message] = await explainProgramFailure(refused, 'https://tessera.example', 'demo', { pageLocation: page, probe })
    expect(message).toContain('could not reach https://tessera.example')
  })

  it('keeps the plain message for other failures', async () => {
    const probe = vi.fn()
    const [message] = await explainProgramFailure(new Error('boom'), 'https://tessera.example', 'demo', { pageLocation: page, probe })
    expect(message).toBe('Tessera: could not load the program')
    expect(probe).not.toHaveBeenCalled()
  })

  it('logs once per program, however many elements ask for it', async () => {
    vi.stubGlobal('localStorage', memoryStorage())
    vi.stubGlobal('location', new URL('https://shop.example.com/page'))
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.mode === 'no-cors') return new Response(null)
      throw new TypeError('Failed to fetch')
    })
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const runtime = createRuntime({ programKey: 'demo', apiBase: 'https://tessera.example' })
    runtime.loadProgram()
    await until(() => runtime.programFailed.value)
    runtime.loadProgram()
    runtime.loadProgram()
    await new Promise((r) => setTimeout(r, 50))
    const domainList = errors.mock.calls.filter((c) => String(c[0]).includes('not in the domain list'))
    expect(domainList).toHaveLength(1)
    errors.mockRestore()
  })
})
