import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { tableSearchSchema } from '../../components/ui/data-table/table-search'
import { DashboardActionsPage } from '../../features/dashboard/components/dashboard-actions-page'
import { DashboardLayout } from '../../features/dashboard/components/dashboard-layout'
import { DashboardOverview } from '../../features/dashboard/components/dashboard-overview'
import { economicsSearchSchema } from '../../features/economics/period'
import { programRoute } from './program'

// Economics (issue 27) is its own chunk, fetched when the tab is first opened.
const EconomicsPage = lazyRouteComponent(() => import('../../features/economics'), 'EconomicsPage')

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

/**
 * dashboard/economics?from&to: the program's economics for a period (the period in the URL). Dashboard
 * view, as the dashboard route above already requires and as the server's economics routes do.
 */
const economicsRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'economics',
  validateSearch: economicsSearchSchema,
  component: EconomicsPage,
  staticData: { permission: 'dashboard:view', title: 'dashboard.tabs.economics' },
})

export const dashboardRoutes = dashboardRoute.addChildren([overviewRoute, actionsRoute, challengesRoute, rewardsRoute, economicsRoute])
