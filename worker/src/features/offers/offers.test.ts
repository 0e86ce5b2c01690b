import { describe, expect, it } from 'vitest'
import { merchantResponseSchema, offersPageSchema, type Merchant } from '../../../../sdk/contract/offers'
import { merchants, offers } from '../../db/schema'
import { seedDemoOffers } from '../../db/seed-offers'
import { haversineMiles } from '../../lib/geo'
import { makeOffersTest } from '../../../test/offers-fixtures'

const NYC = { latitude: 40.7484, longitude: -73.9967 }
const SF = { latitude: 37.7725, longitude: -122.4147 }

const MERCHANT_KEYS = [
  'distance',
  'firstCategory',
  'logoPath',
  'merchantAddress',
  'merchantId',
  'merchantName',
  'merchantPhone',
  'offers',
  'secondCategory',
  'slug',
  'stubCopy',
].sort()
const OFFER_KEYS = [
  'dollarValue',
  'endecaKey',
  'offerTextLong',
  'offerTextShort',
  'redemptionTypes',
  'validQualifier',
  'webSite',
].sort()

const sorted = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1]! <= x)

describe('demo catalog', () => {
  it('has a few hundred merchants around New York, San Francisco and Chicago, written once', async () => {
    const t = await makeOffersTest()
    const all = await t.db.select().from(merchants)
    expect(all.length).toBeGreaterThanOrEqual(300)
    for (const center of [NYC, SF, { latitude: 41.8858, longitude: -87.6181 }]) {
      const near = all.filter((m) => haversineMiles(center, m) <= 10.5)
      expect(near.length).toBeGreaterThanOrEqual(90)
    }
    expect(new Set(all.map((m) => m.firstCategory))).toEqual(new Set([25, 27, 26, 91]))
    expect(all.every((m) => m.logoPath?.startsWith('/brand/merchants/'))).toBe(true)
    const perMerchant = new Map<number, number>()
    for (const o of t.catalog) perMerchant.set(o.merchantId, (perMerchant.get(o.merchantId) ?? 0) + 1)
    expect(Math.min(...perMerchant.values())).toBeGreaterThanOrEqual(1)
    expect(Math.max(...perMerchant.values())).toBeLessThanOrEqual(6)
    expect(perMerchant.size).toBe(all.length)
    expect(new Set(t.catalog.map((o) => o.endecaKey)).size).toBe(t.catalog.length)
    expect(t.catalog.some((o) => o.validQualifier === null)).toBe(true)
    expect(t.catalog.some((o) => o.redemptionTypes.length === 2)).toBe(true)

    // Deterministic and idempotent: a second run writes nothing.
    expect(await seedDemoOffers(t.db)).toEqual({ created: false })
    expect((await t.db.select().from(offers)).length).toBe(t.catalog.length)
  })
})

describe('GET /public/offers/merchants', () => {
  it('answers the offers page shape by zip code, nearest first, within 25 miles, 12 per 1-based page', async () => {
    const t = await makeOffersTest()
    const r = await t.search('zip_code=10001')
    expect(r.status).toBe(200)
    expect(Object.keys(r.body).sort()).toEqual(['page', 'pageSize', 'result', 'totalItems', 'totalOffers'])
    const page = offersPageSchema.parse(r.body)
    expect(page).toMatchObject({ page: 1, pageSize: 12 })
    expect(page.result).toHaveLength(12)
    expect(page.totalItems).toBeGreaterThan(24)
    for (const m of page.result) {
      expect(Object.keys(m).sort()).toEqual(MERCHANT_KEYS)
      expect(Object.keys(m.merchantAddress).sort()).toEqual(['address', 'city', 'state', 'zipCode'])
      for (const o of m.offers) expect(Object.keys(o).sort()).toEqual(OFFER_KEYS)
      expect(m.offers.length).toBeGreaterThan(0)
    }

    const { merchants: every } = await t.allPages('zip_code=10001')
    expect(every).toHaveLength(page.totalItems)
    expect(new Set(every.map((m) => m.merchantId)).size).toBe(every.length)
    expect(sorted(every.map((m) => m.distance!))).toBe(true)
    expect(every.every((m) => m.distance! <= 25)).toBe(true)
    expect(every.every((m) => ['NY', 'NJ'].includes(m.merchantAddress.state))).toBe(true)
    expect(every.reduce((s, m) => s + m.offers.length, 0)).toBe(page.totalOffers)
    // The distance is the haversine distance from the zip code's centre.
    const [row] = await t.db
      .select()
      .from(merchants)
      .where((await import('drizzle-orm')).eq(merchants.externalId, every[0]!.merchantId))
    expect(every[0]!.distance).toBeCloseTo(haversineMiles(NYC, row!), 1)

    const last = Math.ceil(page.totalItems / 12)
    const lastPage = (await t.search(`zip_code=10001&page=${last}`)).body
    expect(lastPage.result).toHaveLength(page.totalItems - (last - 1) * 12)
    const beyond = (await t.search(`zip_code=10001&page=${last + 1}`)).body
    expect(beyond).toMatchObject({ page: last + 1, totalItems: page.totalItems, result: [] })
  })

  it('filters by category (first or second)', async () => {
    const t = await makeOffersTest()
    const all = (await t.search('zip_code=10001')).body
    for (const category of [25, 27, 26, 91]) {
      const { first, merchants: list } = await t.allPages(`zip_code=10001&category=${category}`)
      expect(first.totalItems).toBeGreaterThan(0)
      expect(first.totalItems).toBeLessThan(all.totalItems)
      expect(list.every((m) => m.firstCategory === category || m.secondCategory === category)).toBe(true)
      expect(sorted(list.map((m) => m.distance!))).toBe(true)
    }
    const bad = await t.search('zip_code=10001&category=12')
    expect(bad.status).toBe(422)
    expect(bad.body.error!.fields).toEqual({ category: 'must be 25, 27, 26 or 91' })
  })

  it('matches the keyword in merchant names and offer texts, case-insensitively and literally', async () => {
    const t = await makeOffersTest()
    const { merchants: everyone } = await t.allPages('zip_code=10001')
    const name = everyone[5]!.merchantName
    const word = name.split(' ').at(-1)!.toLowerCase()
    const byName = await t.allPages(`zip_code=10001&keyword=${encodeURIComponent(word.toUpperCase())}`)
    const has = (m: Merchant, w: string) =>
      m.merchantName.toLowerCase().includes(w) ||
      m.offers.some((o) => `${o.offerTextShort} ${o.offerTextLong}`.toLowerCase().includes(w))
    expect(byName.merchants.map((m) => m.merchantName)).toContain(name)
    expect(byName.merchants.every((m) => has(m, word))).toBe(true)
    expect(byName.merchants).toHaveLength(everyone.filter((m) => has(m, word)).length)

    const byOffer = await t.allPages('zip_code=10001&keyword=popcorn')
    expect(byOffer.first.totalItems).toBeGreaterThan(0)
    expect(
      byOffer.merchants.every((m) =>
        m.offers.some((o) => /popcorn/i.test(o.offerTextShort + o.offerTextLong)),
      ),
    ).toBe(true)

    expect((await t.search('zip_code=10001&keyword=%25%25')).body.totalItems).toBe(0)
    expect((await t.search('zip_code=10001&keyword=_')).body.totalItems).toBe(0)
  })

  it('sorts by name and by value on request', async () => {
    const t = await makeOffersTest()
    const byName = (await t.allPages('zip_code=60601&sort=name')).merchants.map((m) =>
      m.merchantName.toLowerCase(),
    )
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })))
    const byValue = (await t.allPages('zip_code=60601&sort=value')).merchants.map((m) =>
      Math.max(...m.offers.map((o) => o.dollarValue)),
    )
    expect(byValue).toEqual([...byValue].sort((a, b) => b - a))
    expect((await t.search('zip_code=60601&sort=price')).status).toBe(422)
  })

  it('searches by latitude and longitude', async () => {
    const t = await makeOffersTest()
    const r = await t.search(`latitude=${SF.latitude}&longitude=${SF.longitude}`)
    expect(r.status).toBe(200)
    expect(r.body.totalItems).toBeGreaterThan(50)
    expect(r.body.result.every((m) => m.merchantAddress.state === 'CA')).toBe(true)
    // The same centre as the zip code: the same answer.
    expect((await t.search('zip_code=94103')).body).toEqual(r.body)
    // Far from every demo merchant: nothing.
    const nowhere = await t.search('latitude=44.5&longitude=-110.5')
    expect(nowhere.body).toMatchObject({ totalItems: 0, totalOffers: 0, result: [] })
  })

  it('refuses an unknown or malformed zip code and half a coordinate pair, naming the field', async () => {
    const t = await makeOffersTest()
    for (const zip of ['00000', '99999']) {
      const r = await t.search(`zip_code=${zip}`)
      expect(r.status).toBe(422)
      expect(r.body.error).toMatchObject({
        code: 'validation_failed',
        fields: { zip_code: 'is not a known US zip code' },
      })
    }
    const malformed = await t.search('zip_code=abc')
    expect(malformed.status).toBe(422)
    expect(malformed.body.error!.fields).toEqual({ zip_code: 'must be a 5-digit US zip code' })
    const half = await t.search('latitude=40.7')
    expect(half.status).toBe(422)
    expect(half.body.error!.fields).toEqual({ longitude: 'is required with latitude' })
    const range = await t.search('latitude=140&longitude=0')
    expect(range.body.error!.fields).toEqual({ latitude: 'must be between -90 and 90' })
    expect((await t.search('zip_code=10001&page=0')).body.error!.fields).toEqual({
      page: 'must be 1 or more',
    })
  })

  it('answers an empty page without a location (the site falls back to the saved one)', async () => {
    const t = await makeOffersTest()
    for (const query of ['', 'zip_code=&latitude=&longitude=', 'keyword=pizza&page=2']) {
      const r = await t.search(query)
      expect(r.status).toBe(200)
      expect(r.body).toEqual({
        page: query.includes('page=2') ? 2 : 1,
        pageSize: 12,
        totalItems: 0,
        totalOffers: 0,
        result: [],
      })
    }
  })

  it('accepts a ZIP+4 and uses its five digits', async () => {
    const t = await makeOffersTest()
    expect((await t.search('zip_code=10001-1234')).body).toEqual((await t.search('zip_code=10001')).body)
  })
})

describe('GET /public/offers/merchant', () => {
  it('answers { result: [merchant] } with every offer, by slug or merchant id, with the distance', async () => {
    const t = await makeOffersTest()
    const listed = (await t.search('zip_code=10001')).body.result.find((m) => m.offers.length > 1)!
    const r = await t.browser().json(`/public/offers/merchant?slug=${listed.slug}&zip_code=10001`)
    expect(r.status).toBe(200)
    expect(merchantResponseSchema.parse(r.body).result).toEqual([listed])
    const byId = await t
      .browser()
      .json(
        `/public/offers/merchant?merchant_id=${listed.merchantId}&latitude=${NYC.latitude}&longitude=${NYC.longitude}`,
      )
    expect(byId.body).toEqual({ result: [listed] })
    const noLocation = await t
      .browser()
      .json<{ result: Merchant[] }>(`/public/offers/merchant?slug=${listed.slug}`)
    expect(noLocation.body.result[0]).toEqual({ ...listed, distance: null })
  })

  it('answers 404 naming the field for an unknown merchant, 422 without one', async () => {
    const t = await makeOffersTest()
    const missing = await t
      .browser()
      .json<{ error: { code: string; fields: Record<string, string> } }>(
        '/public/offers/merchant?slug=nope&zip_code=10001',
      )
    expect(missing.status).toBe(404)
    expect(missing.body.error).toMatchObject({ code: 'not_found', fields: { slug: expect.any(String) } })
    const missingId = await t
      .browser()
      .json<{ error: { fields: Record<string, string> } }>('/public/offers/merchant?merchant_id=nope')
    expect(missingId.status).toBe(404)
    expect(Object.keys(missingId.body.error.fields)).toEqual(['merchant_id'])
    const none = await t
      .browser()
      .json<{ error: { fields: Record<string, string> } }>('/public/offers/merchant?zip_code=10001')
    expect(none.status).toBe(422)
    expect(none.body.error.fields).toEqual({ slug: 'is required' })
  })
})
