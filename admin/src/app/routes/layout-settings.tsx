import { createRoute, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router'
import type { ImageFieldProps } from '../../features/layout'
// The picker is on many forms (challenges, rewards, branding): it stays in the entry.
import { MediaField } from '../../features/media'
import { programRoute } from './program'

// Each settings screen is its own chunk, fetched when first opened (the console's entry stays small).
const loadLayout = () => import('../../features/layout')
const CarouselsPage = lazyRouteComponent(loadLayout, 'CarouselsPage')
const LayoutFrame = lazyRouteComponent(loadLayout, 'LayoutFrame')
const NavigationMenusPage = lazyRouteComponent(loadLayout, 'NavigationMenusPage')

/**
 * Program settings layout (admin-console-part-b.md section 2: navigation-menus, the default, and
 * carousels). Program update (section 6, "Branding and most settings"). The carousel's image fields
 * are the media library's picker, composed here so neither feature imports the other.
 */
const layoutRoute = createRoute({
  getParentRoute: () => programRoute,
  path: 'settings/layout',
  staticData: { permission: 'program:update', title: 'settings.layout' },
  component: () => (
    <LayoutFrame>
      <Outlet />
    </LayoutFrame>
  ),
})
const layoutIndexRoute = createRoute({
  getParentRoute: () => layoutRoute,
  path: '/',
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/programs/$programId/settings/layout/navigation-menus', params: { programId: params.programId }, replace: true })
  },
})
const navigationMenusRoute = createRoute({ getParentRoute: () => layoutRoute, path: 'navigation-menus', component: NavigationMenusPage })
const carouselsRoute = createRoute({
  getParentRoute: () => layoutRoute,
  path: 'carousels',
  component: function CarouselsRoute() {
    const { programId } = carouselsRoute.useParams()
    return <CarouselsPage imageField={({ description: _hint, ...field }: ImageFieldProps) => <MediaField programId={programId} accept="image" {...field} />} />
  },
})

export const layoutSettingsRoutes = layoutRoute.addChildren([layoutIndexRoute, navigationMenusRoute, carouselsRoute])
