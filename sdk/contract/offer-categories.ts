/**
 * Offer categories (participant-site.md section 3): a search's `category` and a merchant's
 * firstCategory / secondCategory are these ids. Kept free of zod so widgets can label them, and in a
 * module of its own so that only the offers screens carry them, not the custom elements' core.
 */
export const OFFER_CATEGORIES = [
  { id: 25, name: 'Dining' },
  { id: 27, name: 'Shopping' },
  { id: 26, name: 'Events & Attractions' },
  { id: 91, name: 'Travel' },
] as const
export type OfferCategoryId = (typeof OFFER_CATEGORIES)[number]['id']
