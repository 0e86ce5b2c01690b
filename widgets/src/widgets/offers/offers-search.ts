import type { OfferSort } from '../../../../sdk/contract/offers'
// Values from contract/paths, which is free of zod: the site must not bundle the schemas.
import { OFFER_CATEGORIES, type OfferCategoryId } from '../../../../sdk/contract/offer-categories'

/**
 * The offers search as URLs carry it (participant-site.md section 2, Merchant offers): parsing and
 * building them. Its own module, apart from offers-format.ts (the screens' display helpers, which
 * re-exports these): the location gate, the first screen, needs only this.
 */

const offerSorts: readonly OfferSort[] = ['distance', 'name', 'value']

const categoryIds = OFFER_CATEGORIES.map((c) => c.id) as readonly number[]

/** A category id from a query or select value; undefined when absent or unknown. */
export function parseCategory(value: string | null | undefined): OfferCategoryId | undefined {
  const n = Number(value)
  return value && categoryIds.includes(n) ? (n as OfferCategoryId) : undefined
}

export const isZipCode = (value: string) => /^\d{5}$/.test(value.trim())

/** The offers search form (participant-site.md section 3) as read from a query string. */
export type OffersSearch = {
  keyword: string
  category: OfferCategoryId | undefined
  zip_code: string
  latitude: number | undefined
  longitude: number | undefined
  sort: OfferSort | undefined
  page: number
}

const coordinate = (value: string | null, limit: number) => {
  if (value === null || value.trim() === '') return undefined
  const n = Number(value)
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : undefined
}

/** Reads the search form from the URL query; page is 1-based and defaults to 1. */
export function parseOffersSearch(search: string): OffersSearch {
  const q = new URLSearchParams(search)
  const page = Math.floor(Number(q.get('page')))
  const sort = q.get('sort')
  return {
    keyword: q.get('keyword')?.trim() ?? '',
    category: parseCategory(q.get('category')),
    zip_code: q.get('zip_code')?.trim() ?? '',
    latitude: coordinate(q.get('latitude'), 90),
    longitude: coordinate(q.get('longitude'), 180),
    sort: (offerSorts as readonly string[]).includes(sort ?? '') ? (sort as OfferSort) : undefined,
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  }
}

/** Keeps only the given, non-empty parameters, in a stable order. */
function queryString(params: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue
    q.set(key, String(value))
  }
  const text = q.toString()
  return text ? `?${text}` : ''
}

/**
 * The results URL for a search; page 1 is left out.
 * @example offersHref({ keyword: 'fig', category: 25, zip_code: '10001', page: 2 }) // '/my-offers?keyword=fig&category=25&zip_code=10001&page=2'
 */
export function offersHref(search: Partial<OffersSearch>): string {
  const hasZip = Boolean(search.zip_code)
  return `/my-offers${queryString({
    keyword: search.keyword,
    category: search.category,
    zip_code: search.zip_code,
    latitude: hasZip ? undefined : search.latitude,
    longitude: hasZip ? undefined : search.longitude,
    sort: search.sort,
    page: search.page && search.page > 1 ? search.page : undefined,
  })}`
}

/** A merchant card's link: the merchant page, keeping the keyword (and a location given in the URL). */
export function merchantHref(
  slug: string,
  search: Partial<Pick<OffersSearch, 'keyword' | 'zip_code' | 'latitude' | 'longitude'>>,
): string {
  const hasZip = Boolean(search.zip_code)
  return `/my-offers/${encodeURIComponent(slug)}${queryString({
    keyword: search.keyword,
    zip_code: search.zip_code,
    latitude: hasZip ? undefined : search.latitude,
    longitude: hasZip ? undefined : search.longitude,
  })}`
}
