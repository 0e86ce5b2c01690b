import * as z from 'zod'

export const participantSummarySchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.object({ url: z.string().nullable() }),
  unused_points: z.number().int(),
  points: z.number().int(),
  completed_challenges: z.number().int(),
  created_at: z.string(),
  email_setting_id: z.number().nullable(),
  eligible_offers_rewards: z.boolean(),
  referral_code: z.string(),
  /** phone, address_1, address_2, city, state, postal, affiliation (comma list), and custom ones. */
  profile_attributes: z.record(z.string(), z.string().nullable()),
  tier: z.object({ id: z.number(), name: z.string() }).nullable(),
})
export type ParticipantSummary = z.infer<typeof participantSummarySchema>
