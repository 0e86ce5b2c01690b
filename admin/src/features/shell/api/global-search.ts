import { api } from '../../../lib/api-client'

export type GlobalSearchResults = {
  participants: { id: number; name: string; email: string }[]
  challenges: { id: number; name: string }[]
  rewards: { id: number; name: string }[]
}

/** GET /admin/v2/programs/{id}/search?q= (needs global_search:view). */
export async function searchProgram(programId: number, q: string, signal: AbortSignal): Promise<GlobalSearchResults> {
  const res = await api.get<{ data: Partial<GlobalSearchResults> }>(`/admin/v2/programs/${programId}/search`, { q }, signal)
  return { participants: res.data.participants ?? [], challenges: res.data.challenges ?? [], rewards: res.data.rewards ?? [] }
}
