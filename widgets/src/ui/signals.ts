import { options, type VNode } from 'preact'
import { useMemo } from 'preact/hooks'

/**
 * A small stand-in for `@preact/signals` in the widgets' production builds (the site's and the embeds'
 * vite configs alias the package here; decision 0015): the same `signal`, `computed`, `effect`,
 * `useSignal`, `.value`, `.peek()` and `.subscribe()`, and components that read `.value` while
 * rendering re-render when it changes. About 0.6 KB gzip instead of 3.2 KB. Left out, because the
 * widgets do not use them: signals rendered directly as JSX text or props, batching (a component
 * re-renders once anyway: Preact debounces setState), lazy computeds (these recompute eagerly), and
 * the auto-memo of signal-only components (they re-render with their parent, as plain Preact
 * components do). The unit tests run the package itself, and ui/signals.test.tsx this module.
 */

type Tracker = { deps: Set<Signal<unknown>>; run: () => void }

/** The effect or component rendering now: `.value` reads subscribe it. */
let tracker: Tracker | null = null

function untrack(t: Tracker) {
  for (const s of t.deps) s._subs.delete(t.run)
  t.deps.clear()
}

export class Signal<T = unknown> {
  /** @internal */
  _v: T
  /** @internal */
  _subs = new Set<() => void>()

  constructor(value: T) {
    this._v = value
  }

  get value(): T {
    if (tracker) {
      tracker.deps.add(this as Signal<unknown>)
      this._subs.add(tracker.run)
    }
    return this._v
  }

  set value(next: T) {
    if (next === this._v) return
    this._v = next
    for (const run of [...this._subs]) run()
  }

  peek(): T {
    return this._v
  }

  /** Calls `fn` with the value now and after every change; returns the unsubscribe. */
  subscribe(fn: (value: T) => void): () => void {
    return effect(() => {
      const value = this.value
      const outer = tracker
      tracker = null
      try {
        fn(value)
      } finally {
        tracker = outer
      }
    })
  }

  toString() {
    return String(this.value)
  }

  toJSON() {
    return this.value
  }
}

export type ReadonlySignal<T = unknown> = Signal<T>

export const signal = <T>(value: T): Signal<T> => new Signal(value)

/**
 * Runs `fn` now and again whenever a signal it read changes; `fn` may return a cleanup, run before
 * the next run and on disposal. Returns the disposal.
 */
export function effect(fn: () => unknown): () => void {
  let cleanup: unknown
  let live = true
  const t: Tracker = {
    deps: new Set(),
    run: () => {
      if (!live) return
      untrack(t)
      if (typeof cleanup === 'function') cleanup()
      const outer = tracker
      tracker = t
      try {
        cleanup = fn()
      } finally {
        tracker = outer
      }
    },
  }
  t.run()
  return () => {
    live = false
    untrack(t)
    if (typeof cleanup === 'function') cleanup()
  }
}

/** A signal holding `fn()`, kept current by an effect (computed eagerly, for the page's lifetime). */
export function computed<T>(fn: () => T): ReadonlySignal<T> {
  const s = new Signal<T>(undefined as T)
  effect(() => {
    s.value = fn()
  })
  return s
}

/** A signal owned by a component (made on its first render). */
export const useSignal = <T>(value: T): Signal<T> => useMemo(() => new Signal(value), [])

// --- Components -------------------------------------------------------------------------------
// Preact's option hooks (mangled names, as @preact/signals uses them): `__r` before a component
// renders, `__b` before any vnode is diffed, `diffed` after, `__e` when rendering threw. A component's
// reads are tracked from its `__r` until the next of those, as in @preact/signals.

type Hooks = Record<string, ((...args: unknown[]) => void) | undefined>
type Rendered = VNode & { __c?: { setState(s: object): void; _twTracker?: Tracker } }

const hooks = options as unknown as Hooks
let finish: (() => void) | null = null

function stopComponent() {
  if (finish) {
    const f = finish
    finish = null
    f()
  }
}

function hook(name: string, fn: (vnode: Rendered) => void, after = false) {
  const old = hooks[name]
  hooks[name] = (...args: unknown[]) => {
    if (after) old?.(...args)
    fn(args[0] as Rendered)
    if (!after) old?.(...args)
  }
}

hook(
  '__r',
  (vnode) => {
    stopComponent()
    const component = vnode.__c
    if (!component) return
    const t = (component._twTracker ??= { deps: new Set(), run: () => component.setState({}) })
    untrack(t)
    const outer = tracker
    tracker = t
    finish = () => {
      tracker = outer
    }
  },
  true,
)
hook('__b', stopComponent)
hook('diffed', stopComponent)
hook('__e', stopComponent)
hook('unmount', (vnode) => {
  const t = vnode.__c?._twTracker
  if (t) untrack(t)
})
