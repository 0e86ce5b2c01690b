import { type PatchStatus, type ReceiptItem, type ReceiptItemPatch, receiptItemPatchSchema } from '../../../../sdk/contract/console/receipts'

/** One editable row of the Item Review tab: the form's text values plus where the row came from. */
export type ItemRow = {
  key: string
  id?: number
  sku: string
  name: string
  quantity: string
  price: string
  eligible_product_id: number | null
  admin_comments: string
  patch_status: PatchStatus
}

export type ItemField = 'sku' | 'name' | 'quantity' | 'price' | 'eligible_product_id' | 'admin_comments'

export const rowsFromItems = (items: readonly ReceiptItem[]): ItemRow[] =>
  items.map((item) => ({
    key: `item-${item.id}`,
    id: item.id,
    sku: item.sku ?? '',
    name: item.name ?? '',
    quantity: String(item.quantity),
    price: String(item.price),
    eligible_product_id: item.eligible_product_id,
    admin_comments: item.admin_comments ?? '',
    patch_status: 'unchanged',
  }))

let seq = 0
/** Section 4: new rows are created. */
export const addRow = (rows: readonly ItemRow[]): ItemRow[] => [
  ...rows,
  { key: `new-${++seq}`, sku: '', name: '', quantity: '1', price: '', eligible_product_id: null, admin_comments: '', patch_status: 'created' },
]

/** Section 4: edited rows become updated unless they are created. */
export const editRow = <F extends ItemField>(rows: readonly ItemRow[], key: string, field: F, value: ItemRow[F]): ItemRow[] =>
  rows.map((row) => (row.key === key ? { ...row, [field]: value, patch_status: row.patch_status === 'created' ? 'created' : 'updated' } : row))

/** Section 4: deleted new rows vanish; other deleted rows are marked deleted. */
export const deleteRow = (rows: readonly ItemRow[], key: string): ItemRow[] =>
  rows.flatMap((row) => (row.key !== key ? [row] : row.patch_status === 'created' ? [] : [{ ...row, patch_status: 'deleted' as const }]))

/** A deleted row back as it was edited (updated), before the save. */
export const restoreRow = (rows: readonly ItemRow[], key: string): ItemRow[] =>
  rows.map((row) => (row.key === key && row.patch_status === 'deleted' ? { ...row, patch_status: 'updated' } : row))

/** The rows as the save sends them (receipt_items), each with its patch_status. */
export const itemPatches = (rows: readonly ItemRow[]): ReceiptItemPatch[] =>
  rows.map((row) => ({
    ...(row.id !== undefined ? { id: row.id } : {}),
    patch_status: row.patch_status,
    sku: row.sku.trim() || null,
    name: row.name.trim() || null,
    quantity: Number(row.quantity) || 1,
    price: row.price.trim(),
    eligible_product_id: row.eligible_product_id,
    admin_comments: row.admin_comments.trim() || null,
  })) as ReceiptItemPatch[]

/**
 * Section 5's checks of each row that is not deleted, by the contract's schema: 'Price must be
 * greater than 0.' (required, a number, at least 0) and 'Either name or sku is required.'. Keyed by
 * row key, then field.
 */
export function rowErrors(rows: readonly ItemRow[]): Record<string, Partial<Record<'price' | 'name' | 'quantity' | 'sku', string>>> {
  const out: Record<string, Partial<Record<'price' | 'name' | 'quantity' | 'sku', string>>> = {}
  const patches = itemPatches(rows)
  rows.forEach((row, i) => {
    if (row.patch_status === 'deleted') return
    // The schema's own name-or-sku rule runs only once its fields parse; say both at once.
    if (!row.name.trim() && !row.sku.trim()) (out[row.key] ??= {}).name = 'Either name or sku is required.'
    const result = receiptItemPatchSchema.safeParse(patches[i])
    if (result.success) return
    for (const issue of result.error.issues) {
      const field = issue.path[0]
      if (field === 'price' || field === 'name' || field === 'quantity' || field === 'sku') (out[row.key] ??= {})[field] ??= issue.message
    }
  })
  return out
}
