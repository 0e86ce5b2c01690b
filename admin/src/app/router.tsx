import type { QueryClient } from '@tanstack/react-query'
import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { CONSOLE_BASE } from '../lib/paths'
import { routeTree } from './route-tree'

/**
 * The console's router (docs/decisions/0011-console-router.md): code-based routes under /admin/v2.
 * Preloading on hover warms the query cache; data freshness is the query cache's job, so the
 * router's own preload cache stays off.
 */
export function createAppRouter({ queryClient, history }: { queryClient: QueryClient; history?: RouterHistory }) {
  return createRouter({
    routeTree,
    basepath: CONSOLE_BASE,
    context: { queryClient },
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    trailingSlash: 'never',
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
