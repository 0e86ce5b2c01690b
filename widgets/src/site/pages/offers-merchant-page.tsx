import { MerchantView } from '../../widgets/offers/merchant-view'
import { parseOffersSearch } from '../../widgets/offers/offers-format'
import { savedLocation } from '../../widgets/offers/offers-state'
import { resolveLocation } from '../../widgets/offers/offers-storage'
import { useSite } from '../../widgets/shared/context'
import { currentUrl } from '../router'
import { ErrorPage } from './error-page'
import { OffersSiteHost } from './offers-host'

/** /my-offers/{merchant_slug}: one merchant and its offers; an unknown merchant is a 404. */
export function OffersMerchantPage({ slug }: { slug: string }) {
  const { program } = useSite()
  const search = parseOffersSearch(currentUrl.value.search)
  const location = resolveLocation(search, savedLocation.value)
  return (
    <OffersSiteHost>
      <MerchantView
        key={slug}
        slug={slug}
        search={search}
        location={location}
        notFound={() => (
          <ErrorPage
            program={program}
            title="Page not found."
            message="This merchant does not exist or no longer offers discounts here."
          />
        )}
      />
    </OffersSiteHost>
  )
}
