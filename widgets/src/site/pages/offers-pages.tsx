/** The offers screens' chunk: both pages share one lazily loaded module (one request, no split common chunk). */
export { OffersMerchantPage } from './offers-merchant-page'
export { OffersPage } from './offers-page'
