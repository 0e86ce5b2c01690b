import type { Merchant, OffersPage } from '../../../../sdk/contract/offers'
import { OFFER_CATEGORIES } from '../../../../sdk/contract/offer-categories'

export {
  isZipCode,
  merchantHref,
  offersHref,
  type OffersSearch,
  parseCategory,
  parseOffersSearch,
} from './offers-search'

/** Display and URL helpers of the offers screens (participant-site.md section 2, Merchant offers). */

export const PRINT_NOTICE = 'THIS PAGE CANNOT BE PRINTED AND USED AS A VALID COUPON'
export const EMPTY_TEXT =
  'No merchants match your current parameters. Please adjust your parameters and try submitting again.'
export const SKELETON_CARDS = 6
export const SCROLL_TOP_DELAY_MS = 100

/** 25 -> 'Dining'; null for an unknown id. */
export const categoryName = (id: number | null | undefined): string | null =>
  OFFER_CATEGORIES.find((c) => c.id === id)?.name ?? null

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
})
const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/**
 * US dollars, whole amounts without cents: 45 -> '$45', 1250 -> '$1,250', 12.5 -> '$12.50'.
 */
export function formatDollars(amount: number): string {
  return Number.isInteger(amount) ? dollars.format(amount) : cents.format(amount)
}

/** What a merchant's offers are worth together (each offer's dollarValue, in whole dollars). */
export const merchantValue = (merchant: Pick<Merchant, 'offers'>) =>
  merchant.offers.reduce(
    (sum, offer) => sum + (Number.isFinite(offer.dollarValue) ? offer.dollarValue : 0),
    0,
  )

/** The card's '+ N more offers' line when a merchant has more than two; null otherwise. */
export function moreOffersText(count: number): string | null {
  const more = count - 2
  return more > 0 ? `+ ${more} more ${more === 1 ? 'offer' : 'offers'}` : null
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`

/**
 * The results summary: 'You have N {category} Offers from M Merchants near {zip}'.
 * @example summaryText({ totalOffers: 128, totalItems: 44 }, 'Dining', '10001') // 'You have 128 Dining Offers from 44 Merchants near 10001'
 */
export function summaryText(
  page: Pick<OffersPage, 'totalOffers' | 'totalItems'>,
  category: string | null,
  near: string,
): string {
  const offers = `${page.totalOffers.toLocaleString('en-US')} ${category ? `${category} ` : ''}${page.totalOffers === 1 ? 'Offer' : 'Offers'}`
  return `You have ${offers} from ${plural(page.totalItems, 'Merchant')} near ${near}`
}

export type ShownRange = { from: number; to: number; total: number }

/**
 * Which merchants a page shows, from pageSize, the 1-based page and totalItems.
 * @example shownRange({ page: 2, pageSize: 12, totalItems: 44 }) // { from: 13, to: 24, total: 44 }
 */
export function shownRange(page: Pick<OffersPage, 'page' | 'pageSize' | 'totalItems'>): ShownRange {
  const total = Math.max(0, page.totalItems)
  const size = Math.max(1, page.pageSize)
  const current = Math.max(1, Math.floor(page.page))
  const from = (current - 1) * size + 1
  if (total === 0 || from > total) return { from: 0, to: 0, total }
  return { from, to: Math.min(current * size, total), total }
}

/** 'Showing 13 to 24 of 44 Merchants'. */
export function showingText(page: Pick<OffersPage, 'page' | 'pageSize' | 'totalItems'>): string {
  const { from, to, total } = shownRange(page)
  return `Showing ${from} to ${to} of ${total.toLocaleString('en-US')} ${total === 1 ? 'Merchant' : 'Merchants'}`
}

export const hasPreviousPage = (page: Pick<OffersPage, 'page'>) => page.page > 1
export const hasNextPage = (page: Pick<OffersPage, 'page' | 'pageSize' | 'totalItems'>) =>
  page.page * page.pageSize < page.totalItems

/** A maps search for the merchant's address, opened in a new tab. */
export function mapsUrl(address: Merchant['merchantAddress']): string {
  const query = [address.address, address.city, [address.state, address.zipCode].filter(Boolean).join(' ')]
    .filter((part) => part?.trim())
    .join(', ')
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`
}

/** 'tel:' link for a displayed phone number: '(646) 555-0111' -> 'tel:+16465550111'. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '')
  if (/^\d{10}$/.test(digits)) return `tel:+1${digits}`
  return `tel:${digits}`
}

/** One line for the merchant's address: '2218 Water Ave, New York, NY 10012'. */
export const addressLine = (address: Merchant['merchantAddress']) =>
  [address.address, address.city, [address.state, address.zipCode].filter(Boolean).join(' ')]
    .filter((part) => part?.trim())
    .join(', ')

/** '1.42 mi away'; null when the distance is unknown. */
export const distanceText = (distance: number | null) =>
  distance === null || !Number.isFinite(distance)
    ? null
    : `${distance < 10 ? distance.toFixed(1) : Math.round(distance)} mi away`

/** The premium prompt's counter (participant-site.md section 2): its run, from 0 to the real count. */
export const COUNTER = { from: 0, durationMs: 3500 } as const

/**
 * The counter's label: what the number counts, so it is never a bare figure. It counts the offers
 * the search finds near the visitor's location (totalOffers of GET /public/offers/merchants).
 * @example counterLabel(1, '10001') // 'offer near 10001'
 */
export const counterLabel = (count: number, near: string | null) =>
  `${count === 1 ? 'offer' : 'offers'} ${near ? `near ${near}` : 'near you'}`

/**
 * The counter's value `elapsed` ms after it starts: eased out, whole numbers, clamped to the ends.
 * @example counterValue(0) // 494237; counterValue(3500) // 494267
 */
export function counterValue(
  elapsed: number,
  { from, to, durationMs }: { from: number; to: number; durationMs: number },
): number {
  if (!(elapsed > 0)) return from
  if (elapsed >= durationMs) return to
  const t = elapsed / durationMs
  const eased = 1 - (1 - t) ** 3
  return Math.min(to, Math.max(from, Math.round(from + (to - from) * eased)))
}

/** A label for a challenge type in the unlock carousel ('membership' -> 'Membership'). */
export function challengeTypeLabel(type: string): string {
  const known: Record<string, string> = {
    call_action: 'Call to action',
    unified_social: 'Social',
    signup: 'Sign up',
    collect: 'Survey',
  }
  if (known[type]) return known[type]
  const words = type.replace(/_/g, ' ').trim()
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Challenge'
}
