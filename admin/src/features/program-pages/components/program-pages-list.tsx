import { Link } from '@tanstack/react-router'
import { createColumnHelper } from '@tanstack/react-table'
import { useMemo } from 'react'
import { buttonClass } from '../../../components/ui/button'
import { DataTable } from '../../../components/ui/data-table/data-table'
import { useServerTable } from '../../../components/ui/data-table/use-server-table'
import { IconPlus } from '../../../components/ui/icons'
import { PageHeader } from '../../../components/ui/page-header'
import { useI18n } from '../../../lib/i18n'
import { useCurrentProgram } from '../../../lib/use-program'
import { fetchProgramPages, pagesKey, type ProgramPageRow } from '../api/program-pages'
import { usePageText } from '../messages'
import { StatusBadge } from './status-badge'

const column = createColumnHelper<ProgramPageRow>()

/** settings/program-pages: the program's pages (title, address, status, last change), searched by the server. */
export function ProgramPagesList() {
  const pt = usePageText()
  const { locale } = useI18n()
  const { program } = useCurrentProgram()
  const programId = program.id
  const table = useServerTable({ queryKey: pagesKey(programId, 'list'), fetchPage: (state, signal) => fetchProgramPages(programId, state, signal) })
  const columns = useMemo(() => {
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
    return [
      column.accessor('title', {
        header: pt('col.title'),
        cell: (c) => (
          <Link className="cell-strong" to="/programs/$programId/settings/program-pages/$programPageId" params={{ programId, programPageId: c.row.original.id }}>
            {c.getValue()}
          </Link>
        ),
      }),
      column.accessor('slug', { header: pt('col.slug'), cell: (c) => <code className="cell-code">/{c.getValue()}</code> }),
      column.accessor('status', { header: pt('col.status'), cell: (c) => <StatusBadge status={c.getValue()} /> }),
      column.accessor('updated_at', { header: pt('col.updated'), cell: (c) => <time dateTime={c.getValue()}>{date.format(new Date(c.getValue()))}</time> }),
    ]
  }, [pt, locale, programId])
  return (
    <>
      <PageHeader
        title={pt('title')}
        description={pt('subtitle', { program: program.name })}
        actions={
          <Link className={buttonClass({ size: 'sm' })} to="/programs/$programId/settings/program-pages/new" params={{ programId }}>
            <IconPlus />
            {pt('newPage')}
          </Link>
        }
      />
      <DataTable label={pt('title')} columns={columns} {...table.props} getRowId={(row) => String(row.id)} searchPlaceholder={pt('search')} emptyMessage={pt('empty')} />
    </>
  )
}
