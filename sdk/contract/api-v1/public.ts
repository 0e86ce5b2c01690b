import * as z from 'zod'
import { participantActionsPageSchema, participantActionsQuerySchema, updateEmailSettingsRequestSchema, updateEmailSettingsResponseSchema } from '../account'
import { csrfResponseSchema, handoffRequestSchema, identityRequestSchema, signinVerifyRequestSchema, signinVerifyResponseSchema } from '../auth'
import { challengeIdParamsSchema, challengeSchema, socialSubmissionQuerySchema, socialSubmissionResponseSchema, submitChallengeRequestSchema, submitChallengeResponseSchema } from '../challenges'
import { merchantQuerySchema, merchantResponseSchema, offersPageSchema, offersSearchQuerySchema } from '../offers'
import { participantSummarySchema } from '../participant'
import { checkoutSessionResponseSchema, donationCheckoutRequestSchema, stripeReceiptQuerySchema } from '../payments'
import { programPageSchema, publicProgramSchema } from '../program'
import { referrerLookupSchema } from '../referrals'
import { accountDeletedResponseSchema, privacyCodeConfirmSchema, privacyCodeRequestSchema, privacyCodeResponseSchema } from '../privacy'
import { participantReceiptListSchema, RECEIPT_FILE_FIELD, receiptReviewRequestSchema, receiptUploadResponseSchema } from '../receipts'
import { offersRewardResponseSchema, processRewardRequestSchema, processRewardResponseSchema, rewardIdParamsSchema, rewardListResponseSchema, rewardSchema } from '../rewards'

/**
 * The participant API (`/public/*`): what the participant site and the embedded widgets call, for the
 * program of the request's host (or `X-Program-Key`), as the signed-in participant of the session
 * cookie (browsers on the program's site) or of a session token (`X-Tessera-Session: token` and
 * `Authorization: Bearer`, embedded widgets). The OpenAPI document lists these under the tag
 * `Participant API` (openapi.ts); the request schemas here are the very objects the worker's
 * handlers validate with, which a test checks by recording what each handler parses.
 */
export type PublicOperation = {
  method: 'get' | 'post'
  /** OpenAPI form: `/public/challenges/{id}`. */
  path: string
  operationId: string
  summary: string
  /** `participant`: answers 401 without a signed-in participant; `optional`: more when signed in. */
  auth: 'none' | 'optional' | 'participant'
  params?: z.ZodObject
  query?: z.ZodObject
  body?: z.ZodType
  /** Honours an `Idempotency-Key` header (a retry answers the first answer). */
  idempotency?: 'optional'
  /** A `multipart/form-data` upload of one file in this field instead of a JSON body. */
  upload?: string
  /** Known answer shapes; a call without one answers JSON described by its summary. */
  responses: Partial<Record<200 | 201, z.ZodType>>
  /** Not JSON: `application/octet-stream` download. */
  download?: boolean
}

const slugParams = z.object({ slug: z.string().min(1).max(200) })
const codeParams = z.object({ code: z.string().regex(/^[A-Za-z0-9]{1,64}$/).meta({ description: "The referrer's referral code" }) })
const sweepstakeParams = z.object({ reward_id: z.number().int().min(1) })
const receiptParams = z.object({ id: z.number().int().min(1) })
const signOutResponse = z.object({ ok: z.literal(true), message: z.string() })

const op = <const O extends PublicOperation>(o: O) => o

/** Every `/public` route of the worker. A test fails when a mounted route is missing here or a handler validates with another schema. */
export const publicOperationTable = {
  signinVerify: op({ method: 'post', path: '/public/signin/verify', operationId: 'signinVerify', summary: 'Sign in or sign up by e-mail: sends the code or link, verifies the code and starts the session', auth: 'none', body: signinVerifyRequestSchema, responses: { 200: signinVerifyResponseSchema } }),
  signinIdentity: op({ method: 'post', path: '/public/signin/identity', operationId: 'signinIdentity', summary: 'Exchange a partner identity token (from `POST /api/v1/identity_tokens`) for a session token (token clients only)', auth: 'none', body: identityRequestSchema, responses: {} }),
  signinHandoff: op({ method: 'post', path: '/public/signin/handoff', operationId: 'signinHandoff', summary: "Exchange a magic link's one-time handoff for a session token (token clients only)", auth: 'none', body: handoffRequestSchema, responses: {} }),
  signOut: op({ method: 'post', path: '/public/signin/sign_out_user', operationId: 'signOut', summary: 'End the session', auth: 'optional', responses: { 200: signOutResponse } }),
  getProgram: op({ method: 'get', path: '/public/program', operationId: 'getProgram', summary: 'The program: name, features, look, navigation', auth: 'none', responses: { 200: publicProgramSchema } }),
  getCurrentParticipant: op({ method: 'get', path: '/public/participant', operationId: 'getCurrentParticipant', summary: 'The signed-in participant: names, points, tier', auth: 'participant', responses: { 200: participantSummarySchema } }),
  getPage: op({ method: 'get', path: '/public/pages/{slug}', operationId: 'getPage', summary: 'A published content page', auth: 'none', params: slugParams, responses: { 200: programPageSchema } }),
  getCsrfToken: op({ method: 'get', path: '/public/csrf', operationId: 'getCsrfToken', summary: 'The CSRF token cookie clients send as `X-CSRF-Token` on every POST', auth: 'none', responses: { 200: csrfResponseSchema } }),
  searchMerchants: op({ method: 'get', path: '/public/offers/merchants', operationId: 'searchMerchants', summary: 'Partner merchants near a place', auth: 'none', query: offersSearchQuerySchema, responses: { 200: offersPageSchema } }),
  getMerchant: op({ method: 'get', path: '/public/offers/merchant', operationId: 'getMerchant', summary: "A merchant and its offers", auth: 'none', query: merchantQuerySchema, responses: { 200: merchantResponseSchema } }),
  claimRewardAsParticipant: op({
    method: 'post',
    path: '/public/rewards/process_reward',
    operationId: 'claimRewardAsParticipant',
    summary: 'Claim a reward, spending points (sweepstakes: `entries`)',
    auth: 'participant',
    body: processRewardRequestSchema,
    idempotency: 'optional',
    responses: { 200: processRewardResponseSchema },
  }),
  getPublicReward: op({ method: 'get', path: '/public/rewards/{reward_id}', operationId: 'getPublicReward', summary: 'A published reward, with the caller’s own state when signed in', auth: 'optional', params: rewardIdParamsSchema, responses: { 200: rewardSchema } }),
  getSweepstakeFairness: op({ method: 'get', path: '/public/sweepstakes/{reward_id}/fairness', operationId: 'getSweepstakeFairness', summary: "A sweepstake draw's commitment, seed and winners (docs/sweepstakes-fairness.md)", auth: 'optional', params: sweepstakeParams, responses: {} }),
  getSweepstakeAudit: op({ method: 'get', path: '/public/sweepstakes/{reward_id}/audit.json', operationId: 'getSweepstakeAudit', summary: "A drawn sweepstake's audit file", auth: 'optional', params: sweepstakeParams, responses: {}, download: true }),
  lookupReferrer: op({ method: 'get', path: '/public/referrals/{code}', operationId: 'lookupReferrer', summary: "The referrer's first name for a referral landing (limited per client address)", auth: 'none', params: codeParams, responses: { 200: referrerLookupSchema } }),
  listActiveRewards: op({ method: 'get', path: '/public/home/active_rewards', operationId: 'listActiveRewards', summary: 'Rewards on offer now', auth: 'optional', responses: { 200: rewardListResponseSchema } }),
  listCurrentRewards: op({ method: 'get', path: '/public/home/current_rewards', operationId: 'listCurrentRewards', summary: 'Rewards the participant can still earn', auth: 'participant', responses: { 200: rewardListResponseSchema } }),
  listClaimedRewards: op({ method: 'get', path: '/public/home/claimed_rewards', operationId: 'listClaimedRewards', summary: 'Rewards the participant earned, latest first', auth: 'participant', responses: { 200: rewardListResponseSchema } }),
  getOffersReward: op({ method: 'get', path: '/public/home/offers_reward', operationId: 'getOffersReward', summary: "The program's offer reward and whether the caller may redeem offers", auth: 'optional', responses: { 200: offersRewardResponseSchema } }),
  listParticipantActions: op({ method: 'get', path: '/public/participant_actions', operationId: 'listParticipantActions', summary: "The participant's activity, newest first (paged)", auth: 'participant', query: participantActionsQuerySchema, responses: { 200: participantActionsPageSchema } }),
  requestPrivacyCode: op({ method: 'post', path: '/public/account/privacy_code', operationId: 'requestPrivacyCode', summary: 'Mail a 6-digit code that confirms downloading the participant’s data (`export`) or deleting their account (`delete`)', auth: 'participant', body: privacyCodeRequestSchema, responses: { 200: privacyCodeResponseSchema } }),
  downloadMyData: op({ method: 'post', path: '/public/account/export', operationId: 'downloadMyData', summary: 'Download my data: the participant’s data as one JSON file (docs/privacy.md), with the code mailed for `export`', auth: 'participant', body: privacyCodeConfirmSchema, responses: {}, download: true }),
  deleteMyAccount: op({ method: 'post', path: '/public/account/delete', operationId: 'deleteMyAccount', summary: 'Delete my account (erasure that keeps the program’s books; signs out everywhere), with the code mailed for `delete`', auth: 'participant', body: privacyCodeConfirmSchema, responses: { 200: accountDeletedResponseSchema } }),
  updateEmailSettings: op({ method: 'post', path: '/public/account/update_email_settings', operationId: 'updateEmailSettings', summary: 'Turn an e-mail setting on or off', auth: 'participant', body: updateEmailSettingsRequestSchema, responses: { 200: updateEmailSettingsResponseSchema } }),
  submitChallenge: op({ method: 'post', path: '/public/challenges/submit', operationId: 'submitChallenge', summary: 'Complete a challenge (answers, links, quizzes)', auth: 'participant', body: submitChallengeRequestSchema, idempotency: 'optional', responses: { 200: submitChallengeResponseSchema } }),
  recordSocialView: op({ method: 'post', path: '/public/challenges/{id}/unified_social_submission', operationId: 'recordSocialView', summary: 'Record one viewed post of a social challenge', auth: 'participant', params: challengeIdParamsSchema, query: socialSubmissionQuerySchema, responses: { 200: socialSubmissionResponseSchema } }),
  getChallenge: op({ method: 'get', path: '/public/challenges/{id}', operationId: 'getChallenge', summary: 'A visible challenge, with the caller’s progress when signed in', auth: 'optional', params: challengeIdParamsSchema, responses: { 200: challengeSchema } }),
  startMembershipCheckout: op({ method: 'post', path: '/public/challenges/{id}/membership_checkout_session', operationId: 'startMembershipCheckout', summary: 'Start the checkout of a membership challenge (a form post is redirected to it)', auth: 'participant', params: challengeIdParamsSchema, responses: { 200: checkoutSessionResponseSchema } }),
  startDonationCheckout: op({ method: 'post', path: '/public/challenges/{id}/donation_checkout_session', operationId: 'startDonationCheckout', summary: 'Start the checkout of a donation challenge (a form post is redirected to it)', auth: 'participant', params: challengeIdParamsSchema, body: donationCheckoutRequestSchema, responses: { 200: checkoutSessionResponseSchema } }),
  getStripeReceipt: op({ method: 'get', path: '/public/home/stripe_receipt', operationId: 'getStripeReceipt', summary: "A checkout's receipt and status", auth: 'participant', query: stripeReceiptQuerySchema, responses: {} }),
  getCarousel: op({ method: 'get', path: '/public/home/carousel', operationId: 'getCarousel', summary: "The home page's carousel slides (`{ data }`)", auth: 'none', responses: {} }),
  listActiveChallenges: op({ method: 'get', path: '/public/home/active_uncompleted_challenges', operationId: 'listActiveChallenges', summary: 'Challenges the caller can still complete (`{ data }`)', auth: 'optional', responses: {} }),
  listCompletedChallenges: op({ method: 'get', path: '/public/home/completed_challenges', operationId: 'listCompletedChallenges', summary: 'Challenges the caller completed (`{ data }`)', auth: 'optional', responses: {} }),
  getExtendedProfileChallenge: op({ method: 'get', path: '/public/home/extended_profile_challenge', operationId: 'getExtendedProfileChallenge', summary: 'The profile questions challenge (`{ data }`)', auth: 'optional', responses: {} }),
  getSocialFeedChallenge: op({ method: 'get', path: '/public/home/social_feed_challenge', operationId: 'getSocialFeedChallenge', summary: 'The social feed challenge (`{ data }`)', auth: 'optional', responses: {} }),
  getDonationChallenge: op({ method: 'get', path: '/public/home/donation_challenge', operationId: 'getDonationChallenge', summary: 'The donation challenge (`{ data }`)', auth: 'optional', responses: {} }),
  uploadReceipt: op({ method: 'post', path: '/public/receipts', operationId: 'uploadReceipt', summary: 'Upload a purchase receipt (JPEG, PNG, HEIC or PDF) to earn points once it is read', auth: 'participant', upload: RECEIPT_FILE_FIELD, responses: { 201: receiptUploadResponseSchema } }),
  listReceipts: op({ method: 'get', path: '/public/receipts', operationId: 'listReceipts', summary: "The participant's receipts", auth: 'participant', responses: { 200: participantReceiptListSchema } }),
  getReceipt: op({ method: 'get', path: '/public/receipts/{id}', operationId: 'getReceipt', summary: "One of the participant's receipts", auth: 'participant', params: receiptParams, responses: { 200: receiptUploadResponseSchema } }),
  requestReceiptReview: op({ method: 'post', path: '/public/receipts/{id}/review_request', operationId: 'requestReceiptReview', summary: 'Ask for a person to review a refused receipt', auth: 'participant', params: receiptParams, body: receiptReviewRequestSchema, responses: { 200: receiptUploadResponseSchema } }),
} satisfies Record<string, PublicOperation>

export const publicOperations: PublicOperation[] = Object.values(publicOperationTable)
