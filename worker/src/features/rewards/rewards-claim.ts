import { sql } from 'drizzle-orm'
import type { ErrorCode } from '../../../../sdk/contract/errors'
import type { ProcessRewardResponse } from '../../../../sdk/contract/rewards'
import { sweepstakeEntries } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import type { IdempotentWrite, ParticipantRow, ProgramRow } from '../../env'
import { randomToken } from '../../lib/crypto'
import { AppError } from '../../lib/errors'
import { afterParticipantChange } from '../challenges/effects'
import { assertEntriesOpen, entriesClosedError } from '../sweepstakes/fair-draw'
import { actionInsert, eventDeliveries, webhookInsert } from '../webhooks/events'
import { ledgerWrite, pointsEventFor } from '../points/ledger'
import { dispatchOutboxLater, outboxIdsFrom } from '../webhooks/outbox'
import { autoRewardsToCheck, earnedStatement, type KnownAfterWrite } from './auto-rewards'
import { loadRewardCatalog, noteClaims, readReward } from './reward-catalog'
import { findVisibleReward, rewardNotFound } from './rewards'
import { toReward } from './rewards-serialize'
import { type MyRewardState, participantRewardStateStatement, type RewardRow, rewardStateFrom, rewardStatus } from './rewards-state'
import { type ClaimFailure, claimFailure, claimStatements, INVENTORY_INDEX, POINTS_EVENT_INDEX } from './rewards-write'
import { batch, type BatchStatement } from '../../db/batch'

export type ClaimContext = {
  scope: ProgramScope
  deps: Deps
  program: ProgramRow
  participant: ParticipantRow
  /** The Idempotency-Key the request runs under (middleware/idempotency.ts), if any. */
  write?: IdempotentWrite | undefined
}
export type ClaimInput = {
  rewardId: number
  /** Sweepstakes: entries to buy (default 1). */
  entries?: number | undefined
  /** The request's Idempotency-Key; names the claim of a repeatable reward. */
  idempotencyKey?: string | null | undefined
}

/** Claim failures answer `{ ok: false, success: false, message }` (participant-site.md section 8). */
const fail = (code: ErrorCode, status: 403 | 409 | 422, message: string) =>
  new AppError(code, status, message, undefined, { success: false })

const SUCCESS_MESSAGE = 'You have successfully claimed this reward'

function failureError(
  failure: Exclude<ClaimFailure, 'entries_replayed'>,
  ctx: ClaimContext,
  row: RewardRow,
  cost: number,
) {
  switch (failure) {
    case 'already_claimed':
      return fail(
        'already_claimed',
        409,
        row.selection === 'sweepstake'
          ? 'You already entered this sweepstakes'
          : 'You have already claimed this reward',
      )
    case 'out_of_stock':
      return fail('out_of_stock', 409, 'Sorry, this reward is out of stock')
    case 'not_enough_points':
      return fail(
        'not_enough_points',
        422,
        `You don't have enough ${ctx.program.termPointsAs}: this costs ${cost} ${ctx.program.termPointsAs}`,
      )
  }
}

/** A claim key the client cannot collide with 'once' or with a server-made key. */
const claimKeyFor = (idempotencyKey: string | null | undefined) =>
  idempotencyKey ? `k:${idempotencyKey}` : `r:${randomToken(12)}`

/**
 * The reward a participant asks to claim: from the cached reward catalog (a miss is read fresh, so a
 * reward published a moment ago is found), 404 like GET /public/rewards/{id} for the participant, and
 * reward_unavailable when it is not active (a participant who earned it still sees it, hence 422).
 */
async function rewardToClaim(ctx: ClaimContext, rewardId: number, now: number): Promise<RewardRow> {
  const { scope, deps, participant } = ctx
  const row = (await loadRewardCatalog(deps, scope.programId)).byId.get(rewardId) ?? (await readReward(deps, scope.programId, rewardId))
  if (!row) throw rewardNotFound(rewardId)
  if (rewardStatus(row, now) !== 'active') {
    const mine = await myState(scope, participant.id, rewardId)
    if (!mine?.earnedAt) throw rewardNotFound(rewardId)
    throw fail('reward_unavailable', 422, 'This reward is no longer available')
  }
  return row
}

const myState = async (scope: ProgramScope, participantId: number, rewardId: number) =>
  rewardStateFrom((await participantRewardStateStatement(scope, participantId, rewardId))[0])

/**
 * The friendly early refusals, in the batch's order (already claimed, out of stock, not enough
 * points), from what is loaded: the session's balance and the cached stock. Whether a one-time reward
 * was claimed already is read only when another refusal would answer first; a cached "sold out" is
 * confirmed on a fresh row. The batch's constraints stay the guard either way.
 */
async function earlyRefusal(ctx: ClaimContext, row: RewardRow, cost: number): Promise<AppError | null> {
  const { scope, deps, participant } = ctx
  let soldOut = row.claims >= row.limit
  if (soldOut) {
    const fresh = await readReward(deps, scope.programId, row.id)
    // The cached copy is shared: bring it up to date for the next claims too.
    if (fresh) Object.assign(row, fresh)
    soldOut = row.claims >= row.limit
  }
  const poor = participant.unusedPoints < cost
  if (!soldOut && !poor) return null
  if (!row.repeatable && (await myState(scope, participant.id, row.id))?.claimCount) return failureError('already_claimed', ctx, row, cost)
  return failureError(soldOut ? 'out_of_stock' : 'not_enough_points', ctx, row, cost)
}

/**
 * POST /public/rewards/process_reward (engine-rules.md, Rewards). Redeem and offer rewards are
 * claimed (offers only by participants eligible for offers); a sweepstake sells entries; achievement,
 * milestone, mini-contest and other rewards are awarded, never claimed by hand. Everything a claim
 * writes is one batch (see claimStatements); a claim that fails writes nothing. The batch ends with a
 * read of the participant's values and their state of the reward, which the answer and the
 * follow-up use: a claim costs the session lookup and this batch.
 */
export async function claimReward(ctx: ClaimContext, input: ClaimInput): Promise<ProcessRewardResponse> {
  const { scope, deps, participant } = ctx
  const now = deps.clock.now()
  const row = await rewardToClaim(ctx, input.rewardId, now)
  // A retry of a claim that committed under this key before its process died: the original answer,
  // from the committed state (the key marked the claim's own batch).
  if (ctx.write?.committedBefore) return row.selection === 'sweepstake' ? respondEntries(ctx, row.id, now) : respond(ctx, row.id, now, SUCCESS_MESSAGE)

  if (row.selection === 'sweepstake') {
    // Not a hot path, and "winners drawn" must not come from a cached copy: read the row fresh.
    const fresh = (await readReward(deps, scope.programId, row.id)) ?? row
    return buyEntries(ctx, fresh, await myState(scope, participant.id, row.id), input, now)
  }
  if (row.selection === 'offer' && !participant.eligibleOffersRewards) {
    throw fail('not_eligible', 403, 'Become a member to unlock offers')
  }
  if (row.selection !== 'redeem' && row.selection !== 'offer') {
    throw fail(
      'not_eligible',
      403,
      row.selection === 'mini-contest'
        ? 'Winners of this contest are chosen by the program'
        : 'This reward is awarded automatically and cannot be claimed',
    )
  }

  const cost = row.threshold
  const refusal = await earlyRefusal(ctx, row, cost)
  if (refusal) throw refusal

  const claimKey = row.repeatable ? claimKeyFor(input.idempotencyKey) : 'once'
  // A spend changes neither lifetime points nor completions: the rules that may hold already held.
  const toCheck = await autoRewardsToCheck(deps, scope.programId, participant, false)
  const events = await eventDeliveries(deps, scope.programId, ['reward.claimed', 'points.changed'])
  const claimWrites = claimStatements(scope, row, {
    participantId: participant.id,
    claimKey,
    status: 'claimed',
    pointsSpent: cost,
    now,
    actionType: 'reward_claimed',
    unsubscribed: !events['reward.claimed'].subscribed,
    pointsEvent: events['points.changed'],
  })
  // The events a webhook takes: reward.claimed last of the claim's writes, points.changed after the spend.
  const eventIndexes = [
    ...(events['reward.claimed'].subscribed ? [claimWrites.length - 1] : []),
    ...(cost > 0 && events['points.changed'].subscribed ? [POINTS_EVENT_INDEX] : []),
  ]
  const statements: BatchStatement[] = [
    ...claimWrites,
    participantRewardStateStatement(scope, participant.id, row.id),
    ...(toCheck.length ? [earnedStatement(scope, participant.id, toCheck)] : []),
  ]
  const stateIndex = statements.length - (toCheck.length ? 2 : 1)
  if (ctx.write) statements.push(ctx.write.mark)
  let results: unknown[]
  try {
    results = (await batch(scope.db, statements)) as unknown[]
  } catch (err) {
    const failure = claimFailure(err)
    // A retried repeatable claim with the same key: the claim exists, answer as the first time.
    const replay = failure === 'already_claimed' && row.repeatable && input.idempotencyKey
    if (!failure || failure === 'entries_replayed') throw err
    if (!replay) throw failureError(failure, ctx, row, cost)
    return respond(ctx, row.id, now, SUCCESS_MESSAGE)
  }
  noteClaims(row, (results[INVENTORY_INDEX] as { claims: number }[])[0]?.claims)
  dispatchOutboxLater(deps, outboxIdsFrom(results, eventIndexes))
  const state = (results[stateIndex] as Parameters<typeof rewardStateFrom>[0][])[0]
  const earned = toCheck.length ? new Set((results[stateIndex + 1] as { rewardId: number }[]).map((r) => r.rewardId)) : undefined
  const awarded = await followUp(ctx, state && { participant: state, completedChallenge: false, earned, earnedChecked: toCheck })
  // The follow-up can only touch this reward when it is an offer it awards too: then read it again.
  if (awarded.includes(row.id)) return respond(ctx, row.id, now, SUCCESS_MESSAGE)
  return { success: true, message: SUCCESS_MESSAGE, stripe_url: null, reward: toReward(row, now, rewardStateFrom(state)) }
}

/**
 * Sweepstake entries: `threshold` points each, any number per purchase when the sweepstake is
 * repeatable, one purchase otherwise; a threshold of 0 gives one free entry. Entries are not claims:
 * `claims` of a sweepstake counts winners.
 */
async function buyEntries(
  ctx: ClaimContext,
  row: RewardRow,
  mine: MyRewardState | undefined,
  input: ClaimInput,
  now: number,
) {
  const { scope, deps, participant } = ctx
  const free = row.threshold === 0
  const entries = free ? 1 : (input.entries ?? 1)
  const cost = row.threshold * entries
  const once = free || !row.repeatable
  // Entries close when a fair draw is committed (features/sweepstakes; a trigger guards the write too).
  await assertEntriesOpen(scope, row.id)
  if (row.claims >= row.limit)
    throw fail('reward_unavailable', 422, 'The winners of this sweepstakes have been drawn')
  if (once && mine?.entries) throw failureError('already_claimed', ctx, row, cost)
  if (participant.unusedPoints < cost) throw failureError('not_enough_points', ctx, row, cost)

  const key = once ? 'once' : claimKeyFor(input.idempotencyKey)
  const purchaseKey = `sweep:${row.id}:${participant.id}:${key}`
  const at = new Date(now)
  const pointsEvent = await pointsEventFor(deps, scope.programId)
  // The spend's points.changed goes after the entries write (below), which reads the spend's changes().
  const [spend, spendEvent] = ledgerWrite(
    scope,
    { participantId: participant.id, delta: -cost, kind: 'spend', source: 'reward', sourceId: row.id, title: `${entries} ${entries === 1 ? 'entry' : 'entries'}: ${row.name}`, idempotencyKey: purchaseKey },
    pointsEvent,
  )
  const target = { rewardId: row.id, participantId: participant.id, updatedAt: at }
  // Once: a plain insert, so a second purchase trips the UNIQUE index. Repeatable: the upsert must
  // follow a ledger row that was really inserted; `changes()` is 0 after a replayed ledger key, and the
  // NULL count then fails NOT NULL, so a replay can never add entries without paying for them.
  const entriesWrite = once
    ? scope.insert(sweepstakeEntries, { ...target, count: entries })
    : scope
        .insert(sweepstakeEntries, {
          ...target,
          count: sql`(CASE WHEN changes() = 1 THEN ${entries} END)` as never,
        })
        .onConflictDoUpdate({
          target: [sweepstakeEntries.programId, sweepstakeEntries.rewardId, sweepstakeEntries.participantId],
          set: { count: sql`${sweepstakeEntries.count} + excluded.count`, updatedAt: at },
        })
  const tail = [
    actionInsert(scope, {
      participantId: participant.id,
      actionType: 'sweepstake_entry',
      title: row.name,
      points: -cost,
      actionableType: 'Reward',
      actionableId: row.id,
      details: { entries },
      dedupeKey: purchaseKey,
    }),
    webhookInsert(
      scope.db,
      scope.programId,
      'reward.claimed',
      {
        reward_id: row.id,
        reward_name: row.name,
        selection: row.selection,
        participant_id: participant.id,
        status: 'entered',
        entries,
        points_spent: cost,
        claimed_at: at.toISOString(),
      },
      purchaseKey,
    ),
    ...(ctx.write ? [ctx.write.mark] : []),
  ]
  try {
    if (once && cost === 0) await batch(scope.db, [entriesWrite, ...tail])
    else {
      const results = (once ? await batch(scope.db, [entriesWrite, spend, spendEvent, ...tail]) : await batch(scope.db, [spend, entriesWrite, spendEvent, ...tail])) as unknown[]
      if (pointsEvent.subscribed) dispatchOutboxLater(deps, outboxIdsFrom(results, [2]))
    }
  } catch (err) {
    const failure = claimFailure(err)
    if (!failure) throw entriesClosedError(err) ?? err
    if (failure === 'entries_replayed' && input.idempotencyKey) return respondEntries(ctx, row.id, now)
    if (failure === 'entries_replayed') throw err
    throw failureError(failure, ctx, row, cost)
  }
  await followUp(ctx)
  return respondEntries(ctx, row.id, now)
}

/**
 * Tier and auto-rewards after a committed claim; their failure is logged, never undoes the claim.
 * Answers the ids of the rewards it awarded.
 */
async function followUp(ctx: ClaimContext, known?: KnownAfterWrite): Promise<number[]> {
  try {
    return await afterParticipantChange(ctx.scope, ctx.deps, ctx.participant.id, known)
  } catch (err) {
    ;(ctx.deps.log ?? console.error)(
      `[rewards] follow-up after a claim failed: ${(err as Error)?.stack ?? String(err)}`,
    )
    return []
  }
}

async function respond(
  ctx: ClaimContext,
  rewardId: number,
  now: number,
  message: string,
): Promise<ProcessRewardResponse> {
  const { row, mine } = await findVisibleReward(
    { scope: ctx.scope, now, participant: ctx.participant },
    rewardId,
  )
  return { success: true, message, stripe_url: null, reward: toReward(row, now, mine) }
}

async function respondEntries(ctx: ClaimContext, rewardId: number, now: number) {
  const res = await respond(ctx, rewardId, now, '')
  const n = res.reward.participant_sweepstakes_entry?.count ?? 0
  return { ...res, message: `You have earned ${n} ${n === 1 ? 'entry' : 'entries'} into this sweepstakes` }
}
