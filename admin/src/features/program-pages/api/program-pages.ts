import { useQuery } from '@tanstack/react-query'
import { formResultSchema, type FormResult } from '../../../../../sdk/contract/console/forms'
import type { ProgramPageDetail, ProgramPageList, ProgramPageRow, ProgramPageWrite } from '../../../../../sdk/contract/console/program-pages'
import { TesseraError } from '../../../../../sdk/src/errors'
import type { TableState } from '../../../components/ui/data-table/table-search'
import type { TablePage } from '../../../components/ui/data-table/use-server-table'
import { api } from '../../../lib/api-client'
import { programKey } from '../../../lib/query-client'

export type { ProgramPageDetail, ProgramPageRow, ProgramPageWrite }

export const pagesBase = (programId: number) => `/admin/v2/programs/${programId}/program_pages`
export const pagesKey = (programId: number, ...parts: unknown[]) => programKey(programId, 'program_pages', ...parts)

/** One page of the list as GET .../program_pages reads it (page, per_page, q). */
export async function fetchProgramPages(programId: number, state: TableState, signal: AbortSignal): Promise<TablePage<ProgramPageRow>> {
  const page = await api.get<ProgramPageList>(pagesBase(programId), { page: state.page, per_page: state.per_page, ...(state.q ? { q: state.q } : {}) }, signal)
  return { rows: page.data, total: page.meta.total }
}

/** The page being edited, with its stored (sanitized) body; never a cached copy. */
export function useProgramPage(programId: number, pageId: number) {
  return useQuery({
    queryKey: pagesKey(programId, pageId),
    queryFn: async ({ signal }) => (await api.get<{ data: ProgramPageDetail }>(`${pagesBase(programId)}/${pageId}`, undefined, signal)).data,
    staleTime: 0,
  })
}

/** A write's form result: a refusal ({ success: false, errors }, any status) is a result, not an exception. */
async function asResult(call: () => Promise<unknown>): Promise<FormResult> {
  try {
    return formResultSchema.parse(await call())
  } catch (error) {
    const refused = error instanceof TesseraError ? formResultSchema.safeParse(error.body) : null
    if (refused?.success) return refused.data
    throw error
  }
}

/** POST (new) or PUT (edit) title, slug and body. */
export const saveProgramPage = (programId: number, pageId: number | null, values: ProgramPageWrite) =>
  asResult(() => (pageId ? api.put(`${pagesBase(programId)}/${pageId}`, values) : api.post(pagesBase(programId), values)))

/** The publish and archive calls (section 4). */
export const setProgramPageStatus = (programId: number, pageId: number, action: 'publish' | 'archive') =>
  asResult(() => api.post(`${pagesBase(programId)}/${pageId}/${action}`))
