import { Outlet } from '@tanstack/react-router'
import { PageHeader } from '../../../components/ui/page-header'
import { RouteTabs } from '../../../components/ui/tabs'
import { can } from '../../../lib/authorization'
import { useI18n } from '../../../lib/i18n'
import { useBootstrap } from '../../../lib/use-bootstrap'

/** organization/*: Programs and Admins for organization viewers, Features for super admins (spec section 6). */
export function OrganizationLayout() {
  const { t } = useI18n()
  const bootstrap = useBootstrap()
  const permissions = bootstrap.organization_permissions ?? []
  const tabs = [
    { to: '/organization/programs', children: t('settings.programs') },
    { to: '/organization/admins', children: t('settings.admins') },
    ...(can(permissions, 'super_admin:view') ? [{ to: '/organization/features', children: t('settings.features') } as const] : []),
  ] as const
  return (
    <>
      <PageHeader
        title={t('nav.organization')}
        description={t('area.organizationDescription', { organization: bootstrap.organization?.name ?? '' })}
      />
      <RouteTabs label={t('nav.organization')} tabs={tabs}>
        <Outlet />
      </RouteTabs>
    </>
  )
}
