import { sql } from 'drizzle-orm'
import type { ErrorCode } from '../../../sdk/contract/errors'
import type { ProcessRewardResponse } from '../../../sdk/contract/rewards'
import { sweepstakeEntries } from '../db/schema'
import type { ProgramScope } from '../db/scope'
import type { Deps } from '../deps'
import type { ParticipantRow, ProgramRow } from '../env'
import { randomToken } from '../lib/crypto'
import { AppError } from '../lib/errors'
import { afterParticipantChange } from './effects'
import { actionInsert, webhookInsert } from './events'
import { ledgerInsert } from './ledger'
import { findVisibleReward, type RewardViewer } from './rewards'
import { toReward } from './rewards-serialize'
import { type MyRewardState, type RewardRow, rewardStatus } from './rewards-state'
import { type ClaimFailure, claimFailure, claimStatements } from './rewards-write'

export type ClaimContext = {
  scope: ProgramScope
  deps: Deps
  program: ProgramRow
  participant: ParticipantRow
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
 * POST /public/rewards/process_reward (engine-rules.md, Rewards). Redeem and offer rewards are
 * claimed (offers only by participants eligible for offers); a sweepstake sells entries; achievement,
 * milestone, mini-contest and other rewards are awarded, never claimed by hand. Everything a claim
 * writes is one batch (see claimStatements); a claim that fails writes nothing.
 */
export async function claimReward(ctx: ClaimContext, input: ClaimInput): Promise<ProcessRewardResponse> {
  const { scope, deps, participant } = ctx
  const now = deps.clock.now()
  const viewer: RewardViewer = { scope, now, participant }
  const { row, mine } = await findVisibleReward(viewer, input.rewardId)
  if (rewardStatus(row, now) !== 'active')
    throw fail('reward_unavailable', 422, 'This reward is no longer available')

  if (row.selection === 'sweepstake') return buyEntries(ctx, row, mine, input, now)
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

  // Friendly early answers from what is already loaded; the batch's constraints remain the guard.
  const cost = row.threshold
  if (!row.repeatable && mine?.claimCount) throw failureError('already_claimed', ctx, row, cost)
  if (row.claims >= row.limit) throw failureError('out_of_stock', ctx, row, cost)
  if (participant.unusedPoints < cost) throw failureError('not_enough_points', ctx, row, cost)

  const claimKey = row.repeatable ? claimKeyFor(input.idempotencyKey) : 'once'
  const statements = claimStatements(scope, row, {
    participantId: participant.id,
    claimKey,
    status: 'claimed',
    pointsSpent: cost,
    now,
    actionType: 'reward_claimed',
  })
  try {
    await scope.db.batch(statements)
  } catch (err) {
    const failure = claimFailure(err)
    // A retried repeatable claim with the same key: the claim exists, answer as the first time.
    const replay = failure === 'already_claimed' && row.repeatable && input.idempotencyKey
    if (!failure || failure === 'entries_replayed') throw err
    if (!replay) throw failureError(failure, ctx, row, cost)
    return respond(ctx, row.id, now, SUCCESS_MESSAGE)
  }
  await followUp(ctx)
  return respond(ctx, row.id, now, SUCCESS_MESSAGE)
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
  const { scope, participant } = ctx
  const free = row.threshold === 0
  const entries = free ? 1 : (input.entries ?? 1)
  const cost = row.threshold * entries
  const once = free || !row.repeatable
  if (row.claims >= row.limit)
    throw fail('reward_unavailable', 422, 'The winners of this sweepstakes have been drawn')
  if (once && mine?.entries) throw failureError('already_claimed', ctx, row, cost)
  if (participant.unusedPoints < cost) throw failureError('not_enough_points', ctx, row, cost)

  const key = once ? 'once' : claimKeyFor(input.idempotencyKey)
  const purchaseKey = `sweep:${row.id}:${participant.id}:${key}`
  const at = new Date(now)
  const spend = ledgerInsert(scope, {
    participantId: participant.id,
    delta: -cost,
    kind: 'spend',
    source: 'reward',
    sourceId: row.id,
    title: `${entries} ${entries === 1 ? 'entry' : 'entries'}: ${row.name}`,
    idempotencyKey: purchaseKey,
  })
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
  ] as const
  try {
    if (once && cost === 0) await scope.db.batch([entriesWrite, ...tail])
    else if (once) await scope.db.batch([entriesWrite, spend, ...tail])
    else await scope.db.batch([spend, entriesWrite, ...tail])
  } catch (err) {
    const failure = claimFailure(err)
    if (!failure) throw err
    if (failure === 'entries_replayed' && input.idempotencyKey) return respondEntries(ctx, row.id, now)
    if (failure === 'entries_replayed') throw err
    throw failureError(failure, ctx, row, cost)
  }
  await followUp(ctx)
  return respondEntries(ctx, row.id, now)
}

/** Tier and auto-rewards after a committed claim; their failure is logged, never undoes the claim. */
async function followUp(ctx: ClaimContext) {
  try {
    await afterParticipantChange(ctx.scope, ctx.deps, ctx.participant.id)
  } catch (err) {
    ;(ctx.deps.log ?? console.error)(
      `[rewards] follow-up after a claim failed: ${(err as Error)?.stack ?? String(err)}`,
    )
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
