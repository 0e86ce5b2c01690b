import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type RowData,
  type SortingState,
  type Updater,
  useReactTable,
  type VisibilityState,
} from '@tanstack/react-table'
import { type ReactNode, useState } from 'react'
import { cx } from '../../../lib/cx'
import { useI18n } from '../../../lib/i18n'
import { IconArrowDown, IconArrowUp, IconSortable } from '../icons-ui'
import { ColumnChooser } from './column-chooser'
import { DataTablePagination } from './data-table-pagination'
import { TableSearchInput } from './table-search-input'
import { TableBodyState } from './table-states'

declare module '@tanstack/react-table' {
  // Declaration merging needs TanStack's own type parameter names, used or not.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The column's name in the column chooser when its header is not plain text. */
    label?: string
    /** Numbers read better right-aligned. */
    align?: 'start' | 'end'
  }
}

export type TableSorting = { sort: string | undefined; order: 'asc' | 'desc' | undefined }

/** The controlled state of a server-side table; useServerTable() returns it as `props`. */
export type DataTableState<TRow> = {
  data: TRow[] | undefined
  /** Rows across every page, for the pager. */
  total: number
  status: 'pending' | 'error' | 'success'
  error?: unknown
  onRetry?: () => void
  /** A new page is loading while the previous one stays on screen. */
  isFetching?: boolean
  /** 1-based page. */
  pagination: { page: number; perPage: number }
  onPaginationChange: (next: { page: number; perPage: number }) => void
  sorting?: TableSorting
  onSortingChange?: (next: TableSorting) => void
  /** Shows the search box; the value is the URL's `q`. */
  search?: { value: string; onChange: (value: string) => void }
}

export type DataTableProps<TRow> = DataTableState<TRow> & {
  /** Accessible name of the table ("Participants"). */
  label: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's own column type takes any value type.
  columns: ColumnDef<TRow, any>[]
  /** Column ids hidden until the user shows them in the column chooser. */
  initialHidden?: string[]
  columnChooser?: boolean
  searchPlaceholder?: string
  /** Filter controls, next to the search box. */
  filters?: ReactNode
  /** Buttons at the end of the toolbar (Export Table, Import...). */
  actions?: ReactNode
  getRowId?: (row: TRow, index: number) => string
  emptyMessage?: string
  className?: string
}

const NO_ROWS: never[] = []

/**
 * A server-side table over TanStack Table: the server pages, sorts and filters; this renders the
 * toolbar (search, filters, actions, column chooser), the rows or the loading, empty and failure
 * states, and the pager. Columns are not sortable unless they say `enableSorting: true`, since only
 * the server knows which columns it can sort by.
 */
export function DataTable<TRow>(props: DataTableProps<TRow>) {
  const { label, columns, data, total, status, pagination, sorting, onSortingChange, search } = props
  const { t } = useI18n()
  const [columnVisibility, setColumnVisibility] = useState<VisibilityState>(() =>
    Object.fromEntries((props.initialHidden ?? []).map((id) => [id, false])),
  )
  const sortingState: SortingState = sorting?.sort ? [{ id: sorting.sort, desc: sorting.order === 'desc' }] : []

  const table = useReactTable({
    data: data ?? (NO_ROWS as TRow[]),
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    rowCount: total,
    defaultColumn: { enableSorting: false },
    state: {
      pagination: { pageIndex: pagination.page - 1, pageSize: pagination.perPage },
      sorting: sortingState,
      columnVisibility,
    },
    onColumnVisibilityChange: setColumnVisibility,
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sortingState) : updater
      onSortingChange?.({ sort: next[0]?.id, order: next[0] ? (next[0].desc ? 'desc' : 'asc') : undefined })
    },
    ...(props.getRowId ? { getRowId: props.getRowId } : {}),
  })

  const visibleColumns = table.getVisibleLeafColumns().length
  const showRows = status === 'success' && (data?.length ?? 0) > 0
  return (
    <div className={cx('data-table', props.className)}>
      <div className="data-table-toolbar">
        {search && (
          <TableSearchInput value={search.value} onChange={search.onChange} placeholder={props.searchPlaceholder ?? t('table.search')} />
        )}
        {props.filters && <div className="data-table-filters">{props.filters}</div>}
        <div className="data-table-spacer" />
        {props.actions}
        {props.columnChooser !== false && <ColumnChooser table={table} />}
      </div>
      {/* Scrolls sideways on phones: focusable so keyboard users can scroll it too (axe scrollable-region-focusable). */}
      <div className={cx('data-table-frame', props.isFetching && 'is-fetching')} aria-busy={status === 'pending' || props.isFetching} role="region" aria-label={label} tabIndex={0}>
        <table className="data-table-table" aria-label={label}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted()
                  const align = header.column.columnDef.meta?.align
                  const content = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={cx(align === 'end' && 'align-end')}
                      aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}
                    >
                      {header.column.getCanSort() ? (
                        <button type="button" className="data-table-sort" onClick={header.column.getToggleSortingHandler()}>
                          {content}
                          {sorted === 'asc' ? <IconArrowUp size={14} /> : sorted === 'desc' ? <IconArrowDown size={14} /> : <IconSortable size={14} className="data-table-sort-idle" />}
                        </button>
                      ) : (
                        content
                      )}
                    </th>
                  )
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {showRows ? (
              table.getRowModel().rows.map((row) => (
                <tr key={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className={cx(cell.column.columnDef.meta?.align === 'end' && 'align-end')}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))
            ) : (
              <TableBodyState
                status={status === 'success' ? 'empty' : status}
                columns={visibleColumns}
                rows={Math.min(pagination.perPage, 8)}
                error={props.error}
                onRetry={props.onRetry}
                emptyMessage={props.emptyMessage}
              />
            )}
          </tbody>
        </table>
      </div>
      {status !== 'error' && (
        <DataTablePagination total={total} pagination={pagination} onChange={props.onPaginationChange} loading={status === 'pending'} />
      )}
    </div>
  )
}
