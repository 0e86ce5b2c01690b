import { and, eq } from 'drizzle-orm'
import { participants, paymentEvents, paymentSessions } from '../db/schema'
import { programScope, type ProgramScope } from '../db/scope'
import type { Deps } from '../deps'
import type { ParticipantRow } from '../env'
import { AppError } from '../lib/errors'
import type { PaymentEvent } from '../platform/payments'
import { activeChallenge, type EngineContext } from './challenge-submit'
import { completeChallenge } from './completions'

export type CheckoutKind = 'membership' | 'donation'

const money = (cents: number) => `$${(cents / 100).toFixed(cents % 100 ? 2 : 0)}`

/**
 * Starts a Stripe Checkout (or the local test checkout) for a membership or donation challenge.
 * Amounts come only from the challenge: the membership price, or the donation option the participant
 * picked (which must be one of the challenge's amounts, for one of its entities).
 */
export async function startCheckout(
  ctx: EngineContext,
  idOrIdentifier: string,
  kind: CheckoutKind,
  choice: { entity?: string | undefined; amount?: number | undefined } = {},
): Promise<{ id: string; url: string }> {
  const challenge = await activeChallenge(ctx, idOrIdentifier, 'id')
  if (challenge.challengeType !== kind) {
    throw new AppError('validation_failed', 422, `id: this is not a ${kind} challenge`, { id: `is not a ${kind} challenge` })
  }
  const p = challenge.parameters
  let amountCents: number
  let points = challenge.points
  let entityName: string | null = null
  if (kind === 'membership') {
    amountCents = Number(p.price_cents ?? 0)
    if (!(amountCents > 0)) throw new AppError('validation_failed', 422, 'Membership purchase requires a price above 0')
    if (ctx.participant.eligibleOffersRewards) throw new AppError('already_completed', 409, 'You are already a member')
  } else {
    const amounts = (Array.isArray(p.amounts) ? p.amounts : []) as { amount: number; points: number }[]
    const entities = (Array.isArray(p.entities) ? p.entities : []) as { id: string | number; name: string }[]
    const fields: Record<string, string> = {}
    const option = amounts.find((a) => Number(a.amount) === choice.amount)
    const entity = entities.find((e) => String(e.id) === choice.entity)
    if (!option) fields.amount = choice.amount === undefined ? 'is required' : 'is not one of the amounts of this donation'
    if (!entity) fields.entity = choice.entity === undefined ? 'is required' : 'is not one of the causes of this donation'
    if (Object.keys(fields).length) {
      throw new AppError('validation_failed', 422, Object.entries(fields).map(([k, v]) => `${k}: ${v}`).join('; '), fields)
    }
    amountCents = Number(option!.amount)
    points = Number(option!.points)
    entityName = entity!.name
  }
  const base = `${ctx.origin}/challenge/${encodeURIComponent(challenge.identifier)}`
  const session = await ctx.deps.payments.createCheckoutSession({
    amountCents,
    currency: 'usd',
    name: kind === 'membership' ? challenge.name : `${challenge.name}: ${entityName}`,
    description: challenge.caption || undefined,
    customerEmail: ctx.participant.email,
    successUrl: `${base}?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${base}?checkout=cancelled`,
    metadata: {
      program_id: String(ctx.scope.programId),
      participant_id: String(ctx.participant.id),
      challenge_id: String(challenge.id),
      kind,
    },
  })
  await ctx.scope.insert(paymentSessions, {
    participantId: ctx.participant.id,
    challengeId: challenge.id,
    kind,
    amountCents,
    entity: choice.entity ?? null,
    points,
    provider: ctx.deps.payments.name,
    providerSessionId: session.id,
    details: { entity_name: entityName, success_url: `${base}?checkout=success&session_id=${session.id}`, cancel_url: `${base}?checkout=cancelled` },
  })
  return session
}

export type WebhookOutcome = { status: 'fulfilled' | 'duplicate' | 'ignored'; sessionId?: string }

/**
 * The one fulfilment path: a verified `checkout.session.completed` (paid) completes the membership or
 * donation challenge, credits its points and, for a membership, makes the participant eligible for
 * offers. The session must be ours, of the program its metadata names, for the amount we asked; each
 * event and each session applies once, also when Stripe delivers it many times at once.
 */
export async function handlePaymentWebhook(deps: Deps, rawBody: string, signature: string): Promise<WebhookOutcome> {
  let event: PaymentEvent
  try {
    event = await deps.payments.verifyWebhook(rawBody, signature)
  } catch (err) {
    throw new AppError('validation_failed', 400, `Stripe-Signature: ${(err as Error).message}`, { 'Stripe-Signature': 'is not valid for this payload' })
  }
  if (event.type !== 'checkout.session.completed' || event.session.paymentStatus !== 'paid') return { status: 'ignored' }
  const seen = await deps.db.select().from(paymentEvents).where(eq(paymentEvents.providerEventId, event.id)).limit(1)
  if (seen.length) return { status: 'duplicate', sessionId: event.session.id }
  const [row] = await deps.db.select().from(paymentSessions).where(eq(paymentSessions.providerSessionId, event.session.id)).limit(1) // tenant-guard: allow (a Stripe session id names its program; checked against the metadata below)
  if (!row) throw new AppError('not_found', 404, 'Unknown checkout session')
  if (event.session.metadata.program_id !== String(row.programId) || event.session.metadata.participant_id !== String(row.participantId)) {
    throw new AppError('forbidden', 403, 'The event does not belong to this checkout session')
  }
  if (event.session.amountTotal !== row.amountCents || (event.session.currency ?? 'usd') !== row.currency) {
    throw new AppError('validation_failed', 400, 'The paid amount does not match the checkout session', { amount_total: 'does not match' })
  }
  const scope = programScope(deps.db, row.programId)
  const claimed = await scope
    .update(paymentSessions, { status: 'fulfilled', fulfilledAt: new Date(deps.clock.now()) }, and(eq(paymentSessions.id, row.id), eq(paymentSessions.status, 'pending')))
    .returning({ id: paymentSessions.id })
  if (!claimed.length) {
    await deps.db.insert(paymentEvents).values({ providerEventId: event.id, type: event.type }).onConflictDoNothing()
    return { status: 'duplicate', sessionId: row.providerSessionId }
  }
  try {
    await fulfil(scope, deps, row)
  } catch (err) {
    // Let Stripe's retry find the session pending again.
    await scope.update(paymentSessions, { status: 'pending', fulfilledAt: null }, eq(paymentSessions.id, row.id))
    throw err
  }
  await deps.db.insert(paymentEvents).values({ providerEventId: event.id, type: event.type }).onConflictDoNothing()
  return { status: 'fulfilled', sessionId: row.providerSessionId }
}

async function fulfil(scope: ProgramScope, deps: Deps, row: typeof paymentSessions.$inferSelect) {
  const participant = await scope.first(participants, eq(participants.id, row.participantId))
  const { loadChallengeCatalog } = await import('./challenge-catalog')
  const challenge = (await loadChallengeCatalog(deps, scope.programId)).byId.get(row.challengeId)
  if (!participant || !challenge) throw new AppError('not_found', 404, 'The participant or challenge of this payment is gone')
  try {
    await completeChallenge(scope, deps, {
      challenge,
      participant,
      points: row.points,
      // A membership completes once; every donation earns its option's points.
      periodKey: row.kind === 'membership' ? 'once' : `pay:${row.providerSessionId}`,
      details: { payment_session: row.providerSessionId, amount_cents: row.amountCents, entity: row.entity },
      extraWrites: row.kind === 'membership' ? [scope.update(participants, { eligibleOffersRewards: true }, eq(participants.id, participant.id))] : [],
    })
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'already_completed')) throw err
    if (row.kind === 'membership') await scope.update(participants, { eligibleOffersRewards: true }, eq(participants.id, participant.id))
  }
}

/** GET /public/home/stripe_receipt: title, message and participant name of a finished checkout. */
export async function paymentReceipt(scope: ProgramScope, participant: ParticipantRow, sessionId: string) {
  const row = await scope.first(paymentSessions, and(eq(paymentSessions.providerSessionId, sessionId), eq(paymentSessions.participantId, participant.id)))
  if (!row) throw new AppError('not_found', 404, 'session_id: no checkout of yours with this id', { session_id: 'not found' })
  const participantName = `${participant.firstName} ${participant.lastName}`.trim()
  if (row.status !== 'fulfilled') {
    return { title: 'Payment processing', message: 'We are confirming your payment. This page updates in a moment.', participant_name: participantName, status: row.status }
  }
  const entity = (row.details?.entity_name as string | undefined) ?? null
  return row.kind === 'membership'
    ? { title: 'Welcome, member!', message: `Your payment of ${money(row.amountCents)} was received. You earned ${row.points} points and unlocked member offers.`, participant_name: participantName, status: row.status }
    : { title: 'Thank you for your donation!', message: `Your donation of ${money(row.amountCents)}${entity ? ` to ${entity}` : ''} was received. You earned ${row.points} points.`, participant_name: participantName, status: row.status }
}
