import type { Context } from 'hono'
import { adminTagWriteSchema, contentTagWriteSchema, tagListQuerySchema } from '../../../../sdk/contract/console/tags'
import type { AppEnv } from '../../env'
import { parseQuery, readBody } from '../../lib/parse'
import { consoleRoutes } from '../console/console-router'
import { formDefinition, validateForm } from '../console/forms'
import {
  adminTagDetail,
  contentTagDetail,
  createAdminTag,
  createContentTag,
  findAdminTagOr404,
  findContentTagOr404,
  listAdminTags,
  listContentTags,
  updateAdminTag,
  updateContentTag,
} from './tag-service'

type C = Context<AppEnv>
const CONTENT = '/programs/:program_id/content_tags'
const ADMIN = '/programs/:program_id/admin_tags'
/** Numeric ids only, so `new` never reads as an id. */
const CONTENT_ONE = `${CONTENT}/:tag_id{[0-9]+}`
const ADMIN_ONE = `${ADMIN}/:tag_id{[0-9]+}`

const contentTagOf = (c: C) => findContentTagOr404(c.var.scope, Number(c.req.param('tag_id')))
const adminTagOf = (c: C) => findAdminTagOr404(c.var.scope, Number(c.req.param('tag_id')))

/**
 * Tag settings console calls (admin-console-part-b.md section 2, programs/{id}/settings content-tags
 * and tags; section 7, generic form calls for content_tags and admin_tags with GET detail). Tags are
 * program settings, and section 6 gives "Branding and most settings" to program update: reading and
 * writing both need it (the catalog has no program view). Every row is read through the program in
 * the path: another program's tag is 404.
 */
export const tagsConsole = consoleRoutes()
  .get(CONTENT, ['program', 'update'], async (c) => c.json(await listContentTags(c.var.scope, parseQuery(c, tagListQuerySchema))))
  .get(`${CONTENT}/new`, ['program', 'update'], (c) => c.json(formDefinition(contentTagWriteSchema, { active: true })))
  .post(CONTENT, ['program', 'update'], async (c) => {
    const form = validateForm(contentTagWriteSchema, await readBody(c))
    if (!form.ok) return c.json(form.result, 422)
    const saved = await createContentTag(c.var.scope, form.data)
    return c.json(saved.result, saved.status)
  })
  .get(CONTENT_ONE, ['program', 'update'], async (c) => c.json({ data: await contentTagDetail(c.var.scope, await contentTagOf(c)) }))
  .get(`${CONTENT_ONE}/edit`, ['program', 'update'], async (c) => {
    const row = await contentTagOf(c)
    return c.json(formDefinition(contentTagWriteSchema, { name: row.name, active: row.active }))
  })
  .put(CONTENT_ONE, ['program', 'update'], async (c) => {
    const row = await contentTagOf(c)
    const form = validateForm(contentTagWriteSchema, await readBody(c))
    if (!form.ok) return c.json(form.result, 422)
    const saved = await updateContentTag(c.var.scope, c.var.deps, row, form.data)
    return c.json(saved.result, saved.status)
  })
  .get(ADMIN, ['program', 'update'], async (c) => c.json(await listAdminTags(c.var.scope, parseQuery(c, tagListQuerySchema))))
  .get(`${ADMIN}/new`, ['program', 'update'], (c) => c.json(formDefinition(adminTagWriteSchema)))
  .post(ADMIN, ['program', 'update'], async (c) => {
    const form = validateForm(adminTagWriteSchema, await readBody(c))
    if (!form.ok) return c.json(form.result, 422)
    const saved = await createAdminTag(c.var.scope, form.data)
    return c.json(saved.result, saved.status)
  })
  .get(ADMIN_ONE, ['program', 'update'], async (c) => c.json({ data: await adminTagDetail(c.var.scope, await adminTagOf(c)) }))
  .get(`${ADMIN_ONE}/edit`, ['program', 'update'], async (c) => c.json(formDefinition(adminTagWriteSchema, { name: (await adminTagOf(c)).name })))
  .put(ADMIN_ONE, ['program', 'update'], async (c) => {
    const row = await adminTagOf(c)
    const form = validateForm(adminTagWriteSchema, await readBody(c))
    if (!form.ok) return c.json(form.result, 422)
    const saved = await updateAdminTag(c.var.scope, c.var.deps, row, form.data)
    return c.json(saved.result, saved.status)
  })
