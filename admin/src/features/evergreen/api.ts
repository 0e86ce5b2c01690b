import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  type EvergreenSaveResult,
  evergreenSaveResultSchema,
  type EvergreenSetting,
  type EvergreenSettingList,
  type EvergreenSettingValueWrite,
} from '../../../../sdk/contract/console/evergreen'
import { TesseraError } from '../../../../sdk/src/errors'
import { api } from '../../lib/api-client'
import { invalidateProgram, programKey } from '../../lib/query-client'

export type { EvergreenSetting }

const base = (programId: number) => `/admin/v2/programs/${programId}`
export const evergreenKey = (programId: number, ...parts: unknown[]) => programKey(programId, 'evergreen', ...parts)

export function useEvergreenSettings(programId: number) {
  return useQuery({
    queryKey: evergreenKey(programId),
    queryFn: async ({ signal }) => (await api.get<EvergreenSettingList>(`${base(programId)}/evergreen_settings`, undefined, signal)).data,
  })
}

export function useEvergreenSetting(programId: number, settingId: number) {
  return useQuery({
    queryKey: evergreenKey(programId, settingId),
    queryFn: async ({ signal }) => (await api.get<{ data: EvergreenSetting }>(`${base(programId)}/evergreen_settings/${settingId}`, undefined, signal)).data,
  })
}

/** POST .../evergreen_setting_values: a refusal with { success, errors } is an answer, not an exception. */
export async function saveEvergreenValue(programId: number, body: EvergreenSettingValueWrite): Promise<EvergreenSaveResult> {
  try {
    return evergreenSaveResultSchema.parse(await api.post<unknown>(`${base(programId)}/evergreen_setting_values`, body))
  } catch (error) {
    const refused = error instanceof TesseraError ? evergreenSaveResultSchema.safeParse(error.body) : null
    if (refused?.success) return refused.data
    throw error
  }
}

export function useSaveEvergreenValue(programId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: EvergreenSettingValueWrite) => saveEvergreenValue(programId, body),
    onSettled: () => invalidateProgram(queryClient, programId, 'evergreen'),
  })
}
