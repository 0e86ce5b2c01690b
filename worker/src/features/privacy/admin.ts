import { consoleRoutes } from '../console/console-router'
import { AppError } from '../../lib/errors'
import { exportFileName, exportableParticipant, participantExport } from './export'
import { exportDownload } from './public'

/**
 * The console's participant tools of issue 28. "Export data": the participant's data as the same JSON
 * file the participant downloads, with users manage like the other participant tools (spec section 6).
 * The console's delete (participants/participant-tools.ts) is the erasure of this feature.
 */
export const privacyConsole = consoleRoutes().get('/programs/:program_id/participants/:participant_id{[0-9]+}/export', ['users', 'manage'], async (c) => {
  const id = Number(c.req.param('participant_id'))
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError('not_found', 404, 'Participant not found', { participant_id: 'not found' })
  const { scope, deps, program } = c.var
  const participant = await exportableParticipant(scope, id)
  return exportDownload(c, await participantExport(scope, deps, participant, program), exportFileName(program, participant.id))
})
