import * as z from 'zod'
import { ECONOMICS_MAX_DAYS } from '../../../../sdk/contract/console/economics'

/**
 * The period of Dashboard > Economics, kept in the URL (?from=YYYY-MM-DD&to=YYYY-MM-DD) so a report
 * can be bookmarked and shared. Absent means the server's default: the last twelve calendar months.
 * Days are UTC, as the server's months are.
 */

const isDay = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false
  const d = new Date(`${v}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v
}
const day = z.string().refine(isDay)

/** The route's search: an unreadable day is dropped (the default applies) rather than failing the page. */
export const economicsSearchSchema = z.object({
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
})
export type EconomicsSearch = z.infer<typeof economicsSearchSchema>

export type Period = { from: string; to: string }

const iso = (d: Date) => d.toISOString().slice(0, 10)
export const todayUtc = (now = Date.now()) => iso(new Date(now))

/** The first day of the month `months` after (negative: before) the month of `dayIso`. */
export function monthStart(dayIso: string, months = 0): string {
  const [y, m] = dayIso.split('-').map(Number) as [number, number]
  return iso(new Date(Date.UTC(y, m - 1 + months, 1)))
}

export const PRESETS = ['last_3_months', 'last_12_months', 'this_year', 'last_year'] as const
export type Preset = (typeof PRESETS)[number]

/** A preset's days as of `now`. Last 12 months is also what the server answers without a period. */
export function presetPeriod(preset: Preset, now = Date.now()): Period {
  const today = todayUtc(now)
  const year = Number(today.slice(0, 4))
  switch (preset) {
    case 'last_3_months':
      return { from: monthStart(today, -2), to: today }
    case 'last_12_months':
      return { from: monthStart(today, -11), to: today }
    case 'this_year':
      return { from: `${year}-01-01`, to: today }
    case 'last_year':
      return { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` }
  }
}

/** The period the URL asks for, with the server's rules for a missing end (see periodOf in the worker). */
export function periodOfSearch(search: EconomicsSearch, now = Date.now()): Period {
  const today = todayUtc(now)
  const to = search.to ?? (search.from && search.from > today ? search.from : today)
  return { from: search.from ?? monthStart(to, -11), to }
}

/** The preset a period is, or 'custom'. */
export function presetOf(period: Period, now = Date.now()): Preset | 'custom' {
  return PRESETS.find((p) => {
    const q = presetPeriod(p, now)
    return q.from === period.from && q.to === period.to
  }) ?? 'custom'
}

export type PeriodProblem = 'missing' | 'order' | 'tooLong'

/** Why a period typed by hand cannot be asked for, or null: the server's own rules (economicsQuerySchema). */
export function periodProblem(period: Period): PeriodProblem | null {
  if (!isDay(period.from) || !isDay(period.to)) return 'missing'
  if (period.from > period.to) return 'order'
  if ((Date.parse(period.to) - Date.parse(period.from)) / 86_400_000 >= ECONOMICS_MAX_DAYS) return 'tooLong'
  return null
}

/** Every month (YYYY-MM) from the period's first to its last, both included. */
export function monthsOf(period: Period): string[] {
  const out: string[] = []
  const last = period.to.slice(0, 7)
  for (let m = period.from.slice(0, 7); m <= last; m = monthStart(`${m}-01`, 1).slice(0, 7)) out.push(m)
  return out
}
