/** A program's point value: millionths of the currency's major unit per point (settings, general). */
export type PointValue = { micros: number; currency: string } | null

const digitsCache = new Map<string, number>()

/** How many decimals the currency's minor unit has (USD 2, JPY 0, BHD 3), from Intl; 2 when unknown. */
export function currencyDigits(currency: string): number {
  let digits = digitsCache.get(currency)
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
    } catch {
      digits = 2
    }
    digitsCache.set(currency, digits)
  }
  return digits
}

/**
 * `points` at the point value, in the currency's major unit rounded half up to its minor unit, exact
 * whatever the size (BigInt: 10^10 points at 6-decimal values pass 2^53). Null without a point value.
 */
export function moneyOf(points: number, value: PointValue): number | null {
  if (!value) return null
  const digits = currencyDigits(value.currency)
  const product = BigInt(points) * BigInt(value.micros)
  const unit = 10n ** BigInt(6 - Math.min(6, digits))
  const sign = product < 0n ? -1n : 1n
  const minor = (sign * product + unit / 2n) / unit
  return (Number(sign * minor) / 10 ** digits) || 0
}

/** The point value as the report shows it: money per point (0.01), null while unset. */
export const pointValueNumber = (value: PointValue) => (value ? value.micros / 1_000_000 : null)
