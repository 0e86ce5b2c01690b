import * as z from 'zod'
import { safeRedirect } from '../redirect'
import { featuresSchema } from '../program'
import { parseNetwork } from '../cidr'

/**
 * The console's program settings (admin-console-part-b.md section 2, "Settings: program"): general,
 * labels, seo, enrollment, test mode, profile attributes and program tiers. Every write answers a form
 * result ({ success, errors, data }); a refusal is 422 with one message per field.
 */

/** An image a setting points at: a path on the program's site (the media library's URLs) or an https URL. */
export const imageUrlSchema = (label: string) =>
  z
    .string()
    .trim()
    .max(2048, `${label} must be at most 2048 characters`)
    .refine((v) => v === '' || safeRedirect(v) !== null || isHttpsUrl(v), `${label} must be an image from the media library or an https URL`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional()
    .transform((v) => v ?? null)
    .meta({ label })

/** An absolute https URL with a host (no user info). */
export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && url.hostname.length > 0 && !url.username && !url.password && !/\s/.test(value)
  } catch {
    return false
  }
}

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null))
    .meta({ label })

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .meta({ label })

// ---- General ----

/** The largest value one point may have, in the currency's major unit. */
export const POINT_VALUE_MAX = 1000

/**
 * What one point is worth (program economics, issue 27): a decimal in the currency's major unit
 * ("0.01", 0.005), up to 6 decimal places, kept as millionths (0.01 -> 10000) so money stays whole
 * numbers. Empty or null clears it; left out keeps the saved one.
 */
export const pointValueSchema = z
  .union([z.string().trim().max(20, 'Point value must be a number'), z.number(), z.null()], { error: 'Point value must be a number' })
  .transform((v, ctx) => {
    if (v === null || v === '') return null
    const text = typeof v === 'number' ? (Number.isFinite(v) ? v.toFixed(7).replace(/0+$/, '').replace(/\.$/, '') : '') : v
    const m = /^(\d{1,7})(?:\.(\d{1,6}))?$/.exec(text)
    if (!m) {
      ctx.addIssue({ code: 'custom', message: 'Point value must be a number of at most 6 decimal places, 0 or more' })
      return z.NEVER
    }
    const micros = Number(m[1]) * 1_000_000 + Number((m[2] ?? '').padEnd(6, '0'))
    if (micros > POINT_VALUE_MAX * 1_000_000) {
      ctx.addIssue({ code: 'custom', message: `Point value must be at most ${POINT_VALUE_MAX}` })
      return z.NEVER
    }
    return micros
  })
  .optional()
  .meta({ label: 'Point value' })

const knownCurrencies = (() => {
  try {
    return new Set((Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('currency') ?? [])
  } catch {
    return new Set<string>()
  }
})()

/** ISO 4217, upper case (USD, EUR, JPY). Empty or null clears it; left out keeps the saved one. */
export const currencySchema = z
  .union([z.string().trim().max(3, 'Currency must be a three-letter ISO 4217 code (USD, EUR)'), z.null()], { error: 'Currency must be a three-letter ISO 4217 code (USD, EUR)' })
  .transform((v, ctx) => {
    if (v === null || v === '') return null
    const code = v.toUpperCase()
    if (!/^[A-Z]{3}$/.test(code) || (knownCurrencies.size > 0 && !knownCurrencies.has(code))) {
      ctx.addIssue({ code: 'custom', message: 'Currency must be a three-letter ISO 4217 code (USD, EUR)' })
      return z.NEVER
    }
    return code
  })
  .optional()
  .meta({ label: 'Currency' })

/**
 * PATCH .../settings/general: the program's name (section 5: "Program name required"), and the point
 * value with its currency (both or neither; left out, the saved ones stay).
 */
export const programGeneralSchema = z
  .object({ name: requiredText('Name', 100), point_value: pointValueSchema, currency: currencySchema })
  .superRefine((v, ctx) => {
    if (v.point_value === undefined && v.currency === undefined) return
    if (typeof v.point_value === 'number' && !v.currency) ctx.addIssue({ code: 'custom', path: ['currency'], message: 'Currency is required with a point value' })
    if (typeof v.currency === 'string' && (v.point_value === null || v.point_value === undefined))
      ctx.addIssue({ code: 'custom', path: ['point_value'], message: 'Point value is required with a currency' })
  })
export type ProgramGeneral = z.input<typeof programGeneralSchema>

// ---- Labels ----

/** PATCH .../settings/labels: how points and rewards are called, the home icons and titles. */
export const programLabelsSchema = z.object({
  term_points_as: requiredText('Points term', 30),
  term_rewards_as: requiredText('Rewards term', 30),
  earn_points_icon: imageUrlSchema('Earn points icon'),
  current_rewards_icon: imageUrlSchema('Current rewards icon'),
  my_rewards_icon: imageUrlSchema('My rewards icon'),
  prizes_title: optionalText('Prizes title', 60),
  my_account_title: optionalText('My account title', 60),
})
export type ProgramLabels = z.input<typeof programLabelsSchema>

// ---- SEO ----

export const SEO_TITLE_MAX = 70
export const SEO_DESCRIPTION_MAX = 200

/** PATCH .../settings/seo: the site's <title>, meta description and social (Open Graph, Twitter) image. */
export const programSeoSchema = z.object({
  title: optionalText('SEO title', SEO_TITLE_MAX),
  description: optionalText('SEO description', SEO_DESCRIPTION_MAX),
  image: imageUrlSchema('Social image'),
})
export type ProgramSeo = z.input<typeof programSeoSchema>

// ---- Enrollment ----

/** How many trusted networks a program may list (Auth0's allow-list takes 100 too). */
export const TRUSTED_NETWORKS_MAX = 100
/**
 * The widest range a program may trust: a venue's, a store's or an office's network. Wider ones (a
 * carrier's) belong in the deployment's list (TRUSTED_SIGNIN_NETWORKS), set by whoever runs it.
 */
export const TRUSTED_NETWORK_MIN_PREFIX = { 4: 16, 6: 32 } as const

/** Why `entry` cannot be a program's trusted network, or null when it can. */
function trustedNetworkProblem(entry: string): string | null {
  try {
    const { version, prefix } = parseNetwork(entry)
    const min = TRUSTED_NETWORK_MIN_PREFIX[version]
    return prefix < min ? `"${entry}" is too wide: a program may trust at most a /${min} IPv${version} range` : null
  } catch (error) {
    return (error as Error).message
  }
}

/**
 * A program's trusted networks (participant sign-ins from them skip the per-address limits, never the
 * per-account lockout): a list, or one text of ranges separated by new lines or commas (the console's
 * text box). Answers the list trimmed, without blanks and repeats; a refusal names the bad entry.
 */
export const trustedNetworksSchema = z
  .union([z.string().max(10_000, 'Trusted networks: the list is too long'), z.array(z.string().max(100, 'Trusted networks: an entry is longer than an address range can be')), z.null()], {
    error: 'Trusted networks must be a list of address ranges',
  })
  .transform((value) => [...new Set((Array.isArray(value) ? value : (value ?? '').split(/[,\s]+/)).map((entry) => entry.trim()).filter(Boolean))])
  .superRefine((list, ctx) => {
    if (list.length > TRUSTED_NETWORKS_MAX) {
      ctx.addIssue({ code: 'custom', message: `Trusted networks: at most ${TRUSTED_NETWORKS_MAX} ranges (${list.length} given)` })
      return
    }
    for (const entry of list) {
      const problem = trustedNetworkProblem(entry)
      if (problem) {
        ctx.addIssue({ code: 'custom', message: `Trusted networks: ${problem}` })
        return
      }
    }
  })
  .meta({ label: 'Trusted networks' })

/**
 * PATCH .../settings/enrollment: send sign-ups to the program's own page instead of the site's, and
 * the networks trusted past the per-address sign-in limits (left as saved when not sent).
 */
export const programEnrollmentSchema = z
  .object({
    override_enrollment: z.boolean({ error: 'Override enrollment must be true or false' }).meta({ label: 'Override enrollment' }),
    program_custom_signin_url: z
      .string({ error: 'Custom sign-in URL must be text' })
      .trim()
      .max(2048, 'Custom sign-in URL must be at most 2048 characters')
      .refine((v) => v === '' || isHttpsUrl(v), 'Custom sign-in URL must be a valid https URL')
      .nullable()
      .optional()
      .transform((v) => (v ? v : null))
      .meta({ label: 'Custom sign-in URL' }),
    trusted_signin_networks: trustedNetworksSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.override_enrollment && !v.program_custom_signin_url) {
      ctx.addIssue({ code: 'custom', path: ['program_custom_signin_url'], message: 'Custom sign-in URL is required when enrollment is overridden' })
    }
  })
export type ProgramEnrollment = z.input<typeof programEnrollmentSchema>

// ---- Test mode ----

/** PUT .../settings/test_mode: test mode can be switched on, never back off (section 4). */
export const testModeSchema = z.object({ test_mode: z.boolean({ error: 'Test mode must be true or false' }) })
export const TEST_MODE_LOCKED = 'Test mode cannot be turned off once it is on'

// ---- The settings as read ----

export const programSettingsSchema = z.object({
  id: z.number(),
  name: z.string(),
  subdomain: z.string(),
  features: featuresSchema,
  test_mode: z.boolean(),
  term_points_as: z.string(),
  term_rewards_as: z.string(),
  earn_points_icon: z.string().nullable(),
  current_rewards_icon: z.string().nullable(),
  my_rewards_icon: z.string().nullable(),
  prizes_title: z.string().nullable(),
  my_account_title: z.string().nullable(),
  seo: z.object({ title: z.string().nullable(), description: z.string().nullable(), image: z.string().nullable() }),
  override_enrollment: z.boolean(),
  program_custom_signin_url: z.string().nullable(),
  trusted_signin_networks: z.array(z.string()),
  /** Money per point in `currency` (0.01), null while unset: program economics values points with it. */
  point_value: z.number().nullable(),
  currency: z.string().nullable(),
})
export type ProgramSettings = z.infer<typeof programSettingsSchema>

/** What a settings write answers: the settings as saved, or the field errors. */
export type SettingsResult = { success: boolean; errors: Record<string, string>; data?: ProgramSettings }

// ---- Profile attributes ----

/** The input types of the spec's answer-type mapping (section 5), plain text otherwise. */
export const profileAttributeFieldTypes = [
  'text',
  'text_area',
  'dropdown',
  'date',
  'date_time',
  'radio_button',
  'boolean',
  'wysiwyg',
  'image_radio_button',
  'check_box',
  'image_check_box',
  'phone',
  'number',
  'decimal',
  'time',
] as const
export type ProfileAttributeFieldType = (typeof profileAttributeFieldTypes)[number]

const FIELD_TYPE_LABELS: Record<ProfileAttributeFieldType, string> = {
  text: 'Text',
  text_area: 'Text area',
  dropdown: 'Dropdown',
  date: 'Date',
  date_time: 'Date and time',
  radio_button: 'Radio buttons',
  boolean: 'Yes / no',
  wysiwyg: 'Rich text',
  image_radio_button: 'Image radio buttons',
  check_box: 'Check boxes',
  image_check_box: 'Image check boxes',
  phone: 'Phone',
  number: 'Number',
  decimal: 'Decimal',
  time: 'Time',
}

/** The attribute's key in participants' profiles: the display name, lowercased, words joined by `_`. */
export function attributeNameOf(displayName: string): string {
  return displayName
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60)
}

/** Profile attribute new and edit (generic form calls): display name, field type, active. */
export const profileAttributeWriteSchema = z.object({
  display_name: requiredText('Display name', 60).refine((v) => attributeNameOf(v).length > 0, 'Display name must contain a letter or a digit'),
  attribute_field_type: z
    .enum(profileAttributeFieldTypes, { error: 'Field type is required' })
    .default('text')
    .meta({ label: 'Field type', options: profileAttributeFieldTypes.map((value) => ({ value, label: FIELD_TYPE_LABELS[value] })) }),
  active: z.boolean({ error: 'Active must be true or false' }).default(true).meta({ label: 'Active' }),
})
export type ProfileAttributeWrite = z.input<typeof profileAttributeWriteSchema>

export const profileAttributeRowSchema = z.object({
  id: z.number(),
  display_name: z.string(),
  attribute_name: z.string(),
  attribute_field_type: z.string(),
  active: z.boolean(),
})
export type ProfileAttributeRow = z.infer<typeof profileAttributeRowSchema>
export const profileAttributeListSchema = z.object({ data: z.array(profileAttributeRowSchema) })
export type ProfileAttributeList = z.infer<typeof profileAttributeListSchema>

// ---- Program tiers ----

/** Section 9: the first tier starts at 1000, and each default upper bound is 1000 above. */
export const TIER_FIRST_BOUND = 1000
export const TIER_STEP = 1000
export const MAX_TIERS = 20
/** The first two tiers cannot be removed (section 4). */
export const FIXED_TIERS = 2

/** A new tier after `previous`: from its maximum + 1 (or 1000), up to the next step. */
export function nextTier(previous: { points_threshold_max: number } | undefined) {
  const min = previous ? previous.points_threshold_max + 1 : TIER_FIRST_BOUND
  return { name: '', points_threshold_min: min, points_threshold_max: min + TIER_STEP - 1 }
}

const points = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} must be 0 or more`)
    .max(1_000_000_000, `${label} must be at most 1000000000`)

export const tierWriteSchema = z.object({
  id: z.number().int().positive().nullable().optional(),
  name: requiredText('Name', 50),
  points_threshold_min: points('Minimum points'),
  points_threshold_max: points('Maximum points'),
})
export type TierWrite = z.input<typeof tierWriteSchema>

/**
 * PUT .../program_tiers: the whole set, saved at once. Ordered by points, each tier's range
 * [min, max] starts right after the previous one's maximum: contiguous, never overlapping.
 */
export const tiersWriteSchema = z
  .object({ tiers: z.array(tierWriteSchema).max(MAX_TIERS, `At most ${MAX_TIERS} tiers`) })
  .superRefine(({ tiers }, ctx) => {
    const names = new Set<string>()
    tiers.forEach((tier, i) => {
      if (tier.points_threshold_max < tier.points_threshold_min) {
        ctx.addIssue({ code: 'custom', path: ['tiers', i, 'points_threshold_max'], message: 'Maximum points must be at least the minimum points' })
      }
      const previous = tiers[i - 1]
      if (previous && tier.points_threshold_min !== previous.points_threshold_max + 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['tiers', i, 'points_threshold_min'],
          message: `Minimum points must be ${previous.points_threshold_max + 1}, right after the previous tier's maximum`,
        })
      }
      const key = tier.name.toLowerCase()
      if (names.has(key)) ctx.addIssue({ code: 'custom', path: ['tiers', i, 'name'], message: 'Name has already been taken' })
      names.add(key)
      if (tier.id && tiers.findIndex((t) => t.id === tier.id) !== i) ctx.addIssue({ code: 'custom', path: ['tiers', i, 'id'], message: 'A tier appears twice' })
    })
  })
export type TiersWrite = z.input<typeof tiersWriteSchema>

export const tierRowSchema = z.object({ id: z.number(), name: z.string(), points_threshold_min: z.number(), points_threshold_max: z.number() })
export type TierRow = z.infer<typeof tierRowSchema>
export const tierListSchema = z.object({ data: z.array(tierRowSchema) })
export type TierList = z.infer<typeof tierListSchema>

/** Console paths of these calls (under /admin/v2). */
export const settingsPaths = {
  settings: (programId: number) => `/admin/v2/programs/${programId}/settings`,
  section: (programId: number, section: 'general' | 'labels' | 'seo' | 'enrollment' | 'test_mode') => `/admin/v2/programs/${programId}/settings/${section}`,
  profileAttributes: (programId: number) => `/admin/v2/programs/${programId}/profile_attributes`,
  tiers: (programId: number) => `/admin/v2/programs/${programId}/program_tiers`,
}
