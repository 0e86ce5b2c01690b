import { Link } from '@tanstack/react-router'
import { createColumnHelper } from '@tanstack/react-table'
import { useMemo } from 'react'
import { receiptStatuses } from '../../../../../sdk/contract/console/receipts'
import { DataTable } from '../../../components/ui/data-table/data-table'
import { TableSearchInput } from '../../../components/ui/data-table/table-search-input'
import { useServerTable } from '../../../components/ui/data-table/use-server-table'
import { Input } from '../../../components/ui/input'
import { PageHeader } from '../../../components/ui/page-header'
import { Select } from '../../../components/ui/select'
import { useI18n } from '../../../lib/i18n'
import { useCurrentProgram } from '../../../lib/use-program'
import { fetchReceipts, type ReceiptRow, receiptsKey } from '../api/receipts'
import { useReceiptText } from '../messages'
import { ParticipantLink, ReceiptStatusBadge, useDates, useMoney } from './receipt-parts'

const column = createColumnHelper<ReceiptRow>()
const ALL = 'all'

/**
 * programs/{program_id}/receipts: status, merchant, purchase date, total, points and participant,
 * filtered by status, tag and upload date on the server. Detail links need receipts manage (spec
 * section 6); participant links need users view.
 */
export function ReceiptsPage() {
  const rt = useReceiptText()
  const { t, formatNumber } = useI18n()
  const { program, can } = useCurrentProgram()
  const programId = program.id
  const money = useMoney()
  const dates = useDates()
  const mayOpen = can('receipts:manage')
  const table = useServerTable({ queryKey: receiptsKey(programId, 'list'), fetchPage: (state, signal) => fetchReceipts(programId, state, signal) })
  const columns = useMemo(
    () => [
      column.accessor('id', {
        header: rt('col.id'),
        cell: (c) =>
          mayOpen ? (
            <Link className="cell-strong" to="/programs/$programId/receipts/$receiptId" params={{ programId, receiptId: c.getValue() }} aria-label={rt('reviewTitle', { id: c.getValue() })}>
              {c.getValue()}
            </Link>
          ) : (
            c.getValue()
          ),
      }),
      column.accessor('status', { header: rt('col.status'), cell: (c) => <ReceiptStatusBadge status={c.getValue()} /> }),
      column.accessor('merchant_name', { header: rt('col.merchant'), cell: (c) => c.getValue() ?? '—' }),
      column.accessor('purchase_date', { header: rt('col.date'), cell: (c) => dates.day(c.getValue()) }),
      column.accessor('total_amount', { header: rt('col.total'), meta: { align: 'end' }, cell: (c) => money(c.getValue()) }),
      column.accessor('points', { header: rt('col.points'), meta: { align: 'end' }, cell: (c) => formatNumber(c.getValue()) }),
      column.accessor('participant', { header: rt('col.participant'), cell: (c) => <ParticipantLink programId={programId} participant={c.getValue()} /> }),
      column.accessor('tags', {
        header: rt('col.tags'),
        cell: (c) => (
          <span className="participant-tags">
            {c.getValue().map((tag) => (
              <span key={tag} className="badge badge-muted">
                {tag}
              </span>
            ))}
          </span>
        ),
      }),
      column.accessor('created_at', { header: rt('col.uploaded'), cell: (c) => dates.moment(c.getValue()) }),
    ],
    [rt, formatNumber, money, dates, programId, mayOpen],
  )
  const { filters } = table.state
  const statusOptions = [{ value: ALL, label: rt('allStatuses') }, ...receiptStatuses.map((s) => ({ value: s, label: rt(`status.${s}`) }))]
  return (
    <>
      <PageHeader title={t('nav.receipts')} description={t('receipts.subtitle', { program: program.name })} />
      <DataTable
        label={rt('title')}
        columns={columns}
        {...table.props}
        search={undefined}
        getRowId={(row) => String(row.id)}
        emptyMessage={rt('empty')}
        filters={
          <>
            <Select size="sm" aria-label={rt('col.status')} value={filters.status ?? ALL} onValueChange={(v) => table.setFilter('status', v === ALL ? undefined : v)} options={statusOptions} />
            <div className="receipts-filter">
              <TableSearchInput value={filters.tag ?? ''} onChange={(tag) => table.setFilter('tag', tag.trim() || undefined)} placeholder={rt('filterTag')} />
            </div>
            <label className="receipts-date">
              <span>{rt('from')}</span>
              <Input type="date" value={filters.date_from ?? ''} onChange={(e) => table.setFilter('date_from', e.target.value || undefined)} />
            </label>
            <label className="receipts-date">
              <span>{rt('to')}</span>
              <Input type="date" value={filters.date_to ?? ''} onChange={(e) => table.setFilter('date_to', e.target.value || undefined)} />
            </label>
          </>
        }
      />
    </>
  )
}
