import { and, desc, eq, isNull, or, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { FormResult } from '../../../../sdk/contract/console/forms'
import type { FeedPost, FeedPostList, feedPostListQuerySchema, feedPostWriteSchema } from '../../../../sdk/contract/console/feed-posts'
import { socialNetworkPosts } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { AppError } from '../../lib/errors'
import { contains } from '../../lib/like'
import { contentSaved } from '../programs/content-version'

type PostRow = typeof socialNetworkPosts.$inferSelect
type PostValues = z.output<typeof feedPostWriteSchema>
type ListQuery = z.output<typeof feedPostListQuerySchema>
type Saved = { status: 200 | 201 | 422; result: FormResult & { data?: FeedPost } }

/**
 * A dynamic feed post is a program's social_network_posts row that belongs to no challenge (the
 * unified social challenges keep their own posts, edited with the challenge): the feed's fields, and
 * for an imported post its file's id (external_id, UNIQUE per program).
 */
export const dynamicPost = (cond?: ReturnType<typeof and>) => and(isNull(socialNetworkPosts.challengeId), isNull(socialNetworkPosts.parentId), cond)

export const toFeedPost = (r: PostRow): FeedPost => ({
  id: r.id,
  external_id: r.externalId,
  post_type: r.postType,
  media_path: r.mediaPath,
  message: r.message,
  username: r.username,
  url: r.url,
  published_at: r.publishedAt ? r.publishedAt.toISOString() : null,
})

/** The columns a post's fields write. */
export const postColumns = (v: PostValues) => ({
  postType: v.post_type,
  mediaPath: v.media_path,
  message: v.message,
  username: v.username,
  url: v.url,
  publishedAt: v.published_at ? new Date(v.published_at) : null,
})

export async function findFeedPostOr404(scope: ProgramScope, id: number): Promise<PostRow> {
  const row = Number.isSafeInteger(id) && id > 0 ? await scope.first(socialNetworkPosts, dynamicPost(eq(socialNetworkPosts.id, id))) : undefined
  if (!row) throw new AppError('not_found', 404, 'Post not found', { post_id: 'not found' })
  return row
}

/** GET .../dynamic_feed_posts: newest published first, searched in message and username. */
export async function listFeedPosts(scope: ProgramScope, query: ListQuery): Promise<FeedPostList> {
  const search = query.q ? or(contains(socialNetworkPosts.message, query.q), contains(socialNetworkPosts.username, query.q)) : undefined
  const where = dynamicPost(search)
  const [total, rows] = await Promise.all([
    scope.count(socialNetworkPosts, where),
    scope
      .select(socialNetworkPosts, where)
      .orderBy(sql`${socialNetworkPosts.publishedAt} IS NULL`, desc(socialNetworkPosts.publishedAt), desc(socialNetworkPosts.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
  ])
  return { data: rows.map(toFeedPost), meta: { page: query.page, per_page: query.per_page, total, total_pages: Math.ceil(total / query.per_page) } }
}

/** New post (the content_version trigger of social_network_posts moves the program's content on). */
export async function createFeedPost(scope: ProgramScope, deps: Deps, values: PostValues): Promise<Saved> {
  const [row] = await scope.insert(socialNetworkPosts, { challengeId: null, parentId: null, ...postColumns(values) }).returning()
  contentSaved(deps)
  return { status: 201, result: { success: true, errors: {}, data: toFeedPost(row!) } }
}

export async function updateFeedPost(scope: ProgramScope, deps: Deps, row: PostRow, values: PostValues): Promise<Saved> {
  const [saved] = await scope.update(socialNetworkPosts, postColumns(values), dynamicPost(eq(socialNetworkPosts.id, row.id))).returning()
  if (!saved) throw new AppError('not_found', 404, 'Post not found', { post_id: 'not found' })
  contentSaved(deps)
  return { status: 200, result: { success: true, errors: {}, data: toFeedPost(saved) } }
}
