import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { DomainList, DomainSetting } from '../../../../sdk/contract/console/domains'
import { api } from '../../lib/api-client'
import { invalidateProgram, programKey } from '../../lib/query-client'

export type { DomainSetting }

export const domainsBase = (programId: number) => `/admin/v2/programs/${programId}/domain_lists`
export const domainsKey = (programId: number) => programKey(programId, 'domain_lists')

/** GET .../domain_lists: the program's domains (a handful: one list, no pages). */
export function useDomains(programId: number) {
  return useQuery({
    queryKey: domainsKey(programId),
    queryFn: async ({ signal }) => (await api.get<DomainList>(domainsBase(programId), undefined, signal)).data,
  })
}

/** DELETE .../domain_lists/{id}. */
export function useRemoveDomain(programId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`${domainsBase(programId)}/${id}`),
    onSettled: () => invalidateProgram(queryClient, programId, 'domain_lists'),
  })
}
