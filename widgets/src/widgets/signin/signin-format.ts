/** Pure helpers of the sign-in widget (participant-site.md sections 2, 5, 9). */
import { safeRedirect } from '../../../../sdk/contract/redirect'

/**
 * The address shown on the code screen: first and last character of the local part with asterisks
 * between (at most five, as the server's e-mail text does), then the domain.
 * @example maskEmail('jane.doe@example.com') // 'j*****e@example.com'
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  const user = at >= 0 ? email.slice(0, at) : email
  const domain = at >= 0 ? email.slice(at + 1) : ''
  const masked = user.length <= 2 ? `${user.charAt(0)}*` : `${user.charAt(0)}${'*'.repeat(Math.min(user.length - 2, 5))}${user.charAt(user.length - 1)}`
  return `${masked}@${domain}`
}

/** Seconds as m:ss for the resend countdown: 60 -> "1:00", 9 -> "0:09". */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}

// The same rule the server's schema applies (zod's e-mail pattern), so both sides agree.
const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/

export const isValidEmail = (email: string) => email.length <= 254 && EMAIL_PATTERN.test(email.trim())

/**
 * Where to go after signing in: a same-site path only (the server's validator, one function for both
 * sides), else "/".
 * @example safeRedirectPath('/my-account') // '/my-account'
 */
export const safeRedirectPath = (value: string | null | undefined): string => safeRedirect(value) ?? '/'

/** The redirect target from the sign-in URL: redirectTo wins over redirect_to (both are accepted). */
export function redirectFromQuery(query: URLSearchParams): string {
  return safeRedirectPath(query.get('redirectTo') ?? query.get('redirect_to'))
}

/**
 * A program that enrolls elsewhere sends the visitor to its own sign-in page with the e-mail and every
 * current query parameter.
 */
export function enrollmentRedirectUrl(target: string, email: string, query: ReadonlyArray<readonly [string, string]>, origin: string): string {
  const url = new URL(target, origin)
  for (const [key, value] of query) url.searchParams.set(key, value)
  url.searchParams.set('email', email)
  return url.toString()
}

type PageRef = { slug: string; title: string }

/**
 * The Privacy, Rules and Terms pages the sign-up checkbox links, found by title ("Privacy Policy",
 * "Official Rules" and "Terms of Service" count), in that order, each at most once.
 */
export function termsPages<P extends PageRef>(pages: readonly P[]): P[] {
  const found: P[] = []
  for (const word of ['privacy', 'rules', 'terms']) {
    const page = pages.find((p) => !found.includes(p) && p.title.toLowerCase().includes(word))
    if (page) found.push(page)
  }
  return found
}
