import { useQuery } from '@tanstack/react-query'
import {
  type AdminTagDetail,
  type AdminTagList,
  type AdminTagRow,
  type ContentTagDetail,
  type ContentTagList,
  type ContentTagRow,
  type TagSort,
  tagSorts,
} from '../../../../../sdk/contract/console/tags'
import type { TableState } from '../../../components/ui/data-table/table-search'
import type { TablePage } from '../../../components/ui/data-table/use-server-table'
import { api } from '../../../lib/api-client'
import { programKey } from '../../../lib/query-client'

export type { AdminTagDetail, AdminTagRow, ContentTagDetail, ContentTagRow }

/** The two tag families: their API collection and their console route segment. */
export type TagFamily = 'content' | 'admin'
export const tagCollection = (family: TagFamily) => (family === 'content' ? 'content_tags' : 'admin_tags')
export const tagsBase = (programId: number, family: TagFamily) => `/admin/v2/programs/${programId}/${tagCollection(family)}`
export const tagsKey = (programId: number, family: TagFamily, ...parts: unknown[]) => programKey(programId, tagCollection(family), ...parts)

const isSort = (v: string | undefined): v is TagSort => tagSorts.includes(v as TagSort)

/** The list's URL state as GET .../content_tags or .../admin_tags reads it (unknown sorts are dropped). */
export function tagListQuery(state: TableState): Record<string, string | number> {
  return {
    page: state.page,
    per_page: state.per_page,
    ...(isSort(state.sort) ? { sort: state.sort, order: state.order ?? 'asc' } : {}),
    ...(state.q ? { q: state.q } : {}),
  }
}

export async function fetchContentTags(programId: number, state: TableState, signal: AbortSignal): Promise<TablePage<ContentTagRow>> {
  const page = await api.get<ContentTagList>(tagsBase(programId, 'content'), tagListQuery(state), signal)
  return { rows: page.data, total: page.meta.total }
}

export async function fetchAdminTags(programId: number, state: TableState, signal: AbortSignal): Promise<TablePage<AdminTagRow>> {
  const page = await api.get<AdminTagList>(tagsBase(programId, 'admin'), tagListQuery(state), signal)
  return { rows: page.data, total: page.meta.total }
}

export function useContentTag(programId: number, tagId: number) {
  return useQuery({
    queryKey: tagsKey(programId, 'content', tagId),
    queryFn: async ({ signal }) => (await api.get<{ data: ContentTagDetail }>(`${tagsBase(programId, 'content')}/${tagId}`, undefined, signal)).data,
  })
}

export function useAdminTag(programId: number, tagId: number) {
  return useQuery({
    queryKey: tagsKey(programId, 'admin', tagId),
    queryFn: async ({ signal }) => (await api.get<{ data: AdminTagDetail }>(`${tagsBase(programId, 'admin')}/${tagId}`, undefined, signal)).data,
  })
}
