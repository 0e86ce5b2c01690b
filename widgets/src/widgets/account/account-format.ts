/** Profile attributes for display (participant-site.md section 3, Participant). */

const LABELS: Record<string, string> = {
  phone: 'Phone',
  address_1: 'Address',
  address_2: 'Address line 2',
  city: 'City',
  state: 'State',
  postal: 'Zip code',
  affiliation: 'About you',
}
const ORDER = Object.keys(LABELS)

/** 'favourite_drink' -> 'Favourite drink' for attributes without a known label. */
const humanize = (key: string) => {
  const words = key.replace(/[_-]+/g, ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

export type ProfileLine = { key: string; label: string; value: string; list: string[] | null }

/**
 * The filled-in attributes in a stable order (known ones first), affiliation split into a list.
 * @example profileLines({ city: 'Austin', affiliation: 'Student, Runner' })
 * // [{ key: 'city', label: 'City', value: 'Austin', list: null }, { key: 'affiliation', ..., list: ['Student', 'Runner'] }]
 */
export function profileLines(attributes: Record<string, string | null> | undefined): ProfileLine[] {
  const entries = Object.entries(attributes ?? {}).filter(
    (e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== '',
  )
  const rank = (key: string) => (ORDER.includes(key) ? ORDER.indexOf(key) : ORDER.length)
  return entries
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([key, value]) => ({
      key,
      label: LABELS[key] ?? humanize(key),
      value: value.trim(),
      list:
        key === 'affiliation'
          ? value
              .split(',')
              .map((v) => v.trim())
              .filter(Boolean)
          : null,
    }))
}

/** Page numbers to show around the current page: first, last, and two either side, with gaps as null. */
export function pageWindow(page: number, totalPages: number): (number | null)[] {
  const pages = new Set([1, totalPages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= totalPages))
  const sorted = [...pages].sort((a, b) => a - b)
  const out: (number | null)[] = []
  for (const p of sorted) {
    const last = out[out.length - 1]
    if (typeof last === 'number' && p - last > 1) out.push(null)
    out.push(p)
  }
  return out
}

/** "Showing 11 to 20 of 37". */
export function shownRange(page: number, perPage: number, total: number): string {
  if (!total) return 'No activity yet'
  const from = (page - 1) * perPage + 1
  const to = Math.min(total, page * perPage)
  return `Showing ${from} to ${to} of ${total}`
}

/** Activity table page sizes (participant-site.md section 9). */
export const PAGE_SIZES = [10, 20, 30, 40, 50] as const
