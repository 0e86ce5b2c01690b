import { zodResolver } from '@hookform/resolvers/zod'
import { Link, useNavigate, useParams } from '@tanstack/react-router'
import { Tabs } from 'radix-ui'
import { useEffect, useMemo, useState } from 'react'
import { FormProvider, useForm, useWatch } from 'react-hook-form'
import * as z from 'zod'
import { NotFoundError } from '../../../../../sdk/src/errors'
import type { ReceiptReview as ReceiptReviewBody } from '../../../../../sdk/contract/console/receipts'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { ErrorBlock } from '../../../components/ui/error-block'
import { FormErrors, InputField, SelectField, TextareaField } from '../../../components/ui/form'
import { PageHeader } from '../../../components/ui/page-header'
import { Skeleton } from '../../../components/ui/skeleton'
import { notify } from '../../../components/ui/toast'
import { useI18n } from '../../../lib/i18n'
import { useCurrentProgram } from '../../../lib/use-program'
import { locateReceipt, type ReceiptDetail, useEligibleProducts, useReceipt, useSaveReview } from '../api/receipts'
import { itemPatches, type ItemRow, rowErrors, rowsFromItems } from '../item-rows'
import { useReceiptText } from '../messages'
import { ItemReview } from './item-review'
import { ParticipantLink, ReceiptStatusBadge, useDates, useMoney } from './receipt-parts'
import { ReceiptActivity, ReceiptParticipantHistory, SubmitIssue } from './receipt-side-tabs'
import { ReceiptImageViewer } from './receipt-image-viewer'

type Ids = { programId: number; receiptId: number }

/** The review page's tabs (spec section 2), in order. */
const REVIEW_TABS = [
  ['overview', 'tab.overview'],
  ['items', 'tab.items'],
  ['activity', 'tab.activity'],
  ['history', 'tab.history'],
  ['issue', 'tab.issue'],
] as const

/**
 * The review form's header fields. Section 4: when the receipt needs human review an integrity choice
 * is mandatory, and a reason when invalid. Values are the inputs' text; the save converts them.
 */
export function reviewFormSchema(needsChoice: boolean) {
  return z
    .object({
      integrity: z.enum(['', 'valid', 'invalid']),
      admin_invalidation_reason: z.string(),
      admin_invalidation_message: z.string().max(1000, 'Message must not be longer than 1000 characters'),
      admin_comments: z.string().max(2000, 'Comments must not be longer than 2000 characters'),
      merchant_name: z.string().max(200, 'Merchant must not be longer than 200 characters'),
      purchase_proof_merchant_id: z.string(),
      purchase_date: z.string(),
      total_amount: z.string().refine((v) => v.trim() === '' || (Number.isFinite(Number(v)) && Number(v) >= 0), 'Total must be a number'),
    })
    .superRefine((v, ctx) => {
      if (needsChoice && v.integrity === '') ctx.addIssue({ code: 'custom', path: ['integrity'], message: 'Choose whether the receipt is valid.' })
      if (v.integrity === 'invalid' && !v.admin_invalidation_reason) ctx.addIssue({ code: 'custom', path: ['admin_invalidation_reason'], message: 'Reason is required' })
    })
}
export type ReviewForm = z.infer<ReturnType<typeof reviewFormSchema>>

/** The save body (PUT .../receipts/{id}) from the form and the item rows. */
export function reviewBody(values: ReviewForm, rows: readonly ItemRow[], version: number): ReceiptReviewBody {
  const invalid = values.integrity === 'invalid'
  return {
    ...(values.integrity ? { integrity: values.integrity } : {}),
    admin_invalidation_reason: invalid ? values.admin_invalidation_reason : null,
    admin_invalidation_message: invalid ? values.admin_invalidation_message : null,
    admin_comments: values.admin_comments,
    merchant_name: values.merchant_name,
    purchase_proof_merchant_id: values.purchase_proof_merchant_id ? Number(values.purchase_proof_merchant_id) : null,
    purchase_date: values.purchase_date || null,
    total_amount: values.total_amount.trim() === '' ? null : Number(values.total_amount),
    receipt_items: itemPatches(rows),
    version,
  }
}

/**
 * programs/{program_id}/receipts/{receipt_id}: the review page. A receipt of another program sends
 * the admin to that program's receipts list (spec section 2); a missing one back to this list.
 */
export function ReceiptReviewPage() {
  const rt = useReceiptText()
  const navigate = useNavigate()
  const { programId, receiptId } = useParams({ strict: false }) as Ids
  const detail = useReceipt(programId, receiptId)
  const missing = detail.error instanceof NotFoundError
  useEffect(() => {
    if (!missing) return
    let live = true
    void locateReceipt(receiptId)
      .catch(() => ({ program_id: null }))
      .then((where) => {
        if (!live) return
        if (where.program_id !== null && where.program_id !== programId) {
          void navigate({ to: '/programs/$programId/receipts', params: { programId: where.program_id }, replace: true })
          return
        }
        notify.error(rt('notFound'))
        void navigate({ to: '/programs/$programId/receipts', params: { programId }, replace: true })
      })
    return () => {
      live = false
    }
  }, [missing, navigate, rt, programId, receiptId])
  if (detail.status === 'pending' || missing) {
    return (
      <>
        <PageHeader title={<Skeleton width={220} height={28} />} />
        <Card>
          <Skeleton height={320} />
        </Card>
      </>
    )
  }
  if (detail.status === 'error') return <ErrorBlock error={detail.error} onRetry={() => void detail.refetch()} />
  // Remounts with the saved receipt's version, so the form starts from what the server now holds.
  return <ReceiptReview key={`${detail.data.receipt.id}:${detail.data.receipt.version}`} programId={programId} detail={detail.data} />
}

export function ReceiptReview({ programId, detail }: { programId: number; detail: ReceiptDetail }) {
  const rt = useReceiptText()
  const { t, formatNumber, locale } = useI18n()
  const { can } = useCurrentProgram()
  const money = useMoney()
  const dates = useDates()
  const { receipt, items } = detail
  const needsChoice = receipt.status === 'needs_human_review'
  const mayUpdate = can('receipts:update')
  const products = useEligibleProducts(programId)
  const save = useSaveReview(programId, receipt.id)
  const [tab, setTab] = useState('overview')
  const [rows, setRows] = useState(() => rowsFromItems(items))
  const [showRowErrors, setShowRowErrors] = useState(false)
  const errors = useMemo(() => (showRowErrors ? rowErrors(rows) : {}), [rows, showRowErrors])
  const form = useForm<ReviewForm>({
    resolver: zodResolver(reviewFormSchema(needsChoice)),
    defaultValues: {
      integrity: receipt.integrity ?? '',
      admin_invalidation_reason: receipt.admin_invalidation_reason ?? '',
      admin_invalidation_message: receipt.admin_invalidation_message ?? '',
      admin_comments: receipt.admin_comments ?? '',
      merchant_name: receipt.merchant_name ?? '',
      purchase_proof_merchant_id: receipt.purchase_proof_merchant_id === null ? '' : String(receipt.purchase_proof_merchant_id),
      purchase_date: receipt.purchase_date ?? '',
      total_amount: receipt.total_amount === null ? '' : String(receipt.total_amount),
    },
  })
  const integrity = useWatch({ control: form.control, name: 'integrity' })

  const submit = async (values: ReviewForm) => {
    if (Object.keys(rowErrors(rows)).length) {
      setShowRowErrors(true)
      setTab('items')
      notify.error(t('form.errorTitle'), rt('fillRows'))
      return
    }
    try {
      const result = await save.mutateAsync(reviewBody(values, rows, receipt.version))
      notify.success(t('form.successTitle'), result.message || rt('saved'))
    } catch (error) {
      // Section 8: 'Error!' with the server's errors, from an error body's fields or a form result's errors.
      const answer = error as { fields?: Record<string, string>; body?: { errors?: Record<string, string> | string[] } }
      const fields = answer.fields ?? answer.body?.errors
      const messages = Array.isArray(fields) ? fields : fields ? Object.entries(fields).map(([k, v]) => `${k}: ${v}`) : []
      notify.error(t('form.errorTitle'), messages.length ? messages : error instanceof Error ? error.message : undefined)
    }
  }
  const invalidForm = () => {
    if (Object.keys(rowErrors(rows)).length) setShowRowErrors(true)
    notify.error(t('form.errorTitle'), rt('fillAll'))
  }

  return (
    <>
      <PageHeader
        title={rt('reviewTitle', { id: receipt.id })}
        description={rt('reviewDescription', { name: receipt.participant.name || receipt.participant.email, date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(receipt.created_at)) })}
        actions={<ReceiptStatusBadge status={receipt.status} />}
      />
      {receipt.status === 'pending' && <p className="receipt-notice">{rt('pendingHint')}</p>}
      {receipt.open_receipt_issue_reports > 0 && <p className="receipt-notice">{rt('openIssues', { n: receipt.open_receipt_issue_reports })}</p>}
      {/* One react-hook-form across the tabs; only the decision card is a <form> (Submit Issue has its own). */}
      <FormProvider {...form}>
        <Tabs.Root value={tab} onValueChange={setTab} className="tabs receipt-tabs" activationMode="manual">
          <Tabs.List className="tabs-list" aria-label={rt('tabs')}>
            {REVIEW_TABS.map(([value, label]) => (
              <Tabs.Trigger key={value} className="tabs-trigger" value={value}>
                {rt(label)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content className="tabs-panel" value="overview" forceMount hidden={tab !== 'overview'}>
            <div className="receipt-overview">
              <Card>
                <CardContent>
                  <ReceiptImageViewer programId={programId} receipt={receipt} />
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle>{rt('ocr')}</CardTitle>
                </CardHeader>
                <CardContent>
                  <dl className="receipt-facts">
                    <div>
                      <dt>{rt('col.participant')}</dt>
                      <dd>
                        <ParticipantLink programId={programId} participant={receipt.participant} />
                      </dd>
                    </div>
                    <div>
                      <dt>{rt('merchant')}</dt>
                      <dd>{receipt.processed_data?.merchant ?? '—'}</dd>
                    </div>
                    <div>
                      <dt>{rt('purchaseDate')}</dt>
                      <dd>{dates.day(receipt.processed_data?.date ?? null)}</dd>
                    </div>
                    <div>
                      <dt>{rt('total')}</dt>
                      <dd>{money(receipt.processed_data?.total_cents == null ? null : receipt.processed_data.total_cents / 100)}</dd>
                    </div>
                    <div>
                      <dt>{rt('confidence')}</dt>
                      <dd>{receipt.confidence === null ? '—' : receipt.confidence.toFixed(2)}</dd>
                    </div>
                    <div>
                      <dt>{rt('col.points')}</dt>
                      <dd>{formatNumber(receipt.points)}</dd>
                    </div>
                  </dl>
                  {!receipt.processed_data && <p className="receipt-muted">{rt('ocrNone')}</p>}
                  {receipt.receipt_tags.map((tag) => (
                    <div key={tag.name} className="receipt-similar">
                      <strong>{rt('similar')}</strong> <span className="badge badge-warning">{tag.name}</span> <span className="cell-muted">{tag.reason}</span>
                      <ul>
                        {tag.linked_data.similar_receipt_ids.map((id) => (
                          <li key={id}>
                            <Link to="/programs/$programId/receipts/$receiptId" params={{ programId, receiptId: id }}>
                              {rt('reviewTitle', { id })}
                            </Link>
                          </li>
                        ))}
                      </ul>
                    </div>
                  ))}
                  <div className="receipt-edit-grid">
                    <InputField name="merchant_name" label={rt('merchant')} disabled={!mayUpdate} />
                    {detail.merchant_options.length > 0 && <SelectField name="purchase_proof_merchant_id" label={rt('merchantPick')} options={detail.merchant_options} placeholder={rt('item.noProduct')} />}
                    <InputField name="purchase_date" label={rt('purchaseDate')} type="date" disabled={!mayUpdate} />
                    <InputField name="total_amount" label={rt('total')} inputMode="decimal" disabled={!mayUpdate} />
                  </div>
                </CardContent>
              </Card>
            </div>
          </Tabs.Content>
          <Tabs.Content className="tabs-panel" value="items" forceMount hidden={tab !== 'items'}>
            <ItemReview rows={rows} onChange={setRows} items={items} products={products.data ?? []} errors={errors} disabled={!mayUpdate} />
          </Tabs.Content>
          <Tabs.Content className="tabs-panel" value="activity">
            <ReceiptActivity programId={programId} receiptId={receipt.id} />
          </Tabs.Content>
          <Tabs.Content className="tabs-panel" value="history">
            <ReceiptParticipantHistory programId={programId} receiptId={receipt.id} />
          </Tabs.Content>
          <Tabs.Content className="tabs-panel" value="issue">
            <SubmitIssue programId={programId} receiptId={receipt.id} />
          </Tabs.Content>
        </Tabs.Root>
        {mayUpdate && (
          <Card className="receipt-decision">
            <CardContent>
              <form className="form" noValidate onSubmit={(e) => void form.handleSubmit(submit, invalidForm)(e)}>
              <fieldset className="receipt-integrity" aria-describedby={form.formState.errors.integrity ? 'integrity-error' : undefined}>
                <legend className="field-label">
                  {rt('integrity')}
                  {needsChoice ? ' *' : ''}
                </legend>
                <label>
                  <input type="radio" value="valid" {...form.register('integrity')} /> {rt('valid')}
                </label>
                <label>
                  <input type="radio" value="invalid" {...form.register('integrity')} /> {rt('invalid')}
                </label>
                {form.formState.errors.integrity && (
                  <p className="field-error" id="integrity-error" role="alert">
                    {rt('integrityRequired')}
                  </p>
                )}
              </fieldset>
              {integrity === 'invalid' && (
                <>
                  <SelectField name="admin_invalidation_reason" label={`${rt('reason')} *`} options={detail.reject_reasons_options} placeholder={rt('reason')} />
                  <TextareaField name="admin_invalidation_message" label={rt('message')} rows={2} />
                </>
              )}
              <TextareaField name="admin_comments" label={rt('comments')} rows={2} />
              <FormErrors />
              <div className="receipt-save">
                <Button type="submit" loading={save.isPending}>
                  {rt('save')}
                </Button>
              </div>
              </form>
            </CardContent>
          </Card>
        )}
      </FormProvider>
    </>
  )
}
