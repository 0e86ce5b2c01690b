import { useState } from 'preact/hooks'
import { Button } from '../../ui/button'
import { TextField } from '../../ui/input'
import { isZipCode, offersHref } from './offers-search'
import { useOffersHost } from './offers-host'
import { LocateIcon, MapPinIcon } from './offers-gate-icons'
import { locate, rememberZip, requestFocus } from './offers-state'
import './offers-gate.css'

/** /my-offers with no saved location: a zip code, or the browser's position (participant-site.md section 2). */
export function LocationGate() {
  const { navigate } = useOffersHost()
  const [zip, setZip] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [locating, setLocating] = useState(false)
  const [locateError, setLocateError] = useState<string | null>(null)

  const submit = (e: Event) => {
    e.preventDefault()
    const value = zip.trim()
    if (!isZipCode(value)) {
      setError('Enter a 5-digit zip code')
      return
    }
    rememberZip(value)
    requestFocus('results')
    navigate(offersHref({ zip_code: value }))
  }

  const findMe = async () => {
    setLocating(true)
    setLocateError(null)
    const result = await locate()
    setLocating(false)
    if (!result.ok) {
      setLocateError(
        result.denied
          ? 'Location access is turned off for this site. Enter your zip code instead.'
          : "We couldn't find your location. Enter your zip code instead.",
      )
    }
    // On success the saved position re-renders the page with the results.
  }

  return (
    <section class="offers-gate" aria-labelledby="page-title">
      <div class="offers-gate__band">
        <div class="container offers-gate__inner">
          <span class="offers-gate__badge" aria-hidden="true">
            <MapPinIcon size={28} />
          </span>
          <h1 id="page-title" class="offers-gate__title">
            Let's find the deals, offers &amp; savings near you
          </h1>
          <form class="offers-gate__card" onSubmit={submit} noValidate>
            <TextField
              label="Zip code"
              name="zip_code"
              inputMode="numeric"
              autoComplete="postal-code"
              placeholder="e.g. 10001"
              maxLength={5}
              value={zip}
              onValue={(v) => {
                setZip(v.replace(/\D/g, '').slice(0, 5))
                setError(undefined)
              }}
              error={error}
            />
            <Button type="submit" size="lg" block>
              View offers
            </Button>
            <div class="offers-gate__or" aria-hidden="true">
              <span>or</span>
            </div>
            <button
              type="button"
              class="offers-link-button"
              onClick={findMe}
              disabled={locating}
              aria-busy={locating ? 'true' : undefined}
            >
              <LocateIcon size={18} />
              {locating ? 'Finding your location...' : 'Find my location automatically'}
            </button>
            {locateError && (
              <p class="offers-gate__error" role="alert">
                {locateError}
              </p>
            )}
          </form>
        </div>
      </div>
    </section>
  )
}
