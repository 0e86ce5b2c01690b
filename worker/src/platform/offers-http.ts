import type { z } from 'zod'
import { merchantResponseSchema, offersPageSchema } from '../../../sdk/contract/offers'
import type { MerchantLookup, MerchantSearch, OffersProvider } from './offers-provider'

export type HttpOffersOptions = {
  /** The network's API root, e.g. https://offers.example.com/v1 */
  baseUrl: string
  /** Sent as `Authorization: Bearer <key>`. */
  apiKey?: string | undefined
  fetch?: typeof fetch
  timeoutMs?: number
}

type Query = Record<string, string | number | null | undefined>

/**
 * An external offers network behind the OffersProvider interface. It speaks Tessera's own JSON shapes
 * (sdk/contract/offers.ts), and every answer is validated with them before it reaches a participant:
 *
 * - `GET {base}/merchants?latitude&longitude&zip_code&keyword&category&sort&page&page_size&radius`
 *   answers the offers page `{ page, pageSize, totalItems, totalOffers, result }`;
 * - `GET {base}/merchant?slug|merchant_id&latitude&longitude` answers `{ result: [merchant] }`;
 * - `GET {base}/offers/{endecaKey}` answers `{ result: [merchant] }` whose offers include that key.
 *
 * 404 means "no such merchant or offer"; any other failure throws (the caller answers 500).
 */
export function createHttpOffers(options: HttpOffersOptions): OffersProvider {
  const base = options.baseUrl.replace(/\/+$/, '')
  const doFetch = options.fetch ?? fetch
  const timeoutMs = options.timeoutMs ?? 5000

  async function get<S extends z.ZodType>(
    path: string,
    query: Query,
    schema: S,
  ): Promise<z.output<S> | null> {
    const url = new URL(`${base}${path}`)
    for (const [k, v] of Object.entries(query))
      if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v))
    const headers: Record<string, string> = { accept: 'application/json' }
    if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`
    const res = await doFetch(url.toString(), { headers, signal: AbortSignal.timeout(timeoutMs) })
    if (res.status === 404) return null
    if (!res.ok) throw new Error(`offers network answered ${res.status} for GET ${path}`)
    const parsed = schema.safeParse(await res.json())
    if (!parsed.success)
      throw new Error(`offers network answered an unexpected shape for GET ${path}: ${parsed.error.message}`)
    return parsed.data
  }

  const at = (origin: { latitude: number; longitude: number } | null) =>
    origin ? { latitude: origin.latitude, longitude: origin.longitude } : {}

  return {
    name: 'http',

    async searchMerchants(search: MerchantSearch) {
      const page = await get(
        '/merchants',
        {
          ...at(search.origin),
          zip_code: search.zipCode,
          keyword: search.keyword,
          category: search.category,
          sort: search.sort,
          page: search.page,
          page_size: search.pageSize,
          radius: search.radiusMiles,
        },
        offersPageSchema,
      )
      return (
        page ?? { page: search.page, pageSize: search.pageSize, totalItems: 0, totalOffers: 0, result: [] }
      )
    },

    async findMerchant(lookup: MerchantLookup) {
      const found = await get(
        '/merchant',
        { slug: lookup.slug, merchant_id: lookup.slug ? undefined : lookup.merchantId, ...at(lookup.origin) },
        merchantResponseSchema,
      )
      return found?.result[0] ?? null
    },

    async findOffer(endecaKey: string) {
      const found = await get(`/offers/${encodeURIComponent(endecaKey)}`, {}, merchantResponseSchema)
      for (const merchant of found?.result ?? []) {
        const offer = merchant.offers.find((o) => o.endecaKey === endecaKey)
        if (offer) return { merchant, offer }
      }
      return null
    },
  }
}
