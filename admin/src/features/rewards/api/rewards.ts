import { useQuery } from '@tanstack/react-query'
import {
  type ConsoleReward,
  type CouponAddResult,
  couponAddResultSchema,
  type CouponRow,
  type MiniContestRow,
  type PossibleWinners,
  type RewardDetail,
  type RewardIntent,
  type RewardIntentResult,
  type RewardListQuery,
  type RewardListResponse,
  type RewardParticipantRow,
  rewardSelections,
  type RewardSort,
  rewardSorts,
  rewardStatuses,
  type SweepstakeEntryRow,
} from '../../../../../sdk/contract/console/rewards'
import type { PageMeta } from '../../../../../sdk/contract/console/participants'
import { TesseraError } from '../../../../../sdk/src/errors'
import type { TableState } from '../../../components/ui/data-table/table-search'
import type { TablePage } from '../../../components/ui/data-table/use-server-table'
import { api } from '../../../lib/api-client'
import { programKey } from '../../../lib/query-client'

export type { ConsoleReward, CouponRow, MiniContestRow, RewardDetail, RewardParticipantRow, SweepstakeEntryRow }

const base = (programId: number) => `/admin/v2/programs/${programId}/rewards`
export const rewardsKey = (programId: number, ...parts: unknown[]) => programKey(programId, 'rewards', ...parts)

const isSort = (v: string | undefined): v is RewardSort => rewardSorts.includes(v as RewardSort)
const isIn = <T extends string>(list: readonly T[], v: string | undefined): v is T => list.includes(v as T)

/** The list's URL state as GET .../rewards reads it (unknown sorts and filters are dropped). */
export function rewardListQuery(state: TableState): RewardListQuery & Record<string, string | number> {
  const { selection, status, tag } = state.filters
  return {
    page: state.page,
    per_page: state.per_page,
    ...(isSort(state.sort) ? { sort: state.sort, order: state.order ?? 'desc' } : {}),
    ...(state.q ? { q: state.q } : {}),
    ...(isIn(rewardSelections, selection) ? { selection } : {}),
    ...(isIn(rewardStatuses, status) ? { status } : {}),
    ...(tag?.trim() ? { tag: tag.trim() } : {}),
  }
}

export async function fetchRewardsPage(programId: number, state: TableState, signal: AbortSignal): Promise<TablePage<ConsoleReward>> {
  const page = await api.get<RewardListResponse>(base(programId), rewardListQuery(state), signal)
  return { rows: page.data, total: page.meta.total }
}

export function useReward(programId: number, rewardId: number) {
  return useQuery({
    queryKey: rewardsKey(programId, rewardId),
    queryFn: async ({ signal }) => (await api.get<{ data: RewardDetail }>(`${base(programId)}/${rewardId}`, undefined, signal)).data,
  })
}

export type RewardTab = 'reward_participants' | 'coupons' | 'sweepstake' | 'mini_contest'
export type RewardTabRows = { reward_participants: RewardParticipantRow; coupons: CouponRow; sweepstake: SweepstakeEntryRow; mini_contest: MiniContestRow }

/** One page of a detail tab, searched with the table's `q`. */
export async function fetchRewardTab<K extends RewardTab>(programId: number, rewardId: number, tab: K, state: TableState, signal: AbortSignal): Promise<TablePage<RewardTabRows[K]>> {
  const page = await api.get<{ data: RewardTabRows[K][]; meta: PageMeta }>(`${base(programId)}/${rewardId}/${tab}`, { page: state.page, per_page: state.per_page, ...(state.q ? { q: state.q } : {}) }, signal)
  return { rows: page.data, total: page.meta.total }
}

/**
 * POST .../coupons: the add's answer, also when nothing was added (422 with the duplicates), so the
 * form can show the duplicates by name either way.
 */
export async function addCoupons(programId: number, rewardId: number, codes: string): Promise<CouponAddResult> {
  try {
    return couponAddResultSchema.parse(await api.post<unknown>(`${base(programId)}/${rewardId}/coupons`, { codes, reward_id: rewardId }))
  } catch (error) {
    const refused = error instanceof TesseraError ? couponAddResultSchema.safeParse(error.body) : null
    if (refused?.success) return refused.data
    throw error
  }
}

/** The detail's actions (POST .../rewards/{id} with an intent). */
export const rewardIntent = <T = RewardIntentResult>(programId: number, rewardId: number, body: RewardIntent) =>
  api.post<T>(`${base(programId)}/${rewardId}`, { ...body, id: rewardId })

export const fetchPossibleWinners = (programId: number, rewardId: number) =>
  rewardIntent<PossibleWinners>(programId, rewardId, { intent: 'fetch_possible_winners_to_sync' })

/** PUT .../reward_participants/{claim_id}: refunds a claim (points back, stock released). */
export const refundRewardClaim = (programId: number, claimId: number) =>
  api.put<{ success: boolean; message: string }>(`/admin/v2/programs/${programId}/reward_participants/${claimId}`, { status: 'refunded' })
