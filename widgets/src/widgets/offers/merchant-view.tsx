import type { ComponentChildren } from 'preact'
import { useEffect, useRef, useState } from 'preact/hooks'
import type { Merchant, Offer } from '../../../../sdk/contract/offers'
import type { OffersLocation } from '../../../../sdk/src/resources/offers'
import { NotFoundError } from '../../../../sdk/src/errors'
import { useLoad } from '../shared/use-load'
import { Button, buttonClass } from '../../ui/button'
import { AlertIcon, ArrowLeftIcon, ExternalIcon } from '../../ui/icons'
import { Skeleton } from '../../ui/skeleton'
import { MerchantLogo } from './merchant-card'
import { OfferCard } from './offer-card'
import {
  addressLine,
  categoryName,
  distanceText,
  mapsUrl,
  type OffersSearch,
  offersHref,
  SKELETON_CARDS,
  telHref,
} from './offers-format'
import { useOffersHost } from './offers-host'
import { MapPinIcon, PhoneIcon, TagIcon } from './offers-icons'
import { focusSoon, takeFocus } from './offers-state'
import { PrintNotice } from './print-notice'
import { RedeemModal } from './redeem-modal'
import './offers.css'

type MerchantViewProps = {
  slug: string
  search: OffersSearch
  /** The query's location, else the saved one; null searches without one (no distance). */
  location: OffersLocation | null
  /** Rendered for an unknown merchant (the site's 404 page). */
  notFound: () => ComponentChildren
}

/** 'Back to All Offers': the results, with the keyword and a location given in the URL. */
const backHref = (search: OffersSearch) =>
  offersHref({
    keyword: search.keyword,
    zip_code: search.zip_code,
    latitude: search.latitude,
    longitude: search.longitude,
  })

/** /my-offers/{merchant_slug}: one merchant and its offers (participant-site.md section 2). */
export function MerchantView({ slug, search, location, notFound }: MerchantViewProps) {
  const { client } = useOffersHost()
  const params = { slug, ...(location ?? {}) }
  const [state, reload] = useLoad(() => client.offers.retrieve(params), JSON.stringify(params))

  if (state.status === 'loading') return <MerchantLoading back={backHref(search)} />
  if (state.status === 'error') {
    if (state.error instanceof NotFoundError) return <>{notFound()}</>
    return (
      <div class="container offers__body">
        <a href={backHref(search)} class={buttonClass('ghost', 'sm', 'merchant-back')}>
          <ArrowLeftIcon size={18} />
          Back to All Offers
        </a>
        <div class="offers-state offers-state--error" role="alert">
          <AlertIcon size={28} />
          <h1 class="offers-state__title">Error to find merchant!</h1>
          <p>Please check your connection and try again.</p>
          <div class="offers-state__actions">
            <Button variant="outline" size="sm" onClick={() => reload()}>
              Try again
            </Button>
          </div>
        </div>
      </div>
    )
  }
  return <MerchantDetails merchant={state.data} back={backHref(search)} />
}

function MerchantDetails({ merchant, back }: { merchant: Merchant; back: string }) {
  const grid = useRef<HTMLHeadingElement>(null)
  const [redeeming, setRedeeming] = useState<Offer | null>(null)
  const categories = [categoryName(merchant.firstCategory), categoryName(merchant.secondCategory)].filter(
    (c): c is string => Boolean(c),
  )
  const count = merchant.offers.length
  const name = useRef<HTMLHeadingElement>(null)
  // Opened from a merchant card: focus moves to the merchant's name.
  useEffect(() => {
    if (!takeFocus('merchant')) return
    const timer = focusSoon(name)
    return () => clearTimeout(timer)
  }, [])
  const distance = distanceText(merchant.distance)

  const toGrid = () => {
    grid.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })
    grid.current?.focus({ preventScroll: true })
  }

  return (
    <div class="offers merchant">
      <div class="offers-band offers-band--merchant">
        <div class="container">
          <a href={back} class={buttonClass('ghost', 'sm', 'merchant-back merchant-back--inverse')}>
            <ArrowLeftIcon size={18} />
            Back to All Offers
          </a>
          <div class="merchant-hero">
            <MerchantLogo merchant={merchant} size={96} />
            <div class="merchant-hero__text">
              {categories.length > 0 && (
                <ul class="merchant-hero__categories" aria-label="Categories">
                  {categories.map((c) => (
                    <li key={c} class="offers-pill">
                      {c}
                    </li>
                  ))}
                </ul>
              )}
              <h1 ref={name} id="page-title" tabIndex={-1} class="merchant-hero__name">
                {merchant.merchantName}
              </h1>
              {merchant.stubCopy && <p class="merchant-hero__stub">{merchant.stubCopy}</p>}
              <p class="merchant-hero__address">
                <MapPinIcon size={16} />
                <span>
                  {addressLine(merchant.merchantAddress)}
                  {distance && <span class="merchant-hero__distance"> · {distance}</span>}
                </span>
              </p>
            </div>
          </div>
          <div class="merchant-chips">
            <button type="button" class="merchant-chip" onClick={toGrid}>
              <TagIcon size={16} />
              {count} {count === 1 ? 'Offer' : 'Offers'}
            </button>
            <a
              class="merchant-chip"
              href={mapsUrl(merchant.merchantAddress)}
              target="_blank"
              rel="noopener noreferrer"
            >
              <MapPinIcon size={16} />
              Directions
              <ExternalIcon size={14} />
              <span class="visually-hidden"> (opens in a new tab)</span>
            </a>
            {merchant.merchantPhone && (
              <a class="merchant-chip" href={telHref(merchant.merchantPhone)}>
                <PhoneIcon size={16} />
                Call
                <span class="visually-hidden"> {merchant.merchantPhone}</span>
              </a>
            )}
          </div>
        </div>
      </div>

      <div class="container offers__body">
        <h2 ref={grid} id="merchant-offers" class="offers-section-title" tabIndex={-1}>
          Available offers
        </h2>
        {count === 0 ? (
          <div class="offers-state" role="status">
            <p>This merchant has no offers right now. Please check back soon.</p>
          </div>
        ) : (
          <ul class="offer-grid" aria-labelledby="merchant-offers">
            {merchant.offers.map((offer) => (
              <OfferCard key={offer.endecaKey} offer={offer} onRedeem={() => setRedeeming(offer)} />
            ))}
          </ul>
        )}
        <PrintNotice />
      </div>

      {redeeming && <RedeemModal merchant={merchant} offer={redeeming} onClose={() => setRedeeming(null)} />}
    </div>
  )
}

/** Six placeholder offer cards with 'Loading merchant offers...'. */
function MerchantLoading({ back }: { back: string }) {
  return (
    <div class="offers merchant" aria-busy="true">
      <div class="offers-band offers-band--merchant">
        <div class="container">
          <a href={back} class={buttonClass('ghost', 'sm', 'merchant-back merchant-back--inverse')}>
            <ArrowLeftIcon size={18} />
            Back to All Offers
          </a>
          <div class="merchant-hero">
            <Skeleton width={96} height={96} class="skeleton--inverse" />
            <div class="merchant-hero__text">
              <Skeleton width={220} height={36} class="skeleton--inverse" />
              <Skeleton width={300} height={18} class="skeleton--inverse" />
            </div>
          </div>
        </div>
      </div>
      <div class="container offers__body">
        <p class="offers-loading" role="status">
          Loading merchant offers...
        </p>
        <ul class="offer-grid" aria-hidden="true">
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            // placeholders
            <li key={i} class="offer-card">
              <Skeleton width="80%" height={22} />
              <Skeleton width="40%" height={16} />
              <Skeleton width="100%" height={64} />
              <Skeleton width={140} height={44} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}
