import { afterEach, describe, expect, it, vi } from 'vitest'
import { TtlCache } from './cache'

afterEach(() => vi.useRealTimers())

/** A load the test resolves by hand, counting its calls. */
function manualLoad() {
  const calls: ((value: string) => void)[] = []
  const failures: ((err: Error) => void)[] = []
  const load = () =>
    new Promise<string>((resolve, reject) => {
      calls.push(resolve)
      failures.push(reject)
    })
  return { load, calls, failures }
}

describe('TtlCache', () => {
  it('answers from memory until the entry expires, then loads again', async () => {
    vi.useFakeTimers()
    const cache = new TtlCache<string>(5000)
    let n = 0
    const load = async () => `v${++n}`
    expect(await cache.get('k', load)).toBe('v1')
    expect(await cache.get('k', load)).toBe('v1')
    vi.advanceTimersByTime(5001)
    expect(await cache.get('k', load)).toBe('v2')
  })

  it('reloads an expired entry once however many requests read it meanwhile; they keep the old value', async () => {
    vi.useFakeTimers()
    const cache = new TtlCache<string>(5000)
    expect(await cache.get('k', async () => 'old')).toBe('old')
    vi.advanceTimersByTime(5001)
    const { load, calls } = manualLoad()
    const first = cache.get('k', load)
    const others = await Promise.all(Array.from({ length: 50 }, () => cache.get('k', load)))
    expect(others).toEqual(Array(50).fill('old'))
    expect(calls).toHaveLength(1)
    calls[0]!('new')
    expect(await first).toBe('new')
    expect(await cache.get('k', load)).toBe('new')
    expect(calls).toHaveLength(1)
  })

  it('lets the next request reload when a reload fails', async () => {
    vi.useFakeTimers()
    const cache = new TtlCache<string>(5000)
    await cache.get('k', async () => 'old')
    vi.advanceTimersByTime(5001)
    const { load, failures } = manualLoad()
    const failing = cache.get('k', load)
    failures[0]!(new Error('D1 down'))
    await expect(failing).rejects.toThrow('D1 down')
    expect(await cache.get('k', async () => 'fresh')).toBe('fresh')
  })

  it('lets the next request take over a reload that never finished (its request was cancelled)', async () => {
    vi.useFakeTimers()
    const cache = new TtlCache<string>(5000)
    await cache.get('k', async () => 'old')
    vi.advanceTimersByTime(5001)
    void cache.get('k', manualLoad().load) // never settles
    expect(await cache.get('k', async () => 'other')).toBe('old')
    vi.advanceTimersByTime(5000)
    expect(await cache.get('k', async () => 'taken over')).toBe('taken over')
  })

  it('serves nothing old after clear(): a writer sees its change at once', async () => {
    const cache = new TtlCache<string>(5000)
    await cache.get('k', async () => 'old')
    cache.clear()
    expect(await cache.get('k', async () => 'saved')).toBe('saved')
  })

  it('loads every time with a TTL of 0 (caching off)', async () => {
    const cache = new TtlCache<string>(0)
    let n = 0
    const load = async () => `v${++n}`
    await cache.get('k', load)
    expect(await cache.get('k', load)).toBe('v2')
  })
})
