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

/** How long before an auto-advance the next slide's media starts loading. */
export const PRELOAD_LEAD_MS = 2000

/**
 * The slides whose media may load once `index` shows and `near` (the visitor reached for the controls,
 * or the next auto-advance is close): every slide shown so far, and with `near` the current one's
 * neighbours. A slide never shown downloads nothing: a visitor who leaves or scrolls on before the
 * carousel moves fetches the first slide's image only.
 * @example reachedSlides(new Set([0]), 0, 3, true, true) // Set {0, 1, 2}
 */
export function reachedSlides(before: ReadonlySet<number>, index: number, count: number, loop: boolean, near: boolean): ReadonlySet<number> {
  const wanted = near ? [index, stepIndex(index, 1, count, loop), stepIndex(index, -1, count, loop)] : [index]
  if (wanted.every((i) => before.has(i))) return before
  return new Set([...before, ...wanted])
}

/** Controls (arrows, dots, pause) show only when there is more than one slide. */
export const showsControls = (count: number) => count > 1
