import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router'
import { numericParam } from './params'
import { programRoute } from './program'

// Each settings screen is its own chunk, fetched when first opened (the console's entry stays small).
const loadSettings = () => import('../../features/settings')
const DataRetentionSettingsPage = lazyRouteComponent(loadSettings, 'DataRetentionSettingsPage')
const EnrollmentSettingsPage = lazyRouteComponent(loadSettings, 'EnrollmentSettingsPage')
const GeneralSettingsPage = lazyRouteComponent(loadSettings, 'GeneralSettingsPage')
const LabelsSettingsPage = lazyRouteComponent(loadSettings, 'LabelsSettingsPage')
const ProfileAttributeFormPage = lazyRouteComponent(loadSettings, 'ProfileAttributeFormPage')
const ProfileAttributesPage = lazyRouteComponent(loadSettings, 'ProfileAttributesPage')
const SeoSettingsPage = lazyRouteComponent(loadSettings, 'SeoSettingsPage')
const TiersSettingsPage = lazyRouteComponent(loadSettings, 'TiersSettingsPage')

/**
 * Settings: program (admin-console-part-b.md section 2): programs/{id}/settings goes to general;
 * general, labels and seo need program update ("Branding and most settings"), enrollment, data
 * retention (issue 28) and profile attributes program manage, program_tiers tiers manage (denied
 * while the tiers feature is off).
 */
const update = { permission: 'program:update', title: 'settings.general' } as const

/** programs/{program_id}/settings "goes to program": its general screen. */
export const settingsIndexRoute = createRoute({
  getParentRoute: () => programRoute,
  path: 'settings',
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/programs/$programId/settings/general', params: { programId: params.programId }, replace: true })
  },
})

const generalRoute = createRoute({ getParentRoute: () => programRoute, path: 'settings/general', staticData: update, component: GeneralSettingsPage })
const labelsRoute = createRoute({
  getParentRoute: () => programRoute,
  path: 'settings/labels',
  staticData: { permission: 'program:update', title: 'settings.labels' },
  component: LabelsSettingsPage,
})
const seoRoute = createRoute({ getParentRoute: () => programRoute, path: 'settings/seo', staticData: { permission: 'program:update', title: 'settings.seo' }, component: SeoSettingsPage })
const enrollmentRoute = createRoute({
  getParentRoute: () => programRoute,
  path: 'settings/enrollment',
  staticData: { permission: 'program:manage', title: 'settings.enrollment' },
  component: EnrollmentSettingsPage,
})
const dataRetentionRoute = createRoute({
  getParentRoute: () => programRoute,
  path: 'settings/data-retention',
  staticData: { permission: 'program:manage', title: 'settings.dataRetention' },
  component: DataRetentionSettingsPage,
})

const attributesRoute = createRoute({
  getParentRoute: () => programRoute,
  path: 'settings/profile-attributes',
  staticData: { permission: 'program:manage', title: 'settings.profileAttributes' },
})
const attributesIndexRoute = createRoute({ getParentRoute: () => attributesRoute, path: '/', component: ProfileAttributesPage })
const newAttributeRoute = createRoute({ getParentRoute: () => attributesRoute, path: 'new', component: () => <ProfileAttributeFormPage mode="create" /> })
const editAttributeRoute = createRoute({
  getParentRoute: () => attributesRoute,
  path: '$profileAttributeId',
  params: numericParam('profileAttributeId'),
  component: () => <ProfileAttributeFormPage mode="update" />,
})

const tiersRoute = createRoute({
  getParentRoute: () => programRoute,
  path: 'settings/program_tiers',
  staticData: { permission: 'tiers:manage', title: 'settings.programTiers' },
  component: TiersSettingsPage,
})

export const programSettingsRoutes = [
  settingsIndexRoute,
  generalRoute,
  labelsRoute,
  seoRoute,
  enrollmentRoute,
  dataRetentionRoute,
  attributesRoute.addChildren([attributesIndexRoute, newAttributeRoute, editAttributeRoute]),
  tiersRoute,
] as const
