import type { OffersRewardResponse, ProcessRewardResponse, Reward, RewardListResponse } from '../../contract/rewards'
import { newIdempotencyKey, type Transport } from '../transport'

// The reward calls of participant-site.md section 7. Kept here until contract/paths.ts gains them,
// so that this file stays zod-free: it imports only types from the contract.
export const rewardRoutes = {
  reward: (id: number) => `/public/rewards/${encodeURIComponent(String(id))}`,
  processReward: '/public/rewards/process_reward',
  activeRewards: '/public/home/active_rewards',
  currentRewards: '/public/home/current_rewards',
  claimedRewards: '/public/home/claimed_rewards',
  offersReward: '/public/home/offers_reward',
} as const
const routes = rewardRoutes

export type ClaimOptions = {
  /**
   * Makes retries safe: the server answers a repeated key with the first answer and spends once.
   * Defaults to a fresh random key, so reuse the one you passed when you retry.
   */
  idempotencyKey?: string
  /** Sweepstakes only: how many entries to buy (default 1). */
  entries?: number
}

/** Rewards: details, claims and the home page lists (participant-site.md sections 2-4). */
export class RewardsResource {
  constructor(private readonly t: Transport) {}

  /**
   * One reward as the caller sees it. Throws NotFoundError for a reward that is hidden, unknown or
   * of another program.
   * @example
   * const reward = await client.rewards.retrieve(42)
   * if (reward.earned_by_current_participant_on) console.log('Earned', reward.coupon_code)
   */
  retrieve(id: number): Promise<Reward> {
    return this.t.get(routes.reward(id))
  }

  /**
   * Claims a reward (redeem, offer) or buys sweepstake entries for the signed-in participant. Refusals
   * throw ApiError with `code` already_claimed, not_enough_points, out_of_stock, not_eligible or
   * reward_unavailable, and the server's message.
   * @example
   * const key = crypto.randomUUID()
   * try {
   *   const { message, reward } = await client.rewards.claim(42, { idempotencyKey: key })
   *   toast('Congrats!', message)
   * } catch (err) {
   *   if (err instanceof ApiError && err.code === 'not_enough_points') toast('Something went wrong', err.message)
   * }
   */
  claim(rewardId: number, options: ClaimOptions = {}): Promise<ProcessRewardResponse> {
    const json =
      options.entries === undefined
        ? { reward_id: rewardId }
        : { reward_id: rewardId, entries: options.entries }
    return this.t.post(routes.processReward, {
      json,
      idempotencyKey: options.idempotencyKey ?? newIdempotencyKey(),
    })
  }

  /**
   * The visible rewards (featured ones only when signed out).
   * @example
   * const { data } = await client.rewards.listActive()
   */
  listActive(): Promise<RewardListResponse> {
    return this.t.get(routes.activeRewards)
  }

  /**
   * Rewards the signed-in participant can still earn.
   * @example
   * const { data: current } = await client.rewards.listCurrent()
   */
  listCurrent(): Promise<RewardListResponse> {
    return this.t.get(routes.currentRewards)
  }

  /**
   * Rewards the signed-in participant has claimed or won, latest first.
   * @example
   * const { data: mine } = await client.rewards.listClaimed()
   */
  listClaimed(): Promise<RewardListResponse> {
    return this.t.get(routes.claimedRewards)
  }

  /**
   * The program's offer reward and whether the caller may redeem merchant offers.
   * @example
   * const { data } = await client.rewards.offers()
   * if (!data.eligible) showMembershipPrompt(data.reward)
   */
  offers(): Promise<OffersRewardResponse> {
    return this.t.get(routes.offersReward)
  }
}
