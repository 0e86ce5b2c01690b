import { createRoute, lazyRouteComponent, redirect, type RouteComponent } from '@tanstack/react-router'
import { programRoute } from './program'

// Each settings screen is its own chunk, fetched when first opened (the console's entry stays small).
const loadBranding = () => import('../../features/branding')
const AssetsSection = lazyRouteComponent(loadBranding, 'AssetsSection')
const BordersSection = lazyRouteComponent(loadBranding, 'BordersSection')
const BrandingPage = lazyRouteComponent(loadBranding, 'BrandingPage')
const ColorsSection = lazyRouteComponent(loadBranding, 'ColorsSection')
const CssSection = lazyRouteComponent(loadBranding, 'CssSection')
const FontsSection = lazyRouteComponent(loadBranding, 'FontsSection')
const ThemeSection = lazyRouteComponent(loadBranding, 'ThemeSection')

/**
 * Program settings branding (admin-console-part-b.md section 2): colors (default), theme, assets,
 * fonts, borders, css; one form across the tabs with the live preview beside it. Program update
 * (section 6, "Branding and most settings").
 */
const brandingRoute = createRoute({
  getParentRoute: () => programRoute,
  path: 'settings/branding',
  staticData: { permission: 'program:update', title: 'settings.branding' },
  component: BrandingPage,
})

/** settings/branding -> its default tab, colors. */
const brandingIndexRoute = createRoute({
  getParentRoute: () => brandingRoute,
  path: '/',
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/programs/$programId/settings/branding/colors', params: { programId: params.programId }, replace: true })
  },
})

const tab = (path: string, component: RouteComponent) => createRoute({ getParentRoute: () => brandingRoute, path, component })

export const brandingRoutes = brandingRoute.addChildren([
  brandingIndexRoute,
  tab('colors', ColorsSection),
  tab('theme', ThemeSection),
  tab('assets', AssetsSection),
  tab('fonts', FontsSection),
  tab('borders', BordersSection),
  tab('css', CssSection),
])
