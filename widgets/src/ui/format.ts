/** Small display helpers shared by widgets. */

/** 1250 -> "1,250" (contract/number-format.ts: no Intl formatter for whole numbers). (ui/money.ts has formatUsd.) */
import { formatNumber } from '../../../sdk/contract/number-format'

export { formatNumber }

/** Initials for an avatar placeholder: "Jane Doe" -> "JD". */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  const letters = parts.length > 1 ? [parts[0]!, parts[parts.length - 1]!] : parts
  return letters.map((p) => p.charAt(0).toUpperCase()).join('') || '?'
}

/** "+50 points", with the program's word for points. */
export const formatPoints = (points: number, term: string) => `${formatNumber(points)} ${term}`
