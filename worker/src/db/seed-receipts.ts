import type { Db } from './client'
import { purchaseProofMerchants, purchaseProofProducts, purchaseProofSettings } from './schema'
import { programScope } from './scope'

/**
 * The demo program's purchase proof (seed.ts): eligible products and merchants that the demo receipt
 * images (features/receipts/demo, scripts/make-demo-receipts.mjs) partly match, so an upload shows
 * every matching strategy: sku (the grocery barcodes), keyword (beans, yogurt) and fuzzy names.
 */
export async function seedDemoReceipts(db: Db, programId: number) {
  const scope = programScope(db, programId)
  await scope.insert(purchaseProofProducts, [
    { productName: 'House Blend Coffee Beans', keywords: 'beans, house blend', pointsPerCents: 1 },
    { productName: 'Caffe Latte', keywords: '', pointsPerCents: 0.5 },
    { productName: 'Cold Brew', keywords: 'cold brew', pointsPerCents: 0.5 },
    { productName: 'Whole Milk 1 Gallon', sku: '070038000563', keywords: '', pointsPerCents: 1 },
    { productName: 'Greek Yogurt', keywords: 'yogurt', pointsPerCents: 2 },
    { productName: 'Sourdough Bread', sku: '041220576463', keywords: '', pointsPerCents: 1 },
    { productName: 'Vitamin D3', keywords: 'vitamin', pointsPerCents: 0.5 },
    { productName: 'Wireless Mouse', sku: 'PP-2290', keywords: '', pointsPerCents: 0.25 },
    { productName: 'Seasonal Pumpkin Syrup', keywords: 'pumpkin', pointsPerCents: 1, productActive: false },
  ])
  await scope.insert(purchaseProofMerchants, [
    { name: 'Harbor Coffee Roasters', address: '12 Pier Street, Portland ME' },
    { name: 'Green Basket Market', address: 'Store #0117, Springfield' },
    { name: 'Northside Pharmacy', address: '480 Elm Avenue, Chicago, IL 60614' },
    { name: 'Pixel & Plug Electronics', address: 'Unit 4, Market Square, Leeds LS1 6DT' },
  ])
  // Batteries, bags and gift cards never earn; the local OCR's reading must be this sure to skip review.
  await scope.insert(purchaseProofSettings, { exclusionIdentifiers: ['batteries', 'bag', 'gift card'], externalPointsPerCents: 0.1, confidenceThreshold: 0.85 })
}
