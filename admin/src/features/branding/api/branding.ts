import { useQuery } from '@tanstack/react-query'
import type { BrandingFont, BrandingPreview, BrandingPreviewRequest, BrandingResponse, BrandingSaved, BrandingWrite } from '../../../../../sdk/contract/console/branding'
import { formResultSchema, type FormResult } from '../../../../../sdk/contract/console/forms'
import { TesseraError } from '../../../../../sdk/src/errors'
import { api } from '../../../lib/api-client'
import { programKey } from '../../../lib/query-client'

export const brandingBase = (programId: number) => `/admin/v2/programs/${programId}/template_details`
export const brandingKey = (programId: number, ...parts: unknown[]) => programKey(programId, 'template_details', ...parts)

/** GET .../template_details: the saved branding and the participant home's preview address. */
export function useBranding(programId: number) {
  return useQuery({
    queryKey: brandingKey(programId),
    queryFn: ({ signal }) => api.get<BrandingResponse>(brandingBase(programId), undefined, signal),
    staleTime: 0,
  })
}

/** GET .../fonts: the curated fonts. */
export function useFonts(programId: number) {
  return useQuery({
    queryKey: programKey(programId, 'fonts'),
    queryFn: async ({ signal }) => (await api.get<{ data: BrandingFont[] }>(`/admin/v2/programs/${programId}/fonts`, undefined, signal)).data,
    staleTime: Infinity,
  })
}

/** PUT .../template_details: the saved branding, or the form result with the errors of each field. */
export async function saveBranding(programId: number, body: BrandingWrite): Promise<BrandingSaved | FormResult> {
  try {
    return await api.put<BrandingSaved>(brandingBase(programId), body)
  } catch (error) {
    const refused = error instanceof TesseraError ? formResultSchema.safeParse(error.body) : null
    if (refused?.success) return refused.data
    throw error
  }
}

/** POST .../template_details/preview: the CSS as it would be stored and the e-mail in the draft look. */
export const previewBranding = (programId: number, draft: BrandingPreviewRequest) => api.post<BrandingPreview>(`${brandingBase(programId)}/preview`, draft)
