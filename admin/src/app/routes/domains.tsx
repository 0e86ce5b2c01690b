import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { programRoute } from './program'

// Each settings screen is its own chunk, fetched when first opened (the console's entry stays small).
const loadDomains = () => import('../../features/domains')
const DomainFormPage = lazyRouteComponent(loadDomains, 'DomainFormPage')
const DomainListPage = lazyRouteComponent(loadDomains, 'DomainListPage')

/**
 * Program settings domain-list (admin-console-part-b.md section 2: the list, and domain-list/new).
 * Program settings: program update (section 6, "Branding and most settings").
 */
const meta = { permission: 'program:update', title: 'settings.domains' } as const

const domainListRoute = createRoute({ getParentRoute: () => programRoute, path: 'settings/domain-list', staticData: meta })
const domainListIndexRoute = createRoute({ getParentRoute: () => domainListRoute, path: '/', component: DomainListPage })
const newDomainRoute = createRoute({ getParentRoute: () => domainListRoute, path: 'new', component: DomainFormPage })

export const domainListRoutes = domainListRoute.addChildren([domainListIndexRoute, newDomainRoute])
