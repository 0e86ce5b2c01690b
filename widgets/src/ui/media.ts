/** Media images retry at most 3 times, after 1, 2 and 4 seconds (participant-site.md sections 8, 9). */
export const IMAGE_MAX_RETRIES = 3

/**
 * The wait before retry number `attempt` (0-based), or null when no retry is left.
 * @example imageRetryDelay(0) // 1000
 */
export function imageRetryDelay(attempt: number): number | null {
  if (!Number.isInteger(attempt) || attempt < 0 || attempt >= IMAGE_MAX_RETRIES) return null
  return 2 ** attempt * 1000
}
