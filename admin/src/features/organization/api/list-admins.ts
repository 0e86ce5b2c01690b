import type { OrganizationAdmin } from '../../../../../sdk/contract/console/organization'
import type { TableState } from '../../../components/ui/data-table/table-search'
import type { TablePage } from '../../../components/ui/data-table/use-server-table'
import { adminClient } from '../../../lib/api-client'
import { listParams } from './table-params'

export type { OrganizationAdmin }

/** organization/admins: GET /admin/v2/users. */
export async function listAdmins(state: TableState, signal?: AbortSignal): Promise<TablePage<OrganizationAdmin>> {
  const page = await adminClient().organization.listAdmins(listParams(state), signal)
  return { rows: page.data, total: page.total }
}
