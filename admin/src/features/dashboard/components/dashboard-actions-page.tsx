import { Link } from '@tanstack/react-router'
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo } from 'react'
import { buttonClass } from '../../../components/ui/button'
import { DataTable } from '../../../components/ui/data-table/data-table'
import { useServerTable } from '../../../components/ui/data-table/use-server-table'
import { type MessageKey, useI18n } from '../../../lib/i18n'
import { programKey } from '../../../lib/query-client'
import { useCurrentProgram } from '../../../lib/use-program'
import { type ActionsKind, actionsCsvUrl, fetchActionsPage } from '../api/actions-table'
import type { DashboardAction } from '../api/overview-queries'
import { ActionTypeBadge } from './action-label'
import { formatDateTime } from './format'

const LABELS: Record<ActionsKind, MessageKey> = {
  actions: 'dashboard.tabs.actions',
  challenges: 'dashboard.tabs.challenges',
  rewards: 'dashboard.tabs.rewards',
}
const EMPTY: Record<ActionsKind, MessageKey> = {
  actions: 'dashboard.actionsEmpty',
  challenges: 'dashboard.challengesEmpty',
  rewards: 'dashboard.rewardsEmpty',
}

/**
 * dashboard/actions, dashboard/challenges and dashboard/rewards: members' actions, newest first, 20
 * a page, with Export Table (CSV of the whole table) for admins who manage users or challenges
 * (spec sections 2 and 6).
 */
export function DashboardActionsPage({ kind }: { kind: ActionsKind }) {
  const { t, locale, formatNumber } = useI18n()
  const { program, can } = useCurrentProgram()
  const programId = program.id
  const table = useServerTable({
    queryKey: programKey(programId, 'dashboard', 'actions', kind),
    fetchPage: (state, signal) => fetchActionsPage(programId, kind, state, signal),
  })
  const mayExport = can('users:manage') || can('challenges:manage')

  const columns = useMemo<ColumnDef<DashboardAction>[]>(
    () => [
      {
        id: 'participant',
        header: t('dashboard.col.participant'),
        cell: ({ row }) => (
          <Link to="/programs/$programId/users/$userId" params={{ programId, userId: row.original.participant_id }}>
            {row.original.name}
          </Link>
        ),
      },
      { id: 'action_type', header: t('dashboard.col.type'), cell: ({ row }) => <ActionTypeBadge type={row.original.action_type} /> },
      {
        id: 'title',
        header: t('dashboard.col.action'),
        cell: ({ row }) => (row.original.actionable_url ? <a href={row.original.actionable_url}>{row.original.title}</a> : row.original.title),
      },
      { id: 'points', header: t('dashboard.col.points'), meta: { align: 'end' }, cell: ({ row }) => formatNumber(row.original.points) },
      { id: 'location', header: t('dashboard.col.location'), cell: ({ row }) => [row.original.city, row.original.country].filter(Boolean).join(', ') || '—' },
      {
        id: 'created_at',
        header: t('dashboard.col.date'),
        cell: ({ row }) => <time dateTime={row.original.created_at}>{formatDateTime(locale, row.original.created_at)}</time>,
      },
    ],
    [t, locale, formatNumber, programId],
  )

  // The server pages this table but does not search or sort it (newest first, always).
  const { search: _search, ...props } = table.props
  return (
    <DataTable
      label={t(LABELS[kind])}
      columns={columns}
      {...props}
      emptyMessage={t(EMPTY[kind])}
      getRowId={(row) => String(row.id)}
      actions={
        mayExport ? (
          <a className={buttonClass({ variant: 'secondary', size: 'sm' })} href={actionsCsvUrl(programId, kind)} download>
            {t('dashboard.exportTable')}
          </a>
        ) : null
      }
    />
  )
}
