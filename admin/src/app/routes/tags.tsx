import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { tableSearchSchema } from '../../components/ui/data-table/table-search'
import { numericParam } from './params'
import { programRoute } from './program'

// Each settings screen is its own chunk, fetched when first opened (the console's entry stays small).
const loadTags = () => import('../../features/tags')
const AdminTagPage = lazyRouteComponent(loadTags, 'AdminTagPage')
const AdminTagsPage = lazyRouteComponent(loadTags, 'AdminTagsPage')
const ContentTagPage = lazyRouteComponent(loadTags, 'ContentTagPage')
const ContentTagsPage = lazyRouteComponent(loadTags, 'ContentTagsPage')
const TagFormPage = lazyRouteComponent(loadTags, 'TagFormPage')

/**
 * Program settings content-tags and tags (admin-console-part-b.md section 2: list, new, {id} detail,
 * edit). Tags are program settings: program update (section 6, "Branding and most settings").
 */
const meta = { permission: 'program:update', title: 'nav.tags' } as const

const contentTagsRoute = createRoute({ getParentRoute: () => programRoute, path: 'settings/content-tags', staticData: meta })
const contentTagsIndexRoute = createRoute({ getParentRoute: () => contentTagsRoute, path: '/', validateSearch: tableSearchSchema, component: ContentTagsPage })
const newContentTagRoute = createRoute({ getParentRoute: () => contentTagsRoute, path: 'new', component: () => <TagFormPage family="content" mode="create" /> })
const contentTagRoute = createRoute({ getParentRoute: () => contentTagsRoute, path: '$tagId', params: numericParam('tagId'), component: ContentTagPage })
const editContentTagRoute = createRoute({
  getParentRoute: () => contentTagsRoute,
  path: '$tagId/edit',
  params: numericParam('tagId'),
  component: () => <TagFormPage family="content" mode="update" />,
})

const adminTagsRoute = createRoute({ getParentRoute: () => programRoute, path: 'settings/tags', staticData: meta })
const adminTagsIndexRoute = createRoute({ getParentRoute: () => adminTagsRoute, path: '/', validateSearch: tableSearchSchema, component: AdminTagsPage })
const newAdminTagRoute = createRoute({ getParentRoute: () => adminTagsRoute, path: 'new', component: () => <TagFormPage family="admin" mode="create" /> })
const adminTagRoute = createRoute({ getParentRoute: () => adminTagsRoute, path: '$tagId', params: numericParam('tagId'), component: AdminTagPage })
const editAdminTagRoute = createRoute({
  getParentRoute: () => adminTagsRoute,
  path: '$tagId/edit',
  params: numericParam('tagId'),
  component: () => <TagFormPage family="admin" mode="update" />,
})

export const contentTagsRoutes = contentTagsRoute.addChildren([contentTagsIndexRoute, newContentTagRoute, contentTagRoute, editContentTagRoute])
export const adminTagsRoutes = adminTagsRoute.addChildren([adminTagsIndexRoute, newAdminTagRoute, adminTagRoute, editAdminTagRoute])
