import { pageLoader } from '../lazy-page'

/** The offers screens load on first visit, in their own chunk (the home page's bundle stays small). */
const load = () => import('./offers-pages')
export const offersPage = pageLoader(() => load().then((m) => m.OffersPage))
export const offersMerchantPage = pageLoader(() => load().then((m) => m.OffersMerchantPage))
