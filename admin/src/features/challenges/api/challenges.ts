import { useQuery } from '@tanstack/react-query'
import {
  type ChallengeAnswerRow,
  type ChallengeDetail,
  type ChallengeFormResponse,
  type ChallengeFormValues,
  type ChallengeIntent,
  type ChallengeListQuery,
  type ChallengeParticipantRow,
  type ChallengeSort,
  challengeSorts,
  type ChallengeStatus,
  challengeStatuses,
  type ConsoleChallenge,
} from '../../../../../sdk/contract/console/challenges'
import { type ChallengeType, challengeTypes } from '../../../../../sdk/contract/challenges'
import type { FormResult } from '../../../../../sdk/contract/console/forms'
import type { PageMeta } from '../../../../../sdk/contract/console/participants'
import { TesseraError } from '../../../../../sdk/src/errors'
import type { TableState } from '../../../components/ui/data-table/table-search'
import type { TablePage } from '../../../components/ui/data-table/use-server-table'
import { api } from '../../../lib/api-client'
import { CONSOLE_BASE } from '../../../lib/paths'
import { programKey } from '../../../lib/query-client'

export type { ChallengeAnswerRow, ChallengeDetail, ChallengeFormResponse, ChallengeParticipantRow, ConsoleChallenge }

const base = (programId: number) => `${CONSOLE_BASE}/programs/${programId}/challenges`
export const challengesKey = (programId: number, ...parts: unknown[]) => programKey(programId, 'challenges', ...parts)

const isSort = (v: string | undefined): v is ChallengeSort => challengeSorts.includes(v as ChallengeSort)
const isStatus = (v: string | undefined): v is ChallengeStatus => challengeStatuses.includes(v as ChallengeStatus)
const isType = (v: string | undefined): v is ChallengeType => challengeTypes.includes(v as ChallengeType)

/** The table's URL state as GET .../challenges reads it (unknown values in a hand-edited URL are dropped). */
export function listQuery(state: TableState): ChallengeListQuery {
  const tag = state.filters.tag?.trim()
  return {
    page: state.page,
    per_page: state.per_page,
    ...(isSort(state.sort) ? { sort: state.sort, order: state.order ?? 'desc' } : {}),
    ...(state.q ? { q: state.q } : {}),
    ...(isStatus(state.filters.status) ? { status: state.filters.status } : {}),
    ...(isType(state.filters.type) ? { type: state.filters.type } : {}),
    ...(tag ? { tag } : {}),
  }
}

export async function fetchChallengesPage(programId: number, state: TableState, signal: AbortSignal): Promise<TablePage<ConsoleChallenge>> {
  const page = await api.get<{ data: ConsoleChallenge[]; meta: PageMeta }>(base(programId), listQuery(state) as Record<string, string | number>, signal)
  return { rows: page.data, total: page.meta.total }
}

export function useChallenge(programId: number, challengeId: number) {
  return useQuery({
    queryKey: challengesKey(programId, challengeId),
    queryFn: async ({ signal }) => (await api.get<{ data: ChallengeDetail }>(`${base(programId)}/${challengeId}`, undefined, signal)).data,
  })
}

export type ChallengeTab = 'participants' | 'participant_answers'
export type ChallengeTabRows = { participants: ChallengeParticipantRow; participant_answers: ChallengeAnswerRow }

export async function fetchChallengeTab<K extends ChallengeTab>(programId: number, challengeId: number, tab: K, state: TableState, signal: AbortSignal): Promise<TablePage<ChallengeTabRows[K]>> {
  const page = await api.get<{ data: ChallengeTabRows[K][]; meta: PageMeta }>(`${base(programId)}/${challengeId}/${tab}`, { page: state.page, per_page: state.per_page }, signal)
  return { rows: page.data, total: page.meta.total }
}

/** The CSV export of a tab: a plain link, the session cookie authenticates the GET. */
export const challengeCsvUrl = (programId: number, challengeId: number, tab: ChallengeTab) => `${base(programId)}/${challengeId}/${tab}.csv`

/** GET .../challenges/new or .../{id}/edit: the definition and the values to start from. */
export function useChallengeForm(programId: number, challengeId: number | undefined) {
  return useQuery({
    queryKey: ['form', 'challenge', programId, challengeId ?? 'new'],
    queryFn: ({ signal }) => api.get<ChallengeFormResponse>(challengeId ? `${base(programId)}/${challengeId}/edit` : `${base(programId)}/new`, undefined, signal),
    // A form shows what is saved now, never a cached copy.
    staleTime: 0,
    gcTime: 0,
  })
}

/** A refusal with { success, errors } (status 422) is a result, not an exception. */
async function asResult(call: Promise<unknown>): Promise<FormResult> {
  try {
    return (await call) as FormResult
  } catch (error) {
    const body = error instanceof TesseraError ? (error.body as Partial<FormResult> | undefined) : undefined
    if (body && typeof body === 'object' && 'success' in body && 'errors' in body) return body as FormResult
    throw error
  }
}

export const createChallenge = (programId: number, values: ChallengeFormValues) => asResult(api.post(base(programId), values))

/** PUT only the changed fields (spec section 4). */
export const updateChallenge = (programId: number, challengeId: number, changed: Partial<ChallengeFormValues>) => asResult(api.put(`${base(programId)}/${challengeId}`, changed))

export const runChallengeIntent = (programId: number, challengeId: number, intent: ChallengeIntent) =>
  api.post<{ success: boolean; message?: string; data: { id: number; approved?: boolean; tag_list?: string[] } }>(`${base(programId)}/${challengeId}`, intent)

/** The fields whose value differs from the saved one (compared as JSON: arrays and questions too). */
export function changedFields(saved: ChallengeFormValues, next: ChallengeFormValues): Partial<ChallengeFormValues> {
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(next) as (keyof ChallengeFormValues)[]) {
    if (JSON.stringify(next[key]) !== JSON.stringify(saved[key])) out[key] = next[key]
  }
  return out as Partial<ChallengeFormValues>
}
