import type { Context } from 'hono'
import { programPageListQuerySchema, programPageWriteSchema } from '../../../../sdk/contract/console/program-pages'
import type { AppEnv } from '../../env'
import { parseQuery, readBody } from '../../lib/parse'
import { consoleRoutes } from '../console/console-router'
import { formDefinition, validateForm } from '../console/forms'
import { createPage, findPageOr404, listPages, pageDetail, setPageStatus, updatePage } from './page-service'

type C = Context<AppEnv>
const PAGES = '/programs/:program_id/program_pages'
/** Numeric ids only, so `new` never reads as an id. */
const ONE = `${PAGES}/:program_page_id{[0-9]+}`
const UPDATE = ['program', 'update'] as const

const pageOf = (c: C) => findPageOr404(c.var.scope, Number(c.req.param('program_page_id')))

/**
 * Program pages console calls (admin-console-part-b.md section 2 settings/program-pages, section 4
 * published or archived, section 7 GET new or edit then POST or PUT, with publish and archive).
 * Section 6 gives most settings to program update, for reading and writing. Every row is read through
 * the program in the path: another program's page is 404.
 */
export const programPagesConsole = consoleRoutes()
  .get(PAGES, UPDATE, async (c) => c.json(await listPages(c.var.scope, parseQuery(c, programPageListQuerySchema))))
  .get(`${PAGES}/new`, UPDATE, (c) => c.json(formDefinition(programPageWriteSchema, { body: '' })))
  .post(PAGES, UPDATE, async (c) => {
    const form = validateForm(programPageWriteSchema, await readBody(c))
    if (!form.ok) return c.json(form.result, 422)
    const saved = await createPage(c.var.scope, c.var.deps, form.data)
    return c.json(saved.result, saved.status)
  })
  .get(ONE, UPDATE, async (c) => c.json({ data: pageDetail(await pageOf(c)) }))
  .get(`${ONE}/edit`, UPDATE, async (c) => {
    const row = await pageOf(c)
    return c.json(formDefinition(programPageWriteSchema, { title: row.title, slug: row.slug, body: row.body }))
  })
  .put(ONE, UPDATE, async (c) => {
    const row = await pageOf(c)
    const form = validateForm(programPageWriteSchema, await readBody(c))
    if (!form.ok) return c.json(form.result, 422)
    const saved = await updatePage(c.var.scope, c.var.deps, row, form.data)
    return c.json(saved.result, saved.status)
  })
  .post(`${ONE}/publish`, UPDATE, async (c) => {
    const saved = await setPageStatus(c.var.scope, c.var.deps, await pageOf(c), 'published')
    return c.json(saved.result, saved.status)
  })
  .post(`${ONE}/archive`, UPDATE, async (c) => {
    const saved = await setPageStatus(c.var.scope, c.var.deps, await pageOf(c), 'archived')
    return c.json(saved.result, saved.status)
  })
