import type { Context } from 'hono'
import { feedImportSchema, feedPostListQuerySchema, feedPostWriteSchema } from '../../../../sdk/contract/console/feed-posts'
import type { AppEnv } from '../../env'
import { parseQuery, readBody } from '../../lib/parse'
import { consoleRoutes } from '../console/console-router'
import { formDefinition, validateForm } from '../console/forms'
import { queueFeedImport } from './feed-import'
import { createFeedPost, findFeedPostOr404, listFeedPosts, toFeedPost, updateFeedPost } from './feed-post-service'

type C = Context<AppEnv>
const BASE = '/programs/:program_id/dynamic_feed_posts'
/** Numeric ids only, so `new` and `import` never read as an id. */
const ONE = `${BASE}/:post_id{[0-9]+}`
/** Section 6: dynamic feed posts need dynamic_feed_posts manage, denied while the feature is off. */
const MANAGE = ['dynamic_feed_posts', 'manage'] as const

const postOf = (c: C) => findFeedPostOr404(c.var.scope, Number(c.req.param('post_id')))

/**
 * Dynamic feed posts (admin-console-part-b.md section 2, settings dynamic-feed-posts: list, new,
 * {id}/edit and the upload-JSON dialog; section 7, "dynamic_feed_posts (import with payload file)").
 */
export const feedPostsConsole = consoleRoutes()
  .get(BASE, MANAGE, async (c) => c.json(await listFeedPosts(c.var.scope, parseQuery(c, feedPostListQuerySchema))))
  .get(`${BASE}/new`, MANAGE, (c) => c.json(formDefinition(feedPostWriteSchema, { post_type: 'image', message: '', username: '', url: '', published_at: '' })))
  .post(BASE, MANAGE, async (c) => {
    const form = validateForm(feedPostWriteSchema, await readBody(c))
    if (!form.ok) return c.json(form.result, 422)
    const saved = await createFeedPost(c.var.scope, c.var.deps, form.data)
    return c.json(saved.result, saved.status)
  })
  .get(`${ONE}/edit`, MANAGE, async (c) => {
    const post = toFeedPost(await postOf(c))
    return c.json(
      formDefinition(feedPostWriteSchema, {
        post_type: post.post_type,
        media_path: post.media_path,
        message: post.message ?? '',
        username: post.username ?? '',
        url: post.url ?? '',
        published_at: post.published_at ?? '',
      }),
    )
  })
  .put(ONE, MANAGE, async (c) => {
    const row = await postOf(c)
    const form = validateForm(feedPostWriteSchema, await readBody(c))
    if (!form.ok) return c.json(form.result, 422)
    const saved = await updateFeedPost(c.var.scope, c.var.deps, row, form.data)
    return c.json(saved.result, saved.status)
  })
  // The upload dialog's import: the parsed file, every post checked, then queued ('Post are being imported!').
  .post(`${BASE}/import`, MANAGE, async (c) => {
    const parsed = validateForm(feedImportSchema, await readBody(c))
    if (!parsed.ok) return c.json({ ...parsed.result, message: 'Error importing posts' }, 422)
    return c.json(await queueFeedImport(c.var.scope, c.var.deps, parsed.data.posts), 202)
  })
