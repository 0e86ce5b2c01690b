import type { Db } from '../db/client'
import { createCatalogOffers } from './offers-catalog'
import { createHttpOffers } from './offers-http'
import type { OffersProvider } from './offers-provider'

// The provider's contract lives in offers-provider.ts, which both providers import (no import loop).
export type { MerchantLookup, MerchantSearch, OffersProvider } from './offers-provider'

export type OffersEnv = { OFFERS_API_URL?: string | undefined; OFFERS_API_KEY?: string | undefined }

/** The network named by OFFERS_API_URL (with OFFERS_API_KEY), else the built-in catalog on `db`. */
export function offersFromEnv(env: OffersEnv, db: Db): OffersProvider {
  return env.OFFERS_API_URL
    ? createHttpOffers({ baseUrl: env.OFFERS_API_URL, apiKey: env.OFFERS_API_KEY })
    : createCatalogOffers(db)
}

export { createCatalogOffers, createHttpOffers }
