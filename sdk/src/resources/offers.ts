import type {
  Merchant,
  MerchantResponse,
  OfferSort,
  OffersPage,
  RedeemOfferResponse,
  RedemptionType,
} from '../../contract/offers'
import type { OfferCategoryId } from '../../contract/offer-categories'
import { offerRoutes as routes } from '../../contract/paths'
import type { Transport } from '../transport'

/** Where to search: a zip code, or latitude with longitude. */
export type OffersLocation = { zip_code?: string; latitude?: number; longitude?: number }

export type SearchMerchantsParams = OffersLocation & {
  /** Matches merchant names and offer texts. */
  keyword?: string
  /** 25 Dining, 27 Shopping, 26 Events & Attractions, 91 Travel (OFFER_CATEGORIES). */
  category?: OfferCategoryId
  /** distance (default), name or value. */
  sort?: OfferSort
  /** 1-based (default 1); twelve merchants per page. */
  page?: number
}

export type RetrieveMerchantParams = OffersLocation & ({ slug: string } | { merchant_id: string })

/** Merchant offers near a location and their redemption (participant-site.md sections 2-4). */
export class OffersResource {
  constructor(private readonly t: Transport) {}

  /**
   * Merchants within 25 miles, nearest first by default. Without a location the page is empty.
   * An unknown zip code throws ValidationError with `fields.zip_code`.
   * @example
   * const { totalItems, totalOffers, result } = await client.offers.search({ zip_code: '10001', category: 25, page: 1 })
   */
  search(params: SearchMerchantsParams): Promise<OffersPage> {
    return this.t.get(routes.merchants, { query: params })
  }

  /**
   * One merchant with all its offers, by slug (or merchant id); `distance` is set when a location is
   * given. Throws NotFoundError for an unknown merchant.
   * @example
   * const merchant = await client.offers.retrieve({ slug: 'the-silver-fig-new-york', zip_code: '10001' })
   */
  async retrieve(params: RetrieveMerchantParams): Promise<Merchant> {
    const { result } = await this.t.get<MerchantResponse>(routes.merchant, { query: params })
    return result[0]!
  }

  /**
   * Redeems an offer for the signed-in participant (eligible_offers_rewards must be true). CLICK
   * answers `redemption_data.url` (open it in a new tab); MOBILE answers `redemption_data.coupon` with
   * a voucher image URL valid ten minutes, once per offer and calendar year. Refusals throw with the
   * modal's text in `err.body.redemption_data.message` (AuthenticationError 'No participant',
   * ApiError not_eligible 'Participant not authorized', ApiError already_redeemed
   * 'You have already redeemed this offer.').
   * @example
   * const { redemption_data } = await client.offers.redeem('E878044747', 'MOBILE')
   * if ('coupon' in redemption_data) img.src = redemption_data.coupon.voucher
   */
  redeem(endecaKey: string, redemptionType: RedemptionType): Promise<RedeemOfferResponse> {
    return this.t.post(routes.redeem, { json: { endeca_key: endecaKey, redemption_type: redemptionType } })
  }
}
