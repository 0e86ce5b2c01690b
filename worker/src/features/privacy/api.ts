import { eq } from 'drizzle-orm'
import type { ParticipantErasure, ParticipantExport } from '../../../../sdk/contract/privacy'
import { participants } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { AppError } from '../../lib/errors'
import { eraseParticipant } from './erasure'
import { participantExport } from './export'

/** The server API's participant in the key's program, or its 404 (another program's id is simply not found). */
async function apiParticipant(scope: ProgramScope, id: number) {
  const row = Number.isSafeInteger(id) && id > 0 ? await scope.first(participants, eq(participants.id, id)) : undefined
  if (!row) throw new AppError('not_found', 404, 'No such participant', { id: 'not found' })
  return row
}

/** GET /api/v1/participants/{id}/export. */
export async function apiExport(scope: ProgramScope, deps: Deps, id: number): Promise<ParticipantExport> {
  return participantExport(scope, deps, await apiParticipant(scope, id))
}

/** POST /api/v1/participants/{id}/erase: the same answer on every call (the first erases). */
export async function apiErasure(scope: ProgramScope, deps: Deps, id: number): Promise<ParticipantErasure> {
  const done = await eraseParticipant(scope, deps, await apiParticipant(scope, id), 'api')
  return { object: 'participant_erasure', participant_id: done.participantId, erased_at: done.erasedAt.toISOString(), files: done.files }
}
