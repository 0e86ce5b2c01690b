import { createRoute } from '@tanstack/react-router'
import { tableSearchSchema } from '../../components/ui/data-table/table-search'
import { ReceiptsPage } from '../../features/receipts/components/receipts-page'
import { programRoute } from './program'

/** Where receipts-only reviewers land (spec section 2); the receipt review routes join it here. */
export const receiptsRoute = createRoute({
  getParentRoute: () => programRoute,
  path: 'receipts',
  validateSearch: tableSearchSchema,
  component: ReceiptsPage,
  staticData: { permission: 'receipts:view', area: 'receipts', title: 'nav.receipts' },
})
