import { and, eq, inArray, isNotNull, lte, or } from 'drizzle-orm'
import { participants, paymentSessions } from '../../db/schema'
import { programScope, type ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { AppError } from '../../lib/errors'
import { completeChallenge } from '../challenges/completions'
import { eventDeliveries, isUnsubscribed, webhookInsert } from '../webhooks/events'
import { dispatchOutboxLater, outboxIdsFrom } from '../webhooks/outbox'
import { batch } from '../../db/batch'

export type PaymentSessionRow = typeof paymentSessions.$inferSelect

/**
 * How long a fulfilment holds its session (docs/decisions/0034): two minutes. A fulfilment is a few
 * reads, the challenge catalog and one batch with its follow-ups, the same work as the slowest honest
 * request behind an Idempotency-Key (decision 0032); two minutes is well past it, and a runner that
 * died is taken over by the next minute sweep after that.
 */
export const PAYMENT_FULFILMENT_LEASE_MS = 120_000
/** Sessions the minute sweep takes over at most per run. */
const SWEEP_LIMIT = 20

/** Sessions whose payment is not settled yet: the only ones an event may fulfil or fail. */
export const OPEN_STATUSES = ['pending', 'processing'] as const

/** A claim whose runner died: the session is `fulfilled` (the claim), and its lease is over. */
const abandonedClaim = (now: number) => and(eq(paymentSessions.status, 'fulfilled'), isNotNull(paymentSessions.leaseUntil), lte(paymentSessions.leaseUntil, new Date(now)))

/**
 * Claims a session for its fulfilment in one guarded update: an open session, or one whose claim's
 * lease is over (its runner died before its batch committed). Of concurrent claimers one wins: the
 * winner's lease is in the future, so the others' `lease_until <= now` no longer holds. Answers the
 * lease end the claimer holds, or null when the session is settled or someone else is fulfilling it.
 */
export async function claimFulfilment(scope: ProgramScope, deps: Deps, sessionId: number): Promise<number | null> {
  const now = deps.clock.now()
  const until = now + PAYMENT_FULFILMENT_LEASE_MS
  const claimed = await scope
    .update(paymentSessions, { status: 'fulfilled', fulfilledAt: new Date(now), leaseUntil: new Date(until) }, and(eq(paymentSessions.id, sessionId), or(inArray(paymentSessions.status, OPEN_STATUSES), abandonedClaim(now))))
    .returning({ id: paymentSessions.id })
  return claimed.length ? until : null
}

/**
 * Runs a claimed fulfilment. An honest failure gives the session back, open (`reopenTo`), for the
 * provider's retry to claim again; only while the lease is still this runner's (one that outlived its
 * lease has lost the session to whoever took it over).
 */
export async function runFulfilment(scope: ProgramScope, deps: Deps, row: PaymentSessionRow, held: number, reopenTo: (typeof OPEN_STATUSES)[number]): Promise<void> {
  try {
    await fulfil(scope, deps, row, held)
  } catch (err) {
    await scope.update(
      paymentSessions,
      { status: reopenTo, fulfilledAt: null, leaseUntil: null },
      and(eq(paymentSessions.id, row.id), eq(paymentSessions.status, 'fulfilled'), eq(paymentSessions.leaseUntil, new Date(held))),
    )
    throw err
  }
}

/**
 * The minute sweep: takes over fulfilments whose runner died between the claim and its batch (kill -9,
 * an evicted isolate) and runs them again. Safe: the completion is unique per session (a donation's
 * period key is the session, a membership completes once), so one that did commit is found, not
 * repeated. One that fails now is reopened as `processing` (its payment was confirmed by a verified
 * event; the provider's next event claims it again). Answers the ids taken over.
 */
export async function resumePaymentFulfilments(deps: Deps): Promise<number[]> {
  const rows = await deps.db.select().from(paymentSessions).where(abandonedClaim(deps.clock.now())).limit(SWEEP_LIMIT) // tenant-guard: allow — the sweep covers every program's sessions, by lease only.
  const taken: number[] = []
  for (const row of rows) {
    const scope = programScope(deps.db, row.programId)
    const held = await claimFulfilment(scope, deps, row.id)
    if (held === null) continue
    taken.push(row.id)
    await runFulfilment(scope, deps, row, held, 'processing').catch((err: unknown) => deps.log?.(`[payments] fulfilment of session ${row.id} failed: ${(err as Error)?.message ?? String(err)}`))
  }
  return taken
}

/**
 * `payment.completed` of a fulfilled session: written in the fulfilment's batch, keyed by the session,
 * so Stripe's retries and a late `async_payment_succeeded` never announce a payment twice.
 */
function paymentCompleted(row: PaymentSessionRow, challenge: { identifier: string }) {
  return {
    event: 'payment.completed' as const,
    dedupeKey: `payment:${row.id}`,
    data: {
      payment_id: row.id,
      provider: row.provider,
      provider_session_id: row.providerSessionId,
      participant_id: row.participantId,
      challenge_id: row.challengeId,
      challenge_identifier: challenge.identifier,
      kind: row.kind,
      amount_cents: row.amountCents,
      currency: row.currency,
      entity: row.entity,
      points: row.points,
    },
  }
}

/**
 * Completes the session's challenge (points, offers eligibility for a membership, `payment.completed`)
 * and, in the same batch, ends the claim's lease: committed, the session is fulfilled for good; not
 * committed, the lease is still there for a retry or the sweep to take over.
 */
async function fulfil(scope: ProgramScope, deps: Deps, row: PaymentSessionRow, held: number) {
  const participant = await scope.first(participants, eq(participants.id, row.participantId))
  const { loadChallengeCatalog } = await import('../challenges/challenge-catalog')
  const challenge = (await loadChallengeCatalog(deps, scope.programId)).byId.get(row.challengeId)
  if (!participant || !challenge) throw new AppError('not_found', 404, 'The participant or challenge of this payment is gone')
  const event = paymentCompleted(row, challenge)
  const settle = () => scope.update(paymentSessions, { leaseUntil: null }, and(eq(paymentSessions.id, row.id), eq(paymentSessions.leaseUntil, new Date(held))))
  const eligible = () => (row.kind === 'membership' ? [scope.update(participants, { eligibleOffersRewards: true }, eq(participants.id, participant.id))] : [])
  try {
    await completeChallenge(scope, deps, {
      challenge,
      participant,
      points: row.points,
      // A membership completes once; every donation earns its option's points.
      periodKey: row.kind === 'membership' ? 'once' : `pay:${row.providerSessionId}`,
      details: { payment_session: row.providerSessionId, amount_cents: row.amountCents, entity: row.entity },
      extraWrites: [...eligible(), settle()],
      events: [event],
    })
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'already_completed')) throw err
    // Completed before (a membership bought twice, or a run again after a completion that did commit):
    // the payment is still fulfilled, and announced once (its key).
    const delivery = (await eventDeliveries(deps, scope.programId, ['payment.completed']))['payment.completed']
    const announce = webhookInsert(deps.db, scope.programId, event.event, event.data, event.dedupeKey, isUnsubscribed(delivery))
    const results = (await batch(deps.db, [announce, ...eligible(), settle()])) as unknown[]
    if (delivery.subscribed) dispatchOutboxLater(deps, outboxIdsFrom(results, [0]))
  }
}
