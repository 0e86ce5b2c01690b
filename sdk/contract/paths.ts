/**
 * Route paths and header names, kept free of zod so that clients which only call the API (the
 * widgets, the SDK's transport) do not bundle the schemas. The contract files re-export them.
 */
export const SESSION_MODE_HEADER = 'X-Tessera-Session'
export const PROGRAM_KEY_HEADER = 'X-Program-Key'
export const CSRF_HEADER = 'X-CSRF-Token'

export const authRoutes = {
  signinVerify: '/public/signin/verify',
  signOut: '/public/signin/sign_out_user',
  signinHandoff: '/public/signin/handoff',
  signinIdentity: '/public/signin/identity',
  csrf: '/public/csrf',
  magicLink: '/signin/magic',
  adminAuthStart: '/admin/v2/auth/start',
  adminAuthVerify: '/admin/v2/auth/verify',
  adminSignIn: '/admin/v2/auth/sign_in',
  adminSignOut: '/admin/v2/auth/sign_out',
  adminMe: '/admin/v2/me',
} as const

export const programRoutes = {
  program: '/public/program',
  participant: '/public/participant',
  page: (slug: string) => `/public/pages/${encodeURIComponent(slug)}`,
} as const

export const challengeRoutes = {
  challenge: (id: number | string) => `/public/challenges/${encodeURIComponent(String(id))}`,
  submit: '/public/challenges/submit',
  socialSubmission: (id: number | string) => `/public/challenges/${encodeURIComponent(String(id))}/unified_social_submission`,
} as const

export const accountRoutes = {
  participantActions: '/public/participant_actions',
  updateEmailSettings: '/public/account/update_email_settings',
} as const

export const offerRoutes = {
  merchants: '/public/offers/merchants',
  merchant: '/public/offers/merchant',
  /** Not under /public: the spec's path (participant-site.md section 7); same middleware chain. */
  redeem: '/offers/redeem',
  voucher: (token: string) => `/offers/vouchers/${encodeURIComponent(token)}.svg`,
} as const

/**
 * Offer categories (participant-site.md section 3): a search's `category` and a merchant's
 * firstCategory / secondCategory are these ids. Kept here so widgets can label them without zod.
 */
export const OFFER_CATEGORIES = [
  { id: 25, name: 'Dining' },
  { id: 27, name: 'Shopping' },
  { id: 26, name: 'Events & Attractions' },
  { id: 91, name: 'Travel' },
] as const
export type OfferCategoryId = (typeof OFFER_CATEGORIES)[number]['id']

/** Merchants per page of GET /public/offers/merchants. */
export const OFFERS_PAGE_SIZE = 12
