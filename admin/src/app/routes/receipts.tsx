import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { tableSearchSchema } from '../../components/ui/data-table/table-search'
import { consoleRoute } from './console'
import { numericParam } from './params'
import { programRoute } from './program'

// The receipts area is its own chunk, fetched when first opened.
const loadReceipts = () => import('../../features/receipts')
const ReceiptsPage = lazyRouteComponent(loadReceipts, 'ReceiptsPage')
const ReceiptReviewPage = lazyRouteComponent(loadReceipts, 'ReceiptReviewPage')
const ReceiptRedirect = lazyRouteComponent(loadReceipts, 'ReceiptRedirect')
const PurchaseProofSettingsPage = lazyRouteComponent(loadReceipts, 'PurchaseProofSettingsPage')
const EligibleProductsPage = lazyRouteComponent(loadReceipts, 'EligibleProductsPage')
const MerchantsPage = lazyRouteComponent(loadReceipts, 'MerchantsPage')
const PurchaseProofFormPage = lazyRouteComponent(loadReceipts, 'PurchaseProofFormPage')

/**
 * programs/{program_id}/receipts (where receipts-only reviewers land) and receipts/{receipt_id}, the
 * review page (spec section 2 Receipts; section 6: the list needs receipts view, detail receipts manage).
 */
const receiptsParent = createRoute({
  getParentRoute: () => programRoute,
  path: 'receipts',
  staticData: { permission: 'receipts:view', area: 'receipts', title: 'nav.receipts' },
})
const receiptsIndexRoute = createRoute({ getParentRoute: () => receiptsParent, path: '/', validateSearch: tableSearchSchema, component: ReceiptsPage })
const receiptReviewRoute = createRoute({
  getParentRoute: () => receiptsParent,
  path: '$receiptId',
  params: numericParam('receiptId'),
  staticData: { permission: 'receipts:manage', area: 'receipts', title: 'nav.receipts' },
  component: ReceiptReviewPage,
})
export const receiptsRoute = receiptsParent.addChildren([receiptsIndexRoute, receiptReviewRoute])

/** /admin/v2/receipts/{receipt_id}: redirects to the receipt in its program. */
export const receiptRedirectRoute = createRoute({ getParentRoute: () => consoleRoute, path: 'receipts/$receiptId', params: numericParam('receiptId'), component: ReceiptRedirect })

/** settings/purchase-proof (settings, products, merchants): receipts manage, only with the receipts feature on. */
const proofMeta = { permission: 'receipts:manage', title: 'nav.receipts' } as const
const proofRoute = createRoute({ getParentRoute: () => programRoute, path: 'settings/purchase-proof', staticData: proofMeta })
const proofIndexRoute = createRoute({ getParentRoute: () => proofRoute, path: '/', component: PurchaseProofSettingsPage })
const productsRoute = createRoute({ getParentRoute: () => proofRoute, path: 'products', validateSearch: tableSearchSchema, component: EligibleProductsPage })
const newProductRoute = createRoute({ getParentRoute: () => proofRoute, path: 'products/new', component: () => <PurchaseProofFormPage kind="products" mode="create" /> })
const editProductRoute = createRoute({
  getParentRoute: () => proofRoute,
  path: 'products/$itemId/edit',
  params: numericParam('itemId'),
  component: () => <PurchaseProofFormPage kind="products" mode="update" />,
})
const merchantsRoute = createRoute({ getParentRoute: () => proofRoute, path: 'merchants', validateSearch: tableSearchSchema, component: MerchantsPage })
const newMerchantRoute = createRoute({ getParentRoute: () => proofRoute, path: 'merchants/new', component: () => <PurchaseProofFormPage kind="merchants" mode="create" /> })
const editMerchantRoute = createRoute({
  getParentRoute: () => proofRoute,
  path: 'merchants/$itemId/edit',
  params: numericParam('itemId'),
  component: () => <PurchaseProofFormPage kind="merchants" mode="update" />,
})
export const purchaseProofRoutes = proofRoute.addChildren([proofIndexRoute, productsRoute, newProductRoute, editProductRoute, merchantsRoute, newMerchantRoute, editMerchantRoute])
