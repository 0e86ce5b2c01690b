import type { ActionTableType, DashboardAction } from '../../../../../sdk/contract/console/dashboard'
import type { TablePage } from '../../../components/ui/data-table/use-server-table'
import type { TableState } from '../../../components/ui/data-table/table-search'
import { adminClient } from '../../../lib/api-client'

export type ActionsKind = 'actions' | 'challenges' | 'rewards'

/** The tab's table: every action, or those on a challenge or a reward (spec section 7). */
export const tableTypeOf = (kind: ActionsKind): ActionTableType => (kind === 'actions' ? 'all' : kind)

/** GET .../dashboard/actions for the table state in the URL (page, per_page; newest first). */
export async function fetchActionsPage(programId: number, kind: ActionsKind, state: TableState, signal: AbortSignal): Promise<TablePage<DashboardAction>> {
  const page = await adminClient().dashboard.actions(programId, { type: tableTypeOf(kind), page: state.page, per_page: state.per_page }, signal)
  return { rows: page.data, total: page.total }
}

/** Export Table: the CSV of the whole table, downloaded by the browser with the session cookie. */
export const actionsCsvUrl = (programId: number, kind: ActionsKind) => adminClient().dashboard.actionsCsvUrl(programId, tableTypeOf(kind))
