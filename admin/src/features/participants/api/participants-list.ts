import type { ConsoleParticipant, ParticipantListQuery, ParticipantSort, ParticipantStatus } from '../../../../../sdk/contract/console/participants'
import { participantSorts, participantStatuses } from '../../../../../sdk/contract/console/participants'
import type { TableState } from '../../../components/ui/data-table/table-search'
import type { TablePage } from '../../../components/ui/data-table/use-server-table'
import { adminClient } from '../../../lib/api-client'

export type { ConsoleParticipant }

const isSort = (value: string | undefined): value is ParticipantSort => participantSorts.includes(value as ParticipantSort)
const isStatus = (value: string | undefined): value is ParticipantStatus => participantStatuses.includes(value as ParticipantStatus)

/**
 * The table's URL state as GET .../participants reads it: page, per_page, sort and order, q, and the
 * status and tag filters (a hand-edited URL with an unknown sort or status falls back to the default).
 */
export function listQuery(state: TableState): ParticipantListQuery {
  const status = state.filters.status
  const tag = state.filters.tag?.trim()
  return {
    page: state.page,
    per_page: state.per_page,
    ...(isSort(state.sort) ? { sort: state.sort, order: state.order ?? 'desc' } : {}),
    ...(state.q ? { q: state.q } : {}),
    ...(isStatus(status) ? { status } : {}),
    ...(tag ? { tag } : {}),
  }
}

export async function fetchParticipantsPage(programId: number, state: TableState, signal: AbortSignal): Promise<TablePage<ConsoleParticipant>> {
  const page = await adminClient().participants.list(programId, listQuery(state), signal)
  return { rows: page.data, total: page.meta.total }
}
