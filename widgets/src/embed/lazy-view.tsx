import type { ComponentType, JSX } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { Skeleton } from '../ui/skeleton'
import { syncStyles } from './styles'

/** Fetches a view's chunk (a dynamic import) and resolves to its component. */
export type ViewLoader<P = object> = () => Promise<ComponentType<P>>

/**
 * A component whose code is fetched the first time it renders: `fallback` (a skeleton) until then,
 * then the view.
 * The chunk registers its own CSS when it runs (vite.embed.config.ts), so every live shadow root
 * adopts it before the view appears. A chunk that cannot be fetched throws into the element's error
 * boundary ("This content could not be shown."); the next render of the element tries again.
 */
export function lazyView<P extends object>(
  load: ViewLoader<P>,
  fallback: () => JSX.Element | null = () => <Skeleton class="tw-loading" height={120} />,
): ComponentType<P> {
  let view: ComponentType<P> | undefined
  let pending: Promise<ComponentType<P>> | undefined
  const fetchView = () =>
    (pending ??= load().then(
      (loaded) => {
        syncStyles()
        view = loaded
        return loaded
      },
      (err: unknown) => {
        pending = undefined
        throw err
      },
    ))

  return function LazyView(props: P) {
    const [failure, setFailure] = useState<unknown>(null)
    const [, setReady] = useState(false)
    useEffect(() => {
      // Another element may have fetched the chunk between this render and its effect: show it now
      // (returning here without a new render would leave the skeleton up for good).
      if (view) {
        setReady(true)
        return
      }
      let live = true
      fetchView().then(
        () => live && setReady(true),
        (err: unknown) => live && setFailure(err ?? new Error('view failed to load')),
      )
      return () => {
        live = false
      }
    }, [])
    if (failure) throw failure
    if (!view) return fallback()
    const View = view
    return <View {...props} />
  }
}
