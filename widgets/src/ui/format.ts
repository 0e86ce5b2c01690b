/** Small display helpers shared by widgets. */

const numberFormat = /* @__PURE__ */ new Intl.NumberFormat('en-US')

/** 1250 -> "1,250" */
export const formatNumber = (n: number) => numberFormat.format(n)

/** Initials for an avatar placeholder: "Jane Doe" -> "JD". */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  const letters = parts.length > 1 ? [parts[0]!, parts[parts.length - 1]!] : parts
  return letters.map((p) => p.charAt(0).toUpperCase()).join('') || '?'
}

const usdFormat = /* @__PURE__ */ new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** Money is kept in cents: 2900 -> "$29.00". */
export const formatUsd = (cents: number) => usdFormat.format(cents / 100)

/** "+50 points", with the program's word for points. */
export const formatPoints = (points: number, term: string) => `${formatNumber(points)} ${term}`
