import {
  featureProgramRequestSchema,
  featureProgramsQuerySchema,
  inviteAdminFieldsSchema,
  inviteAdminRequestSchema,
  organizationAdminsQuerySchema,
  organizationProgramsQuerySchema,
} from '../../../../sdk/contract/console/organization'
import { parseQuery, readBody } from '../../lib/parse'
import { consoleRoutes } from '../console/console-router'
import { formDefinition, validateForm } from '../console/forms'
import { invitePermissionChoices, inviteAdmin, listOrganizationAdmins } from './admins'
import { featureProgramChoices, listFeaturePrograms, setProgramFeature } from './features'
import { listOrganizationPrograms } from './programs-list'

/**
 * Organization JSON calls (admin-console-part-a.md sections 2 Organization, 6, 7): the organization's
 * programs and admins (organization view), inviting an admin (organization manage) and program
 * features (super admin). Mounted at /admin/v2; creating a program is POST /programs (console/admin.ts).
 * Paths stay clear of the console's own pages (/admin/v2/organization/...), which a browser loads.
 */
export const organizationConsole = consoleRoutes()
  .get('/organization_programs', ['organization', 'view'], async (c) =>
    c.json(await listOrganizationPrograms(c.var.deps, c.var.admin!, parseQuery(c, organizationProgramsQuerySchema))),
  )
  .get('/users', ['organization', 'view'], async (c) => c.json(await listOrganizationAdmins(c.var.deps, c.var.admin!, parseQuery(c, organizationAdminsQuerySchema))))
  .get('/users/new', ['organization', 'manage'], async (c) =>
    c.json({
      ...formDefinition(inviteAdminFieldsSchema, { preferred_locale: 'en', organization_admin: false }),
      permission_choices: await invitePermissionChoices(c.var.deps, c.var.admin!),
    }),
  )
  .post('/users', ['organization', 'manage'], async (c) => {
    const form = validateForm(inviteAdminRequestSchema, await readBody(c))
    if (!form.ok) return c.json(form.result, 422)
    const result = await inviteAdmin(c.var.deps, c.var.admin!, form.data)
    if (!result.ok) return c.json({ success: false, errors: result.errors }, 422)
    return c.json({ success: true, errors: {}, data: { id: result.id } }, 201)
  })
  .get('/feature_programs', ['super_admin', 'view'], async (c) => c.json(await listFeaturePrograms(c.var.deps, parseQuery(c, featureProgramsQuerySchema))))
  .get('/feature_programs/new', ['super_admin', 'manage'], async (c) => {
    const choices = await featureProgramChoices(c.var.deps)
    const options = choices.map((p) => ({ value: String(p.id), label: p.name }))
    const schema = featureProgramRequestSchema.extend({ program_id: featureProgramRequestSchema.shape.program_id.meta({ label: 'Program', options }) })
    return c.json(formDefinition(schema, { program_id: options[0]?.value ?? '', enabled: true }))
  })
  .post('/feature_programs', ['super_admin', 'manage'], async (c) => {
    const form = validateForm(featureProgramRequestSchema, await readBody(c))
    if (!form.ok) return c.json(form.result, 422)
    const { program_id, feature, enabled } = form.data
    const done = await setProgramFeature(c.var.deps, program_id, feature, enabled)
    if (!done) return c.json({ success: false, errors: { program_id: 'Program not found' } }, 422)
    return c.json({ success: true, errors: {}, data: done })
  })
