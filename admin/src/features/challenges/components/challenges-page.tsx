import { Link } from '@tanstack/react-router'
import { createColumnHelper } from '@tanstack/react-table'
import { useMemo } from 'react'
import { challengeTypes } from '../../../../../sdk/contract/challenges'
import { challengeStatuses } from '../../../../../sdk/contract/console/challenges'
import { buttonClass } from '../../../components/ui/button'
import { DataTable } from '../../../components/ui/data-table/data-table'
import { TableSearchInput } from '../../../components/ui/data-table/table-search-input'
import { useServerTable } from '../../../components/ui/data-table/use-server-table'
import { IconPlus } from '../../../components/ui/icons'
import { PageHeader } from '../../../components/ui/page-header'
import { Select } from '../../../components/ui/select'
import { useI18n } from '../../../lib/i18n'
import { useCurrentProgram } from '../../../lib/use-program'
import { challengesKey, type ConsoleChallenge, fetchChallengesPage } from '../api/challenges'
import { useChallengeText } from '../messages'
import { ChallengeStatusBadge } from './challenge-status-badge'

const column = createColumnHelper<ConsoleChallenge>()
const ALL = 'all'
const humanize = (v: string) => v.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase())

/**
 * programs/{program_id}/challenges (spec section 2): name, image, status, challengeType, points,
 * start, finish, tag_list, completions and clicks; paged, sorted and filtered by the server; New for
 * admins who may create challenges.
 */
export function ChallengesPage() {
  const { t, locale, formatNumber } = useI18n()
  const ct = useChallengeText()
  const { program, can } = useCurrentProgram()
  const programId = program.id
  const table = useServerTable({ queryKey: challengesKey(programId, 'list'), fetchPage: (state, signal) => fetchChallengesPage(programId, state, signal) })
  const dates = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }), [locale])
  const date = (v: string | null) =>
    v ? (
      <time className="cell-nowrap" dateTime={v}>
        {dates.format(new Date(v))}
      </time>
    ) : (
      '—'
    )

  const columns = useMemo(
    () => [
      column.accessor('name', {
        id: 'name',
        header: ct('col.name'),
        enableSorting: true,
        cell: (c) => (
          <div className="cell-stack">
            <Link className="cell-strong" to="/programs/$programId/challenges/$challengeId" params={{ programId, challengeId: c.row.original.id }}>
              {c.getValue()}
            </Link>
            {!c.row.original.approved && <span className="badge badge-muted">{ct('notApproved')}</span>}
          </div>
        ),
      }),
      column.accessor((r) => r.image.url, {
        id: 'image',
        header: ct('col.image'),
        cell: (c) => (c.getValue() ? <img className="challenge-thumb" src={c.getValue()!} alt="" width={48} height={32} loading="lazy" /> : '—'),
      }),
      column.accessor('status', { id: 'status', header: ct('col.status'), enableSorting: true, cell: (c) => <ChallengeStatusBadge status={c.getValue()} /> }),
      column.accessor('challengeType', { id: 'challenge_type', header: ct('col.type'), enableSorting: true, cell: (c) => humanize(c.getValue()) }),
      column.accessor('points', { id: 'points', header: ct('col.points'), enableSorting: true, meta: { align: 'end' }, cell: (c) => formatNumber(c.getValue()) }),
      column.accessor('start', { id: 'start', header: ct('col.start'), enableSorting: true, cell: (c) => date(c.getValue()) }),
      column.accessor('finish', { id: 'finish', header: ct('col.finish'), enableSorting: true, cell: (c) => date(c.getValue()) }),
      column.accessor('tag_list', {
        id: 'tag_list',
        header: ct('col.tags'),
        meta: { label: ct('col.tags') },
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
      column.accessor('completions', { id: 'completions', header: ct('col.completions'), enableSorting: true, meta: { align: 'end' }, cell: (c) => formatNumber(c.getValue()) }),
      column.accessor('clicks', { id: 'clicks', header: ct('col.clicks'), enableSorting: true, meta: { align: 'end' }, cell: (c) => formatNumber(c.getValue()) }),
    ],
    [ct, formatNumber, dates, programId],
  )

  const status = table.state.filters.status ?? ALL
  const type = table.state.filters.type ?? ALL
  return (
    <>
      <PageHeader
        title={t('nav.challenges')}
        description={ct('subtitle', { program: program.name })}
        actions={
          can('challenges:create') && (
            <Link className={buttonClass({ size: 'sm' })} to="/programs/$programId/challenges/new" params={{ programId }}>
              <IconPlus />
              {ct('new')}
            </Link>
          )
        }
      />
      <DataTable
        label={t('nav.challenges')}
        emptyMessage={t('table.empty')}
        columns={columns}
        {...table.props}
        getRowId={(row) => String(row.id)}
        searchPlaceholder={ct('search')}
        filters={
          <>
            <Select
              size="sm"
              aria-label={ct('col.status')}
              value={status}
              onValueChange={(value) => table.setFilter('status', value === ALL ? undefined : value)}
              options={[{ value: ALL, label: ct('allStatuses') }, ...challengeStatuses.map((s) => ({ value: s, label: ct(`status.${s}`) }))]}
            />
            <Select
              size="sm"
              aria-label={ct('col.type')}
              value={type}
              onValueChange={(value) => table.setFilter('type', value === ALL ? undefined : value)}
              options={[{ value: ALL, label: ct('allTypes') }, ...challengeTypes.map((s) => ({ value: s, label: humanize(s) }))]}
            />
            <div className="participants-tag-filter">
              <TableSearchInput value={table.state.filters.tag ?? ''} onChange={(tag) => table.setFilter('tag', tag.trim() || undefined)} placeholder={ct('filterTag')} />
            </div>
          </>
        }
      />
    </>
  )
}
