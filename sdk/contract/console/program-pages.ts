import * as z from 'zod'
import { pageMetaSchema } from './participants'

/**
 * The console's program pages (admin-console-part-b.md sections 2, 4 and 7: settings/program-pages
 * list, new and edit; published or archived through publish and archive calls). A page is served on
 * the participant site at /{slug} while it is published; its body is HTML from the console's
 * rich-text editor, sanitized by the server before it is stored.
 */

export const programPageStatuses = ['draft', 'published', 'archived'] as const
export type ProgramPageStatus = (typeof programPageStatuses)[number]

/**
 * First path segments the participant site or the worker already answer (sdk/contract/site-routes.ts,
 * SERVER_PATHS): a page there could never be reached.
 */
export const RESERVED_PAGE_SLUGS: readonly string[] = [
  'signin', 'my-account', 'challenge', 'reward', 'sweepstakes', 'my-offers', 'photos', 'partner', 'admin', 'public',
  'participants', 'payments', 'offers', 'ahoy', 'healthz', 'embed', 'brand', 'assets', 'fonts', 'media', 'uploads',
]

export const PAGE_BODY_MAX = 200_000

const whole = (fallback: number) => z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').default(fallback)

/** GET .../program_pages: one page of the list, searched by title or slug. */
export const programPageListQuerySchema = z.object({
  page: whole(1).pipe(z.number().min(1, 'must be 1 or more')),
  per_page: whole(20).pipe(z.number().min(10, 'must be between 10 and 50').max(50, 'must be between 10 and 50')),
  q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
})
export type ProgramPageListQuery = z.input<typeof programPageListQuerySchema>

export const programPageSlugSchema = z
  .string({ error: 'Slug is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Slug is required')
  .max(80, 'Slug must not be longer than 80 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Slug may only contain lowercase letters, digits and single hyphens')
  .refine((s) => !RESERVED_PAGE_SLUGS.includes(s), 'Slug is reserved by the participant site')
  .meta({ label: 'Slug' })

/** New and edit (POST / PUT): title, slug and the editor's HTML. */
export const programPageWriteSchema = z.object({
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(120, 'Title must not be longer than 120 characters').meta({ label: 'Title' }),
  slug: programPageSlugSchema,
  body: z.string({ error: 'Body must be text' }).max(PAGE_BODY_MAX, `Body must not be longer than ${PAGE_BODY_MAX} characters`).default('').meta({ label: 'Body', widget: 'textarea' }),
})
export type ProgramPageWrite = z.input<typeof programPageWriteSchema>

/** A slug made from a title: lowercased, accents dropped, runs of other characters turned to one hyphen. */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')
}

export const programPageRowSchema = z.object({
  id: z.number(),
  title: z.string(),
  slug: z.string(),
  status: z.enum(programPageStatuses),
  published_at: z.string().nullable(),
  updated_at: z.string(),
})
export type ProgramPageRow = z.infer<typeof programPageRowSchema>
export const programPageListSchema = z.object({ data: z.array(programPageRowSchema), meta: pageMetaSchema })
export type ProgramPageList = z.infer<typeof programPageListSchema>

/** GET .../program_pages/{id}: the row with its stored (sanitized) body. */
export const programPageDetailSchema = programPageRowSchema.extend({ body: z.string() })
export type ProgramPageDetail = z.infer<typeof programPageDetailSchema>
