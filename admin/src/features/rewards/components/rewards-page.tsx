import { Link } from '@tanstack/react-router'
import { createColumnHelper } from '@tanstack/react-table'
import { useMemo } from 'react'
import { rewardSelections, rewardStatuses } from '../../../../../sdk/contract/console/rewards'
import { buttonClass } from '../../../components/ui/button'
import { DataTable } from '../../../components/ui/data-table/data-table'
import { TableSearchInput } from '../../../components/ui/data-table/table-search-input'
import { useServerTable } from '../../../components/ui/data-table/use-server-table'
import { IconPlus } from '../../../components/ui/icons'
import { PageHeader } from '../../../components/ui/page-header'
import { Select } from '../../../components/ui/select'
import { useI18n } from '../../../lib/i18n'
import { useCurrentProgram } from '../../../lib/use-program'
import { type ConsoleReward, fetchRewardsPage, rewardsKey } from '../api/rewards'
import { RewardImage, RewardStatusBadge, SELECTION_LABELS, STATUS_LABELS } from './reward-labels'

const column = createColumnHelper<ConsoleReward>()
const ALL = 'all'

/**
 * programs/{program_id}/rewards: the program's rewards of every selection, paged, sorted, searched and
 * filtered by the server (GET .../rewards), with New reward for admins who may create rewards.
 */
export function RewardsPage() {
  const { t, locale, formatNumber } = useI18n()
  const { program, can } = useCurrentProgram()
  const programId = program.id
  const table = useServerTable({ queryKey: rewardsKey(programId, 'list'), fetchPage: (state, signal) => fetchRewardsPage(programId, state, signal) })
  const dates = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }), [locale])

  const columns = useMemo(() => {
    const date = (value: string | null) => (value ? <time dateTime={value}>{dates.format(new Date(value))}</time> : '—')
    return [
      column.accessor('image', {
        id: 'image',
        header: t('rewards.col.image'),
        cell: (c) => <RewardImage url={c.getValue().url} name={c.row.original.name} />,
      }),
      column.accessor('name', {
        id: 'name',
        header: t('rewards.col.name'),
        enableSorting: true,
        cell: (c) => (
          <Link className="cell-strong" to="/programs/$programId/rewards/$rewardId" params={{ programId, rewardId: c.row.original.id }}>
            {c.getValue()}
          </Link>
        ),
      }),
      column.accessor('selection', { id: 'selection', header: t('rewards.col.selection'), enableSorting: true, cell: (c) => t(SELECTION_LABELS[c.getValue()]) }),
      column.accessor('status', { header: t('rewards.col.status'), cell: (c) => <RewardStatusBadge status={c.getValue()} /> }),
      column.accessor('threshold', { id: 'threshold', header: t('rewards.col.threshold'), enableSorting: true, meta: { align: 'end' }, cell: (c) => formatNumber(c.getValue()) }),
      column.accessor('claims', { id: 'claims', header: t('rewards.col.claims'), enableSorting: true, meta: { align: 'end' }, cell: (c) => formatNumber(c.getValue()) }),
      column.accessor('limit', { id: 'limit', header: t('rewards.col.limit'), enableSorting: true, meta: { align: 'end' }, cell: (c) => formatNumber(c.getValue()) }),
      column.accessor('start', { id: 'start', header: t('rewards.col.start'), enableSorting: true, cell: (c) => date(c.getValue()) }),
      column.accessor('finish', { id: 'finish', header: t('rewards.col.finish'), enableSorting: true, cell: (c) => date(c.getValue()) }),
      column.accessor('tag_list', {
        id: 'tags',
        header: t('rewards.col.tags'),
        meta: { label: t('rewards.col.tags') },
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
    ]
  }, [t, formatNumber, dates, programId])

  const filter = (name: string) => table.state.filters[name] ?? ALL
  const set = (name: string) => (value: string) => table.setFilter(name, value === ALL ? undefined : value)
  return (
    <>
      <PageHeader
        title={t('nav.rewards')}
        description={t('rewards.subtitle', { program: program.name })}
        actions={
          can('rewards:create') && (
            <Link className={buttonClass({ size: 'sm' })} to="/programs/$programId/rewards/new" params={{ programId }}>
              <IconPlus />
              {t('rewards.new')}
            </Link>
          )
        }
      />
      <DataTable
        label={t('nav.rewards')}
        columns={columns}
        {...table.props}
        getRowId={(row) => String(row.id)}
        searchPlaceholder={t('rewards.search')}
        emptyMessage={t('table.empty')}
        filters={
          <>
            <Select
              size="sm"
              aria-label={t('rewards.col.selection')}
              value={filter('selection')}
              onValueChange={set('selection')}
              options={[{ value: ALL, label: t('rewards.allSelections') }, ...rewardSelections.map((s) => ({ value: s, label: t(SELECTION_LABELS[s]) }))]}
            />
            <Select
              size="sm"
              aria-label={t('rewards.col.status')}
              value={filter('status')}
              onValueChange={set('status')}
              options={[{ value: ALL, label: t('rewards.allStatuses') }, ...rewardStatuses.map((s) => ({ value: s, label: t(STATUS_LABELS[s]) }))]}
            />
            <div className="participants-tag-filter">
              <TableSearchInput value={table.state.filters.tag ?? ''} onChange={(tag) => table.setFilter('tag', tag.trim() || undefined)} placeholder={t('rewards.filterTag')} />
            </div>
          </>
        }
      />
    </>
  )
}
