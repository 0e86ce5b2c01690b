import { useQuery } from '@tanstack/react-query'
import type { ParticipantDetail } from '../../../../../sdk/contract/console/participants'
import type { ParticipantTab, ParticipantTabs } from '../../../../../sdk/src/resources/console-participants'
import type { TableState } from '../../../components/ui/data-table/table-search'
import type { TablePage } from '../../../components/ui/data-table/use-server-table'
import { adminClient } from '../../../lib/api-client'
import { programKey } from '../../../lib/query-client'

export type { ParticipantDetail, ParticipantTab, ParticipantTabs }

export const participantKey = (programId: number, participantId: number, ...parts: unknown[]) => programKey(programId, 'participants', participantId, ...parts)

export function useParticipant(programId: number, participantId: number) {
  return useQuery({
    queryKey: participantKey(programId, participantId),
    queryFn: async ({ signal }) => (await adminClient().participants.retrieve(programId, participantId, signal)).data,
  })
}

/** One page of a detail tab (newest first; the server pages, it does not sort or search tabs). */
export async function fetchTabPage<K extends ParticipantTab>(programId: number, participantId: number, tab: K, state: TableState, signal: AbortSignal): Promise<TablePage<ParticipantTabs[K]>> {
  const page = await adminClient().participants.tab(programId, participantId, tab, { page: state.page, per_page: state.per_page }, signal)
  return { rows: page.data, total: page.meta.total }
}

/** The program's active profile attributes (export columns). */
export function useProfileAttributes(programId: number, enabled = true) {
  return useQuery({
    queryKey: programKey(programId, 'participants', 'profile-attributes'),
    queryFn: async ({ signal }) => (await adminClient().participants.profileAttributes(programId, signal)).data,
    enabled,
    staleTime: 5 * 60_000,
  })
}
