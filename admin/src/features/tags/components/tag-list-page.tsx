import { Link } from '@tanstack/react-router'
import { createColumnHelper } from '@tanstack/react-table'
import { useMemo } from 'react'
import { buttonClass } from '../../../components/ui/button'
import { DataTable } from '../../../components/ui/data-table/data-table'
import { useServerTable } from '../../../components/ui/data-table/use-server-table'
import { IconPlus } from '../../../components/ui/icons'
import { PageHeader } from '../../../components/ui/page-header'
import { RouteTabs } from '../../../components/ui/tabs'
import { useI18n } from '../../../lib/i18n'
import { useCurrentProgram } from '../../../lib/use-program'
import { type AdminTagRow, type ContentTagRow, fetchAdminTags, fetchContentTags, type TagFamily, tagsKey } from '../api/tags'
import { useTagText } from '../messages'

const contentColumn = createColumnHelper<ContentTagRow>()
const adminColumn = createColumnHelper<AdminTagRow>()

/** The two tag lists side by side (settings content-tags and tags), each page under its own tab. */
function TagFamilyTabs({ programId, children }: { programId: number; children: React.ReactNode }) {
  const tt = useTagText()
  return (
    <RouteTabs
      label={tt('tagsTabs')}
      tabs={[
        { to: '/programs/$programId/settings/content-tags', params: { programId }, activeOptions: { exact: true }, children: tt('contentTags') },
        { to: '/programs/$programId/settings/tags', params: { programId }, activeOptions: { exact: true }, children: tt('adminTags') },
      ]}
    >
      {children}
    </RouteTabs>
  )
}

export function useDateFormat() {
  const { locale } = useI18n()
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' })
    return (value: string) => <time dateTime={value}>{format.format(new Date(value))}</time>
  }, [locale])
}

/**
 * settings/content-tags: the program's content tags (name, active, created date, counts of challenges
 * and rewards), paged, sorted and searched by the server, with New for program update.
 */
export function ContentTagsPage() {
  const tt = useTagText()
  const { t, formatNumber } = useI18n()
  const { program } = useCurrentProgram()
  const programId = program.id
  const date = useDateFormat()
  const table = useServerTable({ queryKey: tagsKey(programId, 'content', 'list'), fetchPage: (state, signal) => fetchContentTags(programId, state, signal) })
  const columns = useMemo(
    () => [
      contentColumn.accessor('name', {
        id: 'name',
        header: tt('col.name'),
        enableSorting: true,
        cell: (c) => (
          <Link className="cell-strong" to="/programs/$programId/settings/content-tags/$tagId" params={{ programId, tagId: c.row.original.id }}>
            {c.getValue()}
          </Link>
        ),
      }),
      contentColumn.accessor('active', {
        header: tt('col.active'),
        cell: (c) => <span className={`badge ${c.getValue() ? 'badge-success' : 'badge-muted'}`}>{tt(c.getValue() ? 'active' : 'inactive')}</span>,
      }),
      contentColumn.accessor('created_at', { id: 'created_at', header: tt('col.created'), enableSorting: true, cell: (c) => date(c.getValue()) }),
      contentColumn.accessor('challenges_count', { header: tt('col.challenges'), meta: { align: 'end' }, cell: (c) => formatNumber(c.getValue()) }),
      contentColumn.accessor('rewards_count', { header: tt('col.rewards'), meta: { align: 'end' }, cell: (c) => formatNumber(c.getValue()) }),
    ],
    [tt, formatNumber, date, programId],
  )
  return (
    <>
      <PageHeader title={tt('contentTags')} description={tt('contentSubtitle', { program: program.name })} actions={<NewTagLink family="content" programId={programId} />} />
      <TagFamilyTabs programId={programId}>
        <DataTable label={tt('contentTags')} columns={columns} {...table.props} getRowId={(row) => String(row.id)} searchPlaceholder={tt('search')} emptyMessage={t('table.empty')} />
      </TagFamilyTabs>
    </>
  )
}

/** settings/tags: the program's admin tags (name, created date, how many items carry each). */
export function AdminTagsPage() {
  const tt = useTagText()
  const { t, formatNumber } = useI18n()
  const { program } = useCurrentProgram()
  const programId = program.id
  const date = useDateFormat()
  const table = useServerTable({ queryKey: tagsKey(programId, 'admin', 'list'), fetchPage: (state, signal) => fetchAdminTags(programId, state, signal) })
  const columns = useMemo(
    () => [
      adminColumn.accessor('name', {
        id: 'name',
        header: tt('col.name'),
        enableSorting: true,
        cell: (c) => (
          <Link className="cell-strong" to="/programs/$programId/settings/tags/$tagId" params={{ programId, tagId: c.row.original.id }}>
            {c.getValue()}
          </Link>
        ),
      }),
      adminColumn.accessor('created_at', { id: 'created_at', header: tt('col.created'), enableSorting: true, cell: (c) => date(c.getValue()) }),
      adminColumn.accessor('taggings_count', { header: tt('col.taggings'), meta: { align: 'end' }, cell: (c) => formatNumber(c.getValue()) }),
    ],
    [tt, formatNumber, date, programId],
  )
  return (
    <>
      <PageHeader title={tt('adminTags')} description={tt('adminSubtitle', { program: program.name })} actions={<NewTagLink family="admin" programId={programId} />} />
      <TagFamilyTabs programId={programId}>
        <DataTable label={tt('adminTags')} columns={columns} {...table.props} getRowId={(row) => String(row.id)} searchPlaceholder={tt('search')} emptyMessage={t('table.empty')} />
      </TagFamilyTabs>
    </>
  )
}

function NewTagLink({ family, programId }: { family: TagFamily; programId: number }) {
  const tt = useTagText()
  const { can } = useCurrentProgram()
  if (!can('program:update')) return null
  return family === 'content' ? (
    <Link className={buttonClass({ size: 'sm' })} to="/programs/$programId/settings/content-tags/new" params={{ programId }}>
      <IconPlus />
      {tt('newContentTag')}
    </Link>
  ) : (
    <Link className={buttonClass({ size: 'sm' })} to="/programs/$programId/settings/tags/new" params={{ programId }}>
      <IconPlus />
      {tt('newAdminTag')}
    </Link>
  )
}
