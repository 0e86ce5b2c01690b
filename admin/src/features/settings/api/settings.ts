import { useQuery } from '@tanstack/react-query'
import { formResultSchema } from '../../../../../sdk/contract/console/forms'
import type { RetentionField, RetentionSettings } from '../../../../../sdk/contract/console/retention'
import {
  type ProfileAttributeList,
  type ProfileAttributeRow,
  type ProgramSettings,
  settingsPaths,
  type TierList,
  type TierRow,
  type TiersWrite,
} from '../../../../../sdk/contract/console/settings'
import { TesseraError, ValidationError } from '../../../../../sdk/src/errors'
import { adminClient, api } from '../../../lib/api-client'
import { programKey } from '../../../lib/query-client'

export type { ProfileAttributeRow, ProgramSettings, RetentionSettings, TierRow }

export type SaveResult<T = unknown> = { success: boolean; errors: Record<string, string> | string[]; data?: T }

export const settingsKey = (programId: number, ...parts: unknown[]) => programKey(programId, 'settings', ...parts)

/**
 * Sends a settings write; a refusal with { success, errors } (422) is a result to show under the
 * fields, not an exception. Other failures (network, 403) throw.
 */
export async function sendSettings<T>(method: 'PATCH' | 'PUT' | 'POST', path: string, body: unknown): Promise<SaveResult<T>> {
  try {
    const answer = await (body instanceof FormData
      ? adminClient().transport.request<unknown>(method, path, { form: body })
      : method === 'PATCH'
        ? api.patch<unknown>(path, body)
        : method === 'PUT'
          ? api.put<unknown>(path, body)
          : api.post<unknown>(path, body))
    return formResultSchema.parse(answer) as SaveResult<T>
  } catch (error) {
    const refused = error instanceof TesseraError ? formResultSchema.safeParse(error.body) : null
    if (refused?.success) return refused.data as SaveResult<T>
    if (error instanceof ValidationError && error.fields) return { success: false, errors: error.fields }
    throw error
  }
}

/** GET .../settings: the program's general, labels, seo, enrollment and test mode values. */
export function useProgramSettings(programId: number) {
  return useQuery({
    queryKey: settingsKey(programId),
    queryFn: async ({ signal }) => (await api.get<{ data: ProgramSettings }>(settingsPaths.settings(programId), undefined, signal)).data,
    // A form shows what is saved now.
    staleTime: 0,
  })
}

export function useProfileAttributes(programId: number) {
  return useQuery({
    queryKey: settingsKey(programId, 'profile_attributes'),
    queryFn: async ({ signal }) => (await api.get<ProfileAttributeList>(settingsPaths.profileAttributes(programId), undefined, signal)).data,
  })
}

export function useProfileAttribute(programId: number, id: number | undefined) {
  return useQuery({
    queryKey: settingsKey(programId, 'profile_attributes', id),
    enabled: id !== undefined,
    staleTime: 0,
    queryFn: async ({ signal }) => (await api.get<{ data: ProfileAttributeRow }>(`${settingsPaths.profileAttributes(programId)}/${id}`, undefined, signal)).data,
  })
}

export function useTiers(programId: number) {
  return useQuery({
    queryKey: settingsKey(programId, 'tiers'),
    staleTime: 0,
    queryFn: async ({ signal }) => (await api.get<TierList>(settingsPaths.tiers(programId), undefined, signal)).data,
  })
}

export const saveTiers = (programId: number, body: TiersWrite) => sendSettings<TierRow[]>('PUT', settingsPaths.tiers(programId), body)

/**
 * PATCH .../settings/labels as multipart (admin-console-part-b.md section 7, "labels (multipart)"):
 * the text values, and each icon as the file the admin chose on this device, else its saved URL.
 */
export function saveLabels(programId: number, values: Record<string, unknown>, files: Partial<Record<string, File>>) {
  const form = new FormData()
  for (const [name, value] of Object.entries(values)) {
    const file = files[name]
    if (file) form.set(name, file, file.name)
    else form.set(name, value === null || value === undefined ? '' : String(value as string))
  }
  return sendSettings<ProgramSettings>('PATCH', settingsPaths.section(programId, 'labels'), form)
}

/** Settings > Data retention (issue 28): GET and PATCH .../settings/retention (program manage). */
export const retentionPath = (programId: number) => `/admin/v2/programs/${programId}/settings/retention`

/** GET .../settings/retention: the deployment's defaults, the program's overrides and the windows that apply. */
export function useRetentionSettings(programId: number) {
  return useQuery({
    queryKey: settingsKey(programId, 'retention'),
    queryFn: async ({ signal }) => (await api.get<{ data: RetentionSettings }>(retentionPath(programId), undefined, signal)).data,
    // A form shows what is saved now.
    staleTime: 0,
  })
}

/** PATCH .../settings/retention: the windows sent (days, null for the default); those left out stay. */
export const saveRetention = (programId: number, body: Partial<Record<RetentionField, number | null>>) => sendSettings<RetentionSettings>('PATCH', retentionPath(programId), body)
