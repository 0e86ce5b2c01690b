import { LocationGate } from '../../widgets/offers/location-gate'
import { parseOffersSearch } from '../../widgets/offers/offers-format'
import { OffersResults } from '../../widgets/offers/offers-results'
import { savedLocation } from '../../widgets/offers/offers-state'
import { resolveLocation } from '../../widgets/offers/offers-storage'
import { currentUrl } from '../router'
import { OffersSiteHost } from './offers-host'

/**
 * /my-offers (participant-site.md section 2): the zip code or coordinates of the query, else the saved
 * location, picks the results; without any the location gate shows.
 */
export function OffersPage() {
  const search = parseOffersSearch(currentUrl.value.search)
  const location = resolveLocation(search, savedLocation.value)
  return (
    <OffersSiteHost>
      {location ? <OffersResults search={search} location={location} /> : <LocationGate />}
    </OffersSiteHost>
  )
}
