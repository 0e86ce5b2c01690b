import { createHash, createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ALGORITHM, canonicalEntries, commitmentOf, drawWinners, entriesDigest, newSeed } from '../../../../sdk/contract/fair-draw.mjs'

const SEED = '8f14e45fceea167a5a36dedd4bea2543c9f0f895fb98ab9159f51fd0297e236d'
const entries = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${String(i).padStart(3, '0')}`, tickets: (i % 5) + 1 }))

describe('fair draw v1 (sdk/contract/fair-draw.mjs, shared with scripts/verify-draw.mjs)', () => {
  it('commits to the seed as SHA-256 of its 32 bytes', async () => {
    expect(await commitmentOf(SEED)).toBe(createHash('sha256').update(Buffer.from(SEED, 'hex')).digest('hex'))
    expect(newSeed()).toMatch(/^[0-9a-f]{64}$/)
    expect(newSeed()).not.toBe(newSeed())
    await expect(commitmentOf('ABC')).rejects.toThrow(/64 lowercase hex/)
  })

  it('re-running gives identical winners, whatever the order the entries come in', async () => {
    const list = entries(40)
    const a = await drawWinners({ seed: SEED, entries: list, winners: 5 })
    const b = await drawWinners({ seed: SEED, entries: [...list].reverse(), winners: 5 })
    expect(a).toHaveLength(5)
    expect(b).toEqual(a)
  })

  it('changing one entry or the seed changes the result', async () => {
    const list = entries(40)
    const base = (await drawWinners({ seed: SEED, entries: list, winners: 5 })).map((w) => w.id)
    const otherSeed = SEED.replace(/.$/, 'e')
    expect((await drawWinners({ seed: otherSeed, entries: list, winners: 5 })).map((w) => w.id)).not.toEqual(base)
    // One more ticket for the first entry moves every ticket index after it.
    const changed = list.map((e, i) => (i === 0 ? { ...e, tickets: e.tickets + 1 } : e))
    expect((await drawWinners({ seed: SEED, entries: changed, winners: 5 })).map((w) => w.id)).not.toEqual(base)
    expect(await entriesDigest(changed)).not.toBe(await entriesDigest(list))
  })

  it('draws distinct winners, at most `winners` and at most the entrants', async () => {
    for (let i = 0; i < 20; i++) {
      const seed = newSeed()
      const list = entries(7)
      const won = await drawWinners({ seed, entries: list, winners: 3 })
      expect(won).toHaveLength(3)
      expect(new Set(won.map((w) => w.id)).size).toBe(3)
      const all = await drawWinners({ seed, entries: list, winners: 50 })
      expect(all).toHaveLength(7)
      expect(new Set(all.map((w) => w.id)).size).toBe(7)
    }
    expect(await drawWinners({ seed: SEED, entries: [], winners: 3 })).toEqual([])
    expect(await drawWinners({ seed: SEED, entries: entries(3), winners: 0 })).toEqual([])
  })

  it('follows the documented steps (an independent re-implementation with node:crypto agrees)', async () => {
    const list = entries(25)
    const pool = canonicalEntries(list)
    let total = pool.reduce((s, e) => s + e.tickets, 0)
    let counter = 0
    const expected: string[] = []
    while (expected.length < 4) {
      let x: number
      for (;;) {
        const block = createHmac('sha256', Buffer.from(SEED, 'hex')).update(`v1:${counter++}`).digest()
        const r = block.readUIntBE(0, 6)
        if (r < 2 ** 48 - (2 ** 48 % total)) {
          x = r % total
          break
        }
      }
      let running = 0
      const index = pool.findIndex((e) => (running += e.tickets) > x)
      const [w] = pool.splice(index, 1)
      total -= w!.tickets
      expected.push(w!.id)
    }
    expect((await drawWinners({ seed: SEED, entries: list, winners: 4 })).map((w) => w.id)).toEqual(expected)
  })

  it('weights by tickets: an entry with 9 of 10 tickets wins about 90% of single draws', async () => {
    let heavy = 0
    for (let i = 0; i < 300; i++) {
      const [w] = await drawWinners({ seed: newSeed(), entries: [{ id: 'a', tickets: 9 }, { id: 'b', tickets: 1 }], winners: 1 })
      if (w!.id === 'a') heavy++
    }
    expect(heavy).toBeGreaterThan(240)
    expect(heavy).toBeLessThan(295)
  })

  it('refuses malformed input: duplicate ids, non-positive tickets, an unknown algorithm', async () => {
    expect(() => canonicalEntries([{ id: 'a', tickets: 1 }, { id: 'a', tickets: 2 }])).toThrow(/duplicate/)
    expect(() => canonicalEntries([{ id: 'a', tickets: 0 }])).toThrow(/positive/)
    expect(() => canonicalEntries([{ id: 'a', tickets: 1.5 }])).toThrow(/positive/)
    await expect(drawWinners({ seed: SEED, entries: entries(2), winners: 1, algorithm: 'v0' })).rejects.toThrow(/unknown draw algorithm/)
    expect(ALGORITHM).toBe('v1')
  })
})
