import type { Db } from '../../db/client'
import { bound, PROGRAM_ID, param, preparedFor } from '../../db/prepared'
import { participantActions } from '../../db/schema'
import type { WebhookEvent } from '../../db/schema/integrations'
import { type ProgramScope, programScope } from '../../db/scope'
import { outboxWebhookInsert } from './outbox'

export type ActionInput = {
  participantId: number
  actionType: string
  title: string
  points?: number
  actionableType?: 'Challenge' | 'Reward' | 'Referral' | 'Tier' | null
  actionableId?: number | null
  details?: Record<string, unknown> | null
  /** For idempotent operations: the action is written once per key. */
  dedupeKey?: string
}

// Every write batch records an action: prepared once per database, bound per request (db/prepared.ts).
const actionStatement = (db: Db, dedupe: boolean) =>
  preparedFor(db, dedupe ? 'action-insert-dedupe' : 'action-insert', (d) => {
    const insert = programScope(d, PROGRAM_ID).insert(participantActions, {
      participantId: param('participantId'),
      actionType: param('actionType'),
      title: param('title'),
      points: param('points'),
      actionableType: param('actionableType'),
      actionableId: param('actionableId'),
      details: param('details'),
      dedupeKey: param('dedupeKey'),
    })
    return (dedupe ? insert.onConflictDoNothing() : insert).prepare()
  })

/** A participant action (the activity feed) for the same batch as the change it records. */
export function actionInsert(scope: ProgramScope, a: ActionInput) {
  return bound(actionStatement(scope.db, Boolean(a.dedupeKey)), {
    programId: scope.programId,
    participantId: a.participantId,
    actionType: a.actionType,
    title: a.title,
    points: a.points ?? 0,
    actionableType: a.actionableType ?? null,
    actionableId: a.actionableId ?? null,
    details: a.details ?? null,
    dedupeKey: a.dedupeKey ?? null,
  })
}

/**
 * A webhook event for the same batch; delivered to the program's webhooks by the outbox. Its slot
 * holds `[{ id }]`. `delivered`: no webhook takes it (hasWebhookFor), recorded as delivered at once.
 */
export function webhookInsert(db: Db, programId: number, event: WebhookEvent, data: Record<string, unknown>, dedupeKey?: string, delivered?: Date) {
  return outboxWebhookInsert(db, programId, { event, data }, dedupeKey ? `${programId}:${event}:${dedupeKey}` : undefined, delivered)
}
