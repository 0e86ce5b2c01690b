import { afterEach, describe, expect, it, vi } from 'vitest'
import { createRuntime } from './runtime'
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
