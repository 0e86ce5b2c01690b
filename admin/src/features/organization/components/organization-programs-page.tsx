import { createColumnHelper } from '@tanstack/react-table'
import { useLocation, useNavigate } from '@tanstack/react-router'
import { type ReactNode, useMemo } from 'react'
import { Button } from '../../../components/ui/button'
import { DataTable } from '../../../components/ui/data-table/data-table'
import { useServerTable } from '../../../components/ui/data-table/use-server-table'
import { IconExternal, IconPlus } from '../../../components/ui/icons'
import { can } from '../../../lib/authorization'
import { type MessageKey, useI18n } from '../../../lib/i18n'
import { organizationKey } from '../../../lib/query-client'
import { useBootstrap } from '../../../lib/use-bootstrap'
import { listPrograms, type OrganizationProgram } from '../api/list-programs'

/** The add-program panel opens from this hash (spec section 2, Organization). */
export const ADD_PROGRAM_HASH = 'add-new-program'

type AddProgramPanel = (props: { open: boolean; onOpenChange: (open: boolean) => void }) => ReactNode

const column = createColumnHelper<OrganizationProgram>()

/**
 * organization/programs: the organization's programs with their details, paged and searched by the
 * server. The add-program form is the shell's (the app passes it in): one form creates programs
 * wherever the action appears.
 */
export function OrganizationProgramsPage({ addProgramPanel }: { addProgramPanel: AddProgramPanel }) {
  const { t, locale, formatNumber } = useI18n()
  const bootstrap = useBootstrap()
  const navigate = useNavigate()
  const hash = useLocation({ select: (location) => location.hash })
  const table = useServerTable({ queryKey: organizationKey('programs'), fetchPage: listPrograms })
  const canCreate = can(bootstrap.organization_permissions ?? [], 'organization:manage')
  const setAdding = (open: boolean) => navigate({ to: '/organization/programs', hash: open ? ADD_PROGRAM_HASH : undefined, search: true, replace: true })
  const dates = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }), [locale])

  const columns = [
    column.accessor('name', {
      header: t('organization.programName'),
      enableSorting: true,
      cell: (c) => (
        <div className="cell-stack">
          <span className="cell-strong">{c.getValue()}</span>
          <a className="cell-muted cell-nowrap" href={c.row.original.site_url} target="_blank" rel="noreferrer">
            {c.row.original.site_url.replace(/^https?:\/\//, '')} <IconExternal size={12} />
          </a>
        </div>
      ),
    }),
    column.accessor('subdomain_url', { header: t('organization.subdomain'), cell: (c) => <code className="cell-code">{c.getValue()}</code> }),
    column.accessor('status', {
      header: t('organization.status'),
      cell: (c) => (
        <span className={c.getValue() === 'active' ? 'badge badge-success' : 'badge badge-muted'}>{t(`organization.status.${c.getValue()}` as MessageKey)}</span>
      ),
    }),
    column.accessor('features', {
      header: t('settings.features'),
      cell: (c) => {
        const on = Object.entries(c.getValue()).filter(([, enabled]) => enabled)
        return on.length ? on.map(([name]) => t(`organization.feature.${name}` as MessageKey)).join(', ') : '—'
      },
    }),
    column.accessor('test_mode', { header: t('organization.testMode'), cell: (c) => (c.getValue() ? t('organization.yes') : t('organization.no')) }),
    column.accessor('admins', { header: t('settings.admins'), meta: { align: 'end' }, cell: (c) => formatNumber(c.getValue()) }),
    column.accessor('created_at', { header: t('organization.added'), enableSorting: true, cell: (c) => <span className="cell-nowrap">{dates.format(new Date(c.getValue()))}</span> }),
    column.accessor('id', { header: t('organization.programId'), meta: { align: 'end' } }),
  ]

  return (
    <>
      <DataTable
        label={t('settings.programs')}
        columns={columns}
        {...table.props}
        getRowId={(row) => String(row.id)}
        initialHidden={['id', 'test_mode']}
        searchPlaceholder={t('organization.searchPrograms')}
        actions={
          canCreate && (
            <Button size="sm" onClick={() => void setAdding(true)}>
              <IconPlus />
              {t('organization.addProgram')}
            </Button>
          )
        }
      />
      {canCreate && addProgramPanel({ open: hash === ADD_PROGRAM_HASH, onOpenChange: (open) => void setAdding(open) })}
    </>
  )
}
