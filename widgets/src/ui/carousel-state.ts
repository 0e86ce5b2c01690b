/** Pure rules of the carousel (participant-site.md sections 2 and 9). */

/** The general carousel's auto-advance delay; the home hero uses 7000 ms. */
export const DEFAULT_CAROUSEL_INTERVAL_MS = 3000
export const HOME_CAROUSEL_INTERVAL_MS = 7000

/** Horizontal travel (px) that turns a drag into a swipe. */
export const SWIPE_THRESHOLD_PX = 40

/**
 * The slide after moving `delta` from `index`: wraps around when `loop`, otherwise stops at the ends.
 * @example stepIndex(2, 1, 3, true) // 0
 */
export function stepIndex(index: number, delta: number, count: number, loop: boolean): number {
  if (count <= 0) return 0
  const next = index + delta
  if (loop) return ((next % count) + count) % count
  return Math.min(count - 1, Math.max(0, next))
}

/**
 * The step a finished drag asks for: -1 (swiped right: previous), 1 (swiped left: next) or 0 (a tap, a
 * short or mostly vertical drag).
 */
export function swipeStep(dx: number, dy: number, threshold = SWIPE_THRESHOLD_PX): -1 | 0 | 1 {
  if (Math.abs(dx) < threshold || Math.abs(dx) < Math.abs(dy)) return 0
  return dx < 0 ? 1 : -1
}

/** Controls (arrows, dots, pause) show only when there is more than one slide. */
export const showsControls = (count: number) => count > 1
