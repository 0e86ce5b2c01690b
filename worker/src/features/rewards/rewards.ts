import { and, eq, inArray, type SQL } from 'drizzle-orm'
import type { OffersRewardResponse, Reward } from '../../../../sdk/contract/rewards'
import { rewards } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { ParticipantRow, ProgramRow } from '../../env'
import { AppError } from '../../lib/errors'
import { toReward } from './rewards-serialize'
import {
  activeRewardsCond,
  isPublished,
  loadMyRewardStates,
  type MyRewardState,
  type RewardRow,
  rewardStatus,
} from './rewards-state'

/** Who is asking: the signed-in participant, or null for a visitor. */
export type RewardViewer = { scope: ProgramScope; now: number; participant: ParticipantRow | null }

export const rewardNotFound = (id: number) =>
  new AppError(
    'not_found',
    404,
    `reward_id: no reward ${id} in this program`,
    { reward_id: 'no such reward' },
    {
      success: false,
    },
  )

/**
 * The reward row behind GET /public/rewards/{id} and a claim: published (approved, not draft), in this
 * program, featured unless the caller is signed in, and active by dates, except that a participant
 * still sees a scheduled-over or ended reward they earned (their claimed list links to it).
 */
export async function findVisibleReward(
  viewer: RewardViewer,
  rewardId: number,
): Promise<{ row: RewardRow; mine: MyRewardState | undefined }> {
  const row = await viewer.scope.first(rewards, eq(rewards.id, rewardId))
  if (!row || !isPublished(row) || (!viewer.participant && !row.featured)) throw rewardNotFound(rewardId)
  const mine = viewer.participant
    ? (await loadMyRewardStates(viewer.scope, viewer.participant.id, [row.id])).get(row.id)
    : undefined
  if (rewardStatus(row, viewer.now) !== 'active' && !mine?.earnedAt) throw rewardNotFound(rewardId)
  return { row, mine }
}

export async function getReward(viewer: RewardViewer, rewardId: number): Promise<Reward> {
  const { row, mine } = await findVisibleReward(viewer, rewardId)
  return toReward(row, viewer.now, mine)
}

async function withStates(viewer: RewardViewer, rows: RewardRow[]) {
  const states = viewer.participant
    ? await loadMyRewardStates(
        viewer.scope,
        viewer.participant.id,
        rows.map((r) => r.id),
      )
    : new Map<number, MyRewardState>()
  return rows.map((row) => ({ row, mine: states.get(row.id) }))
}

async function activeRows(viewer: RewardViewer, cond?: SQL): Promise<RewardRow[]> {
  const featuredOnly = viewer.participant ? undefined : eq(rewards.featured, true)
  return viewer.scope
    .select(rewards, and(activeRewardsCond(viewer.now), featuredOnly, cond))
    .orderBy(rewards.position, rewards.id)
}

/** Home `active_rewards`: every visible reward (featured ones only for visitors), in admin order. */
export async function listActiveRewards(viewer: RewardViewer): Promise<Reward[]> {
  const items = await withStates(viewer, await activeRows(viewer))
  return items.map(({ row, mine }) => toReward(row, viewer.now, mine))
}

/**
 * Whether the participant can still earn the reward: in stock, and not earned yet, except that a
 * repeatable redeem reward and a repeatable paid sweepstake can be claimed again.
 */
export function canStillEarn(row: RewardRow, mine: MyRewardState | undefined): boolean {
  if (row.claims >= row.limit) return false
  if (!mine?.earnedAt) return true
  if (!row.repeatable) return false
  return row.selection === 'redeem' || (row.selection === 'sweepstake' && row.threshold > 0)
}

/** Home `current_rewards` (signed in): active rewards the participant can still earn. */
export async function listCurrentRewards(viewer: RewardViewer): Promise<Reward[]> {
  const items = await withStates(viewer, await activeRows(viewer))
  return items
    .filter(({ row, mine }) => canStillEarn(row, mine))
    .map(({ row, mine }) => toReward(row, viewer.now, mine))
}

/**
 * Home `claimed_rewards` (signed in): rewards the participant claimed, won or holds sweepstake entries
 * of, latest first, including ones that have since ended (never unpublished ones).
 */
export async function listClaimedRewards(viewer: RewardViewer): Promise<Reward[]> {
  const participant = viewer.participant
  if (!participant) return []
  const states = await loadMyRewardStates(viewer.scope, participant.id, 'all')
  const ids = [...states].filter(([, s]) => s.earnedAt).map(([id]) => id)
  if (!ids.length) return []
  const rows = (await viewer.scope.select(rewards, inArray(rewards.id, ids))).filter(isPublished)
  const earnedAt = (r: RewardRow) => states.get(r.id)?.earnedAt?.getTime() ?? 0
  return rows
    .sort((a, b) => earnedAt(b) - earnedAt(a) || b.id - a.id)
    .map((row) => toReward(row, viewer.now, states.get(row.id)))
}

/**
 * Home `offers_reward`: the first active offer reward (none when the program's offers_reward feature
 * is off) and whether the caller is eligible for merchant offers.
 */
export async function getOffersReward(
  viewer: RewardViewer,
  program: ProgramRow,
): Promise<OffersRewardResponse['data']> {
  const eligible = viewer.participant?.eligibleOffersRewards === true
  if (!program.features.offers_reward) return { reward: null, eligible }
  const [row] = await activeRows(viewer, eq(rewards.selection, 'offer'))
  if (!row) return { reward: null, eligible }
  const [item] = await withStates(viewer, [row])
  return { reward: toReward(row, viewer.now, item?.mine), eligible }
}
