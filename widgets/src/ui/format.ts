/** Small display helpers shared by widgets. */

/**
 * 1250 -> "1,250". Whole numbers (points, counts: what a first paint shows) are grouped here as en-US
 * groups them; anything else goes through Intl. No Intl formatter is made when the module loads, nor
 * for whole numbers: a page's first one loads the locale's data, tens of milliseconds of a phone's
 * main thread before the first paint. (ui/money.ts has formatUsd.)
 */
export const formatNumber = (n: number) =>
  Number.isSafeInteger(n) ? `${n}`.replace(/\B(?=(\d{3})+$)/g, ',') : n.toLocaleString('en-US')

/** Initials for an avatar placeholder: "Jane Doe" -> "JD". */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  const letters = parts.length > 1 ? [parts[0]!, parts[parts.length - 1]!] : parts
  return letters.map((p) => p.charAt(0).toUpperCase()).join('') || '?'
}

/** "+50 points", with the program's word for points. */
export const formatPoints = (points: number, term: string) => `${formatNumber(points)} ${term}`
