import type { ComponentType, JSX } from 'preact'
import { useEffect, useState } from 'preact/hooks'

/** Fetches a component's chunk (a dynamic import) and resolves to it. */
export type ComponentLoader<P = object> = () => Promise<ComponentType<P>>

export type LazyComponent<P> = ComponentType<P> & { preload(): Promise<ComponentType<P>> }

declare global {
  /** Set by the embedded widgets (embed/styles.ts): a fetched chunk's CSS reaches the shadow roots. */
  var __TESSERA_CSS_SYNC__: (() => void) | undefined
}

/**
 * A component whose code is fetched the first time it renders: `fallback` until then (nothing by
 * default), then the component. Widgets use it for parts a first view rarely shows (the earned code's
 * copy field, the offers screens after the location gate), so neither the hosted site's first page nor
 * an embedded element downloads them up front. A chunk that cannot be fetched throws into the nearest
 * error boundary; the next render tries again.
 */
export function lazy<P extends object>(
  load: ComponentLoader<P>,
  fallback: (props: P) => JSX.Element | null = () => null,
): LazyComponent<P> {
  let view: ComponentType<P> | undefined
  let pending: Promise<ComponentType<P>> | undefined
  const fetchView = () =>
    (pending ??= load().then(
      (loaded) => {
        // In the custom elements, the chunk registered its CSS when it ran: every shadow root adopts it.
        globalThis.__TESSERA_CSS_SYNC__?.()
        view = loaded
        return loaded
      },
      (err: unknown) => {
        pending = undefined
        throw err
      },
    ))

  function Lazy(props: P) {
    const [failure, setFailure] = useState<unknown>(null)
    const [, setReady] = useState(false)
    useEffect(() => {
      // Another element may have fetched the chunk between this render and its effect: show it now
      // (returning here without a new render would leave the fallback up for good).
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
    if (!view) return fallback(props)
    const View = view
    return <View {...props} />
  }
  // Starts the fetch ahead of the first render (the sign-in steps while the e-mail is being checked).
  Lazy.preload = fetchView
  return Lazy
}
