import { describe, expect, it } from 'vitest'
import {
  clearSavedLocation,
  GEO_KEY,
  type OffersStorage,
  readSavedLocation,
  resolveLocation,
  saveGeo,
  saveZip,
  ZIP_KEY,
} from './offers-storage'

function memoryStorage(initial: Record<string, string> = {}): OffersStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial))
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, String(value)),
    removeItem: (key) => void data.delete(key),
  }
}

const noQuery = { zip_code: '', latitude: undefined, longitude: undefined }

describe('saved location', () => {
  it('uses two fixed keys', () => {
    expect(ZIP_KEY).toBe('tessera:offers:zip')
    expect(GEO_KEY).toBe('tessera:offers:geo')
  })
  it('reads nothing from empty or missing storage', () => {
    expect(readSavedLocation(memoryStorage())).toEqual({ zip: null, geo: null })
    expect(readSavedLocation(null)).toEqual({ zip: null, geo: null })
  })
  it('saves and reads a zip code', () => {
    const s = memoryStorage()
    saveZip(s, ' 10001 ')
    expect(s.data.get(ZIP_KEY)).toBe('10001')
    expect(readSavedLocation(s)).toEqual({ zip: '10001', geo: null })
  })
  it('saves a position and drops the saved zip code', () => {
    const s = memoryStorage({ [ZIP_KEY]: '10001' })
    saveGeo(s, { latitude: 40.75, longitude: -73.99 })
    expect(JSON.parse(s.data.get(GEO_KEY)!)).toEqual({ latitude: 40.75, longitude: -73.99 })
    expect(readSavedLocation(s)).toEqual({ zip: null, geo: { latitude: 40.75, longitude: -73.99 } })
  })
  it('saves a denied geolocation as null', () => {
    const s = memoryStorage({ [ZIP_KEY]: '10001' })
    saveGeo(s, null)
    expect(s.data.get(GEO_KEY)).toBe('null')
    expect(readSavedLocation(s)).toEqual({ zip: '10001', geo: null })
  })
  it("'change location' clears both", () => {
    const s = memoryStorage({ [ZIP_KEY]: '10001', [GEO_KEY]: '{"latitude":1,"longitude":2}', other: 'kept' })
    clearSavedLocation(s)
    expect([...s.data.keys()]).toEqual(['other'])
  })
  it('ignores unreadable values', () => {
    expect(readSavedLocation(memoryStorage({ [ZIP_KEY]: 'abc', [GEO_KEY]: '{not json' }))).toEqual({
      zip: null,
      geo: null,
    })
    expect(readSavedLocation(memoryStorage({ [GEO_KEY]: '{"latitude":"1","longitude":2}' }))).toEqual({
      zip: null,
      geo: null,
    })
    expect(readSavedLocation(memoryStorage({ [GEO_KEY]: '{"latitude":91,"longitude":2}' }))).toEqual({
      zip: null,
      geo: null,
    })
  })
  it('keeps working when storage throws (blocked or full)', () => {
    const broken: OffersStorage = {
      getItem: () => {
        throw new Error('blocked')
      },
      setItem: () => {
        throw new Error('full')
      },
      removeItem: () => {
        throw new Error('blocked')
      },
    }
    expect(readSavedLocation(broken)).toEqual({ zip: null, geo: null })
    expect(() => saveZip(broken, '10001')).not.toThrow()
    expect(() => saveGeo(broken, null)).not.toThrow()
    expect(() => clearSavedLocation(broken)).not.toThrow()
  })
})

describe('the offers loader location', () => {
  const saved = { zip: '94103', geo: { latitude: 40.75, longitude: -73.99 } }
  it('prefers the zip code of the query', () => {
    expect(resolveLocation({ zip_code: '10001', latitude: 1, longitude: 2 }, saved)).toEqual({
      zip_code: '10001',
    })
  })
  it('then the latitude and longitude pair of the query', () => {
    expect(resolveLocation({ zip_code: '', latitude: 1, longitude: 2 }, saved)).toEqual({
      latitude: 1,
      longitude: 2,
    })
  })
  it('needs both coordinates', () => {
    expect(resolveLocation({ zip_code: '', latitude: 1, longitude: undefined }, saved)).toEqual({
      zip_code: '94103',
    })
  })
  it('then the saved zip code, then the saved geolocation', () => {
    expect(resolveLocation(noQuery, saved)).toEqual({ zip_code: '94103' })
    expect(resolveLocation(noQuery, { zip: null, geo: saved.geo })).toEqual({
      latitude: 40.75,
      longitude: -73.99,
    })
  })
  it('returns no data (the location gate) when nothing is known', () => {
    expect(resolveLocation(noQuery, { zip: null, geo: null })).toBeNull()
  })
})
