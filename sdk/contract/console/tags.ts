import * as z from 'zod'
import { pageMetaSchema } from './participants'

/**
 * The console's tag screens (admin-console-part-b.md sections 2 and 3): content tags (the names
 * challenges and rewards carry) and admin tags (names on participants, challenges and rewards).
 */

export const tagSorts = ['name', 'created_at'] as const
export type TagSort = (typeof tagSorts)[number]

const whole = (fallback: number) => z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').default(fallback)

/** GET .../content_tags and .../admin_tags: one page, sorted and searched (name contains). */
export const tagListQuerySchema = z.object({
  page: whole(1).pipe(z.number().min(1, 'must be 1 or more')),
  per_page: whole(20).pipe(z.number().min(10, 'must be between 10 and 50').max(50, 'must be between 10 and 50')),
  sort: z.enum(tagSorts, { error: `must be one of ${tagSorts.join(', ')}` }).default('name'),
  order: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('asc'),
  q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
})
export type TagListQuery = z.input<typeof tagListQuerySchema>

/** A tag's name as tag lists hold it: the same bounds as a participant or challenge tag, errors naming the field. */
export const tagNameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(50, 'Name must not be longer than 50 characters')
  .refine((t) => !t.includes(','), 'Name must not contain a comma')
  .meta({ label: 'Name' })

/** Content tag new and edit (generic form calls): name and active. */
export const contentTagWriteSchema = z.object({
  name: tagNameSchema,
  active: z.boolean({ error: 'Active must be true or false' }).default(true).meta({ label: 'Active' }),
})
export type ContentTagWrite = z.input<typeof contentTagWriteSchema>

/** Admin tag new and edit: the name. */
export const adminTagWriteSchema = z.object({ name: tagNameSchema })
export type AdminTagWrite = z.input<typeof adminTagWriteSchema>

export const taggedItemSchema = z.object({ id: z.number(), name: z.string() })
export type TaggedItem = z.infer<typeof taggedItemSchema>

/** A content tag row of the list. */
export const contentTagRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  active: z.boolean(),
  created_at: z.string(),
  challenges_count: z.number(),
  rewards_count: z.number(),
})
export type ContentTagRow = z.infer<typeof contentTagRowSchema>
export const contentTagListSchema = z.object({ data: z.array(contentTagRowSchema), meta: pageMetaSchema })
export type ContentTagList = z.infer<typeof contentTagListSchema>

/** Content tag detail: status, created date, counts, total usage and the linked challenges and rewards. */
export const contentTagDetailSchema = contentTagRowSchema.extend({
  status: z.enum(['Active', 'Inactive']),
  total_usage: z.number(),
  challenges: z.array(taggedItemSchema),
  rewards: z.array(taggedItemSchema),
})
export type ContentTagDetail = z.infer<typeof contentTagDetailSchema>

/** An admin tag row of the list. */
export const adminTagRowSchema = z.object({ id: z.number(), name: z.string(), created_at: z.string(), taggings_count: z.number() })
export type AdminTagRow = z.infer<typeof adminTagRowSchema>
export const adminTagListSchema = z.object({ data: z.array(adminTagRowSchema), meta: pageMetaSchema })
export type AdminTagList = z.infer<typeof adminTagListSchema>

/** One tagged item of an admin tag (section 3: taggable_id, taggable_name, tenant). */
export const taggingSchema = z.object({ taggable_id: z.number(), taggable_name: z.string(), tenant: z.number() })
export type Tagging = z.infer<typeof taggingSchema>

/** The taggings of one kind: its display name, the attribute name its routes are built from, the items. */
export const taggingKindSchema = z.object({ display_name: z.string(), attribute_name: z.string(), value: z.array(taggingSchema) })
export type TaggingKind = z.infer<typeof taggingKindSchema>

/** Admin tag detail: taggings keyed by kind (Participant, Challenge, Reward...). */
export const adminTagDetailSchema = adminTagRowSchema.extend({ taggings: z.record(z.string(), taggingKindSchema) })
export type AdminTagDetail = z.infer<typeof adminTagDetailSchema>
