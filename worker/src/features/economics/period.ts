import { type EconomicsPeriod, economicsQuerySchema } from '../../../../sdk/contract/console/economics'
import type { z } from 'zod'

export type EconomicsQueryInput = z.output<typeof economicsQuerySchema>

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** YYYY-MM of `month` months after the month of YYYY-MM(-DD) `from` (negative: before). */
export function addMonths(from: string, months: number): string {
  const [y, m] = from.split('-').map(Number) as [number, number]
  return new Date(Date.UTC(y, m - 1 + months, 1)).toISOString().slice(0, 7)
}

/** Every month from `first` to `last` (YYYY-MM), both included. */
export function monthsBetween(first: string, last: string): string[] {
  const out: string[] = []
  for (let m = first; m <= last; m = addMonths(m, 1)) out.push(m)
  return out
}

/**
 * The report's period: the query's days, else today (UTC, by the app's clock) and the first day of the
 * eleventh month before, so twelve calendar months; `from` alone runs to today, `to` alone starts
 * eleven months before its month.
 */
export function periodOf(query: EconomicsQueryInput, now: number): EconomicsPeriod {
  const to = query.to ?? (query.from && query.from > day(now) ? query.from : day(now))
  const from = query.from ?? `${addMonths(to, -11)}-01`
  return { from, to }
}
