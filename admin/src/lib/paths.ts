/** Every console route sits under this prefix (spec section 2); it is the router's basepath. */
export const CONSOLE_BASE = '/admin/v2'

/**
 * Full URLs for the few places that leave the single-page app (a full load rebuilds the bootstrap
 * after sign-in and sign-out) or open another site. In-app links use the router's typed `to`.
 */
export const paths = {
  home: CONSOLE_BASE,
  signIn: `${CONSOLE_BASE}/auth/sign_in`,
  login: `${CONSOLE_BASE}/login`,
  programPage: (publicKey: string) => `/?program=${encodeURIComponent(publicKey)}`,
} as const
