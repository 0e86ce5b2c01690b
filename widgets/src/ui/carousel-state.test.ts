import { describe, expect, it } from 'vitest'
import {
  DEFAULT_CAROUSEL_INTERVAL_MS,
  HOME_CAROUSEL_INTERVAL_MS,
  reachedSlides,
  showsControls,
  stepIndex,
  swipeStep,
} from './carousel-state'
import { formatUsd } from './money'
import { IMAGE_MAX_RETRIES, imageRetryDelay } from './media'

describe('carousel', () => {
  it('advances every 3000 ms by default and 7000 ms on the home hero', () => {
    expect(DEFAULT_CAROUSEL_INTERVAL_MS).toBe(3000)
    expect(HOME_CAROUSEL_INTERVAL_MS).toBe(7000)
  })
  it('wraps around when looping and stops at the ends otherwise', () => {
    expect(stepIndex(2, 1, 3, true)).toBe(0)
    expect(stepIndex(0, -1, 3, true)).toBe(2)
    expect(stepIndex(2, 1, 3, false)).toBe(2)
    expect(stepIndex(0, -1, 3, false)).toBe(0)
    expect(stepIndex(0, 1, 0, true)).toBe(0)
  })
  it('turns a horizontal drag past the threshold into a step', () => {
    expect(swipeStep(-60, 5)).toBe(1)
    expect(swipeStep(60, 5)).toBe(-1)
    expect(swipeStep(20, 0)).toBe(0)
    expect(swipeStep(50, 80)).toBe(0)
  })
  it('hides controls with a single slide', () => {
    expect(showsControls(1)).toBe(false)
    expect(showsControls(2)).toBe(true)
  })
})

describe('reachedSlides: the slides whose media may load', () => {
  it('is the shown slide, then its neighbours once the visitor reaches for the controls or an advance is close', () => {
    const first = new Set([0])
    expect([...reachedSlides(first, 0, 4, true, false)]).toEqual([0])
    expect(reachedSlides(first, 0, 4, true, false)).toBe(first)
    expect([...reachedSlides(first, 0, 4, true, true)].sort()).toEqual([0, 1, 3])
    expect([...reachedSlides(first, 0, 4, false, true)].sort()).toEqual([0, 1])
    // Kept: a slide shown once keeps its media.
    expect([...reachedSlides(new Set([0, 1]), 2, 4, true, false)].sort()).toEqual([0, 1, 2])
    expect([...reachedSlides(new Set([0]), 0, 1, true, true)]).toEqual([0])
  })
})

describe('media retries', () => {
  it('waits 1, 2 and 4 seconds, then gives up', () => {
    expect(IMAGE_MAX_RETRIES).toBe(3)
    expect([0, 1, 2, 3].map(imageRetryDelay)).toEqual([1000, 2000, 4000, null])
    expect(imageRetryDelay(-1)).toBeNull()
  })
})

describe('formatUsd', () => {
  it('shows cents as US dollars', () => {
    expect(formatUsd(500)).toBe('$5.00')
    expect(formatUsd(2900)).toBe('$29.00')
    expect(formatUsd(123456)).toBe('$1,234.56')
  })
})
