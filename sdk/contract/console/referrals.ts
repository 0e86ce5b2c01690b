import * as z from 'zod'
import { pageMetaSchema } from './participants'

/**
 * The console's referral review (admin-console-part-a.md sections 2 Referrals, 3 Referral, 4, 7
 * Referrals, 8; engine-rules.md Referrals). Every path sits under /admin/v2/programs/{program_id}.
 */

export const referralStatuses = ['pending', 'approved', 'rejected'] as const
export type ReferralStatus = (typeof referralStatuses)[number]

/** Why a referral waits for review instead of crediting at sign-up (null: it did not wait for a signal). */
export const referralHoldReasons = ['same_address', 'disposable_domain', 'same_device', 'same_ip'] as const
export type ReferralHoldReason = (typeof referralHoldReasons)[number]

/** An admin may set approved or rejected (section 4). */
export const referralDecisions = ['approved', 'rejected'] as const

const whole = (fallback: number) => z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').default(fallback)

/** GET .../referrals: one page, newest first, filtered by status and searched by name or e-mail prefix. */
export const referralListQuerySchema = z.object({
  page: whole(1).pipe(z.number().min(1, 'must be 1 or more')),
  per_page: whole(20).pipe(z.number().min(10, 'must be between 10 and 50').max(50, 'must be between 10 and 50')),
  status: z.enum(referralStatuses, { error: `must be one of ${referralStatuses.join(', ')}` }).optional(),
  q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
})
export type ReferralListQuery = z.input<typeof referralListQuerySchema>

/** The referral entity (section 3), with the fraud signal that held it. */
export const consoleReferralSchema = z.object({
  id: z.number(),
  status: z.enum(referralStatuses),
  referrer_id: z.number(),
  referrer_name: z.string(),
  referrer_email: z.string(),
  referred_participant_id: z.number(),
  referred_participant_name: z.string(),
  referred_participant_email: z.string(),
  points: z.number(),
  admin_comments: z.string().nullable(),
  hold_reason: z.enum(referralHoldReasons).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type ConsoleReferral = z.infer<typeof consoleReferralSchema>

export const referralListSchema = z.object({ data: z.array(consoleReferralSchema), meta: pageMetaSchema })
export type ReferralList = z.infer<typeof referralListSchema>

/**
 * PATCH .../referrals/{id}, multipart (or JSON) `referral[status]`, `referral[admin_comments]`.
 * Only a pending referral changes; approving credits the referrer once.
 */
export const referralUpdateSchema = z.object({
  referral: z.object(
    {
      status: z.enum(referralDecisions, { error: 'Status must be approved or rejected' }),
      admin_comments: z
        .string()
        .trim()
        .max(1000, 'Comments must not be longer than 1000 characters')
        .optional()
        .transform((v) => (v ? v : undefined)),
    },
    { error: 'referral is required' },
  ),
})
export type ReferralUpdate = z.input<typeof referralUpdateSchema>

/** One row of referral_update_logs: who moved the referral from which status to which, and why. */
export const referralUpdateLogSchema = z.object({
  id: z.number(),
  from_status: z.string(),
  to_status: z.string(),
  comments: z.string().nullable(),
  /** Null for the automatic approval at the referred participant's sign-in. */
  admin: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable(),
  created_at: z.string(),
})
export type ReferralUpdateLog = z.infer<typeof referralUpdateLogSchema>

/** Participant referrals page size (section 9). */
export const PARTICIPANT_REFERRALS_PAGE_SIZE = 50

/** GET .../participants/{id}/referrals: the referrals the participant made or came through, 50 a page. */
export const participantReferralsQuerySchema = z.object({ page: whole(1).pipe(z.number().min(1, 'must be 1 or more')) })
