import * as z from 'zod'
import { pageMetaSchema } from './participants'

/**
 * The media library (admin-console-part-b.md sections 2, 3, 5 and 7): a program's uploaded images and
 * videos. Files are checked by their bytes on the server (features/media/file-check.ts), stored under a
 * random server-generated key and served from `/media/{program_id}/{key}` (docs/decisions/0020).
 */

/** The image types every image field accepts, and the video types accepted where video is allowed. */
export const mediaImageTypes = ['image/png', 'image/jpeg'] as const
export const mediaVideoTypes = ['video/mp4', 'video/quicktime', 'video/webm', 'video/ogg'] as const
export type MediaContentType = (typeof mediaImageTypes)[number] | (typeof mediaVideoTypes)[number]

/** Upload limits (checked before the body is buffered, then per detected type). */
export const MEDIA_LIMITS = {
  imageBytes: 10 * 1024 * 1024,
  videoBytes: 25 * 1024 * 1024,
  /** Each side, and the whole picture (a pixel flood is refused from its header alone). */
  maxSide: 10_000,
  maxPixels: 40_000_000,
  titleLength: 200,
  altTextLength: 500,
} as const

/** The `file` input's accept attribute for the console's pickers. */
export const mediaAccept = (video: boolean) => (video ? '.png,.jpg,.jpeg,.mp4,.mov,.webm,.ogv,.ogg,image/png,image/jpeg,video/*' : '.png,.jpg,.jpeg,image/png,image/jpeg')

/** A stored path of an uploaded file, as image fields hold it: `/media/12/3f9c….png`. */
export const MEDIA_PATH = /^\/media\/[1-9][0-9]*\/[a-f0-9]{32}\.(?:png|jpg|mp4|mov|webm|ogv)$/

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: 'must be true or false' })
  .transform((v) => v === true || v === 'true' || v === '1')

/** GET .../program_attachments: one page of 20, newest first; without accept_video only images. */
export const attachmentListQuerySchema = z.object({
  page: z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be 1 or more').default(1),
  per_page: z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be between 1 and 20').max(20, 'must be between 1 and 20').default(20),
  accept_video: flag.default(false),
})
export type AttachmentListQuery = z.input<typeof attachmentListQuerySchema>

/** Upload form fields besides `file` (multipart). */
export const attachmentUploadSchema = z.object({
  title: z.string().trim().max(MEDIA_LIMITS.titleLength, `Title must not be longer than ${MEDIA_LIMITS.titleLength} characters`).optional(),
  alt_text: z.string().trim().max(MEDIA_LIMITS.altTextLength, `Alt text must not be longer than ${MEDIA_LIMITS.altTextLength} characters`).optional(),
  accept_video: flag.optional(),
})

/** PATCH or PUT .../program_attachments/{id}: title and alt text. */
export const attachmentUpdateSchema = z.object({
  title: z.string({ error: 'Title must be text' }).trim().max(MEDIA_LIMITS.titleLength, `Title must not be longer than ${MEDIA_LIMITS.titleLength} characters`).optional(),
  alt_text: z.string({ error: 'Alt text must be text' }).trim().max(MEDIA_LIMITS.altTextLength, `Alt text must not be longer than ${MEDIA_LIMITS.altTextLength} characters`).optional(),
})
export type AttachmentUpdate = z.input<typeof attachmentUpdateSchema>

/** A program attachment (section 3): id, title, alt_text, content_type, dimension, byte_size, created_at, file, public_url. */
export const attachmentSchema = z.object({
  id: z.number(),
  title: z.string(),
  alt_text: z.string(),
  content_type: z.string(),
  /** `{width}x{height}` for images, null for videos. */
  dimension: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  byte_size: z.number(),
  created_at: z.string(),
  file: z.object({ url: z.string(), filename: z.string() }),
  public_url: z.string(),
})
export type Attachment = z.infer<typeof attachmentSchema>

export const attachmentListSchema = z.object({ data: z.array(attachmentSchema), meta: pageMetaSchema })
export type AttachmentList = z.infer<typeof attachmentListSchema>

/** Upload and update answers (section 7): success, resource (with its id) and errors keyed by field. */
export const attachmentResultSchema = z.object({
  success: z.boolean(),
  resource: attachmentSchema.optional(),
  errors: z.record(z.string(), z.string()),
})
export type AttachmentResult = z.infer<typeof attachmentResultSchema>
