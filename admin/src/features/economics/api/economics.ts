import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import {
  type EarnBurn,
  type EarnBurnRow,
  type EconomicsBlock,
  type EconomicsReport,
  type EconomicsSummary,
  economicsPaths,
  type LiabilityForecast,
  type Participation,
  type Retention,
  type TierReport,
} from '../../../../../sdk/contract/console/economics'
import { api } from '../../../lib/api-client'
import { programKey } from '../../../lib/query-client'
import type { EconomicsSearch, Period } from '../period'

export type { EarnBurn, EarnBurnRow, EconomicsBlock, EconomicsReport, EconomicsSummary, LiabilityForecast, Participation, Retention, TierReport }

/** Each block's data, by name. */
export type BlockData = {
  summary: EconomicsSummary
  earn_burn: EarnBurn
  forecast: LiabilityForecast
  participation: Participation
  retention: Retention
  tiers: TierReport
}

/** The query of the URL's period: only what the URL says (the server fills in the default). */
const queryOf = (search: EconomicsSearch) => ({ from: search.from, to: search.to })
const keyOf = (programId: number, search: EconomicsSearch, ...parts: unknown[]) =>
  programKey(programId, 'economics', { from: search.from ?? null, to: search.to ?? null }, ...parts)

/** GET .../economics?from&to: every block at once, each `{ ok: true, data }` or `{ ok: false, error }`. */
export async function fetchEconomicsReport(programId: number, search: EconomicsSearch, signal?: AbortSignal): Promise<EconomicsReport> {
  return (await api.get<{ data: EconomicsReport }>(economicsPaths.report(programId), queryOf(search), signal)).data
}

/** GET .../economics/{block}?from&to: one block alone (a block's retry). */
export async function fetchEconomicsBlock<B extends EconomicsBlock>(programId: number, block: B, search: EconomicsSearch, signal?: AbortSignal): Promise<BlockData[B]> {
  return (await api.get<{ data: BlockData[B] }>(economicsPaths.block(programId, block), queryOf(search), signal)).data
}

/** A block's table as CSV for the period shown: a plain link, downloaded with the session cookie. */
export function economicsCsvUrl(programId: number, block: EconomicsBlock, period: Period): string {
  return `${economicsPaths.csv(programId, block)}?${new URLSearchParams({ from: period.from, to: period.to })}`
}

export const useEconomicsReport = (programId: number, search: EconomicsSearch) =>
  useQuery({ queryKey: keyOf(programId, search), queryFn: ({ signal }) => fetchEconomicsReport(programId, search, signal) })

export type BlockState<T> = {
  status: 'pending' | 'error' | 'success'
  data: T | undefined
  error: unknown
  retry: () => void
}

/**
 * One block of the report, on its own: loading while the report loads; failed when the report's
 * request failed or the report says this block failed (`ok: false`, with the server's message); its
 * retry asks for this block alone (GET .../economics/{block}), so the blocks that answered stay put.
 */
export function useEconomicsBlock<B extends EconomicsBlock>(
  programId: number,
  search: EconomicsSearch,
  report: UseQueryResult<EconomicsReport>,
  block: B,
): BlockState<BlockData[B]> {
  const alone = useQuery({
    queryKey: keyOf(programId, search, block),
    queryFn: ({ signal }) => fetchEconomicsBlock(programId, block, search, signal),
    // Only asked for by a retry.
    enabled: false,
    retry: false,
  })
  const retry = () => void alone.refetch()
  if (alone.fetchStatus === 'fetching') return { status: 'pending', data: undefined, error: null, retry }
  if (alone.status === 'success') return { status: 'success', data: alone.data, error: null, retry }
  if (alone.status === 'error') return { status: 'error', data: undefined, error: alone.error, retry }
  if (report.status === 'pending') return { status: 'pending', data: undefined, error: null, retry }
  if (report.status === 'error') return { status: 'error', data: undefined, error: report.error, retry }
  const part = report.data[block]
  if (!part.ok) return { status: 'error', data: undefined, error: new Error(part.error.message), retry }
  return { status: 'success', data: part.data as BlockData[B], error: null, retry }
}
