import { retentionWriteSchema } from '../../../../sdk/contract/console/retention'
import { consoleRoutes } from '../console/console-router'
import { validateForm } from '../console/forms'
import { AppError } from '../../lib/errors'
import { readBody } from '../../lib/parse'
import { exportFileName, exportableParticipant, participantExport } from './export'
import { exportDownload } from './public'
import { retentionSettings, saveRetention } from './retention'

const RETENTION = '/programs/:program_id/settings/retention'

/**
 * The console's privacy calls of issue 28.
 * - Settings > Data retention (program manage, like enrollment): the deployment's windows and the
 *   program's overrides; a write answers a form result, a refusal 422 naming the window.
 * - Participant tools, "Export data": the participant's data as the same JSON file the participant
 *   downloads, with users manage like the other participant tools (spec section 6). The console's
 *   delete (participants/participant-tools.ts) is the erasure of this feature.
 */
export const privacyConsole = consoleRoutes()
  .get('/programs/:program_id/participants/:participant_id{[0-9]+}/export', ['users', 'manage'], async (c) => {
    const id = Number(c.req.param('participant_id'))
    if (!Number.isSafeInteger(id) || id <= 0) throw new AppError('not_found', 404, 'Participant not found', { participant_id: 'not found' })
    const { scope, deps, program } = c.var
    const participant = await exportableParticipant(scope, id)
    return exportDownload(c, await participantExport(scope, deps, participant, program), exportFileName(program, participant.id))
  })
  .get(RETENTION, ['program', 'manage'], async (c) => c.json({ data: await retentionSettings(c.var.scope, c.var.deps) }))
  .patch(RETENTION, ['program', 'manage'], async (c) => {
    const form = validateForm(retentionWriteSchema, await readBody(c))
    if (!form.ok) return c.json(form.result, 422)
    return c.json({ success: true, errors: {}, data: await saveRetention(c.var.scope, c.var.deps, form.data) })
  })
