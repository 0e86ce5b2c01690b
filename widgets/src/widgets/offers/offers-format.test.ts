import { describe, expect, it } from 'vitest'
import {
  addressLine,
  COUNTER,
  counterLabel,
  challengeTypeLabel,
  categoryName,
  counterValue,
  distanceText,
  formatDollars,
  hasNextPage,
  hasPreviousPage,
  mapsUrl,
  merchantHref,
  merchantValue,
  moreOffersText,
  offersHref,
  parseCategory,
  parseOffersSearch,
  showingText,
  shownRange,
  summaryText,
  telHref,
} from './offers-format'

describe("'Showing X to Y of Z Merchants'", () => {
  it('computes the range from pageSize, the 1-based page and totalItems', () => {
    expect(shownRange({ page: 1, pageSize: 12, totalItems: 100 })).toEqual({ from: 1, to: 12, total: 100 })
    expect(shownRange({ page: 2, pageSize: 12, totalItems: 44 })).toEqual({ from: 13, to: 24, total: 44 })
    expect(shownRange({ page: 4, pageSize: 12, totalItems: 44 })).toEqual({ from: 37, to: 44, total: 44 })
    expect(shownRange({ page: 1, pageSize: 12, totalItems: 5 })).toEqual({ from: 1, to: 5, total: 5 })
    expect(shownRange({ page: 1, pageSize: 12, totalItems: 12 })).toEqual({ from: 1, to: 12, total: 12 })
  })
  it('shows 0 to 0 for no results or a page past the end', () => {
    expect(shownRange({ page: 1, pageSize: 12, totalItems: 0 })).toEqual({ from: 0, to: 0, total: 0 })
    expect(shownRange({ page: 9, pageSize: 12, totalItems: 44 })).toEqual({ from: 0, to: 0, total: 44 })
  })
  it('survives odd input (page 0, page size 0)', () => {
    expect(shownRange({ page: 0, pageSize: 12, totalItems: 3 })).toEqual({ from: 1, to: 3, total: 3 })
    expect(shownRange({ page: 1, pageSize: 0, totalItems: 3 })).toEqual({ from: 1, to: 1, total: 3 })
  })
  it('reads as the product says it', () => {
    expect(showingText({ page: 2, pageSize: 12, totalItems: 44 })).toBe('Showing 13 to 24 of 44 Merchants')
    expect(showingText({ page: 1, pageSize: 12, totalItems: 1200 })).toBe(
      'Showing 1 to 12 of 1,200 Merchants',
    )
    expect(showingText({ page: 1, pageSize: 12, totalItems: 1 })).toBe('Showing 1 to 1 of 1 Merchant')
  })
  it('knows when there is a previous and a next page', () => {
    expect(hasPreviousPage({ page: 1 })).toBe(false)
    expect(hasPreviousPage({ page: 2 })).toBe(true)
    expect(hasNextPage({ page: 3, pageSize: 12, totalItems: 44 })).toBe(true)
    expect(hasNextPage({ page: 4, pageSize: 12, totalItems: 44 })).toBe(false)
    expect(hasNextPage({ page: 1, pageSize: 12, totalItems: 12 })).toBe(false)
  })
})

describe('currency', () => {
  it('formats US dollars, without cents for whole amounts', () => {
    expect(formatDollars(45)).toBe('$45')
    expect(formatDollars(0)).toBe('$0')
    expect(formatDollars(1250)).toBe('$1,250')
    expect(formatDollars(12.5)).toBe('$12.50')
    expect(formatDollars(9.99)).toBe('$9.99')
  })
  it("adds up a merchant's offer values", () => {
    expect(
      merchantValue({ offers: [{ dollarValue: 14 }, { dollarValue: 24 }, { dollarValue: 22 }] as never }),
    ).toBe(60)
    expect(merchantValue({ offers: [] })).toBe(0)
  })
})

describe('card and summary texts', () => {
  it("says '+ N more offers' only beyond two", () => {
    expect(moreOffersText(1)).toBeNull()
    expect(moreOffersText(2)).toBeNull()
    expect(moreOffersText(3)).toBe('+ 1 more offer')
    expect(moreOffersText(6)).toBe('+ 4 more offers')
  })
  it("builds 'You have N {category} Offers from M Merchants near {zip}'", () => {
    expect(summaryText({ totalOffers: 128, totalItems: 44 }, 'Dining', '10001')).toBe(
      'You have 128 Dining Offers from 44 Merchants near 10001',
    )
    expect(summaryText({ totalOffers: 286, totalItems: 100 }, null, '10001')).toBe(
      'You have 286 Offers from 100 Merchants near 10001',
    )
    expect(summaryText({ totalOffers: 1, totalItems: 1 }, 'Travel', 'your location')).toBe(
      'You have 1 Travel Offer from 1 Merchant near your location',
    )
  })
  it('names categories and parses them from the query', () => {
    expect(categoryName(25)).toBe('Dining')
    expect(categoryName(26)).toBe('Events & Attractions')
    expect(categoryName(1)).toBeNull()
    expect(parseCategory('91')).toBe(91)
    expect(parseCategory('92')).toBeUndefined()
    expect(parseCategory('')).toBeUndefined()
    expect(parseCategory(null)).toBeUndefined()
  })
  it('labels challenge types for the unlock carousel', () => {
    expect(challengeTypeLabel('membership')).toBe('Membership')
    expect(challengeTypeLabel('unified_social')).toBe('Social')
    expect(challengeTypeLabel('call_action')).toBe('Call to action')
  })
})

describe('merchant page links', () => {
  const address = { address: '2218 Water Ave', city: 'New York', state: 'NY', zipCode: '10012' }
  it('opens a maps search for the address', () => {
    expect(mapsUrl(address)).toBe(
      'https://www.google.com/maps/search/?api=1&query=2218%20Water%20Ave%2C%20New%20York%2C%20NY%2010012',
    )
    expect(addressLine(address)).toBe('2218 Water Ave, New York, NY 10012')
  })
  it('dials the phone number', () => {
    expect(telHref('(646) 555-0111')).toBe('tel:+16465550111')
    expect(telHref('+44 20 7946 0000')).toBe('tel:+442079460000')
  })
  it('shows the distance when known', () => {
    expect(distanceText(1.42)).toBe('1.4 mi away')
    expect(distanceText(12.6)).toBe('13 mi away')
    expect(distanceText(null)).toBeNull()
  })
})

describe('search URLs', () => {
  it('reads the search form from the query, page 1-based', () => {
    expect(parseOffersSearch('?keyword=%20fig%20&category=25&zip_code=10001&page=3&sort=name')).toEqual({
      keyword: 'fig',
      category: 25,
      zip_code: '10001',
      latitude: undefined,
      longitude: undefined,
      sort: 'name',
      page: 3,
    })
    expect(parseOffersSearch('?page=0&category=7&sort=price&latitude=40.7&longitude=-74')).toMatchObject({
      page: 1,
      category: undefined,
      sort: undefined,
      latitude: 40.7,
      longitude: -74,
    })
    expect(parseOffersSearch('?latitude=100&longitude=abc')).toMatchObject({
      latitude: undefined,
      longitude: undefined,
    })
  })
  it('writes the results URL, leaving page 1 and empty values out', () => {
    expect(offersHref({ keyword: 'fig', category: 25, zip_code: '10001', page: 2 })).toBe(
      '/my-offers?keyword=fig&category=25&zip_code=10001&page=2',
    )
    expect(offersHref({ keyword: '', zip_code: '10001', page: 1 })).toBe('/my-offers?zip_code=10001')
    expect(offersHref({ latitude: 40.7, longitude: -74 })).toBe('/my-offers?latitude=40.7&longitude=-74')
    expect(offersHref({})).toBe('/my-offers')
  })
  it('keeps the keyword on the merchant link', () => {
    expect(merchantHref('the-silver-fig-new-york', { keyword: 'fig & co' })).toBe(
      '/my-offers/the-silver-fig-new-york?keyword=fig+%26+co',
    )
    expect(merchantHref('a b', { keyword: '', zip_code: '10001' })).toBe('/my-offers/a%20b?zip_code=10001')
  })
})

describe('the premium counter', () => {
  const run = { ...COUNTER, to: 128 }
  it('runs from 0 to the real offer count over 3500 ms', () => {
    expect(counterValue(0, run)).toBe(0)
    expect(counterValue(-5, run)).toBe(0)
    expect(counterValue(3500, run)).toBe(128)
    expect(counterValue(10_000, run)).toBe(128)
    expect(COUNTER).toEqual({ from: 0, durationMs: 3500 })
  })
  it('only ever counts up, in whole numbers', () => {
    let last: number = run.from
    for (let t = 0; t <= 3600; t += 16) {
      const v = counterValue(t, run)
      expect(Number.isInteger(v)).toBe(true)
      expect(v).toBeGreaterThanOrEqual(last)
      last = v
    }
    expect(counterValue(1750, run)).toBeGreaterThan(0)
    expect(counterValue(1750, run)).toBeLessThan(128)
  })
  it('says what it counts', () => {
    expect(counterLabel(1, '10001')).toBe('offer near 10001')
    expect(counterLabel(42, null)).toBe('offers near you')
  })
})
