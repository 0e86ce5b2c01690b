import type { ComponentChildren } from 'preact'
import { useEffect, useState } from 'preact/hooks'

/** Whether the page's first screen, and everything waiting for it, has been drawn. */
let settled = false
/** What waits to be drawn, in the order it mounted (the page's order, top to bottom). */
const waiting: (() => void)[] = []
let draining = false

/** Draws the next waiting part, then the rest one task each. */
function drainNext() {
  const next = waiting.shift()
  if (!next) {
    draining = false
    settled = true
    return
  }
  next()
  setTimeout(drainNext, 0)
}

/**
 * Its children once the page's first screen has been painted, one wrapped part per task in page
 * order: the page's first task draws only what the first screen shows (the header and the hero), and
 * no later task draws more than a section (Preact runs effects after the next frame). On a phone, one
 * task that drew the whole home page was the start's longest (about 60 ms on a desktop, 4x that on
 * Lighthouse's phone, all of it Total Blocking Time: issue 29). What it wraps must sit below the first
 * screen or hold no one's place, so nothing moves when it comes. Screens opened later in the same page
 * load render at once.
 */
export function AfterFirstPaint({ children }: { children: ComponentChildren }) {
  const [shown, setShown] = useState(settled)
  useEffect(() => {
    if (shown) return
    let mounted = true
    waiting.push(() => mounted && setShown(true))
    if (!draining) {
      draining = true
      drainNext()
    }
    return () => {
      mounted = false
    }
  }, [])
  return shown ? <>{children}</> : null
}
