import * as z from 'zod'
import { OFFER_CATEGORIES, type OfferCategoryId } from './offer-categories'

export { OFFER_CATEGORIES, type OfferCategoryId } from './offer-categories'
export { OFFERS_PAGE_SIZE, offerRoutes as routes } from './paths'

export const redemptionTypes = ['CLICK', 'MOBILE'] as const
export type RedemptionType = (typeof redemptionTypes)[number]

/** `distance` (default, nearest first), `name` (A-Z) or `value` (highest offer value first). */
export const offerSorts = ['distance', 'name', 'value'] as const
export type OfferSort = (typeof offerSorts)[number]

/** Searches reach this far from the zip code or coordinates. */
export const OFFERS_RADIUS_MILES = 25

const categoryIds = OFFER_CATEGORIES.map((c) => c.id) as readonly number[]

/** Query strings and forms send '' for an empty input: treat it as absent. */
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional()).optional()

const number = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .min(min, `must be between ${min} and ${max}`)
    .max(max, `must be between ${min} and ${max}`)

const zipCode = z
  .string()
  .trim()
  .regex(/^\d{5}(-\d{4})?$/, 'must be a 5-digit US zip code')
  .transform((s) => s.slice(0, 5))

/** Where to search: a zip code, or latitude with longitude (the zip code wins when both are sent). */
const location = {
  zip_code: optional(zipCode),
  latitude: optional(number(-90, 90)),
  longitude: optional(number(-180, 180)),
}

function pairedCoordinates(
  v: { latitude?: number | undefined; longitude?: number | undefined },
  ctx: z.RefinementCtx,
) {
  if (v.latitude !== undefined && v.longitude === undefined)
    ctx.addIssue({ code: 'custom', path: ['longitude'], message: 'is required with latitude' })
  if (v.longitude !== undefined && v.latitude === undefined)
    ctx.addIssue({ code: 'custom', path: ['latitude'], message: 'is required with longitude' })
}

/**
 * GET /public/offers/merchants (participant-site.md section 3, Offers search form). Without a zip
 * code or coordinates the answer is an empty page (the site then falls back to the saved location).
 */
export const offersSearchQuerySchema = z
  .object({
    ...location,
    /** Matches the merchant name or any offer text. */
    keyword: optional(z.string().trim().max(100, 'must be at most 100 characters')),
    category: optional(
      z.coerce
        .number({ error: 'must be 25, 27, 26 or 91' })
        .refine((n) => categoryIds.includes(n), 'must be 25, 27, 26 or 91')
        .transform((n) => n as OfferCategoryId),
    ),
    sort: z.preprocess(
      blank,
      z.enum(offerSorts, { error: 'must be distance, name or value' }).default('distance'),
    ),
    /** 1-based. */
    page: z.preprocess(
      blank,
      z.coerce
        .number({ error: 'must be a whole number' })
        .int('must be a whole number')
        .min(1, 'must be 1 or more')
        .max(10_000, 'must be at most 10000')
        .default(1),
    ),
  })
  .superRefine(pairedCoordinates)
export type OffersSearchQuery = z.input<typeof offersSearchQuerySchema>

/** GET /public/offers/merchant: one merchant by slug (or merchant id), distance from the location. */
export const merchantQuerySchema = z
  .object({
    ...location,
    slug: optional(z.string().trim().max(200, 'must be at most 200 characters')),
    merchant_id: optional(z.string().trim().max(100, 'must be at most 100 characters')),
  })
  .superRefine((v, ctx) => {
    pairedCoordinates(v, ctx)
    if (!v.slug && !v.merchant_id) ctx.addIssue({ code: 'custom', path: ['slug'], message: 'is required' })
  })
export type MerchantQuery = z.input<typeof merchantQuerySchema>

/** An offer (participant-site.md section 3). `dollarValue` is in whole US dollars. */
export const offerSchema = z.object({
  offerTextShort: z.string(),
  offerTextLong: z.string(),
  /** The terms; null when the offer has none ('No terms available'). */
  validQualifier: z.string().nullable(),
  /** Unique across the catalog: what redeem names. */
  endecaKey: z.string(),
  redemptionTypes: z.array(z.enum(redemptionTypes)),
  webSite: z.string().nullable(),
  dollarValue: z.number(),
})
export type Offer = z.infer<typeof offerSchema>

export const merchantAddressSchema = z.object({
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
})

/** A merchant with its offers (participant-site.md section 3), plus its page slug and distance. */
export const merchantSchema = z.object({
  merchantId: z.string(),
  /** The merchant page is /my-offers/{slug}. */
  slug: z.string(),
  merchantName: z.string(),
  logoPath: z.string().nullable(),
  /** Category ids (OFFER_CATEGORIES). */
  firstCategory: z.number().int(),
  secondCategory: z.number().int().nullable(),
  stubCopy: z.string().nullable(),
  merchantPhone: z.string().nullable(),
  merchantAddress: merchantAddressSchema,
  /** Miles from the searched location, two decimals; null when no location was given. */
  distance: z.number().nullable(),
  offers: z.array(offerSchema),
})
export type Merchant = z.infer<typeof merchantSchema>

/**
 * The offers page (participant-site.md section 3): `page` is 1-based, `totalItems` counts merchants,
 * `totalOffers` their offers, over all pages.
 */
export const offersPageSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  totalItems: z.number().int(),
  totalOffers: z.number().int(),
  result: z.array(merchantSchema),
})
export type OffersPage = z.infer<typeof offersPageSchema>

/** GET /public/offers/merchant: result[0] is the merchant with all its offers. */
export const merchantResponseSchema = z.object({ result: z.array(merchantSchema) })
export type MerchantResponse = z.infer<typeof merchantResponseSchema>

/**
 * POST /offers/redeem (JSON or form). Needs a signed-in participant with eligible_offers_rewards;
 * `redemption_type` must be one of the offer's redemptionTypes.
 */
export const redeemOfferRequestSchema = z.object({
  endeca_key: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(200, 'must be at most 200 characters'),
  redemption_type: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.enum(redemptionTypes, { error: 'must be CLICK or MOBILE' }),
  ),
})
export type RedeemOfferRequest = z.input<typeof redeemOfferRequestSchema>

/** CLICK: the offer's website, to open in a new tab. */
export const clickRedemptionSchema = z.object({ redemption_data: z.object({ url: z.string() }) })

/**
 * MOBILE: a voucher image URL (valid ten minutes, then 410), its code and expiry (ISO 8601 UTC).
 * Once per participant, offer and calendar year (UTC).
 */
export const mobileRedemptionSchema = z.object({
  redemption_data: z.object({
    coupon: z.object({ voucher: z.string(), code: z.string(), expires_at: z.string() }),
  }),
})

export const redeemOfferResponseSchema = z.union([clickRedemptionSchema, mobileRedemptionSchema])
export type RedeemOfferResponse = z.infer<typeof redeemOfferResponseSchema>

/**
 * Every redeem failure also carries `redemption_data.message` (what the redeem modal shows):
 * 'No participant' (401), 'Participant not authorized' (403), 'You have already redeemed this offer.'
 * (422 already_redeemed), an unknown endeca_key (404) or a redemption_type the offer lacks (422).
 */
export const ALREADY_REDEEMED_MESSAGE = 'You have already redeemed this offer.'
