import { useEffect, useId, useRef, useState } from 'preact/hooks'
import { OFFER_CATEGORIES, type OfferCategoryId } from '../../../../sdk/contract/offer-categories'
import type { OffersLocation } from '../../../../sdk/src/resources/offers'
import { ValidationError } from '../../../../sdk/src/errors'
import { useLoad } from '../shared/use-load'
import { Button } from '../../ui/button'
import { AlertIcon, ChevronLeftIcon, ChevronRightIcon } from '../../ui/icons'
import { MerchantCard, MerchantCardSkeletons } from './merchant-card'
import {
  categoryName,
  EMPTY_TEXT,
  hasNextPage,
  hasPreviousPage,
  isZipCode,
  merchantHref,
  type OffersSearch,
  offersHref,
  SCROLL_TOP_DELAY_MS,
  showingText,
  summaryText,
} from './offers-format'
import { useOffersHost } from './offers-host'
import { MapPinIcon, SearchIcon } from './offers-icons'
import { focusSoon, forgetLocation, rememberZip, requestFocus, takeFocus } from './offers-state'
import { PrintNotice } from './print-notice'
import './offers-gate.css'
import './offers.css'
import '../../ui/input.css' // the field classes rendered here

type ResultsProps = {
  /** The search form as read from the URL. */
  search: OffersSearch
  /** Where to search (the query's location, else the saved one). */
  location: OffersLocation
}

/** The error line under 'Error offers!': an unknown zip code says so, anything else the server's words. */
function errorDetail(err: unknown, zip: string | undefined): string {
  if (err instanceof ValidationError && err.fields?.zip_code)
    return `ZIP code ${zip ?? ''} ${err.fields.zip_code}.`.replace('  ', ' ')
  return 'Please check your connection and try again.'
}

/**
 * 'Explore Perks and Benefits' (participant-site.md section 2): the search form, quick categories,
 * summary, merchant cards with their loading, empty and error states, and pagination.
 */
export function OffersResults({ search, location }: ResultsProps) {
  const { client, navigate } = useOffersHost()
  const params = {
    ...location,
    keyword: search.keyword || undefined,
    category: search.category,
    sort: search.sort,
    page: search.page,
  }
  const [state, reload] = useLoad(() => client.offers.search(params), JSON.stringify(params))
  const ids = useId()
  const [keyword, setKeyword] = useState(search.keyword)
  const [category, setCategory] = useState<string>(search.category ? String(search.category) : '')
  const [zip, setZip] = useState(location.zip_code ?? '')
  const [zipError, setZipError] = useState<string | null>(null)
  const scrollTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(scrollTimer.current), [])
  const summary = useRef<HTMLHeadingElement>(null)
  const failure = useRef<HTMLHeadingElement>(null)
  // After a search, focus moves to what it found (or the error), not back to the page's top.
  useEffect(() => {
    if (state.status === 'loading' || !takeFocus('results')) return
    const timer = focusSoon(state.status === 'error' ? failure : summary)
    return () => clearTimeout(timer)
  }, [state.status])

  // The form follows the URL (back/forward, quick categories, another page's link).
  useEffect(() => {
    setKeyword(search.keyword)
    setCategory(search.category ? String(search.category) : '')
    setZip(location.zip_code ?? '')
    setZipError(null)
  }, [search.keyword, search.category, location.zip_code])

  const near = location.zip_code ?? 'your location'
  const where = location.zip_code
    ? { zip_code: location.zip_code }
    : { latitude: location.latitude, longitude: location.longitude }

  const go = (next: Partial<OffersSearch>) => {
    const href = offersHref({ ...where, sort: search.sort, ...next })
    // The same search again (a second submit) loads it again instead of doing nothing.
    const current = offersHref({
      ...where,
      keyword: search.keyword,
      category: search.category,
      sort: search.sort,
      page: search.page,
    })
    if (href === current) reload()
    else navigate(href)
  }

  const submit = (e: Event) => {
    e.preventDefault()
    const value = zip.trim()
    if (value && !isZipCode(value)) {
      setZipError('Enter a 5-digit zip code')
      return
    }
    if (value) rememberZip(value)
    requestFocus('results')
    const chosen = Number(category) || undefined
    go({
      keyword: keyword.trim(),
      category: chosen as OfferCategoryId | undefined,
      ...(value ? { zip_code: value, latitude: undefined, longitude: undefined } : {}),
      page: 1,
    })
  }

  const quick = (id: OfferCategoryId) =>
    go({ keyword: search.keyword, category: search.category === id ? undefined : id, page: 1 })

  const toPage = (page: number) => {
    go({ keyword: search.keyword, category: search.category, page })
    clearTimeout(scrollTimer.current)
    scrollTimer.current = setTimeout(
      () => window.scrollTo({ top: 0, behavior: 'smooth' }),
      SCROLL_TOP_DELAY_MS,
    )
  }

  const changeLocation = () => {
    forgetLocation()
    navigate('/my-offers')
  }

  const data = state.status === 'ready' ? state.data : null
  const label = categoryName(search.category)

  return (
    <div class="offers">
      <div class="offers-band">
        <div class="container">
          <h1 id="page-title" class="offers-band__title">
            Explore Perks and Benefits
          </h1>
          <search>
            <form class="offers-search" onSubmit={submit} aria-label="Search offers" noValidate>
              <div class="offers-search__field offers-search__field--grow">
                <label class="field__label" for={`${ids}-kw`}>
                  Search by name
                </label>
                <span class="offers-search__input-wrap">
                  <SearchIcon size={18} class="offers-search__icon" />
                  <input
                    id={`${ids}-kw`}
                    class="field__input offers-search__input offers-search__input--icon"
                    type="search"
                    name="keyword"
                    placeholder="Merchant or offer"
                    maxLength={100}
                    value={keyword}
                    onInput={(e) => setKeyword(e.currentTarget.value)}
                  />
                </span>
              </div>
              <div class="offers-search__field">
                <label class="field__label" for={`${ids}-cat`}>
                  Category
                </label>
                <select
                  id={`${ids}-cat`}
                  class="field__input offers-search__input offers-search__select"
                  name="category"
                  value={category}
                  onChange={(e) => setCategory(e.currentTarget.value)}
                >
                  <option value="">All categories</option>
                  {OFFER_CATEGORIES.map((c) => (
                    <option key={c.id} value={String(c.id)}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </div>
              <div
                class={['offers-search__field offers-search__field--zip', zipError && 'field--invalid']
                  .filter(Boolean)
                  .join(' ')}
              >
                <label class="field__label" for={`${ids}-zip`}>
                  ZIP code
                </label>
                <input
                  id={`${ids}-zip`}
                  class="field__input offers-search__input"
                  name="zip_code"
                  inputMode="numeric"
                  autoComplete="postal-code"
                  maxLength={5}
                  placeholder={location.zip_code ? '' : 'Nearby'}
                  value={zip}
                  aria-invalid={zipError ? 'true' : undefined}
                  aria-describedby={zipError ? `${ids}-zip-error` : undefined}
                  onInput={(e) => {
                    setZip(e.currentTarget.value.replace(/\D/g, '').slice(0, 5))
                    setZipError(null)
                  }}
                />
                {zipError && (
                  <p class="field__error offers-search__error" id={`${ids}-zip-error`}>
                    {zipError}
                  </p>
                )}
              </div>
              <Button type="submit" class="offers-search__submit" loading={state.status === 'loading'}>
                {state.status !== 'loading' && <SearchIcon size={18} />}
                Search
              </Button>
            </form>
          </search>
        </div>
      </div>

      <div class="container offers__body">
        <fieldset class="offers-quick">
          <legend class="visually-hidden">Quick categories</legend>
          {OFFER_CATEGORIES.map((c) => (
            <button
              key={c.id}
              type="button"
              class="offers-quick__btn"
              aria-pressed={search.category === c.id ? 'true' : 'false'}
              onClick={() => quick(c.id)}
            >
              {c.name}
            </button>
          ))}
        </fieldset>

        <div class="offers-summary">
          <h2 ref={summary} tabIndex={-1} class="offers-summary__text" aria-live="polite">
            <MapPinIcon size={18} class="offers-summary__pin" />
            {data ? summaryText(data, label, near) : `Offers near ${near}`}
          </h2>
          <button type="button" class="offers-link-button" onClick={changeLocation}>
            change location
          </button>
        </div>

        {state.status === 'loading' && (
          <div aria-busy="true">
            <p class="visually-hidden" role="status">
              Loading offers...
            </p>
            <MerchantCardSkeletons />
          </div>
        )}

        {state.status === 'error' && (
          <div class="offers-state offers-state--error" role="alert">
            <AlertIcon size={28} />
            <h2 ref={failure} tabIndex={-1} class="offers-state__title">
              Error offers!
            </h2>
            <p>{errorDetail(state.error, location.zip_code)}</p>
            <div class="offers-state__actions">
              <Button variant="outline" size="sm" onClick={() => reload()}>
                Try again
              </Button>
              <Button variant="ghost" size="sm" onClick={changeLocation}>
                Change location
              </Button>
            </div>
          </div>
        )}

        {data &&
          (data.result.length === 0 ? (
            <div class="offers-state" role="status">
              <SearchIcon size={28} />
              <p>{EMPTY_TEXT}</p>
            </div>
          ) : (
            <>
              <p class="offers-showing">{showingText(data)}</p>
              <ul class="merchant-grid" aria-label="Merchants">
                {data.result.map((merchant) => (
                  <MerchantCard
                    key={merchant.merchantId}
                    merchant={merchant}
                    href={merchantHref(merchant.slug, search)}
                  />
                ))}
              </ul>
              {(hasPreviousPage(data) || hasNextPage(data)) && (
                <nav class="offers-pager" aria-label="Pagination">
                  <Button
                    variant="outline"
                    disabled={!hasPreviousPage(data)}
                    onClick={() => toPage(data.page - 1)}
                  >
                    <ChevronLeftIcon size={18} />
                    Previous
                  </Button>
                  <span class="offers-pager__page">
                    Page {data.page} of {Math.max(1, Math.ceil(data.totalItems / data.pageSize))}
                  </span>
                  <Button
                    variant="outline"
                    disabled={!hasNextPage(data)}
                    onClick={() => toPage(data.page + 1)}
                  >
                    Next
                    <ChevronRightIcon size={18} />
                  </Button>
                </nav>
              )}
            </>
          ))}

        <PrintNotice />
      </div>
    </div>
  )
}
