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
} as const

/** The console's sign-in paths: apart, so a participant client (the widgets) does not carry them. */
export const adminAuthRoutes = {
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
  /** Mails the code that confirms `export` or `delete` (sdk/contract/privacy.ts). */
  privacyCode: '/public/account/privacy_code',
  /** Download my data: the export file, with the code for `export`. */
  exportData: '/public/account/export',
  /** Delete my account, with the code for `delete`. */
  deleteAccount: '/public/account/delete',
} as const

export const offerRoutes = {
  merchants: '/public/offers/merchants',
  merchant: '/public/offers/merchant',
  /** Not under /public: the spec's path (participant-site.md section 7); same middleware chain. */
  redeem: '/offers/redeem',
  voucher: (token: string) => `/offers/vouchers/${encodeURIComponent(token)}.svg`,
} as const

/** Merchants per page of GET /public/offers/merchants. */
export const OFFERS_PAGE_SIZE = 12

/**
 * The signed-out home's three reads, which the hosted site's page carries in its bootstrap (`primed`,
 * keyed by these paths, each the answer the call gives): its first render needs no round trip.
 */
export const visitorHomeRoutes = {
  carousel: '/public/home/carousel',
  activeUncompleted: '/public/home/active_uncompleted_challenges',
  activeRewards: '/public/home/active_rewards',
} as const

/**
 * A participant's home's reads, carried the same way: the hero's slides and the dashboard's sections
 * (the social feed, the donation banner and the offers banner when the program has them), each the
 * answer the call gives them.
 */
export const participantHomeRoutes = {
  carousel: visitorHomeRoutes.carousel,
  activeUncompleted: visitorHomeRoutes.activeUncompleted,
  completed: '/public/home/completed_challenges',
  socialFeed: '/public/home/social_feed_challenge',
  donation: '/public/home/donation_challenge',
  offersReward: '/public/home/offers_reward',
  currentRewards: '/public/home/current_rewards',
  claimedRewards: '/public/home/claimed_rewards',
} as const
