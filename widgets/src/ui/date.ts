/** Dates as the widgets show them ('Nov 20, 2026'); ui/time.ts has the activity times. */

// Made on first use (ui/format.ts says why).
// A literal, not a split string: the module stays free of side effects, so a bundle that shows no
// date does not keep it.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
let dateFormat: Intl.DateTimeFormat | undefined
let dateTimeFormat: Intl.DateTimeFormat | undefined

/** 'Nov 20, 2026'; empty for an invalid date. */
export function formatDate(iso: string | null | undefined): string {
  const d = iso ? new Date(iso) : null
  if (!d || Number.isNaN(d.getTime())) return ''
  const year = d.getFullYear()
  // en-US's pattern, written out: reward tiles show dates in the home page's first screens.
  if (year > 999 && year < 10000) return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${year}`
  return (dateFormat ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' })).format(d)
}

/** 'Nov 20, 2026, 3:04 PM'; empty for an invalid date. */
export function formatDateTime(iso: string | null | undefined): string {
  const d = iso ? new Date(iso) : null
  if (!d || Number.isNaN(d.getTime())) return ''
  dateTimeFormat ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' })
  return dateTimeFormat.format(d)
}
