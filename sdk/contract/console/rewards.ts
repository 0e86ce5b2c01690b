import * as z from 'zod'
import { pageMetaSchema, tagSchema } from './participants'

/**
 * The console's rewards area (admin-console-part-b.md sections 2 Rewards, 3 Reward and Coupon, 4, 5,
 * 6, 7 Rewards, 8, 9; engine-rules.md Rewards). Every path sits under
 * /admin/v2/programs/{program_id}/rewards.
 */

export const rewardSelections = ['achievement', 'milestone', 'sweepstake', 'mini-contest', 'redeem', 'offer', 'other'] as const
export type ConsoleRewardSelection = (typeof rewardSelections)[number]

/** The stored status: draft hides a reward; the shown status follows the dates (rewardStatus). */
export const rewardStoredStatuses = ['draft', 'active', 'ended'] as const
export const rewardStatuses = ['draft', 'active', 'ended', 'scheduled'] as const
export type ConsoleRewardStatus = (typeof rewardStatuses)[number]

export const rewardSorts = ['name', 'selection', 'threshold', 'limit', 'claims', 'start', 'finish', 'created_at'] as const
export type RewardSort = (typeof rewardSorts)[number]

export const achievementRules = ['completed_challenges', 'tag', 'lifetime_points'] as const
export type AchievementRule = (typeof achievementRules)[number]

const whole = (fallback: number) => z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').default(fallback)

/** GET .../rewards: one page, sorted, searched (name contains) and filtered on the server. */
export const rewardListQuerySchema = z.object({
  page: whole(1).pipe(z.number().min(1, 'must be 1 or more')),
  per_page: whole(20).pipe(z.number().min(10, 'must be between 10 and 50').max(50, 'must be between 10 and 50')),
  sort: z.enum(rewardSorts, { error: `must be one of ${rewardSorts.join(', ')}` }).default('created_at'),
  order: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('desc'),
  q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  selection: z.enum(rewardSelections, { error: `must be one of ${rewardSelections.join(', ')}` }).optional(),
  status: z.enum(rewardStatuses, { error: `must be one of ${rewardStatuses.join(', ')}` }).optional(),
  tag: tagSchema.optional(),
})
export type RewardListQuery = z.input<typeof rewardListQuerySchema>

/** A searchable tab: GET .../rewards/{id}/reward_participants and the other tables. */
export const rewardTabQuerySchema = z.object({
  page: whole(1).pipe(z.number().min(1, 'must be 1 or more')),
  per_page: whole(20).pipe(z.number().min(10, 'must be between 10 and 50').max(50, 'must be between 10 and 50')),
  q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
})
export type RewardTabQuery = z.input<typeof rewardTabQuerySchema>

/** The reward entity (spec section 3) as the console's table and detail read it. */
export const consoleRewardSchema = z.object({
  id: z.number(),
  program_id: z.number(),
  name: z.string(),
  image: z.object({ url: z.string().nullable() }),
  selection: z.enum(rewardSelections),
  /** The effective status (the stored one, then the dates). */
  status: z.enum(rewardStatuses),
  approved: z.boolean(),
  featured: z.boolean(),
  threshold: z.number(),
  limit: z.number(),
  claims: z.number(),
  /** Rewards Balance: limit - claims (spec section 9). */
  balance: z.number(),
  points: z.number(),
  start: z.string().nullable(),
  finish: z.string().nullable(),
  tag_list: z.array(z.string()),
  created_at: z.string(),
})
export type ConsoleReward = z.infer<typeof consoleRewardSchema>

export const rewardListResponseSchema = z.object({ data: z.array(consoleRewardSchema), meta: pageMetaSchema })
export type RewardListResponse = z.infer<typeof rewardListResponseSchema>

export const rewardDetailSchema = consoleRewardSchema.extend({
  description: z.string(),
  terms_conditions: z.string().nullable(),
  redemption_details: z.string().nullable(),
  redemption_image: z.object({ url: z.string().nullable() }),
  active_image: z.object({ url: z.string().nullable() }),
  repeatable: z.boolean(),
  coupons_required: z.boolean(),
  parameters: z.record(z.string(), z.unknown()),
  coupons: z.object({ total: z.number(), free: z.number() }),
  /** The collectible collection (features/collectibles): its address and its creation transaction link, or nulls. */
  nft_collection: z.string().nullable(),
  nft_collection_transaction_create_url: z.string().nullable(),
  blockchain_enabled: z.boolean(),
})
export type RewardDetail = z.infer<typeof rewardDetailSchema>

// ---- Form ----------------------------------------------------------------------------------------

const text = (max: number, label: string) => z.string().trim().max(max, `${label} must be at most ${max} characters`)
const count = (label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} must be 0 or more`)
    .max(1_000_000_000, `${label} is too large`)
/** An image or link: empty, a path on this site, or an http(s) URL. */
const link = (label: string) =>
  text(2000, label).refine((v) => v === '' || v.startsWith('/') || /^https?:\/\/\S+$/i.test(v), `${label} must be a URL`)
/** An ISO date-time or empty. */
const when = (label: string) => z.string().trim().refine((v) => v === '' || !Number.isNaN(Date.parse(v)), `${label} must be a date and time`)

/**
 * The new and edit form of every selection (spec sections 2 and 3; engine-rules.md Rewards): the
 * server's form definition is built from this schema and the POST/PUT are validated with it; the
 * console validates with it too. Which fields a selection uses: REWARD_FIELDS_BY_SELECTION.
 */
export const rewardFormObject = z.object({
  name: text(120, 'Name').min(1, 'Name is required').meta({ label: 'Name' }),
  selection: z.enum(rewardSelections, { error: 'Selection is required' }).meta({ label: 'Selection' }),
  status: z.enum(rewardStoredStatuses).default('active').meta({ label: 'Status' }),
  description: text(5000, 'Description').default('').meta({ label: 'Description', widget: 'textarea' }),
  image: link('Image').default('').meta({ label: 'Image URL' }),
  threshold: count('Threshold').default(0).meta({ label: 'Threshold (points)' }),
  limit: count('Limit').default(1).meta({ label: 'Limit' }),
  points: count('Points').default(0).meta({ label: 'Points (fallback)' }),
  start: when('Start').default('').meta({ label: 'Start' }),
  finish: when('Finish').default('').meta({ label: 'Finish' }),
  featured: z.boolean().default(true).meta({ label: 'Featured (shown to signed-out visitors)' }),
  repeatable: z.boolean().default(false).meta({ label: 'Repeatable' }),
  terms_conditions: text(10000, 'Terms').default('').meta({ label: 'Terms and conditions', widget: 'textarea' }),
  redemption_details: text(10000, 'Redemption details').default('').meta({ label: 'Redemption details', widget: 'textarea' }),
  redemption_image: link('Redemption image').default('').meta({ label: 'Redemption image URL' }),
  coupons_required: z.boolean().default(false).meta({ label: 'Coupons required (out of stock when none is left)' }),
  achievement_rule: z.enum(achievementRules).or(z.literal('')).default('').meta({
    label: 'Achievement rule',
    options: [
      { value: 'completed_challenges', label: 'Completed challenges count' },
      { value: 'tag', label: 'Completed every challenge with a tag' },
      { value: 'lifetime_points', label: 'Lifetime points' },
    ],
  }),
  achievement_count: count('Completed challenges').default(1).meta({ label: 'Completed challenges' }),
  achievement_tag: text(50, 'Challenge tag').default('').meta({ label: 'Challenge tag' }),
  achievement_points: count('Lifetime points').default(0).meta({ label: 'Lifetime points' }),
  active_image: link('Active image').default('').meta({ label: 'Active image URL (earned)' }),
  tag_list: text(1000, 'Tags').default('').meta({ label: 'Tags (comma-separated)' }),
})

export type RewardFormField = keyof z.input<typeof rewardFormObject>

const COMMON: RewardFormField[] = ['name', 'selection', 'status', 'description', 'image', 'limit', 'start', 'finish', 'featured', 'terms_conditions', 'redemption_details', 'redemption_image', 'tag_list']
const ACHIEVEMENT: RewardFormField[] = [...COMMON, 'points', 'achievement_rule', 'achievement_count', 'achievement_tag', 'achievement_points', 'active_image']

/** The fields each selection uses; the others are neither shown nor saved. */
export const REWARD_FIELDS_BY_SELECTION: Record<ConsoleRewardSelection, RewardFormField[]> = {
  achievement: ACHIEVEMENT,
  milestone: ACHIEVEMENT,
  sweepstake: [...COMMON, 'threshold', 'repeatable'],
  'mini-contest': [...COMMON, 'points'],
  redeem: [...COMMON, 'threshold', 'repeatable', 'coupons_required'],
  offer: [...COMMON, 'points'],
  other: [...COMMON, 'threshold', 'points'],
}

export const rewardFieldUsed = (selection: string, field: RewardFormField) =>
  (REWARD_FIELDS_BY_SELECTION[selection as ConsoleRewardSelection] ?? COMMON).includes(field)

/** Comma-separated tags as a list: trimmed, no empties, no repeats, in order. */
export const splitTags = (value: string) => [...new Set(value.split(',').map((t) => t.trim()).filter(Boolean))]

/** The form's cross-field rules: dates in order, the achievement rule and its value, valid tags. */
export const rewardFormSchema = rewardFormObject.superRefine((v, ctx) => {
  const start = v.start ? Date.parse(v.start) : null
  const finish = v.finish ? Date.parse(v.finish) : null
  if (start !== null && finish !== null && finish <= start) ctx.addIssue({ code: 'custom', path: ['finish'], message: 'Finish must be after start' })
  for (const tag of splitTags(v.tag_list)) {
    const ok = tagSchema.safeParse(tag)
    if (!ok.success) ctx.addIssue({ code: 'custom', path: ['tag_list'], message: `${ok.error.issues[0]?.message ?? 'Invalid tag'}: ${tag}` })
  }
  if (v.selection === 'achievement' || v.selection === 'milestone') {
    if (!v.achievement_rule) ctx.addIssue({ code: 'custom', path: ['achievement_rule'], message: 'Achievement rule is required' })
    if (v.achievement_rule === 'tag' && !v.achievement_tag) ctx.addIssue({ code: 'custom', path: ['achievement_tag'], message: 'Challenge tag is required' })
  }
})
export type RewardFormInput = z.input<typeof rewardFormObject>
export type RewardFormValues = z.output<typeof rewardFormObject>

// ---- Tabs ----------------------------------------------------------------------------------------

export const rewardParticipantRowSchema = z.object({
  /** The claim's id (PUT /reward_participants/{id} names it). */
  id: z.number(),
  participant_id: z.number(),
  name: z.string(),
  email: z.string(),
  status: z.enum(['claimed', 'won', 'refunded']),
  points_spent: z.number(),
  coupon_code: z.string().nullable(),
  created_at: z.string(),
})
export type RewardParticipantRow = z.infer<typeof rewardParticipantRowSchema>

export const couponRowSchema = z.object({
  id: z.number(),
  code: z.string(),
  participant: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable(),
  assigned_at: z.string().nullable(),
  created_at: z.string(),
})
export type CouponRow = z.infer<typeof couponRowSchema>

/** Codes per add and their length. */
export const COUPON_MAX_CODES = 1000
export const COUPON_MAX_LENGTH = 100

/** POST .../coupons: a comma-separated list (spec section 5: "code1,code2,code3"). */
export const couponAddSchema = z.object({
  codes: z
    .string({ error: 'Coupon codes are required' })
    .trim()
    .min(1, 'Coupon codes are required')
    .refine((v) => splitCodes(v).length > 0, 'Coupon codes are required')
    .refine((v) => splitCodes(v).length <= COUPON_MAX_CODES, `At most ${COUPON_MAX_CODES} codes at once`)
    .refine((v) => splitCodes(v).every((c) => c.length <= COUPON_MAX_LENGTH), `A code must be at most ${COUPON_MAX_LENGTH} characters`),
  reward_id: z.coerce.number().int().optional(),
})

/** The codes of a comma-separated list (also newlines), trimmed, empties dropped, repeats kept (they are reported). */
export const splitCodes = (value: string) =>
  value
    .split(/[,\n\r]+/)
    .map((c) => c.trim())
    .filter(Boolean)

/** The add's answer: what was added, and every code not added because the reward has it already (or the list had it twice). */
export const couponAddResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  added: z.array(z.string()),
  duplicates: z.array(z.string()),
})
export type CouponAddResult = z.infer<typeof couponAddResultSchema>

export const sweepstakeEntryRowSchema = z.object({
  participant_id: z.number(),
  name: z.string(),
  email: z.string(),
  entries: z.number(),
  winner: z.boolean(),
  /** Rewards the participant earned (claims not refunded): hidden by default. */
  rewards: z.number(),
  /** The participant's `gender` profile attribute: hidden by default. */
  gender: z.string().nullable(),
  updated_at: z.string(),
})
export type SweepstakeEntryRow = z.infer<typeof sweepstakeEntryRowSchema>

/** Mini Contest: the program's participants, with whether each has won. */
export const miniContestRowSchema = z.object({
  participant_id: z.number(),
  name: z.string(),
  email: z.string(),
  points: z.number(),
  staff: z.boolean(),
  winner: z.boolean(),
})
export type MiniContestRow = z.infer<typeof miniContestRowSchema>

export const tabPageSchema = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), meta: pageMetaSchema })

/**
 * PUT .../reward_participants/{claim_id}: the one change the console makes to a claim, a refund
 * (points back, stock released; engine-rules.md, a claim that is undone).
 */
export const rewardParticipantUpdateSchema = z.object({
  status: z.literal('refunded', { error: 'status must be refunded' }),
  reason: z.string().trim().max(200, 'reason must be at most 200 characters').optional(),
})

// ---- Intents (POST .../rewards/{id}) ------------------------------------------------------------

export const rewardIntents = ['fetch_possible_winners_to_sync', 'sync_winners', 'toggle_tag', 'set_winners', 'create_nft_collection', 'generate_entries'] as const

export const rewardIntentSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('fetch_possible_winners_to_sync'), id: z.coerce.number().int().optional() }),
  z.object({ intent: z.literal('create_nft_collection'), id: z.coerce.number().int().optional() }),
  z.object({ intent: z.literal('sync_winners'), id: z.coerce.number().int().optional(), send_email: z.boolean().default(false) }),
  z.object({ intent: z.literal('toggle_tag'), id: z.coerce.number().int().optional(), tag: tagSchema }),
  /** Mini contest: the participants the admin chose. */
  z.object({
    intent: z.literal('set_winners'),
    id: z.coerce.number().int().optional(),
    selectedData: z.array(z.coerce.number().int().positive()).min(1, 'Choose at least one winner').max(500, 'At most 500 winners at once'),
  }),
  /** Sweepstake: generate the draw's entries (all entrants, or only the selected participants). */
  z.object({
    intent: z.literal('generate_entries'),
    id: z.coerce.number().int().optional(),
    selectedData: z.array(z.coerce.number().int().positive()).max(500, 'At most 500 participants at once').default([]),
  }),
])
export type RewardIntent = z.input<typeof rewardIntentSchema>

export const possibleWinnersSchema = z.object({ success: z.literal(true), limit_left: z.number(), eligible_participants_count: z.number() })
export type PossibleWinners = z.infer<typeof possibleWinnersSchema>

/** The intents' answer: a message for the toast ('Winner assigned', 'Winners are being synced', 'Tag updated'). */
export const rewardIntentResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.record(z.string(), z.unknown()).optional(),
})
export type RewardIntentResult = z.infer<typeof rewardIntentResultSchema>
