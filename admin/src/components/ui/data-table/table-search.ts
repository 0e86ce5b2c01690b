import * as z from 'zod'

/** Admin tables offer these page sizes; 20 is the default (spec section 9). */
export const PAGE_SIZES = [10, 20, 30, 40, 50] as const
export type PageSize = (typeof PAGE_SIZES)[number]
export const DEFAULT_PAGE_SIZE: PageSize = 20

/**
 * The router parses each search value as JSON, so a hand-typed `?q=123` arrives as a number: text
 * fields accept both. Anything unreadable is dropped (`.catch`) instead of failing the page.
 */
const text = (max: number) =>
  z.preprocess((v) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : v), z.string().max(max))
const whole = z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), z.number().int())

/**
 * The search params of a route that shows a server-side table: its state lives in the URL so a table
 * link is shareable and survives reloads. Absent means default, so URLs stay short. Routes declare
 * it with `validateSearch: tableSearchSchema` (or `tableSearchSchema.extend({...})`).
 */
export const tableSearchSchema = z.object({
  page: whole.pipe(z.number().min(1)).optional().catch(undefined),
  per_page: whole.pipe(z.literal(PAGE_SIZES)).optional().catch(undefined),
  sort: text(64).optional().catch(undefined),
  order: z.enum(['asc', 'desc']).optional().catch(undefined),
  q: text(200).optional().catch(undefined),
  filters: z.record(z.string(), text(200)).optional().catch(undefined),
})
export type TableSearch = z.infer<typeof tableSearchSchema>

/** What fetchPage receives: the URL state with its defaults filled in. */
export type TableState = {
  page: number
  per_page: PageSize
  sort: string | undefined
  order: 'asc' | 'desc' | undefined
  q: string | undefined
  filters: Record<string, string>
}

export function readTableState(search: unknown): TableState {
  const parsed = tableSearchSchema.safeParse(search ?? {})
  const s: TableSearch = parsed.success ? parsed.data : {}
  return {
    page: s.page ?? 1,
    per_page: s.per_page ?? DEFAULT_PAGE_SIZE,
    sort: s.sort || undefined,
    order: s.sort ? (s.order ?? 'asc') : undefined,
    q: s.q?.trim() || undefined,
    filters: s.filters ?? {},
  }
}

/**
 * The search params for a change of state: defaults and empty values are left out, and a new query,
 * filter, sort or page size goes back to page 1 (the old page may not exist any more).
 */
export function nextTableSearch(current: TableState, patch: Partial<TableState>): TableSearch {
  const next = { ...current, ...patch }
  const resetsPage = ['q', 'filters', 'sort', 'order', 'per_page'].some((key) => key in patch)
  const page = resetsPage && !('page' in patch) ? 1 : next.page
  const filters = Object.fromEntries(Object.entries(next.filters).filter(([, v]) => v !== ''))
  return {
    page: page > 1 ? page : undefined,
    per_page: next.per_page === DEFAULT_PAGE_SIZE ? undefined : next.per_page,
    sort: next.sort || undefined,
    order: next.sort ? next.order : undefined,
    q: next.q?.trim() || undefined,
    filters: Object.keys(filters).length ? filters : undefined,
  }
}
