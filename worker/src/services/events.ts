import type { Db } from '../db/client'
import { participantActions } from '../db/schema'
import type { WebhookEvent } from '../db/schema/integrations'
import type { ProgramScope } from '../db/scope'
import { outboxInsert } from './outbox'

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

/** A participant action (the activity feed) for the same batch as the change it records. */
export function actionInsert(scope: ProgramScope, a: ActionInput) {
  const insert = scope.insert(participantActions, {
    participantId: a.participantId,
    actionType: a.actionType,
    title: a.title,
    points: a.points ?? 0,
    actionableType: a.actionableType ?? null,
    actionableId: a.actionableId ?? null,
    details: a.details ?? null,
    dedupeKey: a.dedupeKey ?? null,
  })
  return a.dedupeKey ? insert.onConflictDoNothing() : insert
}

/** A webhook event for the same batch; delivered to the program's webhooks by the outbox. */
export function webhookInsert(db: Db, programId: number, event: WebhookEvent, data: Record<string, unknown>, dedupeKey?: string) {
  return outboxInsert(db, programId, { topic: 'webhook', payload: { event, data } }, dedupeKey ? `${programId}:${event}:${dedupeKey}` : undefined)
}
