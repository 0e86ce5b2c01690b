import type { z } from 'zod'
import {
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
): Promise<OffersPage> {
  const at = await resolveOrigin(query)
  if (!at) return emptyPage(query.page)
  return provider.searchMerchants({
    origin: at.origin,
    zipCode: at.zipCode,
    keyword: query.keyword || null,
    category: query.category ?? null,
    sort: query.sort,
    page: query.page,
    pageSize: OFFERS_PAGE_SIZE,
    radiusMiles: OFFERS_RADIUS_MILES,
  })
}

/** GET /public/offers/merchant: `{ result: [merchant] }`, or 404 naming slug (or merchant_id). */
export async function getMerchant(
  provider: OffersProvider,
  query: z.output<typeof merchantQuerySchema>,
): Promise<MerchantResponse> {
  const at = await resolveOrigin(query)
  const merchant = await provider.findMerchant({
    slug: query.slug,
    merchantId: query.merchant_id,
    origin: at?.origin ?? null,
  })
  if (!merchant) {
    const field = query.slug ? 'slug' : 'merchant_id'
    throw new AppError('not_found', 404, 'Merchant not found', {
      [field]: `no merchant has this ${field === 'slug' ? 'slug' : 'merchant id'}`,
    })
  }
  return { result: [merchant] }
}
