import type { ProcessRewardResponse } from '../../../../sdk/contract/rewards'

// The toasts of a claim (participant-site.md section 8): their own module, fetched when a claim
// answers (reward-card.tsx), so a card that is only looked at does not download these words.

export type ClaimToast = { tone: 'success' | 'error'; title: string; message: string }

export const CLAIM_SUCCESS_MESSAGE = 'You have successfully claimed this reward'

/** The toast of a successful claim: 'Congrats!' with the server's message (section 8). */
export const claimSuccessToast = (res: Pick<ProcessRewardResponse, 'message'>): ClaimToast => ({
  tone: 'success',
  title: 'Congrats!',
  message: res.message?.trim() || CLAIM_SUCCESS_MESSAGE,
})

/** Words for a refusal whose answer carried no message (a proxy's empty 409, say). */
const FALLBACK: Record<string, string> = {
  not_enough_points: "You don't have enough points for this reward yet.",
  already_claimed: 'You have already claimed this reward.',
  out_of_stock: 'This reward is out of stock.',
  reward_unavailable: 'This reward is not available right now.',
  not_eligible: 'You are not eligible for this reward.',
}

/** Refusals after which the reward itself has changed, so the card is loaded again. */
const STALE = new Set(['already_claimed', 'out_of_stock', 'reward_unavailable'])

/**
 * The destructive toast of a failed claim: 'Something went wrong' with the server's message (section
 * 8), and whether to reload the reward. Takes anything thrown (SDK errors carry `code` and `message`)
 * or a `{ success: false, message }` answer.
 * @example claimErrorToast({ code: 'not_enough_points', message: 'You need 25 more points' })
 *   // { toast: { tone: 'error', title: 'Something went wrong', message: 'You need 25 more points' }, reload: false }
 */
export function claimErrorToast(err: unknown): { toast: ClaimToast; reload: boolean } {
  const e = (typeof err === 'object' && err !== null ? err : {}) as { code?: unknown; message?: unknown }
  const code = typeof e.code === 'string' ? e.code : ''
  const server = typeof e.message === 'string' ? e.message.trim() : ''
  // A fetch that never reached the server says "Failed to fetch": not words for people.
  const offline = err instanceof TypeError
  const message = (!offline && server) || FALLBACK[code] || 'Please try again'
  return { toast: { tone: 'error', title: 'Something went wrong', message }, reload: STALE.has(code) }
}
