import * as z from 'zod'
import { pageMetaSchema } from './participants'

/**
 * Dynamic feed posts (admin-console-part-b.md sections 2, 3, 5 and 8: settings dynamic-feed-posts
 * list, new, {id}/edit and the upload-JSON dialog, only with the dynamic_feed_posts feature on). A
 * post has the participant feed's fields (id, post_type, media_path, message, username, url,
 * published_at, as challenges.ts socialPostSchema); an imported post keeps its file's id, so importing
 * the same file again updates those posts and never duplicates them.
 */

export const feedPostTypes = ['gallery', 'image', 'video'] as const
export type FeedPostType = (typeof feedPostTypes)[number]

/** Posts per background chunk (one outbox row, one atomic batch). */
export const FEED_IMPORT_CHUNK = 50
/** Posts one file may hold. */
export const FEED_IMPORT_MAX = 2000

const httpUrl = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(2000, `${label} must not be longer than 2000 characters`)
    .refine((v) => {
      try {
        const u = new URL(v)
        return u.protocol === 'https:' || u.protocol === 'http:'
      } catch {
        return false
      }
    }, `${label} must be an http or https URL`)

/** media_path: an http(s) URL or a path on the program's own site (/files/...). */
const mediaPathSchema = z
  .string({ error: 'Media path is required' })
  .trim()
  .min(1, 'Media path is required')
  .max(2000, 'Media path must not be longer than 2000 characters')
  .refine((v) => {
    if (/^\/(?!\/)[^\s\\]*$/.test(v)) return true
    try {
      const u = new URL(v)
      return u.protocol === 'https:' || u.protocol === 'http:'
    } catch {
      return false
    }
  }, 'Media path must be an http or https URL or a path starting with /')
  .meta({ label: 'Media path' })

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must not be longer than ${max} characters`)
    .nullish()
    .transform((v) => v || null)

/** published_at: ISO 8601 (a console datetime-local value or a file's timestamp), or empty. */
const publishedAtSchema = z
  .string({ error: 'Published at must be a date and time' })
  .trim()
  .nullish()
  .refine((v) => !v || (/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v))), 'Published at must be a date and time (ISO 8601)')
  .transform((v) => (v ? new Date(v).toISOString() : null))

const postFields = {
  post_type: z.enum(feedPostTypes, { error: 'Post type must be gallery, image or video' }).meta({ label: 'Post type' }),
  media_path: mediaPathSchema,
  message: optionalText('Message', 2000).meta({ label: 'Message', widget: 'textarea' }),
  username: optionalText('Username', 100).meta({ label: 'Username' }),
  url: z
    .union([z.literal(''), httpUrl('URL')])
    .nullish()
    .transform((v) => v || null)
    .meta({ label: 'URL' }),
  published_at: publishedAtSchema.meta({ label: 'Published at' }),
}

/** New and edit (generic form calls): the feed's fields. */
export const feedPostWriteSchema = z.object(postFields)
export type FeedPostWrite = z.input<typeof feedPostWriteSchema>

/** One post of an import file: the feed's fields with the post's own id (text or number). */
export const feedImportPostSchema = z.object({
  id: z.union([z.string().trim().min(1, 'Id is required').max(100, 'Id must not be longer than 100 characters'), z.number().int().nonnegative()], { error: 'Id is required' }).transform(String),
  ...postFields,
})
export type FeedImportPost = z.output<typeof feedImportPostSchema>

/**
 * POST .../dynamic_feed_posts/import: the parsed JSON file, an array of posts or `{ posts: [...] }`.
 * Every post is checked before anything is queued; errors name the post and field (`posts.3.url`).
 */
export const feedImportSchema = z.preprocess(
  (v) => (Array.isArray(v) ? { posts: v } : v),
  z.object({
    posts: z
      .array(feedImportPostSchema, { error: 'The file must hold a list of posts' })
      .min(1, 'The file holds no posts')
      .max(FEED_IMPORT_MAX, `A file may hold at most ${FEED_IMPORT_MAX} posts`)
      .superRefine((posts, ctx) => {
        const seen = new Map<string, number>()
        posts.forEach((p, i) => {
          const first = seen.get(p.id)
          if (first !== undefined) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `Id ${p.id} appears twice (also post ${first + 1})` })
          else seen.set(p.id, i)
        })
      }),
  }),
)

/** The import's answer: queued in the background ('Post are being imported!'). */
export const feedImportResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.object({ posts: z.number(), chunks: z.number() }).optional(),
})
export type FeedImportResult = z.infer<typeof feedImportResultSchema>

/** A post of the list. */
export const feedPostSchema = z.object({
  id: z.number(),
  external_id: z.string().nullable(),
  post_type: z.enum(feedPostTypes),
  media_path: z.string(),
  message: z.string().nullable(),
  username: z.string().nullable(),
  url: z.string().nullable(),
  published_at: z.string().nullable(),
})
export type FeedPost = z.infer<typeof feedPostSchema>

export const feedPostListQuerySchema = z.object({
  page: z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be 1 or more').default(1),
  per_page: z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(10, 'must be between 10 and 50').max(50, 'must be between 10 and 50').default(20),
  q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
})
export const feedPostListSchema = z.object({ data: z.array(feedPostSchema), meta: pageMetaSchema })
export type FeedPostList = z.infer<typeof feedPostListSchema>
