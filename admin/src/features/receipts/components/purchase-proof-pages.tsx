import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useParams } from '@tanstack/react-router'
import { createColumnHelper } from '@tanstack/react-table'
import { useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import * as z from 'zod'
import { Button, buttonClass } from '../../../components/ui/button'
import { Card, CardContent } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { DataTable } from '../../../components/ui/data-table/data-table'
import { useServerTable } from '../../../components/ui/data-table/use-server-table'
import { ErrorBlock } from '../../../components/ui/error-block'
import { Form, FormErrors, InputField, TextareaField } from '../../../components/ui/form'
import { IconPlus } from '../../../components/ui/icons'
import { PageHeader } from '../../../components/ui/page-header'
import { ServerForm } from '../../../components/ui/server-form/server-form'
import { useServerForm } from '../../../components/ui/server-form/use-server-form'
import { Skeleton } from '../../../components/ui/skeleton'
import { RouteTabs } from '../../../components/ui/tabs'
import { notify } from '../../../components/ui/toast'
import { api } from '../../../lib/api-client'
import { useI18n } from '../../../lib/i18n'
import { invalidateProgram, programKey } from '../../../lib/query-client'
import { useCurrentProgram } from '../../../lib/use-program'
import {
  type EligibleProduct,
  fetchMerchants,
  fetchProducts,
  type PurchaseProofMerchant,
  type PurchaseProofSettings,
  purchaseProofBase,
  usePurchaseProofSettings,
  useSavePurchaseProofSettings,
} from '../api/receipts'
import { useReceiptText } from '../messages'

type Kind = 'products' | 'merchants'

/** Settings, eligible products and merchants side by side (settings/purchase-proof/...). */
function PurchaseProofTabs({ programId, children }: { programId: number; children: React.ReactNode }) {
  const rt = useReceiptText()
  return (
    <RouteTabs
      label={rt('sections')}
      tabs={[
        { to: '/programs/$programId/settings/purchase-proof', params: { programId }, activeOptions: { exact: true }, children: rt('settings') },
        { to: '/programs/$programId/settings/purchase-proof/products', params: { programId }, children: rt('products') },
        { to: '/programs/$programId/settings/purchase-proof/merchants', params: { programId }, children: rt('merchants') },
      ]}
    >
      {children}
    </RouteTabs>
  )
}

const settingsForm = z.object({
  exclusion_identifiers: z.string().max(50_000),
  external_purchase_item_points_per_cents: z.coerce.number({ error: 'Points per cents must be a number' }).min(0, 'Points per cents must be at least 0').max(1000, 'Points per cents must be at most 1000'),
  confidence_threshold: z.coerce.number({ error: 'Confidence threshold must be a number' }).min(0, 'Confidence threshold must be between 0 and 1').max(1, 'Confidence threshold must be between 0 and 1'),
})

/** settings/purchase-proof: exclusion identifiers, points per cents for external items, confidence threshold. */
export function PurchaseProofSettingsPage() {
  const rt = useReceiptText()
  const { program } = useCurrentProgram()
  const settings = usePurchaseProofSettings(program.id)
  return (
    <>
      <PageHeader title={rt('settings')} description={rt('settingsSubtitle', { program: program.name })} />
      <PurchaseProofTabs programId={program.id}>
        <Card className="form-card">
          <CardContent>
            {settings.status === 'pending' ? (
              <Skeleton height={200} />
            ) : settings.status === 'error' ? (
              <ErrorBlock error={settings.error} onRetry={() => void settings.refetch()} />
            ) : (
              <SettingsForm programId={program.id} settings={settings.data} />
            )}
          </CardContent>
        </Card>
      </PurchaseProofTabs>
    </>
  )
}

function SettingsForm({ programId, settings }: { programId: number; settings: PurchaseProofSettings }) {
  const rt = useReceiptText()
  const { t } = useI18n()
  const save = useSavePurchaseProofSettings(programId)
  const form = useForm({
    resolver: zodResolver(settingsForm),
    defaultValues: {
      exclusion_identifiers: settings.exclusion_identifiers.join('\n'),
      external_purchase_item_points_per_cents: settings.external_purchase_item_points_per_cents,
      confidence_threshold: settings.confidence_threshold,
    },
  })
  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        try {
          await save.mutateAsync(values)
          notify.success(t('form.successTitle'), rt('settingsSaved'))
        } catch (error) {
          notify.error(t('form.errorTitlePartB'), error instanceof Error ? error.message : undefined)
        }
      }}
    >
      <TextareaField name="exclusion_identifiers" label={rt('exclusion')} hint={rt('exclusionHint')} rows={5} />
      <InputField name="external_purchase_item_points_per_cents" label={rt('externalPoints')} type="number" step="any" min={0} />
      <InputField name="confidence_threshold" label={rt('threshold')} hint={rt('thresholdHint')} type="number" step="0.01" min={0} max={1} />
      <FormErrors />
      <div className="form-actions">
        <Button type="submit" loading={save.isPending}>
          {rt('settingsSave')}
        </Button>
      </div>
    </Form>
  )
}

const productColumn = createColumnHelper<EligibleProduct>()
const merchantColumn = createColumnHelper<PurchaseProofMerchant>()

/** Delete with a confirmation, then the list again. */
function useDelete(programId: number, kind: Kind) {
  const rt = useReceiptText()
  const { t } = useI18n()
  const queryClient = useQueryClient()
  const [target, setTarget] = useState<{ id: number; name: string } | null>(null)
  const dialog = (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && setTarget(null)}
      tone="danger"
      title={rt('deleteConfirm', { name: target?.name ?? '' })}
      confirmLabel={rt('delete')}
      onConfirm={async () => {
        if (!target) return
        try {
          await api.delete(`${purchaseProofBase(programId, kind)}/${target.id}`)
          notify.success(t('form.successTitle'), rt('deleted', { name: target.name }))
          void invalidateProgram(queryClient, programId, 'purchase_proof')
        } catch (error) {
          notify.error(t('form.errorTitlePartB'), error instanceof Error ? error.message : undefined)
        }
      }}
    />
  )
  return { dialog, ask: setTarget }
}

function RowActions({ programId, kind, id, name, onDelete }: { programId: number; kind: Kind; id: number; name: string; onDelete: (t: { id: number; name: string }) => void }) {
  const rt = useReceiptText()
  return (
    <div className="receipt-row-actions">
      {kind === 'products' ? (
        <Link className={buttonClass({ size: 'sm', variant: 'secondary' })} to="/programs/$programId/settings/purchase-proof/products/$itemId/edit" params={{ programId, itemId: id }} aria-label={`${rt('edit')} ${name}`}>
          {rt('edit')}
        </Link>
      ) : (
        <Link className={buttonClass({ size: 'sm', variant: 'secondary' })} to="/programs/$programId/settings/purchase-proof/merchants/$itemId/edit" params={{ programId, itemId: id }} aria-label={`${rt('edit')} ${name}`}>
          {rt('edit')}
        </Link>
      )}
      <Button size="sm" variant="ghost" onClick={() => onDelete({ id, name })} aria-label={`${rt('delete')} ${name}`}>
        {rt('delete')}
      </Button>
    </div>
  )
}

/** settings/purchase-proof/products: eligible products (name, sku, keywords, points per cents, active). */
export function EligibleProductsPage() {
  const rt = useReceiptText()
  const { formatNumber } = useI18n()
  const { program } = useCurrentProgram()
  const programId = program.id
  const table = useServerTable({ queryKey: programKey(programId, 'purchase_proof', 'products', 'list'), fetchPage: (state, signal) => fetchProducts(programId, state, signal) })
  const remove = useDelete(programId, 'products')
  const columns = useMemo(
    () => [
      productColumn.accessor('product_name', { header: rt('col.product'), cell: (c) => <span className="cell-strong">{c.getValue()}</span> }),
      productColumn.accessor('sku', { header: rt('col.sku'), cell: (c) => c.getValue() || '—' }),
      productColumn.accessor('keywords', { header: rt('col.keywords'), cell: (c) => c.getValue() || '—' }),
      productColumn.accessor('points_per_cents', { header: rt('col.ppc'), meta: { align: 'end' }, cell: (c) => formatNumber(c.getValue()) }),
      productColumn.accessor('product_active', {
        header: rt('col.active'),
        cell: (c) => <span className={`badge ${c.getValue() ? 'badge-success' : 'badge-muted'}`}>{rt(c.getValue() ? 'active' : 'inactive')}</span>,
      }),
      productColumn.display({ id: 'actions', header: '', cell: (c) => <RowActions programId={programId} kind="products" id={c.row.original.id} name={c.row.original.product_name} onDelete={remove.ask} /> }),
    ],
    [rt, formatNumber, programId, remove.ask],
  )
  return (
    <>
      <PageHeader
        title={rt('products')}
        description={rt('settingsSubtitle', { program: program.name })}
        actions={
          <Link className={buttonClass({ size: 'sm' })} to="/programs/$programId/settings/purchase-proof/products/new" params={{ programId }}>
            <IconPlus />
            {rt('newProduct')}
          </Link>
        }
      />
      <PurchaseProofTabs programId={programId}>
        <DataTable label={rt('products')} columns={columns} {...table.props} getRowId={(row) => String(row.id)} searchPlaceholder={rt('searchName')} emptyMessage={rt('empty')} />
      </PurchaseProofTabs>
      {remove.dialog}
    </>
  )
}

/** settings/purchase-proof/merchants: the merchants reviewers pick on a receipt. */
export function MerchantsPage() {
  const rt = useReceiptText()
  const { program } = useCurrentProgram()
  const programId = program.id
  const table = useServerTable({ queryKey: programKey(programId, 'purchase_proof', 'merchants', 'list'), fetchPage: (state, signal) => fetchMerchants(programId, state, signal) })
  const remove = useDelete(programId, 'merchants')
  const columns = useMemo(
    () => [
      merchantColumn.accessor('name', { header: rt('col.name'), cell: (c) => <span className="cell-strong">{c.getValue()}</span> }),
      merchantColumn.accessor('address', { header: rt('col.address'), cell: (c) => c.getValue() || '—' }),
      merchantColumn.accessor('active', {
        header: rt('col.active'),
        cell: (c) => <span className={`badge ${c.getValue() ? 'badge-success' : 'badge-muted'}`}>{rt(c.getValue() ? 'active' : 'inactive')}</span>,
      }),
      merchantColumn.display({ id: 'actions', header: '', cell: (c) => <RowActions programId={programId} kind="merchants" id={c.row.original.id} name={c.row.original.name} onDelete={remove.ask} /> }),
    ],
    [rt, programId, remove.ask],
  )
  return (
    <>
      <PageHeader
        title={rt('merchants')}
        description={rt('settingsSubtitle', { program: program.name })}
        actions={
          <Link className={buttonClass({ size: 'sm' })} to="/programs/$programId/settings/purchase-proof/merchants/new" params={{ programId }}>
            <IconPlus />
            {rt('newMerchant')}
          </Link>
        }
      />
      <PurchaseProofTabs programId={programId}>
        <DataTable label={rt('merchants')} columns={columns} {...table.props} getRowId={(row) => String(row.id)} searchPlaceholder={rt('searchName')} emptyMessage={rt('empty')} />
      </PurchaseProofTabs>
      {remove.dialog}
    </>
  )
}

/** New and edit of an eligible product or a merchant: the generic form calls (GET new/edit, POST/PUT). */
export function PurchaseProofFormPage({ kind, mode }: { kind: Kind; mode: 'create' | 'update' }) {
  const rt = useReceiptText()
  const { t } = useI18n()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { programId, itemId } = useParams({ strict: false }) as { programId: number; itemId?: number }
  const base = purchaseProofBase(programId, kind)
  const back = () =>
    kind === 'products'
      ? navigate({ to: '/programs/$programId/settings/purchase-proof/products', params: { programId } })
      : navigate({ to: '/programs/$programId/settings/purchase-proof/merchants', params: { programId } })
  const form = useServerForm({
    path: mode === 'create' ? `${base}/new` : `${base}/${itemId}/edit`,
    submitPath: mode === 'create' ? base : `${base}/${itemId}`,
    model: rt(kind === 'products' ? 'productModel' : 'merchantModel'),
    mode,
    errorTitle: t('form.errorTitlePartB'),
    onSuccess: () => {
      void invalidateProgram(queryClient, programId, 'purchase_proof')
      void back()
    },
  })
  const title = rt(kind === 'products' ? (mode === 'create' ? 'newProduct' : 'editProduct') : mode === 'create' ? 'newMerchant' : 'editMerchant')
  return (
    <>
      <PageHeader title={title} />
      <Card className="form-card">
        <CardContent>
          <ServerForm
            form={form}
            cancel={
              <Button variant="secondary" onClick={() => void back()}>
                {t('common.cancel')}
              </Button>
            }
          />
        </CardContent>
      </Card>
    </>
  )
}
