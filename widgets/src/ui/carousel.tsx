import type { ComponentChildren } from 'preact'
import { useEffect, useId, useRef, useState } from 'preact/hooks'
import { IconButton } from './button'
import { DEFAULT_CAROUSEL_INTERVAL_MS, PRELOAD_LEAD_MS, reachedSlides, showsControls, stepIndex, swipeStep } from './carousel-state'
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from './icons'
import './carousel.css'

type CarouselProps<T> = {
  items: readonly T[]
  /** The carousel's accessible name, e.g. "Highlights". */
  label: string
  /**
   * `load`: whether the slide's media may load: it has been shown, or is next to the shown one while
   * the visitor reaches for the controls or the next auto-advance is close (reachedSlides).
   */
  renderItem: (item: T, index: number, active: boolean, load: boolean) => ComponentChildren
  itemKey?: (item: T, index: number) => string | number
  /** Auto-advance delay in ms (3000 by default); 0 or false turns auto-advance off. */
  interval?: number | false
  /** Wrap around at the ends (default true). */
  loop?: boolean
  class?: string
  /** Called when the shown slide changes. */
  onChange?: (index: number) => void
  /** Controlled index (optional). */
  index?: number
}

const prefersReducedMotion = () =>
  typeof matchMedia !== 'undefined' && matchMedia('(prefers-reduced-motion: reduce)').matches

/**
 * A slide carousel: auto-advances (pausing on hover, touch, drag and keyboard focus, with a pause
 * button), wraps around, changes slides with a swipe, arrows or dots, and hides its controls when it
 * has one slide. Slides that are not shown are inert.
 */
export function Carousel<T>({
  items,
  label,
  renderItem,
  itemKey,
  interval = DEFAULT_CAROUSEL_INTERVAL_MS,
  loop = true,
  class: className,
  onChange,
  index: controlled,
}: CarouselProps<T>) {
  const [own, setOwn] = useState(0)
  const count = items.length
  const index = Math.min(controlled ?? own, Math.max(0, count - 1))
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [dragging, setDragging] = useState(false)
  const [stopped, setStopped] = useState(() => prefersReducedMotion())
  const [dragX, setDragX] = useState(0)
  const start = useRef<{ x: number; y: number; id: number } | null>(null)
  const id = useId()
  const controls = showsControls(count)
  const autoplay = Boolean(interval) && controls && !stopped
  const paused = hovered || focused || dragging
  const [reached, setReached] = useState<ReadonlySet<number>>(() => new Set([index]))
  const reach = (near: boolean) => setReached((before) => reachedSlides(before, index, count, loop, near))
  // A slide shown once (however it came: a step, a dot, a controlled index) keeps its media.
  useEffect(() => {
    reach(false)
  }, [index])

  const go = (next: number) => {
    setOwn(next)
    onChange?.(next)
  }
  const step = (delta: number) => go(stepIndex(index, delta, count, loop))

  // The auto-advance's clock restarts when the shown slide or the pause changes, not on every render
  // (the next slide's media arriving re-renders the carousel).
  const advance = useRef(() => {})
  advance.current = () => go(stepIndex(index, 1, count, loop))
  useEffect(() => {
    if (!autoplay || paused) return
    if (!loop && index >= count - 1) return
    const timer = setTimeout(() => advance.current(), interval as number)
    // The next slide's media starts loading shortly before it shows.
    const early = setTimeout(() => reach(true), Math.max(0, (interval as number) - PRELOAD_LEAD_MS))
    return () => {
      clearTimeout(timer)
      clearTimeout(early)
    }
  }, [autoplay, paused, index, count, loop, interval])

  const onPointerDown = (e: PointerEvent) => {
    if (!controls || (e.pointerType === 'mouse' && e.button !== 0)) return
    reach(true)
    start.current = { x: e.clientX, y: e.clientY, id: e.pointerId }
    setDragging(true)
  }
  const onPointerMove = (e: PointerEvent) => {
    if (start.current?.id !== e.pointerId) return
    const dx = e.clientX - start.current.x
    if (Math.abs(dx) > 8 && Math.abs(dx) > Math.abs(e.clientY - start.current.y)) setDragX(dx)
  }
  const endDrag = (e: PointerEvent) => {
    const s = start.current
    if (!s || s.id !== e.pointerId) return
    start.current = null
    setDragging(false)
    setDragX(0)
    const move = swipeStep(e.clientX - s.x, e.clientY - s.y)
    if (move) step(move)
  }

  return (
    <section
      class={['carousel', className].filter(Boolean).join(' ')}
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => {
        setHovered(true)
        if (controls) reach(true)
      }}
      onMouseLeave={() => setHovered(false)}
      onFocusIn={() => {
        setFocused(true)
        if (controls) reach(true)
      }}
      onFocusOut={(e) => {
        if (!(e.currentTarget as HTMLElement).contains(e.relatedTarget as Node | null)) setFocused(false)
      }}
      onKeyDown={(e) => {
        if (!controls) return
        if (e.key === 'ArrowLeft') step(-1)
        else if (e.key === 'ArrowRight') step(1)
      }}
    >
      <div
        class={['carousel__viewport', dragging && 'carousel__viewport--dragging'].filter(Boolean).join(' ')}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      >
        <div
          class="carousel__track"
          id={`${id}-track`}
          aria-live={autoplay && !paused ? 'off' : 'polite'}
          style={{ transform: `translateX(calc(${-index * 100}% + ${dragX}px))` }}
        >
          {items.map((item, i) => (
            // the WAI-ARIA carousel pattern names each slide a group with roledescription "slide"
            <div
              key={itemKey ? itemKey(item, i) : i}
              class="carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              aria-hidden={i === index ? undefined : 'true'}
              inert={i !== index}
            >
              {renderItem(item, i, i === index, i === index || reached.has(i))}
            </div>
          ))}
        </div>
      </div>
      {controls && (
        <div class="carousel__controls">
          {Boolean(interval) && (
            <IconButton
              label={stopped ? 'Start slide rotation' : 'Stop slide rotation'}
              class="carousel__btn"
              onClick={() => setStopped(!stopped)}
            >
              {stopped ? <PlayIcon size={16} /> : <PauseIcon size={16} />}
            </IconButton>
          )}
          <IconButton
            label="Previous slide"
            class="carousel__btn"
            aria-controls={`${id}-track`}
            disabled={!loop && index === 0}
            onClick={() => step(-1)}
          >
            <ChevronLeftIcon size={18} />
          </IconButton>
          <div class="carousel__dots">
            {items.map((_, i) => (
              <button
                // dots are positions
                key={i}
                type="button"
                class="carousel__dot"
                aria-label={`Go to slide ${i + 1}`}
                aria-current={i === index ? 'true' : undefined}
                aria-controls={`${id}-track`}
                onClick={() => go(i)}
              />
            ))}
          </div>
          <IconButton
            label="Next slide"
            class="carousel__btn"
            aria-controls={`${id}-track`}
            disabled={!loop && index === count - 1}
            onClick={() => step(1)}
          >
            <ChevronRightIcon size={18} />
          </IconButton>
        </div>
      )}
    </section>
  )
}
