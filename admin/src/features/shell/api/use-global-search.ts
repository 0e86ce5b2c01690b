import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { programKey } from '../../../lib/query-client'
import { useDebouncedValue } from '../../../lib/use-debounced-value'
import { searchProgram } from './global-search'

export const SEARCH_DEBOUNCE_MS = 250
export const SEARCH_MIN_LENGTH = 2

/** Program search for the command palette: debounced, from two characters, only with global_search:view. */
export function useGlobalSearch(programId: number | undefined, query: string, allowed: boolean) {
  const q = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS)
  const active = allowed && programId !== undefined && q.length >= SEARCH_MIN_LENGTH
  const result = useQuery({
    queryKey: programKey(programId ?? 0, 'search', q),
    queryFn: ({ signal }) => searchProgram(programId!, q, signal),
    enabled: active,
    placeholderData: keepPreviousData,
  })
  const typing = allowed && query.trim() !== q && query.trim().length >= SEARCH_MIN_LENGTH
  return { active: active && query.trim().length >= SEARCH_MIN_LENGTH, loading: typing || (active && result.isFetching), data: active ? result.data : undefined, error: result.error }
}
