import type { Challenge, SocialPost } from '../../../../sdk/contract/challenges'
import { formatDateTime } from '../../ui/date'

// The tile labels have their own module: the tiles' first view needs only them.
export { isTileShown, TILE_LABELS, tileLabel, typeName } from './challenge-labels'

// Completion rules have their own module: the payment elements need only them.
export { collectType, type CollectType, isChallengeCompleted, isRepeatable } from './challenge-completion'

/**
 * Seconds a social post must stay on screen before it counts as viewed: gallery 10, image 5, video
 * min(30, half its length rounded down), and 30 for videos longer than 60 seconds.
 * @example socialCountdownSeconds({ post_type: 'video', duration: 45 }) // 22
 */
export function socialCountdownSeconds(post: Pick<SocialPost, 'post_type' | 'duration'>): number {
  switch (post.post_type) {
    case 'gallery':
      return 10
    case 'image':
      return 5
    case 'video': {
      const seconds = Math.max(0, post.duration ?? 0)
      if (seconds > 60) return 30
      return Math.min(30, Math.floor(seconds / 2))
    }
    default:
      return 5
  }
}

/** True when every post of a unified social challenge has been viewed (children do not count). */
export const allPostsViewed = (posts: readonly Pick<SocialPost, 'viewed'>[]) =>
  posts.length > 0 && posts.every((p) => p.viewed)

/**
 * Where the post viewer starts: the post named in ?post_id= when it exists, else the first one not yet
 * viewed, else the first.
 */
export function startPostIndex(
  posts: readonly Pick<SocialPost, 'id' | 'viewed'>[],
  postId: number | null,
): number {
  if (postId !== null) {
    const named = posts.findIndex((p) => p.id === postId)
    if (named >= 0) return named
  }
  return Math.max(
    0,
    posts.findIndex((p) => !p.viewed),
  )
}

/** The next post still to view after `index`, wrapping around; null when every other post is viewed. */
export function nextUnviewedIndex(
  posts: readonly Pick<SocialPost, 'viewed'>[],
  index: number,
): number | null {
  for (let step = 1; step < posts.length; step++) {
    const i = (index + step) % posts.length
    if (!posts[i]!.viewed) return i
  }
  return null
}

/**
 * The share of a video actually played, in percent, from its played time ranges (seeking ahead does not
 * count). 0 while the length is unknown.
 * @example watchedPercent([[0, 30], [50, 60]], 100) // 40
 */
export function watchedPercent(ranges: readonly (readonly [number, number])[], duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0) return 0
  const sorted = [...ranges].sort((a, b) => a[0] - b[0])
  let total = 0
  let end = -Infinity
  for (const [s, e] of sorted) {
    const start = Math.max(s, end)
    if (e > start) total += e - start
    end = Math.max(end, e)
  }
  return Math.min(100, (total / duration) * 100)
}

/**
 * The percentage a video challenge asks for (its `duration`, 1-100); 100 when unset. A tiny tolerance
 * keeps a video that ends a few frames short of the target from never counting.
 */
export function requiredVideoPercent(challenge: Pick<Challenge, 'duration'>): number {
  const d = challenge.duration
  return typeof d === 'number' && d > 0 && d <= 100 ? d : 100
}
export const reachedVideoTarget = (percent: number, target: number) => percent >= target - 0.5

/**
 * What a participant is told on opening a challenge that cannot be taken now: a scheduled one says
 * when it starts, an ended one that it has ended.
 * @example inactiveNotice({ status: 'scheduled', start: '2026-12-01T15:00:00Z', finish: null })
 * // { title: 'This challenge has not started yet', message: 'It starts Dec 1, 2026, 3:00 PM.' }
 */
export function inactiveNotice(challenge: Pick<Challenge, 'status' | 'start' | 'finish'>): {
  title: string
  message?: string
} {
  if (challenge.status === 'scheduled') {
    const when = formatDateTime(challenge.start)
    return { title: 'This challenge has not started yet', ...(when ? { message: `It starts ${when}.` } : {}) }
  }
  if (challenge.status === 'ended') {
    const when = formatDateTime(challenge.finish)
    return { title: 'This challenge has ended', ...(when ? { message: `It ended ${when}.` } : {}) }
  }
  return { title: 'This challenge is not available' }
}
