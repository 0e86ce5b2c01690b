import type { Challenge, SubmitChallengeRequest, SubmitChallengeResponse } from '../../contract/challenges'
import { challengeRoutes as routes } from '../../contract/paths'
import { newIdempotencyKey, type Transport } from '../transport'

export type SubmitOptions = {
  /**
   * Makes retries safe: the server answers a repeated key with the first answer and completes once.
   * Defaults to a fresh random key, so keep the one you passed when you retry the same submit.
   */
  idempotencyKey?: string
}

/** The answer to one recorded social post view. */
export type SocialViewResponse = { success: true; viewed: number; total: number; completed: boolean }

/** Payment checkout answers are not specified yet; a URL to send the browser to is expected. */
export type CheckoutSessionResponse = { url?: string; checkout_url?: string; stripe_url?: string } & Record<
  string,
  unknown
>

// Checkout calls of participant-site.md section 7 (served by a later issue, so not in contract/paths yet).
const checkoutRoutes = {
  donation: (id: number | string) =>
    `/public/challenges/${encodeURIComponent(String(id))}/donation_checkout_session`,
  membership: (id: number | string) =>
    `/public/challenges/${encodeURIComponent(String(id))}/membership_checkout_session`,
} as const

/** Challenges: the challenge page, submits and unified social views (participant-site.md sections 2-4). */
export class ChallengesResource {
  constructor(private readonly t: Transport) {}

  /**
   * One challenge, by numeric id or identifier, with the caller's state (completion, answers, viewed
   * posts). Throws NotFoundError for an unknown or draft challenge.
   * @example
   * const challenge = await client.challenges.retrieve('coffee-quiz')
   * if (challenge.status !== 'active') toast('Challenge is not active')
   */
  retrieve(idOrIdentifier: number | string): Promise<Challenge> {
    return this.t.get(routes.challenge(idOrIdentifier))
  }

  /**
   * Completes a challenge for the signed-in participant. Collect challenges send their answers (check
   * boxes as lists), video challenges the watched percentage. A quiz answered under its pass score is
   * not an error: it resolves with `success: false`, `result: 'quiz_failed'`, `score`, `pass_score`
   * and the message to show (nothing is recorded, so the participant may try again). Refusals throw
   * ApiError with `code` challenge_inactive, already_completed, answers_invalid
   * (`err.fields['questions[12]']`) or payment_required, and the server's message.
   * @example
   * const key = newIdempotencyKey()
   * const res = await client.challenges.submit(
   *   { challenge_id: 7, questions: { 12: { id: 12, value: ['41', '43'], type: 'check_box' } } },
   *   { idempotencyKey: key },
   * )
   * if (res.success) console.log(res.message, res.points)
   * else console.log(res.message) // 'You scored 40%. You need 60% to pass. Please try again.'
   */
  submit(input: SubmitChallengeRequest, options: SubmitOptions = {}): Promise<SubmitChallengeResponse> {
    return this.t.post(routes.submit, {
      json: input,
      idempotencyKey: options.idempotencyKey ?? newIdempotencyKey(),
    })
  }

  /**
   * Records that the participant viewed one post of a unified social challenge (after its countdown).
   * The challenge completes when every top-level post has been viewed.
   * @example
   * const { viewed, total, completed } = await client.challenges.recordSocialView('behind-the-bar', 31)
   */
  recordSocialView(challengeIdOrIdentifier: number | string, postId: number): Promise<SocialViewResponse> {
    return this.t.post(routes.socialSubmission(challengeIdOrIdentifier), {
      query: { social_network_post_id: postId },
    })
  }

  /**
   * Starts a card-payment checkout for a donation: `entity` is a cause id, `amount` one of the
   * challenge's amount options (cents). Answers with the payment page to send the browser to.
   * @example
   * const session = await client.challenges.createDonationCheckout(15, { entity: 'coffee-kids', amount: 1000 })
   */
  createDonationCheckout(
    challengeId: number | string,
    input: { entity: string; amount: number },
    options: SubmitOptions = {},
  ): Promise<CheckoutSessionResponse> {
    return this.t.post(checkoutRoutes.donation(challengeId), {
      json: input,
      idempotencyKey: options.idempotencyKey ?? newIdempotencyKey(),
    })
  }

  /**
   * Starts a card-payment checkout for a paid membership challenge.
   * @example
   * const session = await client.challenges.createMembershipCheckout(5)
   */
  createMembershipCheckout(
    challengeId: number | string,
    options: SubmitOptions = {},
  ): Promise<CheckoutSessionResponse> {
    return this.t.post(checkoutRoutes.membership(challengeId), {
      idempotencyKey: options.idempotencyKey ?? newIdempotencyKey(),
    })
  }
}
