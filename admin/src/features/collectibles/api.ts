import type { ChainTransactionPage, ChainTransactionRow, NftCollectionCreated } from '../../../../sdk/contract/console/collectibles'
import type { TableState } from '../../components/ui/data-table/table-search'
import type { TablePage } from '../../components/ui/data-table/use-server-table'
import { api } from '../../lib/api-client'
import { programKey } from '../../lib/query-client'

export type { ChainTransactionRow }

/** Whose log a tab shows: a reward's (its collection and mints) or a participant's (their mints). */
export type LogOwner = { kind: 'reward'; id: number } | { kind: 'participant'; id: number }

const path = (programId: number, owner: LogOwner) =>
  `/admin/v2/programs/${programId}/${owner.kind === 'reward' ? 'rewards' : 'participants'}/${owner.id}/blockchain_transactions`

export const chainLogKey = (programId: number, owner: LogOwner) => programKey(programId, owner.kind === 'reward' ? 'rewards' : 'participants', owner.id, 'blockchain_transactions')

export async function fetchChainLog(programId: number, owner: LogOwner, state: TableState, signal: AbortSignal): Promise<TablePage<ChainTransactionRow>> {
  const page = await api.get<ChainTransactionPage>(path(programId, owner), { page: state.page, per_page: state.per_page }, signal)
  return { rows: page.data, total: page.meta.total }
}

/** create_nft_collection on the reward's detail action (rewards manage). */
export const createNftCollection = (programId: number, rewardId: number) =>
  api.post<NftCollectionCreated>(`/admin/v2/programs/${programId}/rewards/${rewardId}`, { intent: 'create_nft_collection' })
