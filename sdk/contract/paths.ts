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
  csrf: '/public/csrf',
  magicLink: '/signin/magic',
  adminAuthStart: '/admin/v2/auth/start',
  adminAuthVerify: '/admin/v2/auth/verify',
  adminSignIn: '/admin/v2/auth/sign_in',
  adminSignOut: '/admin/v2/auth/sign_out',
  adminMe: '/admin/v2/me',
} as const

export const programRoutes = { program: '/public/program', participant: '/public/participant' } as const

export const challengeRoutes = {
  challenge: (id: number | string) => `/public/challenges/${encodeURIComponent(String(id))}`,
  submit: '/public/challenges/submit',
  socialSubmission: (id: number | string) => `/public/challenges/${encodeURIComponent(String(id))}/unified_social_submission`,
} as const

export const accountRoutes = {
  participantActions: '/public/participant_actions',
  updateEmailSettings: '/public/account/update_email_settings',
} as const
