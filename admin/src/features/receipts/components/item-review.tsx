import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'
import { useI18n } from '../../../lib/i18n'
import type { EligibleProduct, ReceiptItem } from '../api/receipts'
import { addRow, deleteRow, editRow, type ItemField, type ItemRow, restoreRow, type rowErrors } from '../item-rows'
import { useReceiptText } from '../messages'

type Props = {
  rows: ItemRow[]
  onChange: (rows: ItemRow[]) => void
  /** The items as stored, for what the server computed (match, points). */
  items: readonly ReceiptItem[]
  products: readonly EligibleProduct[]
  errors: ReturnType<typeof rowErrors>
  disabled?: boolean
}

/**
 * Item Review: one editable row per item (sku, name, quantity, price, eligible product, comment), with
 * the server's match (strategy, keyword, confidence to 2 decimals) and points. Rows carry their
 * patch_status as section 4 says (item-rows.ts); section 5's messages show under the field.
 */
export function ItemReview({ rows, onChange, items, products, errors, disabled }: Props) {
  const rt = useReceiptText()
  const { formatNumber } = useI18n()
  const stored = new Map(items.map((i) => [i.id, i]))
  const set = (key: string, field: ItemField, value: string | number | null) => onChange(editRow(rows, key, field, value as never))
  return (
    <div className="receipt-items">
      {rows.length === 0 && <p className="receipt-muted">{rt('itemsEmpty')}</p>}
      <ol className="receipt-item-list">
        {rows.map((row, index) => {
          const item = row.id !== undefined ? stored.get(row.id) : undefined
          const err = errors[row.key] ?? {}
          const deleted = row.patch_status === 'deleted'
          const id = (field: string) => `item-${row.key}-${field}`
          return (
            <li key={row.key} className={`receipt-item${deleted ? ' receipt-item-deleted' : ''}`} aria-label={rt('rowLabel', { n: index + 1 })} data-patch-status={row.patch_status}>
              <div className="receipt-item-fields">
                <Field id={id('sku')} label={rt('item.sku')} error={err.sku}>
                  <Input id={id('sku')} value={row.sku} disabled={disabled || deleted} onChange={(e) => set(row.key, 'sku', e.target.value)} aria-invalid={Boolean(err.sku) || undefined} />
                </Field>
                <Field id={id('name')} label={rt('item.name')} error={err.name}>
                  <Input
                    id={id('name')}
                    value={row.name}
                    disabled={disabled || deleted}
                    onChange={(e) => set(row.key, 'name', e.target.value)}
                    aria-invalid={Boolean(err.name) || undefined}
                    aria-describedby={err.name ? `${id('name')}-error` : undefined}
                  />
                </Field>
                <Field id={id('quantity')} label={rt('item.quantity')} error={err.quantity}>
                  <Input id={id('quantity')} inputMode="numeric" value={row.quantity} disabled={disabled || deleted} onChange={(e) => set(row.key, 'quantity', e.target.value)} />
                </Field>
                <Field id={id('price')} label={rt('item.price')} error={err.price}>
                  <Input
                    id={id('price')}
                    inputMode="decimal"
                    value={row.price}
                    disabled={disabled || deleted}
                    onChange={(e) => set(row.key, 'price', e.target.value)}
                    aria-invalid={Boolean(err.price) || undefined}
                    aria-describedby={err.price ? `${id('price')}-error` : undefined}
                  />
                </Field>
                <Field id={id('product')} label={rt('item.product')}>
                  <select
                    id={id('product')}
                    className="input receipt-select"
                    value={row.eligible_product_id ?? ''}
                    disabled={disabled || deleted}
                    onChange={(e) => set(row.key, 'eligible_product_id', e.target.value ? Number(e.target.value) : null)}
                  >
                    <option value="">{rt('item.noProduct')}</option>
                    {products.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.product_name}
                      </option>
                    ))}
                    {item?.eligible_product_id && !products.some((p) => p.id === item.eligible_product_id) && (
                      <option value={item.eligible_product_id}>{item.eligible_product_name ?? `#${item.eligible_product_id}`}</option>
                    )}
                  </select>
                </Field>
                <Field id={id('comments')} label={rt('item.comments')}>
                  <Input id={id('comments')} value={row.admin_comments} disabled={disabled || deleted} onChange={(e) => set(row.key, 'admin_comments', e.target.value)} />
                </Field>
              </div>
              <div className="receipt-item-meta">
                {item && (
                  <span>
                    {rt('item.match')}: {item.matched_strategy ?? '—'}
                    {item.matched_keyword ? ` (${item.matched_keyword})` : ''}
                    {item.match_confidence !== null ? ` · ${item.match_confidence.toFixed(2)}` : ''}
                  </span>
                )}
                {item && (
                  <span>
                    {rt('item.points')}: {formatNumber(item.points)}
                  </span>
                )}
                {item?.excluded && <span className="badge badge-muted">{rt('item.excluded')}</span>}
                {deleted && <span className="badge badge-danger">{rt('item.deleted')}</span>}
                {deleted ? (
                  <Button size="sm" variant="ghost" disabled={disabled} onClick={() => onChange(restoreRow(rows, row.key))}>
                    {rt('item.restore')}
                  </Button>
                ) : (
                  <Button size="sm" variant="ghost" disabled={disabled} onClick={() => onChange(deleteRow(rows, row.key))} aria-label={`${rt('item.delete')} ${index + 1}`}>
                    {rt('item.delete')}
                  </Button>
                )}
              </div>
            </li>
          )
        })}
      </ol>
      <Button size="sm" variant="secondary" disabled={disabled} onClick={() => onChange(addRow(rows))}>
        {rt('item.add')}
      </Button>
    </div>
  )
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: React.ReactNode }) {
  return (
    <div className="field receipt-item-field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
