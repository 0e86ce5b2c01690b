import type { ComponentType } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { Skeleton } from '../ui/skeleton'

/** A page module loaded on first use (its own chunk), so the home page's bundle stays small. */
export type PageLoader<P> = {
  preload: () => Promise<ComponentType<P>>
  loaded: () => ComponentType<P> | null
}

/** Wraps a dynamic import; `preload()` fetches the chunk ahead of time (once). */
export function pageLoader<P>(load: () => Promise<ComponentType<P>>): PageLoader<P> {
  let page: ComponentType<P> | null = null
  let pending: Promise<ComponentType<P>> | null = null
  return {
    loaded: () => page,
    preload: () => {
      pending ??= load().then(
        (loaded) => {
          page = loaded
          return loaded
        },
        (err: unknown) => {
          // A later visit may try again (a flaky network, a new deploy).
          pending = null
          throw err
        },
      )
      return pending
    },
  }
}

/** Renders a lazily loaded page, with a loading band meanwhile; a failed load throws to the error boundary. */
export function LazyPage<P extends object>({ loader, props }: { loader: PageLoader<P>; props: P }) {
  const [Page, setPage] = useState<ComponentType<P> | null>(loader.loaded)
  const [error, setError] = useState<unknown>(null)
  useEffect(() => {
    if (Page) return
    loader.preload().then(
      (page) => setPage(() => page),
      (err: unknown) => setError(err ?? new Error('page failed to load')),
    )
  }, [Page, loader])
  if (error) throw error
  return Page ? <Page {...props} /> : <PageLoading />
}

function PageLoading() {
  return (
    <div class="page-loading" aria-busy="true">
      <div class="page-band">
        <div class="container">
          <p class="visually-hidden" role="status">
            Loading, please wait...
          </p>
          <Skeleton width="min(420px, 70%)" height={40} class="skeleton--inverse" />
        </div>
      </div>
    </div>
  )
}
