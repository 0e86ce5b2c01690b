import type { OrganizationProgram } from '../../../../../sdk/contract/console/organization'
import type { TableState } from '../../../components/ui/data-table/table-search'
import type { TablePage } from '../../../components/ui/data-table/use-server-table'
import { adminClient } from '../../../lib/api-client'
import { listParams } from './table-params'

export type { OrganizationProgram }

/** organization/programs: GET /admin/v2/organization_programs, paged, searched and sorted by the server. */
export async function listPrograms(state: TableState, signal?: AbortSignal): Promise<TablePage<OrganizationProgram>> {
  const page = await adminClient().organization.listPrograms(listParams(state), signal)
  return { rows: page.data, total: page.total }
}
