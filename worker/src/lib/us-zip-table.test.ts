import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { encodeZipTable } from '../../../scripts/make-data-tables.mjs'
import { loadZipcodes, lookupZip } from './geo'
import { US_ZIP_TABLE } from './us-zip-table'

type Package = { codes: Record<string, { zip: string; latitude: number; longitude: number; city: string; state: string; country: string }> }
const zipcodes = createRequire(import.meta.url)('zipcodes') as Package

describe('the US zip code table (decision 0044)', () => {
  it('is what scripts/make-data-tables.mjs writes from the installed zipcodes package (run it after an upgrade)', () => {
    expect(US_ZIP_TABLE === encodeZipTable(zipcodes.codes)).toBe(true)
  })

  it("decodes to every US zip code of the package, with its exact centre, city and state, in the package's order", async () => {
    const want = Object.values(zipcodes.codes)
      .filter((c) => c.country === 'US')
      .map(({ zip, latitude, longitude, city, state }) => ({ zip, latitude, longitude, city, state }))
    expect(want.length).toBeGreaterThan(40_000)
    expect(Object.values((await loadZipcodes()).codes)).toEqual(want)
  })

  it('looks up a zip code as the offers search does, and knows no other', async () => {
    expect(await lookupZip('90210')).toEqual({ zip: '90210', latitude: 34.0901, longitude: -118.4065, city: 'Beverly Hills', state: 'CA' })
    expect(await lookupZip('00501')).toMatchObject({ zip: '00501', city: 'Holtsville', state: 'NY' })
    for (const unknown of ['00000', '99999', 'T0A', '9021', 'constructor', '__proto__']) expect(await lookupZip(unknown)).toBeNull()
    expect((await loadZipcodes()).lookup('toString')).toBeUndefined()
  })
})
