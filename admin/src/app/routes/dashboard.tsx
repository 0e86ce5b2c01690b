import { createRoute } from '@tanstack/react-router'
import { tableSearchSchema } from '../../components/ui/data-table/table-search'
import { DashboardActionsPage } from '../../features/dashboard/components/dashboard-actions-page'
import { DashboardLayout } from '../../features/dashboard/components/dashboard-layout'
import { DashboardOverview } from '../../features/dashboard/components/dashboard-overview'
import { programRoute } from './program'

const dashboardRoute = createRoute({
  getParentRoute: () => programRoute,
  path: 'dashboard',
  component: DashboardLayout,
  staticData: { permission: 'dashboard:view', area: 'dashboard', title: 'nav.dashboard' },
})

const overviewRoute = createRoute({ getParentRoute: () => dashboardRoute, path: '/', component: DashboardOverview })

const actionsRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'actions',
  validateSearch: tableSearchSchema,
  component: () => <DashboardActionsPage kind="actions" />,
  staticData: { title: 'dashboard.tabs.actions' },
})

const challengesRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'challenges',
  validateSearch: tableSearchSchema,
  component: () => <DashboardActionsPage kind="challenges" />,
  staticData: { title: 'dashboard.tabs.challenges' },
})

const rewardsRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'rewards',
  validateSearch: tableSearchSchema,
  component: () => <DashboardActionsPage kind="rewards" />,
  staticData: { title: 'dashboard.tabs.rewards' },
})

export const dashboardRoutes = dashboardRoute.addChildren([overviewRoute, actionsRoute, challengesRoute, rewardsRoute])
