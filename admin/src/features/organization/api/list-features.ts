import type { FeatureProgram } from '../../../../../sdk/contract/console/organization'
import type { TableState } from '../../../components/ui/data-table/table-search'
import type { TablePage } from '../../../components/ui/data-table/use-server-table'
import { adminClient } from '../../../lib/api-client'
import { listParams } from './table-params'

export type { FeatureProgram }

/** organization/features: GET /admin/v2/feature_programs; the `enabled` filter is 'on' or 'off'. */
export async function listFeatures(state: TableState, signal?: AbortSignal): Promise<TablePage<FeatureProgram>> {
  const enabled = state.filters.enabled === 'on' || state.filters.enabled === 'off' ? state.filters.enabled : undefined
  const page = await adminClient().organization.listFeaturePrograms({ ...listParams(state), ...(enabled ? { enabled } : {}) }, signal)
  return { rows: page.data, total: page.total }
}
