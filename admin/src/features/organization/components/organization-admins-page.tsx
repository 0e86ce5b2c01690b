import { useQueryClient } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import { useLocation, useNavigate } from '@tanstack/react-router'
import { useMemo } from 'react'
import { Button } from '../../../components/ui/button'
import { DataTable } from '../../../components/ui/data-table/data-table'
import { useServerTable } from '../../../components/ui/data-table/use-server-table'
import { IconPlus } from '../../../components/ui/icons'
import { can } from '../../../lib/authorization'
import { useI18n } from '../../../lib/i18n'
import { invalidateOrganization, organizationKey } from '../../../lib/query-client'
import { useBootstrap } from '../../../lib/use-bootstrap'
import { listAdmins, type OrganizationAdmin } from '../api/list-admins'
import { InviteAdminDialog } from './invite-admin-dialog'

/** The invite panel opens from this hash (spec section 2, Organization). */
export const INVITE_HASH = 'invite'

const column = createColumnHelper<OrganizationAdmin>()

/** organization/admins: the organization's admins with their role and grants; Invite Admin for admins. */
export function OrganizationAdminsPage() {
  const { t, locale } = useI18n()
  const bootstrap = useBootstrap()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const hash = useLocation({ select: (location) => location.hash })
  const table = useServerTable({ queryKey: organizationKey('admins'), fetchPage: listAdmins })
  // Spec: Invite Admin is shown only to admins (and inviting needs organization manage on the server).
  const canInvite = Boolean(bootstrap.is_admin) && can(bootstrap.organization_permissions ?? [], 'organization:manage')
  const setInviting = (open: boolean) => navigate({ to: '/organization/admins', hash: open ? INVITE_HASH : undefined, search: true, replace: true })
  const dates = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }), [locale])

  const columns = [
    column.accessor('email', {
      header: t('organization.admin'),
      enableSorting: true,
      cell: (c) => (
        <div className="cell-stack">
          <span className="cell-strong">{`${c.row.original.first_name} ${c.row.original.last_name}`.trim() || c.getValue()}</span>
          <span className="cell-muted">{c.getValue()}</span>
        </div>
      ),
    }),
    column.display({
      id: 'role',
      header: t('organization.role'),
      cell: (c) => {
        const a = c.row.original
        if (a.super_admin) return <span className="badge badge-accent">{t('organization.superAdmin')}</span>
        if (a.organization_admin) return <span className="badge badge-accent">{t('organization.organizationAdmin')}</span>
        return <span className="badge badge-muted">{a.grants.length === 1 ? t('organization.grantOne') : t('organization.grantCount', { count: a.grants.length })}</span>
      },
    }),
    column.display({
      id: 'programs',
      header: t('settings.programs'),
      meta: { label: t('settings.programs') },
      cell: (c) => [...new Set(c.row.original.grants.map((g) => g.program_name))].join(', ') || '—',
    }),
    column.accessor('preferred_locale', { header: t('organization.language'), cell: (c) => c.getValue().toUpperCase() }),
    column.accessor('created_at', { header: t('organization.added'), enableSorting: true, cell: (c) => <span className="cell-nowrap">{dates.format(new Date(c.getValue()))}</span> }),
  ]

  return (
    <>
      <DataTable
        label={t('settings.admins')}
        columns={columns}
        {...table.props}
        getRowId={(row) => String(row.id)}
        initialHidden={['preferred_locale']}
        searchPlaceholder={t('organization.searchAdmins')}
        actions={
          canInvite && (
            <Button size="sm" onClick={() => void setInviting(true)}>
              <IconPlus />
              {t('organization.inviteAdmin')}
            </Button>
          )
        }
      />
      {canInvite && (
        <InviteAdminDialog
          open={hash === INVITE_HASH}
          onOpenChange={(open) => void setInviting(open)}
          onInvited={() => {
            void invalidateOrganization(queryClient, 'admins')
            void setInviting(false)
          }}
        />
      )}
    </>
  )
}
