import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { numericParam } from './params'
import { programRoute } from './program'

// Each settings screen is its own chunk, fetched when first opened (the console's entry stays small).
const loadEvergreen = () => import('../../features/evergreen')
const EvergreenEditPage = lazyRouteComponent(loadEvergreen, 'EvergreenEditPage')
const EvergreenListPage = lazyRouteComponent(loadEvergreen, 'EvergreenListPage')

/**
 * Program settings evergreen (admin-console-part-b.md section 2: the list of setting definitions and
 * {id} edit). Program settings: program update (section 6).
 */
const meta = { permission: 'program:update', title: 'settings.evergreen' } as const

const evergreenRoute = createRoute({ getParentRoute: () => programRoute, path: 'settings/evergreen', staticData: meta })
const evergreenIndexRoute = createRoute({ getParentRoute: () => evergreenRoute, path: '/', component: EvergreenListPage })
const evergreenEditRoute = createRoute({ getParentRoute: () => evergreenRoute, path: '$settingId', params: numericParam('settingId'), component: EvergreenEditPage })

export const evergreenRoutes = evergreenRoute.addChildren([evergreenIndexRoute, evergreenEditRoute])
