import { createRoute, redirect } from '@tanstack/react-router'
import { tableSearchSchema } from '../../components/ui/data-table/table-search'
import { NewFeaturePage } from '../../features/organization/components/new-feature-page'
import { OrganizationAdminsPage } from '../../features/organization/components/organization-admins-page'
import { OrganizationFeaturesPage } from '../../features/organization/components/organization-features-page'
import { OrganizationLayout } from '../../features/organization/components/organization-layout'
import { OrganizationProgramsPage } from '../../features/organization/components/organization-programs-page'
import { CreateProgramDialog } from '../../features/shell/components/create-program-dialog'
import { consoleRoute } from './console'

/** Organization view shows Programs and Admins; super_admin view shows Features (spec section 6). */
const organizationRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: 'organization',
  component: OrganizationLayout,
  staticData: { permission: 'organization:view', area: 'organization', title: 'nav.organization' },
})

const organizationIndexRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/organization/programs', replace: true })
  },
})

const programsRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'programs',
  validateSearch: tableSearchSchema,
  component: () => <OrganizationProgramsPage addProgramPanel={(props) => <CreateProgramDialog {...props} />} />,
  staticData: { title: 'settings.programs' },
})

const adminsRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'admins',
  validateSearch: tableSearchSchema,
  component: OrganizationAdminsPage,
  staticData: { title: 'settings.admins' },
})

const featuresRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'features',
  staticData: { permission: 'super_admin:view', title: 'settings.features' },
})

export const organizationRoutes = organizationRoute.addChildren([
  organizationIndexRoute,
  programsRoute,
  adminsRoute,
  featuresRoute.addChildren([
    createRoute({ getParentRoute: () => featuresRoute, path: '/', validateSearch: tableSearchSchema, component: OrganizationFeaturesPage }),
    createRoute({ getParentRoute: () => featuresRoute, path: 'new', component: NewFeaturePage, staticData: { permission: 'super_admin:manage' } }),
  ]),
])
