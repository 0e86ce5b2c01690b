import type { TableState } from '../../../components/ui/data-table/table-search'
import type { OrganizationListParams } from '../../../../../sdk/src/resources/console-organization'

/** A table's URL state as the organization endpoints read it (page, per_page, q, sort, order). */
export const listParams = (state: TableState): OrganizationListParams => ({
  page: state.page,
  per_page: state.per_page,
  ...(state.q ? { q: state.q } : {}),
  ...(state.sort ? { sort: state.sort, order: state.order ?? 'asc' } : {}),
})
