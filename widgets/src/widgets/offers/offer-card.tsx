import { useId, useRef, useState } from 'preact/hooks'
import type { Offer } from '../../../../sdk/contract/offers'
import { Button } from '../../ui/button'
import { formatDollars } from './offers-format'

type Tab = 'info' | 'terms'
const TABS: { id: Tab; label: string }[] = [
  { id: 'info', label: 'More info' },
  { id: 'terms', label: 'Terms' },
]

/** How an offer is used, in the participant's words (the redeem dialog's choices say the same). */
const typeLabels = { CLICK: 'Online', MOBILE: 'In store' } as const

/**
 * One offer of the merchant page: short text, More info / Terms tabs (WAI-ARIA tabs: arrow keys move
 * between them) and the Redeem now button.
 */
export function OfferCard({ offer, onRedeem }: { offer: Offer; onRedeem: () => void }) {
  const [tab, setTab] = useState<Tab>('info')
  const id = `o${useId()}`
  const tabs = useRef<(HTMLButtonElement | null)[]>([])

  const onKeyDown = (e: KeyboardEvent) => {
    const index = TABS.findIndex((t) => t.id === tab)
    let next = index
    if (e.key === 'ArrowRight') next = (index + 1) % TABS.length
    else if (e.key === 'ArrowLeft') next = (index - 1 + TABS.length) % TABS.length
    else if (e.key === 'Home') next = 0
    else if (e.key === 'End') next = TABS.length - 1
    else return
    e.preventDefault()
    setTab(TABS[next]!.id)
    tabs.current[next]?.focus()
  }

  return (
    <li class="offer-card">
      <div class="offer-card__top">
        <h3 class="offer-card__title">{offer.offerTextShort}</h3>
        {offer.dollarValue > 0 && (
          <span class="offer-card__value">
            <strong>{formatDollars(offer.dollarValue)}</strong> Value
          </span>
        )}
      </div>
      {offer.redemptionTypes.length > 0 && (
        <p class="offer-card__types">
          <span class="visually-hidden">Use it </span>
          {offer.redemptionTypes.map((t, i) => (
            <span key={t} class="offers-pill offers-pill--soft offers-pill--plain">
              {i > 0 && <span class="visually-hidden"> or </span>}
              {typeLabels[t]}
            </span>
          ))}
        </p>
      )}
      <div class="offer-tabs">
        <div class="offer-tabs__list" role="tablist" aria-label={`About ${offer.offerTextShort}`}>
          {TABS.map((t, i) => (
            <button
              key={t.id}
              ref={(el) => {
                tabs.current[i] = el
              }}
              type="button"
              role="tab"
              id={`${id}-${t.id}-tab`}
              class="offer-tabs__tab"
              aria-selected={tab === t.id ? 'true' : 'false'}
              aria-controls={`${id}-${t.id}`}
              tabIndex={tab === t.id ? 0 : -1}
              onClick={() => setTab(t.id)}
              onKeyDown={onKeyDown}
            >
              {t.label}
            </button>
          ))}
        </div>
        {TABS.map((t) => (
          <div
            key={t.id}
            role="tabpanel"
            id={`${id}-${t.id}`}
            aria-labelledby={`${id}-${t.id}-tab`}
            class="offer-tabs__panel"
            hidden={tab !== t.id}
          >
            {t.id === 'info' ? offer.offerTextLong : offer.validQualifier?.trim() || 'No terms available'}
          </div>
        ))}
      </div>
      <Button
        class="offer-card__redeem"
        onClick={onRedeem}
        aria-label={`Redeem now: ${offer.offerTextShort}`}
      >
        Redeem now
      </Button>
    </li>
  )
}
