export { EligibleProductsPage, MerchantsPage, PurchaseProofFormPage, PurchaseProofSettingsPage } from './components/purchase-proof-pages'
export { ReceiptRedirect } from './components/receipt-redirect'
export { ReceiptReviewPage } from './components/receipt-review-page'
export { ReceiptsPage } from './components/receipts-page'
