import * as z from 'zod'

/**
 * Privacy: a participant's data on request and erasure that keeps the books (issue 28, docs/privacy.md).
 * The participant asks for a code mailed to their address, then sends it back to download their data
 * or to delete their account; the console and the server API export and erase without a code.
 */

/** What a mailed code confirms. */
export const privacyActions = ['export', 'delete'] as const
export type PrivacyAction = (typeof privacyActions)[number]

/** POST /public/account/privacy_code: mails a 6-digit code for `action` to the signed-in participant. */
export const privacyCodeRequestSchema = z.object({
  action: z.enum(privacyActions, { error: 'must be export or delete' }),
})
export type PrivacyCodeRequest = z.infer<typeof privacyCodeRequestSchema>

export const privacyCodeResponseSchema = z.object({
  ok: z.literal(true),
  action: z.enum(privacyActions),
  /** What the site shows, e.g. 'We sent a 6-digit code to a***a@example.com. Enter it to download your data.' */
  message: z.string(),
  /** When the code stops working (10 minutes after it was sent). */
  expires_at: z.string(),
})
export type PrivacyCodeResponse = z.infer<typeof privacyCodeResponseSchema>

/** POST /public/account/export and /public/account/delete: the code from the e-mail. */
export const privacyCodeConfirmSchema = z.object({
  code: z.string({ error: 'is required' }).trim().regex(/^\d{6}$/, 'must be the 6-digit code from the e-mail'),
})
export type PrivacyCodeConfirm = z.infer<typeof privacyCodeConfirmSchema>

export const accountDeletedResponseSchema = z.object({ ok: z.literal(true), message: z.string() })
export type AccountDeletedResponse = z.infer<typeof accountDeletedResponseSchema>

// The site's words (privacy-texts.ts: no zod, so the participant site can import them).
export { ACCOUNT_DELETED_MESSAGE, ACCOUNT_DELETION_NOTICE, DATA_EXPORT_NOTICE } from './privacy-texts'

// ---- The export document -----------------------------------------------------------------------

/** The export's `format`: readers check it before reading the rest. */
export const PARTICIPANT_EXPORT_FORMAT = 'tessera.participant_export.v1'

const time = (description: string) => z.string().meta({ description: `${description} (ISO 8601, UTC)` })
const maybeTime = (description: string) => z.string().nullable().meta({ description: `${description} (ISO 8601, UTC), or null` })
const int = (description: string) => z.number().int().meta({ description })

const exportProfileSchema = z.object({
  id: int('The participant id'),
  email: z.string().meta({ description: 'The e-mail address the participant signs in with (`erased-{id}@invalid` once erased)' }),
  first_name: z.string(),
  last_name: z.string(),
  avatar_url: z.string().nullable(),
  status: z.enum(['pending', 'inactive', 'active', 'opted_out', 'blocked']).meta({ description: 'Membership status, set by the program' }),
  staff: z.boolean().meta({ description: 'Marked as staff by the program (staff are left out of its statistics)' }),
  external_id: z.string().nullable().meta({ description: "The program's own id for the participant (server API), or null" }),
  referral_code: z.string().meta({ description: "The participant's referral code" }),
  referred_by_participant_id: z.number().int().nullable().meta({ description: 'The participant who referred them, or null' }),
  tier: z.object({ id: z.number().int(), name: z.string() }).nullable().meta({ description: 'The current tier, or null' }),
  points_balance: int('Points that can be spent now (the sum of the ledger)'),
  lifetime_points: int('Points earned over the membership'),
  completed_challenges: int('Challenges completed'),
  city: z.string().nullable().meta({ description: 'City, when known' }),
  country: z.string().nullable().meta({ description: 'Country, when known' }),
  email_verified_at: maybeTime('When the e-mail address was proven'),
  sign_in_count: int('How many times they signed in'),
  last_sign_in_at: maybeTime('The last sign-in'),
  last_action_at: maybeTime('The last activity'),
  created_at: time('When they joined'),
  updated_at: time('The last change of the profile'),
  erased_at: maybeTime('When the account was erased'),
})

const exportSchemaShape = {
  format: z.literal(PARTICIPANT_EXPORT_FORMAT).meta({ description: "This document's format and version" }),
  generated_at: time('When this file was made'),
  program: z.object({ id: z.number().int(), name: z.string() }).meta({ description: 'The program the data belongs to' }),
  profile: exportProfileSchema.meta({ description: 'The account' }),
  attributes: z
    .array(z.object({ name: z.string().meta({ description: 'phone, address_1, address_2, city, state, postal, affiliation or a custom one' }), value: z.string(), updated_at: time('Last change') }))
    .meta({ description: 'Profile attributes' }),
  email_settings: z
    .object({ email_setting_id: z.number().int().nullable(), description: z.string().nullable() })
    .meta({ description: "The e-mail setting chosen (the program's list), or nulls when none is chosen" }),
  tags: z.array(z.string()).meta({ description: 'Tags the program put on the account' }),
  ledger: z
    .array(
      z.object({
        id: z.number().int(),
        delta: int('Points added (positive) or taken (negative)'),
        kind: z.enum(['earn', 'spend', 'adjust', 'refund', 'expire']),
        source: z.string().meta({ description: 'What moved them: challenge, reward, referral, receipt, payment, admin, import, signup, api, expiry' }),
        source_id: z.number().int().nullable().meta({ description: 'The id of that challenge, reward, receipt...' }),
        title: z.string(),
        created_at: time('When'),
      }),
    )
    .meta({ description: 'Every points ledger row, oldest first: the balance is their sum' }),
  activity: z
    .array(
      z.object({
        id: z.number().int(),
        type: z.string().meta({ description: 'challenge_completed, reward_claimed, points_adjusted, signup, ...' }),
        title: z.string(),
        points: z.number().int(),
        actionable_type: z.string().nullable(),
        actionable_id: z.number().int().nullable(),
        details: z.record(z.string(), z.unknown()).nullable(),
        created_at: time('When'),
      }),
    )
    .meta({ description: 'The activity feed, oldest first' }),
  completions: z
    .array(
      z.object({
        id: z.number().int(),
        challenge_id: z.number().int(),
        challenge_name: z.string(),
        challenge_type: z.string(),
        period_key: z.string().meta({ description: '`once`, or the period of a repeatable challenge' }),
        points: z.number().int(),
        score: z.number().int().nullable().meta({ description: 'Quiz score in percent, or null' }),
        completed_at: time('When'),
      }),
    )
    .meta({ description: 'Challenges completed, oldest first' }),
  answers: z
    .array(
      z.object({
        id: z.number().int(),
        completion_id: z.number().int().nullable(),
        challenge_id: z.number().int(),
        question_id: z.number().int(),
        question: z.string().meta({ description: "The question's title" }),
        option_id: z.number().int().nullable().meta({ description: 'The option chosen, for choice questions' }),
        answer: z.string().meta({ description: 'The answer as given (the option text for choices)' }),
        answered_at: time('When'),
      }),
    )
    .meta({ description: 'Answers to surveys, quizzes and profile questions' }),
  claims: z
    .array(
      z.object({
        id: z.number().int(),
        reward_id: z.number().int(),
        reward_name: z.string(),
        selection: z.string().meta({ description: 'The kind of reward: redeem, sweepstake, achievement, milestone, offer, ...' }),
        status: z.enum(['claimed', 'won', 'refunded']),
        points_spent: z.number().int(),
        coupon_codes: z.array(z.string()).meta({ description: 'Coupon codes given with the claim' }),
        claimed_at: time('When'),
      }),
    )
    .meta({ description: 'Rewards claimed, won or awarded, oldest first' }),
  sweepstake_entries: z
    .array(z.object({ reward_id: z.number().int(), reward_name: z.string(), entries: z.number().int(), winner: z.boolean() }))
    .meta({ description: 'Entries in sweepstakes' }),
  vouchers: z
    .array(
      z.object({
        id: z.number().int(),
        offer_key: z.string().meta({ description: "The merchant offer's key" }),
        redemption_type: z.enum(['CLICK', 'MOBILE']),
        voucher_code: z.string().nullable(),
        expires_at: maybeTime('When the voucher expires'),
        created_at: time('When'),
      }),
    )
    .meta({ description: 'Merchant offers redeemed and their vouchers' }),
  receipts: z
    .array(
      z.object({
        id: z.number().int(),
        status: z.string(),
        source: z.enum(['upload', 'external']).meta({ description: 'upload: sent from the site; external: sent by the program' }),
        external_id: z.string().nullable(),
        merchant_name: z.string().nullable(),
        merchant_address: z.string().nullable(),
        purchase_date: z.string().nullable().meta({ description: 'YYYY-MM-DD' }),
        total_cents: z.number().int().nullable().meta({ description: 'The total, in cents' }),
        points: z.number().int(),
        credited_points: z.number().int().meta({ description: 'Points the ledger holds for it now' }),
        review_request_message: z.string().nullable().meta({ description: 'What the participant wrote asking for a review' }),
        items: z.array(
          z.object({
            name: z.string().nullable(),
            sku: z.string().nullable(),
            quantity: z.number().int(),
            price_cents: z.number().int(),
            points: z.number().int(),
            eligible: z.boolean(),
          }),
        ),
        image: z
          .object({ url: z.string().meta({ description: 'A signed link to the photo or PDF' }), expires_at: time('When the link stops working (24 hours after the file was made)'), content_type: z.string().nullable() })
          .nullable()
          .meta({ description: 'The uploaded file, or null (none, or deleted)' }),
        created_at: time('When it was sent'),
      }),
    )
    .meta({ description: 'Purchase receipts' }),
  referrals: z
    .object({
      referred_by: z
        .object({ referral_id: z.number().int(), referrer_participant_id: z.number().int(), status: z.enum(['pending', 'approved', 'rejected']), created_at: time('When') })
        .nullable()
        .meta({ description: 'The referral that brought them in, or null' }),
      made: z
        .array(z.object({ referral_id: z.number().int(), referred_participant_id: z.number().int(), status: z.enum(['pending', 'approved', 'rejected']), points: z.number().int(), created_at: time('When') }))
        .meta({ description: 'People they referred (by participant id only: the other person’s data is theirs)' }),
    })
    .meta({ description: 'Referrals received and made' }),
  payments: z
    .array(
      z.object({
        id: z.number().int(),
        kind: z.enum(['membership', 'donation']),
        amount_cents: z.number().int(),
        currency: z.string(),
        entity: z.string().nullable().meta({ description: 'The cause of a donation' }),
        points: z.number().int(),
        status: z.string(),
        created_at: time('When the checkout started'),
        fulfilled_at: maybeTime('When it was paid'),
      }),
    )
    .meta({ description: 'Memberships and donations paid through the program' }),
  sessions: z
    .array(
      z.object({
        id: z.number().int(),
        device: z.enum(['browser', 'embedded']).meta({ description: "browser: the program's site (a cookie); embedded: a widget on a partner's page (a token)" }),
        created_at: time('Signed in'),
        expires_at: time('Ends unless used again'),
      }),
    )
    .meta({ description: 'Open sign-in sessions (only a hash of each session token is kept)' }),
  visits: z
    .array(z.object({ id: z.number().int(), surface: z.string().nullable(), landing_page: z.string().nullable(), referrer: z.string().nullable(), started_at: time('When') }))
    .meta({ description: 'Visits to the program while signed in' }),
}

/**
 * The participant's data as one JSON document (GET /api/v1/participants/{id}/export, the console's
 * "Export data", the site's "Download my data"), documented field by field in docs/privacy.md. Lists
 * are oldest first.
 */
export const participantExportSchema = z.object(exportSchemaShape)
export type ParticipantExport = z.infer<typeof participantExportSchema>

/**
 * POST /api/v1/participants/{id}/erase answers this on every call: the first erases, a repeat changes
 * nothing (and asks again for any file still there).
 */
export const participantErasureSchema = z.object({
  object: z.literal('participant_erasure'),
  participant_id: z.number().int(),
  erased_at: z.string().meta({ description: 'When the participant was erased (by the first call)' }),
  files: z
    .enum(['pending', 'done'])
    .meta({ description: 'Their uploaded files (receipt photos): done (deleted, or none), or pending (still being deleted, retried in the background; call again to see it done)' }),
})
export type ParticipantErasure = z.infer<typeof participantErasureSchema>
