// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { createColumnHelper } from '@tanstack/react-table'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../testing/render'
import { DataTable, type DataTableProps } from './data-table'

type Row = { id: number; name: string; email: string; gender: string }
const column = createColumnHelper<Row>()
const columns = [
  column.accessor('name', { header: 'Name', enableSorting: true }),
  column.accessor('email', { header: 'Email' }),
  column.accessor('gender', { header: 'Gender' }),
]
const rows: Row[] = [
  { id: 1, name: 'Ada Lovelace', email: 'ada@example.com', gender: 'f' },
  { id: 2, name: 'Alan Turing', email: 'alan@example.com', gender: 'm' },
]

function renderTable(props: Partial<DataTableProps<Row>> = {}) {
  const onPaginationChange = vi.fn()
  const onSortingChange = vi.fn()
  renderWithProviders(
    <DataTable<Row>
      label="Participants"
      columns={columns}
      data={rows}
      total={45}
      status="success"
      pagination={{ page: 1, perPage: 20 }}
      onPaginationChange={onPaginationChange}
      sorting={{ sort: undefined, order: undefined }}
      onSortingChange={onSortingChange}
      {...props}
    />,
  )
  return { onPaginationChange, onSortingChange }
}

afterEach(cleanup)

describe('DataTable states', () => {
  it('shows skeleton rows while the first page loads', () => {
    renderTable({ status: 'pending', data: undefined, pagination: { page: 1, perPage: 10 } })
    const table = screen.getByRole('table', { name: 'Participants' })
    expect(within(table).getAllByTestId('skeleton-row')).toHaveLength(8)
    expect(screen.queryByText('Ada Lovelace')).toBeNull()
  })

  it('says No results found when the page is empty', () => {
    renderTable({ data: [], total: 0 })
    expect(screen.getByText('No results found')).toBeTruthy()
  })

  it('shows the failure with the server message and a Retry button', () => {
    const onRetry = vi.fn()
    renderTable({ status: 'error', data: undefined, error: new Error('Database is asleep'), onRetry })
    const alert = screen.getByRole('alert')
    expect(within(alert).getByText('Something went wrong!')).toBeTruthy()
    expect(within(alert).getByText('Database is asleep')).toBeTruthy()
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })

  it('renders the rows, the range and the pager', () => {
    const { onPaginationChange } = renderTable()
    expect(screen.getByText('Ada Lovelace')).toBeTruthy()
    expect(screen.getByText('1–20 of 45')).toBeTruthy()
    expect(screen.getByText('Page 1 of 3')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }))
    expect(onPaginationChange).toHaveBeenCalledWith({ page: 2, perPage: 20 })
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('asks the server to sort only by columns that opt in', () => {
    const { onSortingChange } = renderTable()
    fireEvent.click(screen.getByRole('button', { name: 'Name' }))
    expect(onSortingChange).toHaveBeenCalledWith({ sort: 'name', order: 'asc' })
    expect(screen.queryByRole('button', { name: 'Email' })).toBeNull()
  })
})

describe('DataTable column chooser', () => {
  // The open menu hides the rest of the page from assistive technology, so read the DOM itself.
  const headers = () => [...document.querySelectorAll('thead th')].map((th) => th.textContent)

  it('hides initialHidden columns until the user shows them', async () => {
    renderTable({ initialHidden: ['gender'] })
    expect(headers()).toEqual(['Name', 'Email'])

    fireEvent.keyDown(screen.getByRole('button', { name: 'Columns' }), { key: 'Enter' })
    const gender = await screen.findByRole('menuitemcheckbox', { name: 'Gender' })
    expect(gender.getAttribute('aria-checked')).toBe('false')
    fireEvent.click(gender)
    expect(headers()).toEqual(['Name', 'Email', 'Gender'])

    fireEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Email' }))
    expect(headers()).toEqual(['Name', 'Gender'])
  })
})
