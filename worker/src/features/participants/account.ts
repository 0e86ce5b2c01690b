import { desc, eq } from 'drizzle-orm'
import type { ParticipantActionsPage } from '../../../../sdk/contract/account'
import { emailSettings, participantActions, participants } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import type { ParticipantRow } from '../../env'
import { AppError } from '../../lib/errors'
import { eventDeliveries, participantUpdatedInsert } from '../webhooks/events'
import { dispatchOutboxLater, outboxIdsFrom } from '../webhooks/outbox'
import { batch } from '../../db/batch'

/** The participant's activity, newest first, one page (sizes 10-50). */
export async function listParticipantActions(scope: ProgramScope, participantId: number, page: number, perPage: number): Promise<ParticipantActionsPage> {
  const mine = eq(participantActions.participantId, participantId)
  const [rows, total] = await Promise.all([
    scope
      .select(participantActions, mine)
      .orderBy(desc(participantActions.createdAt), desc(participantActions.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    scope.count(participantActions, mine),
  ])
  return {
    data: rows.map((r) => ({
      id: r.id,
      action_type: r.actionType,
      title: r.title,
      points: r.points,
      actionable_type: r.actionableType,
      actionable_id: r.actionableId,
      created_at: r.createdAt.toISOString(),
    })),
    page,
    per_page: perPage,
    total,
    total_pages: Math.max(1, Math.ceil(total / perPage)),
  }
}

/**
 * Chooses one of the program's e-mail settings for the signed-in participant (read with the session in
 * this request). A real change writes the participant and its `participant.updated` in one batch;
 * choosing the setting they have (a retry) writes nothing and announces nothing.
 */
export async function updateEmailSetting(scope: ProgramScope, deps: Deps, participant: ParticipantRow, input: { email_setting_id: number; participant_id?: number | undefined }) {
  if (input.participant_id !== undefined && input.participant_id !== participant.id) {
    throw new AppError('forbidden', 403, 'participant_id: you can only change your own settings', { participant_id: 'is not you' }, { success: false, errors: ['participant_id is not you'] })
  }
  const setting = await scope.first(emailSettings, eq(emailSettings.id, input.email_setting_id))
  if (!setting) {
    throw new AppError('validation_failed', 422, 'email_setting_id: is not a setting of this program', { email_setting_id: 'is not a setting of this program' }, { success: false, errors: ['email_setting_id is not a setting of this program'] })
  }
  if (participant.emailSettingId !== setting.id) {
    const delivery = (await eventDeliveries(deps, scope.programId, ['participant.updated']))['participant.updated']
    const results = (await batch(deps.db, [
      scope.update(participants, { emailSettingId: setting.id, updatedAt: new Date(deps.clock.now()) }, eq(participants.id, participant.id)),
      participantUpdatedInsert(deps.db, scope.programId, participant.id, { email_setting_id: setting.id }, delivery),
    ])) as unknown[]
    if (delivery.subscribed) dispatchOutboxLater(deps, outboxIdsFrom(results, [1]))
  }
  return { success: true as const, errors: [] as string[], email_setting_id: setting.id }
}
