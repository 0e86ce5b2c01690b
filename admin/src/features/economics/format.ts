import { useMemo } from 'react'
import { useI18n } from '../../lib/i18n'
import { formatMonth } from '../dashboard'

/** What the screen shows for a figure that has no value (a rate with nothing earned, a money value without a point value). */
export const NONE = '—'

/**
 * Numbers as Economics shows them, in the console's language (Intl): points, rates as percentages,
 * money in the program's currency (its own minor unit), months and days (UTC, as the report's).
 */
export function useEconomicsFormat() {
  const { locale, formatNumber } = useI18n()
  return useMemo(() => {
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 })
    const days = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' })
    const currencies = new Map<string, Intl.NumberFormat>()
    const currencyFormat = (currency: string, perPoint: boolean) => {
      const key = `${currency}|${perPoint}`
      let f = currencies.get(key)
      if (!f) {
        // A point is often worth a fraction of a cent: up to 6 places for it, the currency's own for totals.
        f = new Intl.NumberFormat(locale, { style: 'currency', currency, ...(perPoint ? { maximumFractionDigits: 6 } : {}) })
        currencies.set(key, f)
      }
      return f
    }
    const money = (value: number | null | undefined, currency: string | null | undefined, perPoint = false) => {
      if (value === null || value === undefined || !currency) return NONE
      try {
        return currencyFormat(currency, perPoint).format(value)
      } catch {
        // An unknown currency code: the number and the code.
        return `${formatNumber(value)} ${currency}`
      }
    }
    return {
      points: (n: number | null | undefined) => (n === null || n === undefined ? NONE : formatNumber(n)),
      percent: (rate: number | null | undefined) => (rate === null || rate === undefined ? NONE : percent.format(rate)),
      money,
      month: (month: string, style: 'short' | 'long' = 'short') => formatMonth(locale, month, style),
      day: (dayIso: string) => days.format(new Date(`${dayIso}T00:00:00Z`)),
    }
  }, [locale, formatNumber])
}
export type EconomicsFormat = ReturnType<typeof useEconomicsFormat>
