import type { Challenge, ChallengeTile } from '../../contract/challenges'
import type { Transport } from '../transport'

/** A home carousel slide (participant-site.md section 3). */
export type CarouselSlide = {
  id: number
  title: string
  description: string | null
  link: string | null
  button_text: string | null
  image: string | null
}
/** The card-payment receipt info block (participant-site.md section 2). */
export type PaymentReceipt = { title: string; message: string; participant_name: string; status: string }
export type ListResponse<T> = { data: T[] }
export type ItemResponse<T> = { data: T | null }

// The home section calls of participant-site.md section 7 (GET /public/home/...). Kept here until
// contract/paths.ts gains them, so that this file stays zod-free.
const routes = {
  carousel: '/public/home/carousel',
  activeUncompleted: '/public/home/active_uncompleted_challenges',
  completed: '/public/home/completed_challenges',
  extendedProfile: '/public/home/extended_profile_challenge',
  socialFeed: '/public/home/social_feed_challenge',
  donation: '/public/home/donation_challenge',
  receipt: '/public/home/stripe_receipt',
} as const

/** The home page sections. Each call answers `{ data }`; challenge entities carry the caller's state. */
export class HomeResource {
  constructor(private readonly t: Transport) {}

  /**
   * The hero carousel slides, in order.
   * @example
   * const { data: slides } = await client.home.carousel()
   */
  carousel(): Promise<ListResponse<CarouselSlide>> {
    return this.t.get(routes.carousel)
  }

  /**
   * Active challenges the caller has not completed (every active challenge for visitors), as tiles:
   * `client.challenges.retrieve(identifier)` answers the full challenge (questions, posts, content).
   * @example
   * const { data } = await client.home.activeUncompletedChallenges()
   * const tiles = data.filter((c) => c.challenge_type !== 'engage')
   */
  activeUncompletedChallenges(): Promise<ListResponse<ChallengeTile>> {
    return this.t.get(routes.activeUncompleted)
  }

  /**
   * Active challenges the signed-in participant has completed (empty for visitors), as tiles.
   * @example
   * const { data: done } = await client.home.completedChallenges()
   */
  completedChallenges(): Promise<ListResponse<ChallengeTile>> {
    return this.t.get(routes.completed)
  }

  /**
   * The profile collect challenge, or null.
   * @example
   * const { data: profile } = await client.home.extendedProfileChallenge()
   */
  extendedProfileChallenge(): Promise<ItemResponse<Challenge>> {
    return this.t.get(routes.extendedProfile)
  }

  /**
   * The unified social challenge with its posts (null without the social_network_posts feature).
   * @example
   * const { data: feed } = await client.home.socialFeedChallenge()
   * const unseen = feed?.social_network_posts.filter((p) => !p.viewed) ?? []
   */
  socialFeedChallenge(): Promise<ItemResponse<Challenge>> {
    return this.t.get(routes.socialFeed)
  }

  /**
   * The donation challenge (null without the donation_challenge feature).
   * @example
   * const { data: donation } = await client.home.donationChallenge()
   */
  donationChallenge(): Promise<ItemResponse<Challenge>> {
    return this.t.get(routes.donation)
  }

  /**
   * The receipt of the signed-in participant's card payment, after the payment page sends them back
   * with `?checkout=success&session_id=...`. `status` stays pending until the payment is confirmed.
   * @example
   * const receipt = await client.home.paymentReceipt(new URLSearchParams(location.search).get('session_id')!)
   */
  paymentReceipt(sessionId: string): Promise<PaymentReceipt> {
    return this.t.get(routes.receipt, { query: { session_id: sessionId } })
  }
}
