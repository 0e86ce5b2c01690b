import { type QueryClient, useQuery } from '@tanstack/react-query'
import type { ConsoleBootstrap } from './bootstrap'
import { adminClient } from './api-client'

/**
 * The page's bootstrap lives in the query cache, seeded from the embedded JSON: it never goes stale
 * on its own, but after something that changes it (creating a program) refreshBootstrap() refetches
 * GET /admin/v2/me and every screen, and the router's checks, see the new data without a page load.
 */
export const bootstrapQueryKey = ['bootstrap'] as const

const SIGNED_OUT: ConsoleBootstrap = { user: null }

const fetchBootstrap = () => adminClient().programs.me()

export function seedBootstrap(queryClient: QueryClient, bootstrap: ConsoleBootstrap) {
  queryClient.setQueryData(bootstrapQueryKey, bootstrap)
}

/** For route guards (beforeLoad), which run outside React. */
export const readBootstrap = (queryClient: QueryClient): ConsoleBootstrap =>
  queryClient.getQueryData<ConsoleBootstrap>(bootstrapQueryKey) ?? SIGNED_OUT

export const refreshBootstrap = (queryClient: QueryClient) =>
  queryClient.fetchQuery({ queryKey: bootstrapQueryKey, queryFn: fetchBootstrap, staleTime: 0 })

export function useBootstrap(): ConsoleBootstrap {
  const { data } = useQuery({
    queryKey: bootstrapQueryKey,
    queryFn: fetchBootstrap,
    staleTime: Infinity,
    gcTime: Infinity,
  })
  return data ?? SIGNED_OUT
}
