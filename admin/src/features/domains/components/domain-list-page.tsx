import { Link } from '@tanstack/react-router'
import { createColumnHelper } from '@tanstack/react-table'
import { useMemo, useState } from 'react'
import { Button, buttonClass } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { DataTable } from '../../../components/ui/data-table/data-table'
import { IconPlus } from '../../../components/ui/icons'
import { PageHeader } from '../../../components/ui/page-header'
import { notify } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/error-message'
import { useI18n } from '../../../lib/i18n'
import { useCurrentProgram } from '../../../lib/use-program'
import { type DomainSetting, useDomains, useRemoveDomain } from '../api'
import { useDomainText } from '../messages'

const column = createColumnHelper<DomainSetting>()

/**
 * settings/domain-list: the program's custom domains and partner sites (domain, type, path, added),
 * with Add domain and Remove for program update. What is listed here is what program resolution,
 * CORS and the widgets' frame-ancestors read on the next request.
 */
export function DomainListPage() {
  const dt = useDomainText()
  const { t } = useI18n()
  const { program, can } = useCurrentProgram()
  const programId = program.id
  const domains = useDomains(programId)
  const remove = useRemoveDomain(programId)
  const [removing, setRemoving] = useState<DomainSetting | null>(null)
  const date = useMemo(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }), [])
  const columns = useMemo(
    () => [
      column.accessor('domain', { header: dt('col.domain'), cell: (c) => <span className="cell-strong">{c.getValue()}</span> }),
      column.accessor('domain_type', {
        header: dt('col.type'),
        cell: (c) => <span className={`badge ${c.getValue() === 'perk_domain' ? 'badge-success' : 'badge-muted'}`}>{dt(c.getValue())}</span>,
      }),
      column.accessor('url_path', { header: dt('col.path'), cell: (c) => c.getValue() || '—' }),
      column.accessor('created_at', { header: dt('col.created'), cell: (c) => <time dateTime={c.getValue()}>{date.format(new Date(c.getValue()))}</time> }),
      column.display({
        id: 'actions',
        header: dt('col.actions'),
        meta: { align: 'end' },
        cell: (c) =>
          can('program:update') ? (
            <Button size="sm" variant="ghost" onClick={() => setRemoving(c.row.original)} aria-label={`${dt('remove')} ${c.row.original.domain}`}>
              {dt('remove')}
            </Button>
          ) : null,
      }),
    ],
    [dt, date, can],
  )
  // One list from the server (a program has a handful of domains), paged here.
  const [pagination, setPagination] = useState({ page: 1, perPage: 20 })
  const all = domains.data
  const rows = all?.slice((pagination.page - 1) * pagination.perPage, pagination.page * pagination.perPage)
  const add = can('program:update') ? (
    <Link className={buttonClass({ size: 'sm' })} to="/programs/$programId/settings/domain-list/new" params={{ programId }}>
      <IconPlus />
      {dt('add')}
    </Link>
  ) : null
  return (
    <>
      <PageHeader title={dt('title')} description={dt('subtitle', { program: program.name })} actions={add} />
      <DataTable
        label={dt('title')}
        columns={columns}
        data={rows}
        total={all?.length ?? 0}
        status={domains.status}
        error={domains.error}
        onRetry={() => void domains.refetch()}
        pagination={pagination}
        onPaginationChange={setPagination}
        getRowId={(row) => String(row.id)}
        emptyMessage={dt('empty')}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        tone="danger"
        title={dt('removeTitle', { domain: removing?.domain ?? '' })}
        description={dt('removeBody')}
        confirmLabel={dt('remove')}
        onConfirm={async () => {
          if (!removing) return
          try {
            await remove.mutateAsync(removing.id)
            notify.success(t('form.successTitle'), dt('removed', { domain: removing.domain }))
          } catch (error) {
            notify.error(t('form.errorTitlePartB'), errorMessage(error, t('error.generic')))
          }
        }}
      />
    </>
  )
}
