import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import type { DataTableState } from './data-table'
import { nextTableSearch, readTableState, type TableState } from './table-search'

export type TablePage<TRow> = { rows: TRow[]; total: number }

type UseServerTableOptions<TRow> = {
  /** The query key without the table state, e.g. programKey(programId, 'participants'). */
  queryKey: readonly unknown[]
  /** Loads one page for the state in the URL; map the endpoint's answer to rows and a total. */
  fetchPage: (state: TableState, signal: AbortSignal) => Promise<TablePage<TRow>>
  enabled?: boolean
}

/**
 * Server-side table state kept in the route's search params (page, per_page, sort, order, q,
 * filters), and the page query for it. The previous page stays on screen while the next one loads.
 * Spread `table.props` into <DataTable>; use setFilter() from filter controls.
 * @example
 * const table = useServerTable({
 *   queryKey: programKey(programId, 'participants'),
 *   fetchPage: (s, signal) => listParticipants(programId, s, signal),
 * })
 * return <DataTable label="Participants" columns={columns} {...table.props} />
 */
export function useServerTable<TRow>({ queryKey, fetchPage, enabled = true }: UseServerTableOptions<TRow>) {
  const search = useSearch({ strict: false })
  const navigate = useNavigate()
  const state = useMemo(() => readTableState(search), [search])

  const update = useCallback(
    (patch: Partial<TableState>) =>
      // Replace, not push: paging through a table should not fill the back button's history.
      navigate({
        to: '.',
        search: ((prev: Record<string, unknown>) => ({ ...prev, ...nextTableSearch(state, patch) })) as never,
        replace: true,
      }),
    [navigate, state],
  )

  const query = useQuery({
    queryKey: [...queryKey, state],
    queryFn: ({ signal }) => fetchPage(state, signal),
    placeholderData: keepPreviousData,
    enabled,
  })

  const props: DataTableState<TRow> = {
    data: query.data?.rows,
    total: query.data?.total ?? 0,
    status: query.status,
    error: query.error,
    onRetry: () => void query.refetch(),
    isFetching: query.isFetching && query.isPlaceholderData,
    pagination: { page: state.page, perPage: state.per_page },
    onPaginationChange: ({ page, perPage }) => update({ page, per_page: perPage as TableState['per_page'] }),
    sorting: { sort: state.sort, order: state.order },
    onSortingChange: ({ sort, order }) => update({ sort, order }),
    search: { value: state.q ?? '', onChange: (q) => update({ q }) },
  }

  return {
    state,
    query,
    props,
    setFilter: (name: string, value: string | undefined) => update({ filters: { ...state.filters, [name]: value ?? '' } }),
    clearFilters: () => update({ filters: {}, q: undefined }),
  }
}
