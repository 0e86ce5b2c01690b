import type { Merchant, Offer, OfferSort, OffersPage } from '../../../sdk/contract/offers'
import type { OfferCategoryId } from '../../../sdk/contract/offer-categories'
import type { GeoPoint } from '../lib/geo'

export type MerchantSearch = {
  /** The centre of the search: a zip code's coordinates or the caller's location. */
  origin: GeoPoint
  /** The zip code the participant typed, when the origin came from one (networks may search by zip). */
  zipCode: string | null
  keyword: string | null
  category: OfferCategoryId | null
  sort: OfferSort
  /** 1-based. */
  page: number
  pageSize: number
  radiusMiles: number
}

export type MerchantLookup = {
  slug?: string | undefined
  merchantId?: string | undefined
  /** Sets `distance` on the answer; null leaves it null. */
  origin: GeoPoint | null
}

/**
 * Where merchants and offers come from (engine-rules.md, Offers). The built-in catalog over the
 * database is the default; an external offers network speaking the same JSON shapes replaces it by
 * configuration (OFFERS_API_URL). Redemptions, eligibility and vouchers stay in Tessera whichever
 * provider is on: a provider only answers what exists and where.
 */
export interface OffersProvider {
  readonly name: string
  /** Merchants within `radiusMiles` of the origin, filtered, sorted and paged; offers included. */
  searchMerchants(search: MerchantSearch): Promise<OffersPage>
  /** One merchant with all its offers, or null. */
  findMerchant(lookup: MerchantLookup): Promise<Merchant | null>
  /** The offer with this endecaKey and its merchant, or null. */
  findOffer(endecaKey: string): Promise<{ merchant: Merchant; offer: Offer } | null>
}
