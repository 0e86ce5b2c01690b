import { and, eq, inArray } from 'drizzle-orm'
import { paymentEvents, paymentSessions } from '../../db/schema'
import { programScope, type ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import type { ParticipantRow } from '../../env'
import { AppError } from '../../lib/errors'
import type { PaymentEvent } from '../../platform/payments'
import { activeChallenge, type EngineContext } from '../challenges/challenge-submit'
import { claimFulfilment, OPEN_STATUSES, runFulfilment } from './payment-fulfilment'

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

export type WebhookOutcome = { status: 'fulfilled' | 'processing' | 'failed' | 'duplicate' | 'ignored'; sessionId?: string }

/**
 * What a verified event does to its checkout session, as Stripe documents Checkout fulfilment:
 * `checkout.session.completed` fulfils when `payment_status` is `paid`; with `unpaid` (a delayed
 * method such as a bank debit) the session is `processing` until `checkout.session.async_payment_succeeded`
 * fulfils it or `checkout.session.async_payment_failed` fails it. Every other event is ignored.
 */
function eventAction(event: PaymentEvent): 'fulfil' | 'processing' | 'failed' | null {
  const status = event.session.paymentStatus
  switch (event.type) {
    case 'checkout.session.completed':
      return status === 'paid' ? 'fulfil' : status === 'unpaid' ? 'processing' : null
    case 'checkout.session.async_payment_succeeded':
      return status === 'paid' ? 'fulfil' : null
    case 'checkout.session.async_payment_failed':
      return 'failed'
    default:
      return null
  }
}

/**
 * The one fulfilment path: a verified paid checkout (`checkout.session.completed` with `paid`, or
 * `checkout.session.async_payment_succeeded`) completes the membership or donation challenge, credits
 * its points and, for a membership, makes the participant eligible for offers, with its
 * `payment.completed` webhook event in the same batch. The session must be ours, of the program its
 * metadata names, for the amount we asked; each event and each session applies once, also when Stripe
 * delivers it many times at once or out of order. The status moves only forward, guarded in SQL:
 * pending -> processing -> fulfilled | failed (pending may skip processing); a late `completed`
 * (unpaid) never downgrades a fulfilled or failed session, and a failed one is never fulfilled. The
 * move to fulfilled is a claim with a lease, ended in the fulfilment's own batch: a process that dies in
 * between leaves the claim to the event's retry or the minute sweep (payment-fulfilment.ts).
 */
export async function handlePaymentWebhook(deps: Deps, rawBody: string, signature: string): Promise<WebhookOutcome> {
  let event: PaymentEvent
  try {
    event = await deps.payments.verifyWebhook(rawBody, signature)
  } catch (err) {
    throw new AppError('validation_failed', 400, `Stripe-Signature: ${(err as Error).message}`, { 'Stripe-Signature': 'is not valid for this payload' })
  }
  const action = eventAction(event)
  if (!action) return { status: 'ignored' }
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
  const record = () => deps.db.insert(paymentEvents).values({ providerEventId: event.id, type: event.type }).onConflictDoNothing().returning({ id: paymentEvents.id })

  if (action !== 'fulfil') {
    // processing only from pending; failed from pending or processing. Neither touches a fulfilled session.
    const from = action === 'processing' ? eq(paymentSessions.status, 'pending') : inArray(paymentSessions.status, OPEN_STATUSES)
    const changed = await scope.update(paymentSessions, { status: action }, and(eq(paymentSessions.id, row.id), from)).returning({ id: paymentSessions.id })
    if (!(await record()).length) return { status: 'duplicate', sessionId: row.providerSessionId }
    return { status: changed.length ? action : 'ignored', sessionId: row.providerSessionId }
  }

  const held = await claimFulfilment(scope, deps, row.id)
  if (held === null) {
    // Settled already, or a live claim's runner is fulfilling it. The event is recorded only once the
    // session is settled: a retry of it after that runner died still finds the claim to take over.
    const current = await scope.first(paymentSessions, eq(paymentSessions.id, row.id))
    if (!current?.leaseUntil) await record()
    return { status: 'duplicate', sessionId: row.providerSessionId }
  }
  // A failure lets Stripe's retry find the session open again.
  const reopenTo = row.status === 'processing' || event.type === 'checkout.session.async_payment_succeeded' ? 'processing' : 'pending'
  await runFulfilment(scope, deps, row, held, reopenTo)
  await record()
  return { status: 'fulfilled', sessionId: row.providerSessionId }
}

/**
 * GET /public/home/stripe_receipt: title, message, participant name and `status` of a checkout
 * (pending: Stripe has not told us yet; processing: a delayed payment such as a bank debit has not
 * cleared; fulfilled; failed; expired).
 */
export async function paymentReceipt(scope: ProgramScope, participant: ParticipantRow, sessionId: string) {
  const row = await scope.first(paymentSessions, and(eq(paymentSessions.providerSessionId, sessionId), eq(paymentSessions.participantId, participant.id)))
  if (!row) throw new AppError('not_found', 404, 'session_id: no checkout of yours with this id', { session_id: 'not found' })
  const participant_name = `${participant.firstName} ${participant.lastName}`.trim()
  // A fulfilment under way (its claim holds a lease) has not credited anything yet.
  const status = row.status === 'fulfilled' && row.leaseUntil ? 'pending' : row.status
  switch (status) {
    case 'pending':
      return { title: 'Confirming your payment', message: 'We are confirming your payment. This page updates in a moment.', participant_name, status }
    case 'processing':
      return { title: 'Payment processing', message: "Your payment is processing. We'll add your points as soon as it clears.", participant_name, status }
    case 'failed':
      return { title: 'Payment failed', message: 'Your payment did not go through, so no points were added. You can try again.', participant_name, status }
    case 'expired':
      return { title: 'Checkout expired', message: 'This checkout expired before it was paid. Nothing was charged. You can start again.', participant_name, status }
  }
  const entity = (row.details?.entity_name as string | undefined) ?? null
  return row.kind === 'membership'
    ? { title: 'Welcome, member!', message: `Your payment of ${money(row.amountCents)} was received. You earned ${row.points} points and unlocked member offers.`, participant_name, status }
    : { title: 'Thank you for your donation!', message: `Your donation of ${money(row.amountCents)}${entity ? ` to ${entity}` : ''} was received. You earned ${row.points} points.`, participant_name, status }
}
