/** Time display for activity lists (participant-site.md section 2, My account). */

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

// Made on first use (ui/format.ts says why).
let relativeFormat: Intl.RelativeTimeFormat | undefined
const relative = (n: number, unit: 'minute' | 'hour') =>
  (relativeFormat ??= new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' })).format(n, unit)
const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`

/**
 * A duration in days and hours; under a day in hours and minutes.
 * @example formatElapsed(3 * 86_400_000 + 4 * 3_600_000) // '3 days, 4 hours'
 */
export function formatElapsed(ms: number): string {
  const span = Math.max(0, ms)
  if (span < DAY) {
    const hours = Math.floor(span / HOUR)
    const minutes = Math.floor((span % HOUR) / MINUTE)
    if (!hours) return plural(minutes, 'minute')
    return minutes ? `${plural(hours, 'hour')}, ${plural(minutes, 'minute')}` : plural(hours, 'hour')
  }
  const days = Math.floor(span / DAY)
  const hours = Math.floor((span % DAY) / HOUR)
  return hours ? `${plural(days, 'day')}, ${plural(hours, 'hour')}` : plural(days, 'day')
}

/**
 * When something happened: relative units under 24 hours ('just now', '5 minutes ago', '3 hours ago'),
 * otherwise the elapsed days and hours ('2 days, 4 hours ago').
 */
export function formatTimeAgo(iso: string, now: number = Date.now()): string {
  const at = new Date(iso).getTime()
  if (Number.isNaN(at)) return ''
  const span = now - at
  if (span < MINUTE) return 'just now'
  if (span < HOUR) return relative(-Math.floor(span / MINUTE), 'minute')
  if (span < DAY) return relative(-Math.floor(span / HOUR), 'hour')
  return `${formatElapsed(span)} ago`
}

// Dates have their own module (ui/date.ts): most screens need only them.
export { formatDate, formatDateTime } from './date'
