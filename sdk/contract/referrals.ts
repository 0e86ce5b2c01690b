import * as z from 'zod'

/**
 * GET /public/referrals/{code}: who shared a referral link, for the landing page ('Ada invited you').
 * Only the referrer's first name (null when they gave none): nothing else about them. An unknown
 * code, or one of a participant who is not active, answers `referrer: null` (200: a mistyped link is
 * the plain sign-in page, not an error in the visitor's console).
 */
export const referrerSchema = z.object({ first_name: z.string().nullable() })
export const referrerLookupSchema = z.object({ referrer: referrerSchema.nullable() })
export type Referrer = z.infer<typeof referrerSchema>
export type ReferrerLookup = z.infer<typeof referrerLookupSchema>
