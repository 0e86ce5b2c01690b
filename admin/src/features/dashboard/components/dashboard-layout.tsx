import { Outlet } from '@tanstack/react-router'
import { PageHeader } from '../../../components/ui/page-header'
import { RouteTabs } from '../../../components/ui/tabs'
import { useI18n } from '../../../lib/i18n'
import { useCurrentProgram } from '../../../lib/use-program'

/** programs/{program_id}/dashboard: the title and the Overview, Actions, Challenges, Rewards and Economics tabs. */
export function DashboardLayout() {
  const { t } = useI18n()
  const { program } = useCurrentProgram()
  const programId = program.id
  return (
    <>
      <PageHeader title={t('dashboard.title')} description={t('dashboard.subtitle', { program: program.name })} />
      <RouteTabs
        label={t('dashboard.tabs.label')}
        tabs={[
          { to: '/programs/$programId/dashboard', params: { programId }, activeOptions: { exact: true }, children: t('dashboard.tabs.overview') },
          { to: '/programs/$programId/dashboard/actions', params: { programId }, children: t('dashboard.tabs.actions') },
          { to: '/programs/$programId/dashboard/challenges', params: { programId }, children: t('dashboard.tabs.challenges') },
          { to: '/programs/$programId/dashboard/rewards', params: { programId }, children: t('dashboard.tabs.rewards') },
          { to: '/programs/$programId/dashboard/economics', params: { programId }, children: t('dashboard.tabs.economics') },
        ]}
      >
        <Outlet />
      </RouteTabs>
    </>
  )
}
