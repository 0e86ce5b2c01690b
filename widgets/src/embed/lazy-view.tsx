import type { JSX } from 'preact'
import { type ComponentLoader, type LazyComponent, lazy } from '../ui/lazy'
import { Skeleton } from '../ui/skeleton'
import './styles'

/** Fetches a view's chunk (a dynamic import) and resolves to its component. */
export type ViewLoader<P = object> = ComponentLoader<P>

/**
 * An element's view (or a panel inside one) whose code is fetched the first time it renders: `fallback`
 * (a skeleton) until then, then the view (ui/lazy.tsx).
 * The chunk registers its own CSS when it runs (vite.embed.config.ts), so every live shadow root
 * adopts it before the view appears (embed/styles.ts). A chunk that cannot be fetched throws into the
 * element's error boundary ("This content could not be shown."); the next render of the element tries
 * again.
 */
export function lazyView<P extends object>(
  load: ViewLoader<P>,
  fallback: () => JSX.Element | null = () => <Skeleton class="tw-loading" height={120} />,
): LazyComponent<P> {
  return lazy(load, fallback)
}
