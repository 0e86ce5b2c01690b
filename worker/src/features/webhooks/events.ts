import type { Db } from '../../db/client'
import { bound, PROGRAM_ID, param, preparedFor } from '../../db/prepared'
import { participantActions } from '../../db/schema'
import type { WebhookEvent } from '../../db/schema/integrations'
import { type ProgramScope, programScope } from '../../db/scope'
import type { Deps } from '../../deps'
import type { ParticipantRow } from '../../env'
import { outboxWebhookInsert } from './outbox'
import { subscribedEvents } from './webhooks'

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
 * holds `[{ id }]`. `unsubscribed` (isUnsubscribed): no webhook takes it (hasWebhookFor), so
 * nothing is written: `null`, a slot `batch` leaves out and answers `[]`. Writing such events as
 * delivered rows was 3 to 4 outbox inserts of every challenge submit for programs without webhooks,
 * a fifth of the write's CPU (issue 24). A replay after a webhook was added may then announce that
 * write once; it never announces one twice (the dedupe key).
 */
export function webhookInsert(db: Db, programId: number, event: WebhookEvent, data: Record<string, unknown>, dedupeKey?: string, unsubscribed = false) {
  if (unsubscribed) return null
  return outboxWebhookInsert(db, programId, { event, data }, dedupeKey ? `${programId}:${event}:${dedupeKey}` : undefined)
}

/**
 * How a write records one event: `pending` for the delivery when a webhook takes it, else not at all
 * (hasWebhookFor). Built from the cached webhook list (no read on a warm
 * cache). Missing (the safe default): the row is pending and its delivery finds nobody.
 */
export type EventDelivery = { subscribed: boolean }

/** The EventDelivery of each event a write may record, from one look at the cached list. */
export async function eventDeliveries<E extends WebhookEvent>(deps: Deps, programId: number, events: readonly E[]): Promise<Record<E, EventDelivery>> {
  const subscribed = await subscribedEvents(deps, programId)
  return Object.fromEntries(events.map((e) => [e, { subscribed: subscribed.has(e) }])) as Record<E, EventDelivery>
}

/** webhookInsert's `unsubscribed` for a delivery decision (missing: written, pending). */
export const isUnsubscribed = (delivery: EventDelivery | undefined) => Boolean(delivery && !delivery.subscribed)

/** How a participant joined (participant.created `source`). */
export type ParticipantSource = 'signup' | 'identity_token' | 'api'

/**
 * `participant.created`, for the batch that records the new participant (sign-up, identity token) or
 * right after the insert that made them (the server API). Keyed by the participant: once each.
 */
export function participantCreatedInsert(
  db: Db,
  programId: number,
  p: Pick<ParticipantRow, 'id' | 'email' | 'firstName' | 'lastName' | 'status'>,
  info: { source: ParticipantSource; externalId?: string | null },
  delivery?: EventDelivery,
) {
  const data = { participant_id: p.id, email: p.email, first_name: p.firstName, last_name: p.lastName, status: p.status, external_id: info.externalId ?? null, source: info.source }
  return webhookInsert(db, programId, 'participant.created', data, String(p.id), isUnsubscribed(delivery))
}

/**
 * `participant.updated`, for the batch of the change: `changed` names the fields and carries their new
 * values (`data.changed` lists the names). Every change is its own event (no dedupe key): callers write
 * it only when something really changed.
 */
export function participantUpdatedInsert(db: Db, programId: number, participantId: number, changed: Record<string, unknown>, delivery?: EventDelivery) {
  return webhookInsert(db, programId, 'participant.updated', { participant_id: participantId, changed: Object.keys(changed), ...changed }, undefined, isUnsubscribed(delivery))
}
