import type { z } from 'zod'
import {
  type Merchant,
  type MerchantResponse,
  type merchantQuerySchema,
  OFFERS_RADIUS_MILES,
  type OffersPage,
  type offersSearchQuerySchema,
} from '../../../../sdk/contract/offers'
import { OFFERS_PAGE_SIZE } from '../../../../sdk/contract/paths'
import { AppError } from '../../lib/errors'
import { type GeoPoint, lookupZip } from '../../lib/geo'
import type { OffersProvider } from '../../platform/offers'

type LocationInput = {
  zip_code?: string | undefined
  latitude?: number | undefined
  longitude?: number | undefined
}

/**
 * The centre of a search: the zip code's coordinates (from the zipcodes data set) when one is given,
 * else the latitude/longitude pair, else null. An unknown zip code answers 422 naming zip_code.
 */
export async function resolveOrigin(
  input: LocationInput,
): Promise<{ origin: GeoPoint; zipCode: string | null } | null> {
  if (input.zip_code) {
    const place = await lookupZip(input.zip_code)
    if (!place) {
      throw new AppError('validation_failed', 422, `zip_code: ${input.zip_code} is not a known US zip code`, {
        zip_code: 'is not a known US zip code',
      })
    }
    return { origin: { latitude: place.latitude, longitude: place.longitude }, zipCode: place.zip }
  }
  if (input.latitude !== undefined && input.longitude !== undefined) {
    return { origin: { latitude: input.latitude, longitude: input.longitude }, zipCode: null }
  }
  return null
}

const emptyPage = (page: number): OffersPage => ({
  page,
  pageSize: OFFERS_PAGE_SIZE,
  totalItems: 0,
  totalOffers: 0,
  result: [],
})

/**
 * GET /public/offers/merchants: merchants within 25 miles of the zip code or coordinates, nearest
 * first unless sorted by name or value, twelve per 1-based page. No location: an empty page (the site
 * falls back to the saved location on its side).
 */
export async function listMerchantsNear(
  provider: OffersProvider,
  query: z.output<typeof offersSearchQuerySchema>,
  merchants: RegExp | null = null,
): Promise<OffersPage> {
  const at = await resolveOrigin(query)
  if (!at) return emptyPage(query.page)
  const search = {
    origin: at.origin,
    zipCode: at.zipCode,
    keyword: query.keyword || null,
    category: query.category ?? null,
    sort: query.sort,
    page: query.page,
    pageSize: OFFERS_PAGE_SIZE,
    radiusMiles: OFFERS_RADIUS_MILES,
  }
  if (!merchants) return provider.searchMerchants(search)
  // The offers reward's merchants regex (console integrations): the nearest merchants are read in
  // pages of SCAN_PAGE (a D1 statement binds at most 100 values) and the matching ones paged here.
  const matching: Merchant[] = []
  for (let page = 1; page <= SCAN_PAGES; page++) {
    const got = await provider.searchMerchants({ ...search, page, pageSize: SCAN_PAGE })
    matching.push(...got.result.filter((m) => merchants.test(m.merchantName)))
    if (page * SCAN_PAGE >= got.totalItems) break
  }
  const start = (query.page - 1) * OFFERS_PAGE_SIZE
  return {
    page: query.page,
    pageSize: OFFERS_PAGE_SIZE,
    totalItems: matching.length,
    totalOffers: matching.reduce((sum, m) => sum + m.offers.length, 0),
    result: matching.slice(start, start + OFFERS_PAGE_SIZE),
  }
}

const SCAN_PAGE = 90
const SCAN_PAGES = 5

/** GET /public/offers/merchant: `{ result: [merchant] }`, or 404 naming slug (or merchant_id). */
export async function getMerchant(
  provider: OffersProvider,
  query: z.output<typeof merchantQuerySchema>,
  merchants: RegExp | null = null,
): Promise<MerchantResponse> {
  const at = await resolveOrigin(query)
  const merchant = await provider.findMerchant({
    slug: query.slug,
    merchantId: query.merchant_id,
    origin: at?.origin ?? null,
  })
  if (!merchant || (merchants && !merchants.test(merchant.merchantName))) {
    const field = query.slug ? 'slug' : 'merchant_id'
    throw new AppError('not_found', 404, 'Merchant not found', {
      [field]: `no merchant has this ${field === 'slug' ? 'slug' : 'merchant id'}`,
    })
  }
  return { result: [merchant] }
}
