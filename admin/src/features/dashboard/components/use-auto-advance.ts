import { useCallback, useEffect, useState } from 'react'

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'

/** True when the user asked the system for less motion (and false where matchMedia is missing). */
export function usePrefersReducedMotion(): boolean {
  const query = typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : null
  const [reduced, setReduced] = useState(() => query?.matches ?? false)
  useEffect(() => {
    if (!query) return
    const onChange = () => setReduced(query.matches)
    query.addEventListener('change', onChange)
    return () => query.removeEventListener('change', onChange)
  }, [query])
  return reduced
}

type AutoAdvance = {
  index: number
  /** Auto-advancing now: not stopped by the user, motion allowed, more than one item. */
  playing: boolean
  /** The user stopped it (an interaction, or the pause button). */
  stopped: boolean
  next: () => void
  previous: () => void
  goTo: (index: number) => void
  /** The pause / play button. */
  toggle: () => void
  /**
   * Spread on the carousel's root: a pointer, focus or key inside it stops auto-advance for good. The
   * pause / play button stops its own pointer and key events from reaching it (see CarouselControls).
   */
  interactionProps: {
    onPointerDown: () => void
    onKeyDown: () => void
    onFocus: () => void
  }
}

/**
 * An index that moves to the next of `count` items every `delayMs`, back to the first after the
 * last (spec section 9: the Latest Users carousel every 4000 ms, the Latest Actions ticker every
 * 3000 ms, both looping). Following the WAI-ARIA carousel pattern, it stops for good once the user
 * interacts with it (pointer, focus, keyboard: they are reading or moving it themselves) and never
 * starts when the system asks for reduced motion; the pause / play button decides after that.
 */
export function useAutoAdvance(count: number, delayMs: number): AutoAdvance {
  const reducedMotion = usePrefersReducedMotion()
  const [index, setIndex] = useState(0)
  const [stopped, setStopped] = useState(false)
  const [resumed, setResumed] = useState(false)
  const playing = count > 1 && !stopped && (!reducedMotion || resumed)

  useEffect(() => {
    if (!playing) return
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), delayMs)
    return () => clearInterval(timer)
  }, [playing, count, delayMs])

  // A shorter list (a refetch) must not leave the index past its end.
  const current = count > 0 ? index % count : 0
  const stop = useCallback(() => setStopped(true), [])
  const move = (to: number) => {
    if (count === 0) return
    setStopped(true)
    setIndex(((to % count) + count) % count)
  }

  return {
    index: current,
    playing,
    stopped,
    next: () => move(current + 1),
    previous: () => move(current - 1),
    goTo: move,
    toggle: () => {
      if (playing) setStopped(true)
      else {
        setStopped(false)
        setResumed(true)
      }
    },
    interactionProps: {
      onPointerDown: stop,
      onKeyDown: stop,
      onFocus: stop,
    },
  }
}
