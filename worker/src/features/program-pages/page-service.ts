import type { z } from 'zod'
import { and, desc, eq, ne, or, sql } from 'drizzle-orm'
import type { FormResult } from '../../../../sdk/contract/console/forms'
import type { ProgramPageDetail, ProgramPageList, ProgramPageRow, programPageListQuerySchema, programPageWriteSchema } from '../../../../sdk/contract/console/program-pages'
import { pages } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { AppError } from '../../lib/errors'
import { contains } from '../../lib/like'
import { sanitizeRichText } from '../../lib/sanitize-html'
import { contentSaved } from '../programs/content-version'

type ListQuery = z.output<typeof programPageListQuerySchema>
type PageValues = z.output<typeof programPageWriteSchema>
type PageEntity = typeof pages.$inferSelect
export type Saved = { status: 200 | 201 | 422; result: FormResult & { data?: { id: number; status?: PageEntity['status'] } } }

const TAKEN: Saved = { status: 422, result: { success: false, errors: { slug: 'Slug has already been taken' } } }

function isSlugTaken(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (/UNIQUE constraint failed: pages\.|pages_program_slug_uq/i.test(String((e as Error).message ?? e))) return true
  }
  return false
}

const rowOf = (p: PageEntity): ProgramPageRow => ({
  id: p.id,
  title: p.title,
  slug: p.slug,
  status: p.status,
  published_at: p.publishedAt ? p.publishedAt.toISOString() : null,
  updated_at: p.updatedAt.toISOString(),
})

export const pageDetail = (p: PageEntity): ProgramPageDetail => ({ ...rowOf(p), body: p.body })

export async function findPageOr404(scope: ProgramScope, id: number): Promise<PageEntity> {
  const row = Number.isSafeInteger(id) && id > 0 ? await scope.first(pages, eq(pages.id, id)) : undefined
  if (!row) throw new AppError('not_found', 404, 'Program page not found', { program_page_id: 'not found' })
  return row
}

/** GET .../program_pages: the program's pages, newest change first, searched by title or slug. */
export async function listPages(scope: ProgramScope, query: ListQuery): Promise<ProgramPageList> {
  const where = query.q ? or(contains(pages.title, query.q), contains(pages.slug, query.q)) : undefined
  const [total, rows] = await Promise.all([
    scope.count(pages, where),
    scope
      .select(pages, where)
      .orderBy(desc(pages.updatedAt), desc(pages.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
  ])
  return { data: rows.map(rowOf), meta: { page: query.page, per_page: query.per_page, total, total_pages: Math.ceil(total / query.per_page) } }
}

/**
 * POST .../program_pages: a draft (not served until published). The body is stored sanitized
 * (lib/sanitize-html: no script, event handlers, javascript: URLs, srcdoc, styles).
 */
export async function createPage(scope: ProgramScope, deps: Deps, values: PageValues): Promise<Saved> {
  if (await scope.first(pages, eq(pages.slug, values.slug))) return TAKEN
  try {
    const [row] = await scope
      .insert(pages, { title: values.title, slug: values.slug, body: sanitizeRichText(values.body), status: 'draft' })
      .returning({ id: pages.id })
    contentSaved(deps)
    return { status: 201, result: { success: true, errors: {}, data: { id: row!.id, status: 'draft' } } }
  } catch (err) {
    if (isSlugTaken(err)) return TAKEN
    throw err
  }
}

/** PUT .../program_pages/{id}: title, slug and body; a published page changes on the site at once. */
export async function updatePage(scope: ProgramScope, deps: Deps, row: PageEntity, values: PageValues): Promise<Saved> {
  if (values.slug !== row.slug && (await scope.first(pages, and(eq(pages.slug, values.slug), ne(pages.id, row.id))))) return TAKEN
  try {
    await scope.update(pages, { title: values.title, slug: values.slug, body: sanitizeRichText(values.body), updatedAt: new Date(deps.clock.now()) }, eq(pages.id, row.id))
  } catch (err) {
    if (isSlugTaken(err)) return TAKEN
    throw err
  }
  contentSaved(deps)
  return { status: 200, result: { success: true, errors: {}, data: { id: row.id, status: row.status } } }
}

/**
 * Publish and archive (section 4): a published page is served at /{slug} and listed in the site's
 * footer; an archived one is not (its path answers the site's 404). Publishing again is allowed; the
 * first publication date is kept.
 */
export async function setPageStatus(scope: ProgramScope, deps: Deps, row: PageEntity, status: 'published' | 'archived'): Promise<Saved> {
  const now = new Date(deps.clock.now())
  await scope.update(
    pages,
    { status, updatedAt: now, ...(status === 'published' ? { publishedAt: sql`coalesce(${pages.publishedAt}, ${now.getTime()})` as never } : {}) },
    eq(pages.id, row.id),
  )
  contentSaved(deps)
  return { status: 200, result: { success: true, errors: {}, data: { id: row.id, status } } }
}
