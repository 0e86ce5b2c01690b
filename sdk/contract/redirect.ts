/**
 * The one check for every redirect target the app takes from a client (sign-in `redirect_to`, links):
 * a path on this origin, nothing else. Refused: anything not starting with a single `/`, a `\`
 * anywhere (browsers read it as `/`), control characters and whitespace (browsers strip tab and
 * newline, so `/\t/evil.example` would become `//evil.example`), and the same again after one round of
 * percent-decoding (for a target a later hop decodes). The URL parser must agree it stays on origin.
 * Returns the path, or null. Tested against OWASP's unvalidated-redirect bypass list
 * (sdk/contract/redirect.test.ts). The worker and the widgets both use it..
 */
export function safeRedirect(value: string | undefined | null): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return null
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

// Controls (C0, DEL, C1), every Unicode space or separator, and the backslash.
const FORBIDDEN = /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff\\]/

function isSafePath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !FORBIDDEN.test(path)
}
