import * as z from 'zod'

export const rewardSelections = [
  'sweepstake',
  'achievement',
  'milestone',
  'redeem',
  'offer',
  'mini-contest',
  'other',
] as const
export type RewardSelection = (typeof rewardSelections)[number]

/** Selections a participant claims by hand with process_reward; the others are awarded. */
export const claimableSelections = [
  'redeem',
  'sweepstake',
  'offer',
] as const satisfies readonly RewardSelection[]

const publicUrl = z.object({ public_url: z.string() })

/** A blockchain collectible minted for an achievement (participant-site.md section 3). */
export const nftItemSchema = z.object({
  explorer_mint_url: z.string().nullable(),
  explorer_token_url: z.string().nullable(),
  address: z.string().nullable(),
  owner_address: z.string().nullable(),
  owner_explorer_url: z.string().nullable(),
})
export type NftItem = z.infer<typeof nftItemSchema>

/**
 * The Reward entity of participant-site.md section 3, as the caller sees it. Per-participant fields
 * (earned_by_current_participant_on, participant_sweepstakes_entry.count, coupon_code and the
 * redemption fields) describe the signed-in caller and are empty for visitors.
 */
export const rewardSchema = z.object({
  id: z.number(),
  name: z.string(),
  selection: z.enum(rewardSelections),
  description: z.string(),
  description_details: z.string().nullable(),
  terms_conditions: z.string().nullable(),
  /** Shown once earned: null until the caller has earned the reward. */
  redemption_details: z.string().nullable(),
  redemption_image: publicUrl.nullable(),
  image: publicUrl.nullable(),
  /** ISO 8601 UTC; the reward ends at this moment ("Expires on"). */
  finish: z.string().nullable(),
  /**
   * ISO 8601 UTC time of the caller's latest claim or award; for a sweepstake, of the latest entry
   * bought. Null when not earned.
   */
  earned_by_current_participant_on: z.string().nullable(),
  /** Sweepstakes only: the caller's entries (0 for visitors). Null for other selections. */
  participant_sweepstakes_entry: z.object({ count: z.number().int() }).nullable(),
  /** Points cost (redeem), or cost per entry (sweepstake; 0 means one free entry). */
  threshold: z.number().int(),
  /** Achievements and milestones with an active image. */
  achievement_reward: z.object({ active_image: publicUrl }).nullable(),
  /** The caller's collectible for this achievement; null until the chain integration mints one. */
  nft_item: nftItemSchema.nullable(),
  featured: z.boolean(),
  /** Inventory. `claims` counts claims (winners for a sweepstake); balance = limit - claims. */
  limit: z.number().int(),
  claims: z.number().int(),
  balance: z.number().int(),
  /** The coupon code assigned to the caller's latest claim, if the reward has a coupon pool. */
  coupon_code: z.string().nullable(),
  /** Effective status by dates: only active rewards can be claimed. */
  status: z.enum(['active', 'scheduled', 'ended']),
  start: z.string().nullable(),
  /** A repeatable reward can be claimed (or its entries bought) again. */
  repeatable: z.boolean(),
})
export type Reward = z.infer<typeof rewardSchema>

/**
 * What a reward tile draws (widgets/src/widgets/tiles/reward-tile.tsx): a visitor's home page comes with
 * its featured rewards as these cards (worker/src/features/site/primed.ts); the details page reads the
 * whole reward.
 */
export const rewardCardSchema = rewardSchema.pick({
  id: true,
  name: true,
  selection: true,
  description: true,
  image: true,
  finish: true,
  earned_by_current_participant_on: true,
  threshold: true,
  repeatable: true,
})
export type RewardCard = z.infer<typeof rewardCardSchema>

/** A listed reward as its tile's card (rewardCardSchema). */
export function rewardCard(r: RewardCard): RewardCard {
  return {
    id: r.id,
    name: r.name,
    selection: r.selection,
    description: r.description,
    image: r.image,
    finish: r.finish,
    earned_by_current_participant_on: r.earned_by_current_participant_on,
    threshold: r.threshold,
    repeatable: r.repeatable,
  }
}

/** Form and JSON ids arrive as strings or numbers; both parse to a positive integer. */
const positiveInt = (what: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v),
    z
      .number({ error: (iss) => (iss.input === undefined ? 'is required' : `must be a ${what}`) })
      .int(`must be a ${what}`)
      .positive(`must be a ${what}`),
  )

/**
 * POST /public/rewards/process_reward (multipart form or JSON). `entries` applies to sweepstakes
 * (how many entries to buy, default 1). Send an `Idempotency-Key` header to make retries safe; for a
 * repeatable reward the key also names the claim.
 */
export const processRewardRequestSchema = z.object({
  reward_id: positiveInt('reward id'),
  entries: positiveInt('whole number of entries').pipe(z.number().max(100, 'must be at most 100')).optional(),
})
export type ProcessRewardRequest = z.input<typeof processRewardRequestSchema>

/** GET /public/rewards/{reward_id}. */
export const rewardIdParamsSchema = processRewardRequestSchema.pick({ reward_id: true })

/**
 * A successful claim. `stripe_url` is a payment page to send the browser to (always null today:
 * membership payments start from the membership challenge). Failures answer the error body with
 * `success: false` and codes reward_unavailable, already_claimed, not_enough_points, out_of_stock,
 * not_eligible, not_found or validation_failed.
 */
export const processRewardResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  stripe_url: z.string().nullable(),
  reward: rewardSchema,
})
export type ProcessRewardResponse = z.infer<typeof processRewardResponseSchema>

/**
 * GET /public/home/active_rewards (visible rewards; featured ones only for visitors),
 * current_rewards (signed in: rewards the caller can still earn) and claimed_rewards (signed in:
 * rewards the caller earned, latest first).
 */
export const rewardListResponseSchema = z.object({ data: z.array(rewardSchema) })
export type RewardListResponse = z.infer<typeof rewardListResponseSchema>

/**
 * GET /public/home/offers_reward: the program's active offer reward (null when there is none or the
 * offers_reward feature is off) and whether the caller may redeem merchant offers.
 */
export const offersRewardResponseSchema = z.object({
  data: z.object({ reward: rewardSchema.nullable(), eligible: z.boolean() }),
})
export type OffersRewardResponse = z.infer<typeof offersRewardResponseSchema>
