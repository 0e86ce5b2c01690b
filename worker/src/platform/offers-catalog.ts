import { and, asc, between, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { Merchant, Offer, OffersPage } from '../../../sdk/contract/offers'
import type { Db } from '../db/client'
import { merchants, offers } from '../db/schema'
import { boundingBox, type GeoPoint, haversineMiles } from '../lib/geo'
import type { MerchantLookup, MerchantSearch, OffersProvider } from './offers-provider'

type MerchantRow = typeof merchants.$inferSelect
type OfferRow = typeof offers.$inferSelect

/** `%`, `_` and the escape character itself match literally in LIKE ... ESCAPE '\'. */
const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** Qualified: inside a subquery over `offers o` a bare "id" would name o.id. */
const merchantIdColumn = sql.raw('"merchants"."id"')

const roundMiles = (miles: number) => Math.round(miles * 100) / 100

export function toOffer(row: OfferRow): Offer {
  return {
    offerTextShort: row.offerTextShort,
    offerTextLong: row.offerTextLong,
    validQualifier: row.validQualifier,
    endecaKey: row.endecaKey,
    redemptionTypes: row.redemptionTypes,
    webSite: row.webSite,
    dollarValue: row.dollarValue,
  }
}

export function toMerchant(row: MerchantRow, offerRows: OfferRow[], distance: number | null): Merchant {
  return {
    merchantId: row.externalId,
    slug: row.slug,
    merchantName: row.name,
    logoPath: row.logoPath,
    firstCategory: row.firstCategory,
    secondCategory: row.secondCategory,
    stubCopy: row.stubCopy,
    merchantPhone: row.phone,
    merchantAddress: { address: row.address, city: row.city, state: row.state, zipCode: row.zipCode },
    distance: distance === null ? null : roundMiles(distance),
    offers: offerRows.map(toOffer),
  }
}

/**
 * The built-in catalog (merchants and offers tables, shared by every program). A search reads the
 * candidates inside the bounding box of the radius through the (latitude, longitude) index, with
 * their offer count and best value, then keeps those within the radius by exact distance, sorts and
 * pages in memory, and loads the full rows and offers of the one page it answers. Three queries.
 */
export function createCatalogOffers(db: Db): OffersProvider {
  async function offersOf(merchantIds: number[]) {
    if (!merchantIds.length) return new Map<number, OfferRow[]>()
    const rows = await db
      .select()
      .from(offers)
      .where(inArray(offers.merchantId, merchantIds))
      .orderBy(asc(offers.merchantId), asc(offers.id))
    const byMerchant = new Map<number, OfferRow[]>()
    for (const row of rows) {
      const list = byMerchant.get(row.merchantId)
      if (list) list.push(row)
      else byMerchant.set(row.merchantId, [row])
    }
    return byMerchant
  }

  async function withOffers(row: MerchantRow, origin: GeoPoint | null): Promise<Merchant> {
    const byMerchant = await offersOf([row.id])
    return toMerchant(row, byMerchant.get(row.id) ?? [], origin ? haversineMiles(origin, row) : null)
  }

  return {
    name: 'catalog',

    async searchMerchants(search: MerchantSearch): Promise<OffersPage> {
      const box = boundingBox(search.origin, search.radiusMiles)
      const conditions: SQL[] = [
        between(merchants.latitude, box.minLat, box.maxLat),
        between(merchants.longitude, box.minLng, box.maxLng),
      ]
      if (search.category !== null) {
        conditions.push(
          or(eq(merchants.firstCategory, search.category), eq(merchants.secondCategory, search.category))!,
        )
      }
      if (search.keyword) {
        const like = likePattern(search.keyword)
        conditions.push(
          or(
            sql`${merchants.name} LIKE ${like} ESCAPE '\\'`,
            sql`EXISTS (SELECT 1 FROM offers o WHERE o.merchant_id = ${merchantIdColumn} AND (o.offer_text_short LIKE ${like} ESCAPE '\\' OR o.offer_text_long LIKE ${like} ESCAPE '\\'))`,
          )!,
        )
      }
      const candidates = await db
        .select({
          id: merchants.id,
          name: merchants.name,
          latitude: merchants.latitude,
          longitude: merchants.longitude,
          offerCount: sql<number>`(SELECT count(*) FROM offers o WHERE o.merchant_id = ${merchantIdColumn})`,
          bestValue:
            search.sort === 'value'
              ? sql<number>`(SELECT coalesce(max(o.dollar_value), 0) FROM offers o WHERE o.merchant_id = ${merchantIdColumn})`
              : sql<number>`0`,
        })
        .from(merchants)
        .where(and(...conditions))

      const near = candidates
        .map((c) => ({ ...c, distance: haversineMiles(search.origin, c) }))
        .filter((c) => c.distance <= search.radiusMiles && c.offerCount > 0)
      const byDistance = (a: (typeof near)[number], b: (typeof near)[number]) =>
        a.distance - b.distance || a.id - b.id
      near.sort(
        search.sort === 'name'
          ? (a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || byDistance(a, b)
          : search.sort === 'value'
            ? (a, b) => b.bestValue - a.bestValue || byDistance(a, b)
            : byDistance,
      )

      const start = (search.page - 1) * search.pageSize
      const pageItems = near.slice(start, start + search.pageSize)
      const ids = pageItems.map((c) => c.id)
      const [rows, byMerchant] = ids.length
        ? await Promise.all([db.select().from(merchants).where(inArray(merchants.id, ids)), offersOf(ids)])
        : [[], new Map<number, OfferRow[]>()]
      const rowById = new Map(rows.map((r) => [r.id, r]))
      return {
        page: search.page,
        pageSize: search.pageSize,
        totalItems: near.length,
        totalOffers: near.reduce((sum, c) => sum + c.offerCount, 0),
        result: pageItems.map((c) => toMerchant(rowById.get(c.id)!, byMerchant.get(c.id) ?? [], c.distance)),
      }
    },

    async findMerchant(lookup: MerchantLookup) {
      const where = lookup.slug
        ? eq(merchants.slug, lookup.slug)
        : eq(merchants.externalId, lookup.merchantId ?? '')
      const [row] = await db.select().from(merchants).where(where).limit(1)
      return row ? withOffers(row, lookup.origin) : null
    },

    async findOffer(endecaKey: string) {
      const [found] = await db
        .select({ offer: offers, merchant: merchants })
        .from(offers)
        .innerJoin(merchants, eq(merchants.id, offers.merchantId))
        .where(eq(offers.endecaKey, endecaKey))
        .limit(1)
      if (!found) return null
      const merchant = await withOffers(found.merchant, null)
      return { merchant, offer: toOffer(found.offer) }
    },
  }
}
