import { and, eq, isNull, notExists, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { bound, PROGRAM_ID, param, preparedFor } from '../../db/prepared'
import { coupons, rewardClaims, rewards } from '../../db/schema'
import { type ProgramScope, programScope } from '../../db/scope'
import { actionInsert, webhookInsert } from '../webhooks/events'
import { ledgerWrite, type PointsEvent } from '../points/ledger'
import type { RewardRow } from './rewards-state'

/**
 * The statements of one claim or award, for one `db.batch` (atomic on D1 and libSQL). A guarded
 * UPDATE that matches no row would not abort a batch, so every guard here fails loudly instead:
 *
 * - the claim row's UNIQUE (program, reward, participant, claim_key) stops a second claim of a
 *   non-repeatable reward ('once') and a replayed claim key;
 * - `claims + 1` runs unguarded, so the CHECK rewards_claims_within_limit (claims <= limit) fails the
 *   batch when the reward is sold out; when the reward requires coupons and none is free, the same
 *   update adds limit + 1 on purpose, so an empty pool fails the same CHECK: nothing is written;
 * - the coupon update picks the first free coupon inside the transaction, so a coupon goes to one
 *   claim only (SQLite runs one write transaction at a time);
 * - the ledger spend trips the CHECK participants_unused_points_nonnegative when points run short.
 *
 * A claim that spends points has its `points.changed` event right after the ledger row; the
 * `reward.claimed` event stays last (reward-winners reads its slot there).
 */
export function claimStatements(
  scope: ProgramScope,
  row: RewardRow,
  claim: {
    participantId: number
    claimKey: string
    status: 'claimed' | 'won'
    pointsSpent: number
    now: number
    actionType: 'reward_claimed' | 'reward_won'
    /** No webhook takes `reward.claimed` (hasWebhookFor): no outbox row is written for it. */
    unsubscribed?: boolean
    /** How the spend's `points.changed` is recorded (pointsEventFor); only a claim that spends points has one. */
    pointsEvent?: PointsEvent
  },
) {
  const { db, programId } = scope
  const at = new Date(claim.now)
  // Names this claim in the ledger, the activity feed and the outbox: a replay adds nothing anywhere.
  const key = `reward:${row.id}:${claim.participantId}:${claim.claimKey}`
  const prepared = statements(db, row.couponsRequired)
  const values = { programId, rewardId: row.id, participantId: claim.participantId, claimKey: claim.claimKey, at }
  return [
    bound(prepared.claim, { ...values, pointsSpent: claim.pointsSpent, status: claim.status }),
    bound<{ claims: number }[]>(prepared.inventory, values),
    bound(prepared.coupon, values),
    ...(claim.pointsSpent > 0
      ? ledgerWrite(
          scope,
          { participantId: claim.participantId, delta: -claim.pointsSpent, kind: 'spend', source: 'reward', sourceId: row.id, title: row.name, idempotencyKey: key },
          claim.pointsEvent,
        )
      : []),
    actionInsert(scope, {
      participantId: claim.participantId,
      actionType: claim.actionType,
      title: row.name,
      points: -claim.pointsSpent,
      actionableType: 'Reward',
      actionableId: row.id,
      details: { selection: row.selection },
      dedupeKey: key,
    }),
    webhookInsert(
      db,
      programId,
      'reward.claimed',
      {
        reward_id: row.id,
        reward_name: row.name,
        selection: row.selection,
        participant_id: claim.participantId,
        status: claim.status,
        points_spent: claim.pointsSpent,
        claimed_at: at.toISOString(),
      },
      key,
      claim.unsubscribed,
    ),
  ] as const
}

/** Where the inventory update (`[{ claims }]`, the reward's count after this claim) is in claimStatements. */
export const INVENTORY_INDEX = 1
/** Where a spending claim's `points.changed` event (`[{ id }]`) is in claimStatements (after claim, inventory, coupon, ledger row). */
export const POINTS_EVENT_INDEX = 4

// The claim row, inventory and coupon statements, prepared once per database (per coupon rule) and
// bound per claim (db/prepared.ts); placeholders: programId, rewardId, participantId, claimKey, at.
const statements = (db: Db, couponsRequired: boolean) =>
  preparedFor(db, couponsRequired ? 'claim-statements-coupons' : 'claim-statements', (d) => {
    const scope = programScope(d, PROGRAM_ID)
    const freeCoupon = and(eq(coupons.rewardId, param('rewardId')), isNull(coupons.assignedAt))
    const noFreeCoupon = notExists(d.select({ id: coupons.id }).from(coupons).where(scope.where(coupons, freeCoupon)))
    const claimId = d
      .select({ id: rewardClaims.id })
      .from(rewardClaims)
      .where(scope.where(rewardClaims, and(eq(rewardClaims.rewardId, param('rewardId')), eq(rewardClaims.participantId, param('participantId')), eq(rewardClaims.claimKey, param('claimKey')))))
    const firstFreeCoupon = d.select({ id: coupons.id }).from(coupons).where(scope.where(coupons, freeCoupon)).orderBy(coupons.id).limit(1)
    const inventory = couponsRequired
      ? sql`${rewards.claims} + 1 + (CASE WHEN ${noFreeCoupon} THEN ${rewards.limit} + 1 ELSE 0 END)`
      : sql`${rewards.claims} + 1`
    return {
      claim: scope
        .insert(rewardClaims, {
          rewardId: param('rewardId'),
          participantId: param('participantId'),
          claimKey: param('claimKey'),
          pointsSpent: param('pointsSpent'),
          status: param('status'),
          createdAt: param('at'),
        })
        .prepare(),
      inventory: scope
        .update(rewards, { claims: inventory as never, updatedAt: param('at') }, eq(rewards.id, param('rewardId')))
        .returning({ claims: rewards.claims })
        .prepare(),
      coupon: scope
        .update(coupons, { participantId: param('participantId'), claimId: sql`(${claimId})` as never, assignedAt: param('at') }, and(eq(coupons.id, sql`(${firstFreeCoupon})`), isNull(coupons.assignedAt)))
        .prepare(),
    }
  })

/** The reason a claim batch failed, read from the constraint named in the driver's error. */
export type ClaimFailure = 'already_claimed' | 'out_of_stock' | 'not_enough_points' | 'entries_replayed'

/** libSQL and D1 put the constraint in the message; drizzle may wrap it, so read the causes too. */
export function errorText(err: unknown): string {
  const parts: string[] = []
  let e: unknown = err
  for (let depth = 0; e && depth < 6; depth++) {
    parts.push(String((e as Error).message ?? e))
    e = (e as { cause?: unknown }).cause
  }
  return parts.join(' | ')
}

export function claimFailure(err: unknown): ClaimFailure | null {
  const text = errorText(err)
  if (/UNIQUE constraint failed: (reward_claims|sweepstake_entries)\./.test(text)) return 'already_claimed'
  if (/rewards_claims_within_limit/.test(text)) return 'out_of_stock'
  if (/participants_unused_points_nonnegative/.test(text)) return 'not_enough_points'
  if (/NOT NULL constraint failed: sweepstake_entries\.count/.test(text)) return 'entries_replayed'
  return null
}
