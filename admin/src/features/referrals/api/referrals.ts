import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  type ConsoleReferral,
  type ReferralList,
  type ReferralListQuery,
  type ReferralStatus,
  referralStatuses,
  type ReferralUpdateLog,
} from '../../../../../sdk/contract/console/referrals'
import type { TableState } from '../../../components/ui/data-table/table-search'
import type { TablePage } from '../../../components/ui/data-table/use-server-table'
import { adminClient, api } from '../../../lib/api-client'
import { programKey } from '../../../lib/query-client'

export type { ConsoleReferral, ReferralStatus, ReferralUpdateLog }

export const referralsBase = (programId: number) => `/admin/v2/programs/${programId}/referrals`
export const referralsKey = (programId: number, ...parts: unknown[]) => programKey(programId, 'referrals', ...parts)

const isStatus = (v: string | undefined): v is ReferralStatus => referralStatuses.includes(v as ReferralStatus)

/** The list's URL state as GET .../referrals reads it (an unknown status in a hand-edited URL is dropped). */
export function referralListQuery(state: TableState): ReferralListQuery & Record<string, string | number> {
  const status = state.filters.status
  return { page: state.page, per_page: state.per_page, ...(state.q ? { q: state.q } : {}), ...(isStatus(status) ? { status } : {}) }
}

export async function fetchReferrals(programId: number, state: TableState, signal: AbortSignal): Promise<TablePage<ConsoleReferral>> {
  const page = await api.get<ReferralList>(referralsBase(programId), referralListQuery(state), signal)
  return { rows: page.data, total: page.meta.total }
}

export function useReferral(programId: number, referralId: number) {
  return useQuery({
    queryKey: referralsKey(programId, referralId),
    queryFn: async ({ signal }) => (await api.get<{ data: ConsoleReferral }>(`${referralsBase(programId)}/${referralId}`, undefined, signal)).data,
  })
}

export function useReferralLogs(programId: number, referralId: number) {
  return useQuery({
    queryKey: referralsKey(programId, referralId, 'logs'),
    queryFn: async ({ signal }) => (await api.get<{ data: ReferralUpdateLog[] }>(`${referralsBase(programId)}/${referralId}/referral_update_logs`, undefined, signal)).data,
  })
}

/** GET participant referrals (spec section 7, 50 a page): the referrals a participant made or came through. */
export function useParticipantReferrals(programId: number, participantId: number, page: number) {
  return useQuery({
    queryKey: referralsKey(programId, 'participant', participantId, page),
    queryFn: async ({ signal }) => api.get<ReferralList>(`/admin/v2/programs/${programId}/participants/${participantId}/referrals`, { page }, signal),
  })
}

/** The decision as section 7 sends it: PATCH, multipart, referral[status] and referral[admin_comments]. */
export function referralForm(status: 'approved' | 'rejected', comments: string): FormData {
  const form = new FormData()
  form.set('referral[status]', status)
  if (comments.trim()) form.set('referral[admin_comments]', comments.trim())
  return form
}

export function useDecideReferral(programId: number, referralId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ status, comments }: { status: 'approved' | 'rejected'; comments: string }) =>
      (await adminClient().transport.request<{ data: ConsoleReferral }>('PATCH', `${referralsBase(programId)}/${referralId}`, { form: referralForm(status, comments) })).data,
    // Section 8: success reloads the page's data (the referral, its log, the lists).
    onSettled: () => queryClient.invalidateQueries({ queryKey: referralsKey(programId) }),
  })
}
