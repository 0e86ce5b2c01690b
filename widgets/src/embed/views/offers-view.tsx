import { useCallback, useEffect, useRef, useState } from 'preact/hooks'
import { LocationGate } from '../../widgets/offers/location-gate'
import { parseOffersSearch } from '../../widgets/offers/offers-search'
import { type OffersHost, OffersHostContext } from '../../widgets/offers/offers-host'
import { savedLocation } from '../../widgets/offers/offers-state'
import { resolveLocation } from '../../widgets/offers/offers-storage'
import { ArrowLeftIcon } from '../../ui/icons'
import { emit } from '../events'
import { lazyView } from '../lazy-view'
import { useSiteLinks } from '../links'
import { useEmbed } from '../mount'
import { InlineSignin } from './signin-lazy'
import './offers-view.css'

/**
 * The search results and the merchant page (with the redeem modal) are fetched when first shown: a
 * visitor without a saved location sees the location gate first, and the page downloads only that.
 */
const OffersResults = lazyView(() => import('../../widgets/offers/offers-results').then((m) => m.OffersResults))
const MerchantView = lazyView(() => import('../../widgets/offers/merchant-view').then((m) => m.MerchantView))

const OFFERS = '/my-offers'
const MERCHANT = /^\/my-offers\/([^/?#]+)\/?$/

/** The element's own "address": the hosted site's offers path it shows, and where sign-in returns to. */
type Place = { href: string; signin: boolean }

const split = (href: string) => {
  const url = new URL(href, 'http://tessera.invalid')
  return { pathname: url.pathname, search: url.search }
}

/**
 * <tessera-offers>: the hosted site's offers screens (location gate, search, merchant page, redeem
 * modal) inside an element. Their links and navigation move within the element instead of the page;
 * 'Join now' and 'Log in' show the sign-in form here; the membership checkout opens in the partner's
 * top window. A redemption dispatches tessera:offer-redeemed.
 */
export function OffersView() {
  const { runtime, program, host } = useEmbed()
  const [place, setPlace] = useState<Place>({ href: OFFERS, signin: false })
  const box = useRef<HTMLDivElement>(null)
  const status = runtime.session.status.value
  const signedIn = runtime.session.signedIn.value
  const participant = status === 'loading' ? undefined : (runtime.session.participant.value ?? null)

  const navigate = useCallback(
    (href: string) => {
      const { pathname, search } = split(href)
      if (pathname === '/signin' || pathname.startsWith('/signup')) setPlace((p) => ({ ...p, signin: true }))
      else if (pathname === OFFERS || pathname === `${OFFERS}/` || MERCHANT.test(pathname))
        setPlace({ href: `${pathname}${search}`, signin: false })
      else {
        window.open(runtime.siteUrl(href), '_blank', 'noopener')
        return
      }
      // Keep the element's top in sight when its content changes.
      if (host.getBoundingClientRect().top < 0) host.scrollIntoView({ block: 'start' })
    },
    [host, runtime],
  )

  useSiteLinks(box, runtime.siteUrl, (path) => {
    const { pathname } = split(path)
    if (pathname === '/signin' || pathname.startsWith(OFFERS)) {
      navigate(path)
      return true
    }
    return false
  })

  // Signed in inside the element (or elsewhere on the page): back to the offer that asked for it.
  useEffect(() => {
    if (place.signin && signedIn) setPlace((p) => ({ ...p, signin: false }))
  }, [place.signin, signedIn])

  const offersHost: OffersHost = {
    program,
    client: runtime.client,
    participant,
    navigate,
    go: (url) => {
      const id = program.membership_challenge?.id
      // After the checkout call answered (premium prompt): the checkout helpers come with it.
      if (id)
        void import('../checkout').then((m) =>
          m.openCheckout(url, runtime.apiBase, host, { challenge_id: id, kind: 'membership' }),
        )
    },
    signinHref: '/signin',
    onRedeemed: (endecaKey, redemptionType) => {
      emit(host, 'tessera:offer-redeemed', { endeca_key: endecaKey, redemption_type: redemptionType })
      runtime.refresh()
    },
  }

  const { pathname, search: query } = split(place.href)
  const search = parseOffersSearch(query)
  const location = resolveLocation(search, savedLocation.value)
  const slug = MERCHANT.exec(pathname)?.[1]
  const back = () => setPlace((p) => ({ ...p, signin: false }))

  return (
    <div ref={box} class="tw-offers">
      {place.signin ? (
        <div class="tw-stack">
          <button type="button" class="tw-back" onClick={back}>
            <ArrowLeftIcon size={16} />
            Back to offers
          </button>
          <InlineSignin reason="Sign in to redeem offers." />
        </div>
      ) : (
        <OffersHostContext.Provider value={offersHost}>
          {slug ? (
            <MerchantView
              key={slug}
              slug={decodeURIComponent(slug)}
              search={search}
              location={location}
              notFound={() => (
                <div class="tw-notice" role="alert">
                  <p>This merchant does not exist or no longer offers discounts here.</p>
                  <a href={OFFERS}>Back to All Offers</a>
                </div>
              )}
            />
          ) : location ? (
            <OffersResults search={search} location={location} />
          ) : (
            <LocationGate />
          )}
        </OffersHostContext.Provider>
      )}
    </div>
  )
}
