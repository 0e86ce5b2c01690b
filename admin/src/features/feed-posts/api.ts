import { type FeedImportResult, feedImportResultSchema, type FeedPost, type FeedPostList } from '../../../../sdk/contract/console/feed-posts'
import type { TableState } from '../../components/ui/data-table/table-search'
import type { TablePage } from '../../components/ui/data-table/use-server-table'
import { api } from '../../lib/api-client'
import { programKey } from '../../lib/query-client'

export type { FeedPost }

export const feedPostsBase = (programId: number) => `/admin/v2/programs/${programId}/dynamic_feed_posts`
export const feedPostsKey = (programId: number, ...parts: unknown[]) => programKey(programId, 'dynamic_feed_posts', ...parts)

/** One page of GET .../dynamic_feed_posts for the table's URL state (searched in message and username). */
export async function fetchFeedPosts(programId: number, state: TableState, signal: AbortSignal): Promise<TablePage<FeedPost>> {
  const query = { page: state.page, per_page: state.per_page, ...(state.q ? { q: state.q } : {}) }
  const page = await api.get<FeedPostList>(feedPostsBase(programId), query, signal)
  return { rows: page.data, total: page.meta.total }
}

/** POST .../dynamic_feed_posts/import with the parsed file's posts: queued in the background. */
export async function importFeedPosts(programId: number, posts: unknown[]): Promise<FeedImportResult> {
  return feedImportResultSchema.parse(await api.post<unknown>(`${feedPostsBase(programId)}/import`, { posts }))
}
