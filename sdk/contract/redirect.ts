/**
 * The one check for every redirect target the app takes from a client (sign-in `redirect_to`, links):
 * a path on this origin, nothing else. Refused: anything not starting with a single `/`, a `\`
 * anywhere (browsers read it as `/`), control characters and whitespace (browsers strip tab and
 * newline, so `/\t/evil.example` would become `//evil.example`), and the same again after one round of
 * percent-decoding (for a target a later hop decodes). The URL parser must agree it stays on origin.
 * Returns the path, or null. Tested against OWASP's unvalidated-redirect bypass list
 * (sdk/contract/redirect.test.ts). The worker and the widgets both use it..
 */
export function safeRedirect(value: string | undefined | null, options: RedirectOptions = {}): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return null
  if (options.allowHosts && /^https?:/i.test(value)) return allowedAbsolute(value, options.allowHosts)
  if (!isSafePath(value)) return null
  let decoded: string
  try {
    decoded = decodeURIComponent(value)
  } catch {
    return null
  }
  if (decoded !== value && !isSafePath(decoded)) return null
  const base = 'https://origin.invalid'
  try {
    if (new URL(value, base).origin !== base) return null
  } catch {
    return null
  }
  return value
}

export type RedirectOptions = {
  /**
   * The only cross-origin allow-list: host names (no port) an absolute http(s) URL may go to, e.g. the
   * program's domain list for a partner page an embedded sign-in returns to. Without it, paths only.
   */
  allowHosts?: readonly string[]
}

/**
 * An absolute http(s) URL on an allowed host: no user info, no forbidden characters (raw or once
 * decoded), and the fragment dropped (the caller adds its own). Returns the normalized URL or null.
 */
function allowedAbsolute(value: string, allowHosts: readonly string[]): string | null {
  if (FORBIDDEN.test(value)) return null
  let decoded: string
  try {
    decoded = decodeURIComponent(value)
  } catch {
    return null
  }
  if (FORBIDDEN.test(decoded)) return null
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  if (url.username || url.password) return null
  const hosts = allowHosts.map((h) => h.toLowerCase())
  if (!hosts.includes(url.hostname.toLowerCase())) return null
  url.hash = ''
  return url.href
}

// Controls (C0, DEL, C1), every Unicode space or separator, and the backslash.
const FORBIDDEN = /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff\\]/

function isSafePath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !FORBIDDEN.test(path)
}
