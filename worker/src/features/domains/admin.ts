import { domainSettingWriteSchema } from '../../../../sdk/contract/console/domains'
import { readBody } from '../../lib/parse'
import { consoleRoutes } from '../console/console-router'
import { formDefinition, validateForm } from '../console/forms'
import { addDomain, listDomains, removeDomain } from './domain-service'

const BASE = '/programs/:program_id/domain_lists'

/**
 * The domain-list settings (admin-console-part-b.md section 2, settings domain-list; section 7, the
 * generic form calls for domain_lists). Program settings: program update (section 6, "Branding and
 * most settings"). Every row is read and written through the program in the path.
 */
export const domainsConsole = consoleRoutes()
  .get(BASE, ['program', 'update'], async (c) => c.json(await listDomains(c.var.scope)))
  .get(`${BASE}/new`, ['program', 'update'], (c) => c.json(formDefinition(domainSettingWriteSchema, { domain_type: 'other', url_path: '' })))
  .post(BASE, ['program', 'update'], async (c) => {
    const form = validateForm(domainSettingWriteSchema, await readBody(c))
    if (!form.ok) return c.json(form.result, 422)
    const saved = await addDomain(c.var.scope, c.var.deps, form.data)
    return c.json(saved.result, saved.status)
  })
  .delete(`${BASE}/:domain_id{[0-9]+}`, ['program', 'update'], async (c) => {
    await removeDomain(c.var.scope, c.var.deps, Number(c.req.param('domain_id')))
    return c.json({ success: true, errors: {} })
  })
