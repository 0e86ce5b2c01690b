import type { Context } from 'hono'
import {
  importJobReportQuerySchema,
  participantExportQuerySchema,
  participantImportOptionsSchema,
  participantIntents,
  participantIntentSchema,
  participantListQuerySchema,
  tabQuerySchema,
} from '../../../../sdk/contract/console/participants'
import type { AppEnv } from '../../env'
import { AppError } from '../../lib/errors'
import { parseQuery, readBody } from '../../lib/parse'
import { validationError } from '../../middleware/errors'
import { consoleRoutes } from '../console/console-router'
import { csvLine } from '../../lib/csv'
import { activeProfileAttributes, importTemplateColumns } from './import-template'
import { attributeForm, participantAttributesTab, saveAttribute } from './participant-attributes'
import { participantsCsv } from './participant-export'
import { importReport, recentImports, startImport } from './participant-import'
import { listParticipants } from './participant-list'
import {
  chainIntegrationEnabled,
  findParticipantOr404,
  participantActionsTab,
  participantAnswersTab,
  participantChallengesTab,
  participantDetail,
  participantQuestionsTab,
  participantRewardsTab,
  receiptsTab,
  recruitedTab,
} from './participant-tabs'
import { participantTransactionsTab } from '../collectibles/service'
import { runParticipantIntent } from './participant-tools'

type C = Context<AppEnv>
const BASE = '/programs/:program_id/participants'
/** Numeric ids only, so the fixed paths below (import, imports, the template) never read as an id. */
const ONE = `${BASE}/:participant_id{[0-9]+}`

const idParam = (c: C, name: string) => {
  const id = Number(c.req.param(name))
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError('not_found', 404, 'Participant not found', { [name]: 'not found' })
  return id
}
const participantOf = (c: C) => findParticipantOr404(c.get('scope'), idParam(c, 'participant_id'))
const csv = (c: C, body: ReadableStream<Uint8Array> | string, name: string) =>
  c.body(body, 200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}"`, 'cache-control': 'no-store' })

async function updateAttribute(c: C) {
  const saved = await saveAttribute(c.get('scope'), c.get('deps'), await participantOf(c), await readBody(c), Number(c.req.param('attribute_id')))
  return c.json(saved.result, saved.status)
}

/** A tab: one page of the participant's rows. */
const tab =
  <T>(read: (scope: AppEnv['Variables']['scope'], p: Awaited<ReturnType<typeof participantOf>>, paging: { page: number; per_page: number }) => T | Promise<T>) =>
  async (c: C) =>
    c.json(await read(c.get('scope'), await participantOf(c), parseQuery(c, tabQuerySchema)))

/**
 * Participants JSON calls (admin-console-part-a.md sections 2, 6 and 7, Participants). Mounted at
 * /admin/v2. Reading needs users view; every tool, the import and the export need users manage.
 */
export const participantsConsole = consoleRoutes()
  .get(BASE, ['users', 'view'], async (c) => c.json(await listParticipants(c.var.scope, parseQuery(c, participantListQuerySchema))))
  .get('/programs/:program_id/participants.csv', ['users', 'manage'], async (c) => {
    // zod reads `selected_attributes[]` (the spec's name) and `selected_attributes` alike.
    const query = participantExportQuerySchema.safeParse({ ...c.req.query(), selected_attributes: [...c.req.queries('selected_attributes[]') ?? [], ...c.req.queries('selected_attributes') ?? []] })
    if (!query.success) throw validationError(query.error)
    return csv(c, await participantsCsv(c.var.scope, query.data, c.var.deps.log), 'participants.csv')
  })
  .get(`${BASE}/import_csv_template.csv`, ['users', 'manage'], async (c) => csv(c, `\uFEFF${csvLine(await importTemplateColumns(c.var.scope))}`, 'import_csv_template.csv'))
  .post(`${BASE}/import`, ['users', 'manage'], async (c) => {
    const form = await c.req.parseBody()
    const options = participantImportOptionsSchema.safeParse(Object.fromEntries(['email', 'points', 'tags', 'naming', 'metric'].filter((k) => typeof form[k] === 'string' && form[k] !== '').map((k) => [k, form[k]])))
    if (!options.success) throw validationError(options.error)
    // Spec section 5: the e-mail and points strategies are required choices (the console sends its defaults).
    for (const k of ['email', 'points'] as const) if (typeof form[k] !== 'string' || !form[k]) throw new AppError('validation_failed', 422, `${k}: is required`, { [k]: 'is required' })
    const job = await startImport(c.var.scope, c.var.deps, { file: form.csv_file, options: options.data, adminUserId: c.var.admin!.id })
    return c.json({ success: true, data: job }, 202)
  })
  // The program's active profile attributes: the export dialog's choices and the template's extra columns.
  .get(`${BASE}/profile_attributes`, ['users', 'view'], async (c) =>
    c.json({ data: (await activeProfileAttributes(c.var.scope)).map((a) => ({ attribute_name: a.name, display_name: a.displayName })) }),
  )
  .get(`${BASE}/imports`, ['users', 'manage'], async (c) => c.json({ data: await recentImports(c.var.scope) }))
  .get(`${BASE}/imports/:job_id{[0-9]+}`, ['users', 'manage'], async (c) => c.json(await importReport(c.var.scope, Number(c.req.param('job_id')), parseQuery(c, importJobReportQuerySchema))))
  .get(ONE, ['users', 'view'], async (c) => c.json({ data: await participantDetail(c.var.scope, await participantOf(c)) }))
  .post(ONE, ['users', 'manage'], async (c) => {
    const body = await readBody(c)
    if (!participantIntents.includes(body.intent as never)) throw new AppError('validation_failed', 422, 'Invalid intent', { intent: 'Invalid intent' })
    const parsed = participantIntentSchema.safeParse(body)
    if (!parsed.success) throw validationError(parsed.error)
    return c.json(await runParticipantIntent({ scope: c.var.scope, deps: c.var.deps, program: c.var.program }, idParam(c, 'participant_id'), parsed.data, c.req.header('idempotency-key')))
  })
  .get(`${ONE}/actions`, ['users', 'view'], tab(participantActionsTab))
  .get(`${ONE}/rewards`, ['users', 'view'], tab(participantRewardsTab))
  .get(`${ONE}/challenges`, ['users', 'view'], tab(participantChallengesTab))
  .get(`${ONE}/questions`, ['users', 'view'], tab(participantQuestionsTab))
  .get(`${ONE}/participant_answers`, ['users', 'view'], tab(participantAnswersTab))
  .get(`${ONE}/recruited`, ['users', 'view'], tab(recruitedTab))
  .get(`${ONE}/receipts`, ['users', 'view'], tab(receiptsTab))
  .get(`${ONE}/blockchain_transactions`, ['users', 'view'], async (c) => {
    const participant = await participantOf(c)
    if (!(await chainIntegrationEnabled(c.var.scope))) throw new AppError('not_found', 404, 'The blockchain integration is not enabled for this program', { feature: 'off' })
    return c.json(await participantTransactionsTab(c.var.scope, participant.id, parseQuery(c, tabQuerySchema)))
  })
  .get(`${ONE}/attributes`, ['users', 'view'], tab(participantAttributesTab))
  .get(`${ONE}/attributes/new`, ['users', 'manage'], async (c) => c.json(await attributeForm(c.var.scope, await participantOf(c))))
  .post(`${ONE}/attributes`, ['users', 'manage'], async (c) => {
    const saved = await saveAttribute(c.var.scope, c.var.deps, await participantOf(c), await readBody(c))
    return c.json(saved.result, saved.status)
  })
  .get(`${ONE}/attributes/:attribute_id{[0-9]+}/edit`, ['users', 'manage'], async (c) => c.json(await attributeForm(c.var.scope, await participantOf(c), Number(c.req.param('attribute_id')))))
  // PATCH as the spec's call; PUT as the console's generic forms send updates.
  .patch(`${ONE}/attributes/:attribute_id{[0-9]+}`, ['users', 'manage'], updateAttribute)
  .put(`${ONE}/attributes/:attribute_id{[0-9]+}`, ['users', 'manage'], updateAttribute)
