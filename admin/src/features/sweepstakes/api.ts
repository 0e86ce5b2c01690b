import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ConsoleFairDraw, FairDrawResponse } from '../../../../sdk/contract/fairness'
import { api } from '../../lib/api-client'
import { invalidateProgram, programKey } from '../../lib/query-client'

export type { ConsoleFairDraw, FairDrawResponse }

const path = (programId: number, rewardId: number) => `/admin/v2/programs/${programId}/rewards/${rewardId}/fair_draw`

export const fairDrawKey = (programId: number, rewardId: number) => programKey(programId, 'rewards', rewardId, 'fair-draw')

/** The draw of one sweepstake reward (rewards view). */
export function useFairDraw(programId: number, rewardId: number) {
  return useQuery({
    queryKey: fairDrawKey(programId, rewardId),
    queryFn: async ({ signal }) => (await api.get<{ data: ConsoleFairDraw }>(path(programId, rewardId), undefined, signal)).data,
  })
}

/** Commit or draw (rewards manage): the answer's draw replaces the cached one; the reward's other tabs refresh. */
export function useFairDrawAction(programId: number, rewardId: number, action: 'commit' | 'draw') {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.post<FairDrawResponse>(`${path(programId, rewardId)}/${action}`),
    onSuccess: (result) => {
      queryClient.setQueryData(fairDrawKey(programId, rewardId), result.data)
      void invalidateProgram(queryClient, programId, 'rewards')
    },
  })
}

/** The audit file's download URL (same origin, the console's session). */
export const auditFileUrl = (programId: number, rewardId: number) => `${path(programId, rewardId)}/audit.json`
