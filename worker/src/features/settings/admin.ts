import type { Context } from 'hono'
import {
  profileAttributeWriteSchema,
  programEnrollmentSchema,
  programGeneralSchema,
  programLabelsSchema,
  programSeoSchema,
  testModeSchema,
  tiersWriteSchema,
} from '../../../../sdk/contract/console/settings'
import type { AppEnv } from '../../env'
import { readBody } from '../../lib/parse'
import { consoleRoutes } from '../console/console-router'
import { formDefinition, validateForm } from '../console/forms'
import { createProfileAttribute, findProfileAttributeOr404, listProfileAttributes, profileAttributeRow, updateProfileAttribute } from './profile-attributes'
import { listTiers, saveTiers } from './program-tiers'
import { labelIconFiles, programSettings, setTestMode, updateEnrollment, updateGeneral, updateLabels, updateSeo } from './program-settings'

type C = Context<AppEnv>
const SETTINGS = '/programs/:program_id/settings'
const ATTRIBUTES = '/programs/:program_id/profile_attributes'
const ATTRIBUTE = `${ATTRIBUTES}/:profile_attribute_id{[0-9]+}`
const TIERS = '/programs/:program_id/program_tiers'

const attributeOf = (c: C) => findProfileAttributeOr404(c.var.scope, Number(c.req.param('profile_attribute_id')))

/**
 * Program settings console calls (admin-console-part-b.md sections 2 and 7, "Program settings"):
 * general, labels, seo and test mode need program update ("Branding and most settings"); enrollment
 * and profile attributes program manage; tiers tiers manage (and the tiers feature, by its gate).
 * Every write validates with the contract and answers a form result; a refusal is 422 naming fields.
 */
export const settingsConsole = consoleRoutes()
  .get(SETTINGS, ['program', 'update'], (c) => c.json({ data: programSettings(c.var.program) }))
  .patch(`${SETTINGS}/general`, ['program', 'update'], async (c) => {
    const form = validateForm(programGeneralSchema, await readBody(c))
    if (!form.ok) return c.json(form.result, 422)
    const saved = await updateGeneral(c.var.deps, c.var.program, form.data)
    return c.json(saved.result, saved.status)
  })
  .patch(`${SETTINGS}/labels`, ['program', 'update'], async (c) => {
    // JSON, or multipart with the icons as files (admin-console-part-b.md section 7).
    const { values, files } = labelIconFiles(c.var.program, await readBody(c))
    const form = validateForm(programLabelsSchema, values)
    if (!form.ok) return c.json(form.result, 422)
    const saved = await updateLabels(c.var.scope, c.var.deps, c.var.program, form.data, files)
    return c.json(saved.result, saved.status)
  })
  .patch(`${SETTINGS}/seo`, ['program', 'update'], async (c) => {
    const form = validateForm(programSeoSchema, await readBody(c))
    if (!form.ok) return c.json(form.result, 422)
    const saved = await updateSeo(c.var.deps, c.var.program, form.data)
    return c.json(saved.result, saved.status)
  })
  .patch(`${SETTINGS}/enrollment`, ['program', 'manage'], async (c) => {
    const form = validateForm(programEnrollmentSchema, await readBody(c))
    if (!form.ok) return c.json(form.result, 422)
    const saved = await updateEnrollment(c.var.deps, c.var.program, form.data)
    return c.json(saved.result, saved.status)
  })
  .put(`${SETTINGS}/test_mode`, ['program', 'update'], async (c) => {
    const form = validateForm(testModeSchema, await readBody(c))
    if (!form.ok) return c.json(form.result, 422)
    const saved = await setTestMode(c.var.deps, c.var.program, form.data.test_mode)
    return c.json(saved.result, saved.status)
  })
  .get(ATTRIBUTES, ['program', 'manage'], async (c) => c.json(await listProfileAttributes(c.var.scope)))
  .get(`${ATTRIBUTES}/new`, ['program', 'manage'], (c) => c.json(formDefinition(profileAttributeWriteSchema, { attribute_field_type: 'text', active: true })))
  .post(ATTRIBUTES, ['program', 'manage'], async (c) => {
    const form = validateForm(profileAttributeWriteSchema, await readBody(c))
    if (!form.ok) return c.json(form.result, 422)
    const saved = await createProfileAttribute(c.var.scope, c.var.deps, form.data)
    return c.json(saved.result, saved.status)
  })
  .get(ATTRIBUTE, ['program', 'manage'], async (c) => c.json({ data: profileAttributeRow(await attributeOf(c)) }))
  .get(`${ATTRIBUTE}/edit`, ['program', 'manage'], async (c) => {
    const row = await attributeOf(c)
    return c.json(formDefinition(profileAttributeWriteSchema, { display_name: row.displayName, attribute_field_type: row.attributeFieldType, active: row.active }))
  })
  .put(ATTRIBUTE, ['program', 'manage'], async (c) => {
    const row = await attributeOf(c)
    const form = validateForm(profileAttributeWriteSchema, await readBody(c))
    if (!form.ok) return c.json(form.result, 422)
    const saved = await updateProfileAttribute(c.var.scope, c.var.deps, row, form.data)
    return c.json(saved.result, saved.status)
  })
  .get(TIERS, ['tiers', 'manage'], async (c) => c.json(await listTiers(c.var.scope)))
  .put(TIERS, ['tiers', 'manage'], async (c) => {
    const form = validateForm(tiersWriteSchema, await readBody(c))
    if (!form.ok) return c.json(form.result, 422)
    const saved = await saveTiers(c.var.scope, c.var.deps, form.data)
    return c.json(saved.result, saved.status)
  })
