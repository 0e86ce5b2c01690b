import { Link } from '@tanstack/react-router'
import { createColumnHelper } from '@tanstack/react-table'
import { useMemo, useState } from 'react'
import { participantStatuses } from '../../../../../sdk/contract/console/participants'
import { Button } from '../../../components/ui/button'
import { DataTable } from '../../../components/ui/data-table/data-table'
import { TableSearchInput } from '../../../components/ui/data-table/table-search-input'
import { useServerTable } from '../../../components/ui/data-table/use-server-table'
import { IconPlus, IconUsers } from '../../../components/ui/icons'
import { PageHeader } from '../../../components/ui/page-header'
import { Select } from '../../../components/ui/select'
import { useI18n } from '../../../lib/i18n'
import { programKey } from '../../../lib/query-client'
import { useCurrentProgram } from '../../../lib/use-program'
import { type ConsoleParticipant, fetchParticipantsPage } from '../api/participants-list'
import { ExportDialog } from './export-dialog'
import { ImportDialog } from './import-dialog'
import { STATUS_LABELS, StatusBadge } from './status-badge'

const column = createColumnHelper<ConsoleParticipant>()
/** Spec section 2: challenges, tags, rewards and gender start hidden (the column chooser shows them). */
const HIDDEN_BY_DEFAULT = ['completed_challenges', 'tags', 'rewards', 'gender', 'location']
const ALL = 'all'

/**
 * programs/{program_id}/users: the program's participants, paged, sorted, searched and filtered by the
 * server (GET .../participants), with Import User Data and Export Table for admins who manage users.
 */
export function ParticipantsPage() {
  const { t, locale, formatNumber } = useI18n()
  const { program, can } = useCurrentProgram()
  const programId = program.id
  const table = useServerTable({ queryKey: programKey(programId, 'participants', 'list'), fetchPage: (state, signal) => fetchParticipantsPage(programId, state, signal) })
  const mayManage = can('users:manage')
  const [dialog, setDialog] = useState<'import' | 'export' | null>(null)
  const dates = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }), [locale])

  const columns = useMemo(
    () => [
      column.accessor('name', {
        id: 'name',
        header: t('participants.col.name'),
        enableSorting: true,
        cell: (c) => (
          <div className="cell-stack">
            <Link className="cell-strong" to="/programs/$programId/users/$userId" params={{ programId, userId: c.row.original.id }}>
              {c.getValue() || c.row.original.email}
            </Link>
            {c.row.original.staff && <span className="badge badge-accent">{t('participants.staff')}</span>}
          </div>
        ),
      }),
      column.accessor('email', { id: 'email', header: t('participants.col.email'), enableSorting: true }),
      column.accessor('status', { header: t('participants.col.status'), cell: (c) => <StatusBadge status={c.getValue()} /> }),
      column.accessor('points', { id: 'points', header: t('participants.col.points'), enableSorting: true, meta: { align: 'end' }, cell: (c) => formatNumber(c.getValue()) }),
      column.accessor('unused_points', { header: t('participants.col.balance'), meta: { align: 'end' }, cell: (c) => formatNumber(c.getValue()) }),
      column.accessor('sign_in_count', { id: 'sign_in_count', header: t('participants.col.signIns'), enableSorting: true, meta: { align: 'end' }, cell: (c) => formatNumber(c.getValue()) }),
      column.accessor('completed_challenges', { id: 'completed_challenges', header: t('participants.col.challenges'), enableSorting: true, meta: { align: 'end' }, cell: (c) => formatNumber(c.getValue()) }),
      column.accessor('tag_list', {
        id: 'tags',
        header: t('participants.col.tags'),
        meta: { label: t('participants.col.tags') },
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
      column.accessor('rewards_earned', { id: 'rewards', header: t('participants.col.rewards'), meta: { align: 'end' }, cell: (c) => formatNumber(c.getValue()) }),
      column.accessor('gender', { id: 'gender', header: t('participants.col.gender'), cell: (c) => c.getValue() ?? '—' }),
      column.display({ id: 'location', header: t('participants.col.location'), cell: (c) => [c.row.original.ahoy_city, c.row.original.ahoy_country].filter(Boolean).join(', ') || '—' }),
      column.accessor('created_at', {
        id: 'created_at',
        header: t('participants.col.joined'),
        enableSorting: true,
        cell: (c) => (
          <time className="cell-nowrap" dateTime={c.getValue()}>
            {dates.format(new Date(c.getValue()))}
          </time>
        ),
      }),
    ],
    [t, formatNumber, dates, programId],
  )

  const status = table.state.filters.status ?? ALL
  const statusOptions = [{ value: ALL, label: t('participants.allStatuses') }, ...participantStatuses.map((s) => ({ value: s, label: t(STATUS_LABELS[s]) }))]
  return (
    <>
      <PageHeader title={t('nav.users')} description={t('participants.subtitle', { program: program.name })} />
      <DataTable
        label={t('nav.users')}
        columns={columns}
        {...table.props}
        getRowId={(row) => String(row.id)}
        initialHidden={HIDDEN_BY_DEFAULT}
        searchPlaceholder={t('participants.search')}
        emptyMessage={t('table.empty')}
        filters={
          <>
            <Select
              size="sm"
              aria-label={t('participants.col.status')}
              value={status}
              onValueChange={(value) => table.setFilter('status', value === ALL ? undefined : value)}
              options={statusOptions}
            />
            <div className="participants-tag-filter">
              <TableSearchInput value={table.state.filters.tag ?? ''} onChange={(tag) => table.setFilter('tag', tag.trim() || undefined)} placeholder={t('participants.filterTag')} />
            </div>
          </>
        }
        actions={
          mayManage && (
            <>
              <Button size="sm" variant="secondary" onClick={() => setDialog('import')}>
                <IconPlus />
                {t('participants.import.button')}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setDialog('export')}>
                <IconUsers />
                {t('participants.export.button')}
              </Button>
            </>
          )
        }
      />
      {mayManage && <ImportDialog programId={programId} open={dialog === 'import'} onOpenChange={(open) => setDialog(open ? 'import' : null)} />}
      {mayManage && <ExportDialog programId={programId} open={dialog === 'export'} onOpenChange={(open) => setDialog(open ? 'export' : null)} />}
    </>
  )
}
