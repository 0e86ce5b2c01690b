/** Dates and names as the dashboard shows them, in the console's language. */

const dateFormats = new Map<string, Intl.DateTimeFormat>()
const formatter = (locale: string, options: Intl.DateTimeFormatOptions) => {
  const key = `${locale}|${JSON.stringify(options)}`
  let f = dateFormats.get(key)
  if (!f) dateFormats.set(key, (f = new Intl.DateTimeFormat(locale, options)))
  return f
}

export const formatDate = (locale: string, iso: string) => formatter(locale, { dateStyle: 'medium' }).format(new Date(iso))

export const formatDateTime = (locale: string, iso: string) => formatter(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))

/** "2026-03" -> "Mar 2026" (the chart's axis and tooltip; months are UTC like the rollups). */
export const formatMonth = (locale: string, month: string, style: 'short' | 'long' = 'short') =>
  formatter(locale, { month: style, year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`))

/** "Ada Lovelace" -> "AL": the avatar of a participant without a picture. */
export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('')
