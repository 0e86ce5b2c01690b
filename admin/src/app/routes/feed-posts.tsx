import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { tableSearchSchema } from '../../components/ui/data-table/table-search'
import { numericParam } from './params'
import { programRoute } from './program'

// Each settings screen is its own chunk, fetched when first opened (the console's entry stays small).
const loadFeedPosts = () => import('../../features/feed-posts')
const FeedPostFormPage = lazyRouteComponent(loadFeedPosts, 'FeedPostFormPage')
const FeedPostsPage = lazyRouteComponent(loadFeedPosts, 'FeedPostsPage')

/**
 * Program settings dynamic-feed-posts (admin-console-part-b.md section 2: list, new, {id}/edit; only
 * when the feature is on). Section 6: dynamic_feed_posts manage, which the server denies while the
 * program's dynamic_feed_posts feature is off.
 */
const meta = { permission: 'dynamic_feed_posts:manage', title: 'settings.feedPosts' } as const

const feedPostsRoute = createRoute({ getParentRoute: () => programRoute, path: 'settings/dynamic-feed-posts', staticData: meta })
const feedPostsIndexRoute = createRoute({ getParentRoute: () => feedPostsRoute, path: '/', validateSearch: tableSearchSchema, component: FeedPostsPage })
const newFeedPostRoute = createRoute({ getParentRoute: () => feedPostsRoute, path: 'new', component: () => <FeedPostFormPage mode="create" /> })
const editFeedPostRoute = createRoute({
  getParentRoute: () => feedPostsRoute,
  path: '$postId/edit',
  params: numericParam('postId'),
  component: () => <FeedPostFormPage mode="update" />,
})

export const feedPostsRoutes = feedPostsRoute.addChildren([feedPostsIndexRoute, newFeedPostRoute, editFeedPostRoute])
