import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useParams } from '@tanstack/react-router'
import { createColumnHelper } from '@tanstack/react-table'
import { useEffect, useId, useMemo, useState } from 'react'
import { Controller, get, useForm, useFormContext } from 'react-hook-form'
import type { z } from 'zod'
import { type WebhookCreated, webhookEventNames, webhookWriteSchema } from '../../../../../sdk/contract/console/integrations'
import { Button, buttonClass } from '../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { Checkbox } from '../../../components/ui/checkbox'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { DataTable } from '../../../components/ui/data-table/data-table'
import { useServerTable } from '../../../components/ui/data-table/use-server-table'
import { CheckboxField, Form, FormErrors, InputField } from '../../../components/ui/form'
import { IconPlus } from '../../../components/ui/icons'
import { PageHeader } from '../../../components/ui/page-header'
import { notify } from '../../../components/ui/toast'
import { useI18n } from '../../../lib/i18n'
import { useCurrentProgram } from '../../../lib/use-program'
import { api } from '../../../lib/api-client'
import {
  fetchWebhooks,
  integrationsBase,
  integrationsKey,
  postWebhookAction,
  sendSettings,
  useWebhook,
  useWebhookDeliveries,
  type WebhookDelivery,
  type WebhookRow,
} from '../api/integrations'
import { useIntegrationText } from '../messages'
import { applyResult, SecretOnce, SettingsCard, useFailure } from './shared'
import './integrations.css'

const column = createColumnHelper<WebhookRow>()

/** settings/integrations/webhooks: the program's webhooks, searched by URL, each with Edit. */
export function WebhooksPage() {
  const it = useIntegrationText()
  const { t, locale } = useI18n()
  const { program } = useCurrentProgram()
  const programId = program.id
  const table = useServerTable({ queryKey: integrationsKey(programId, 'webhooks', 'list'), fetchPage: (state, signal) => fetchWebhooks(programId, state, signal) })
  const columns = useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' })
    return [
      column.accessor('url', {
        header: it('col.url'),
        cell: (c) => (
          <Link className="cell-strong" to="/programs/$programId/settings/integrations/webhooks/$webhookId" params={{ programId, webhookId: c.row.original.id }}>
            {c.getValue()}
          </Link>
        ),
      }),
      column.accessor('events', {
        header: it('col.events'),
        cell: (c) => (
          <span className="event-list">
            {c.getValue().map((e) => (
              <code key={e} className="cell-code">
                {e}
              </code>
            ))}
          </span>
        ),
      }),
      column.accessor('active', { header: it('col.active'), cell: (c) => <span className={`badge ${c.getValue() ? 'badge-success' : 'badge-muted'}`}>{it(c.getValue() ? 'active' : 'inactive')}</span> }),
      column.accessor('created_at', { header: it('col.created'), cell: (c) => <time dateTime={c.getValue()}>{format.format(new Date(c.getValue()))}</time> }),
    ]
  }, [it, locale, programId])
  return (
    <>
      <PageHeader
        title={it('hooksTitle')}
        description={it('hooksSubtitle', { program: program.name })}
        actions={
          <Link className={buttonClass({ size: 'sm' })} to="/programs/$programId/settings/integrations/webhooks/new" params={{ programId }}>
            <IconPlus />
            {it('hooksNew')}
          </Link>
        }
      />
      <DataTable label={it('hooksTitle')} columns={columns} {...table.props} getRowId={(row) => String(row.id)} searchPlaceholder={it('hooksSearch')} emptyMessage={t('table.empty')} />
    </>
  )
}

type Values = z.input<typeof webhookWriteSchema>
const FIELDS = ['url', 'events', 'active'] as const

/** The events the product emits, one checkbox each; the field's error under the group. */
function EventChoices() {
  const it = useIntegrationText()
  const { tm } = useI18n()
  const id = useId()
  const {
    control,
    formState: { errors },
  } = useFormContext<Values>()
  const error = tm((get(errors, 'events') as { message?: string } | undefined)?.message ?? (get(errors, 'events.0') as { message?: string } | undefined)?.message)
  return (
    <Controller
      name="events"
      control={control}
      render={({ field }) => {
        const chosen = new Set(field.value ?? [])
        const toggle = (event: (typeof webhookEventNames)[number], on: boolean) => {
          const next = webhookEventNames.filter((e) => (e === event ? on : chosen.has(e)))
          field.onChange(next)
        }
        return (
          <div className={error ? 'field field-invalid' : 'field'}>
            <fieldset className="event-choices" aria-describedby={error ? `${id}-error` : `${id}-hint`} aria-invalid={Boolean(error)}>
              <legend>{it('events')}</legend>
              {webhookEventNames.map((event) => (
                <span key={event} className="event-choice">
                  <Checkbox id={`${id}-${event}`} checked={chosen.has(event)} onCheckedChange={(on) => toggle(event, on === true)} onBlur={field.onBlur} />
                  <label htmlFor={`${id}-${event}`}>{event}</label>
                </span>
              ))}
            </fieldset>
            {error ? (
              <p className="field-error" id={`${id}-error`} role="alert">
                {error}
              </p>
            ) : (
              <p className="field-hint" id={`${id}-hint`}>
                {it('eventsHint')}
              </p>
            )}
          </div>
        )
      }}
    />
  )
}

function WebhookFields({ form, onSubmit, submitLabel }: { form: ReturnType<typeof useForm<Values>>; onSubmit: (v: Values) => Promise<void>; submitLabel: string }) {
  const it = useIntegrationText()
  const { t } = useI18n()
  const { program } = useCurrentProgram()
  return (
    <Form form={form} onSubmit={onSubmit}>
      <InputField name="url" label={it('url')} hint={it('urlHint')} type="url" inputMode="url" placeholder="https://" required maxLength={2000} autoComplete="off" />
      <EventChoices />
      <CheckboxField name="active" label={it('active')} />
      <FormErrors />
      <div className="form-actions">
        <Link className={buttonClass({ variant: 'secondary' })} to="/programs/$programId/settings/integrations/webhooks" params={{ programId: program.id }}>
          {t('common.cancel')}
        </Link>
        <Button type="submit" loading={form.formState.isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  )
}

/** settings/integrations/webhooks/new: URL, events, active; the signing secret is shown here once. */
export function NewWebhookPage() {
  const it = useIntegrationText()
  const { t } = useI18n()
  const { program } = useCurrentProgram()
  const programId = program.id
  const queryClient = useQueryClient()
  const fail = useFailure()
  const [created, setCreated] = useState<WebhookCreated['data'] | null>(null)
  const form = useForm<Values>({ resolver: zodResolver(webhookWriteSchema), defaultValues: { url: '', events: [], active: true } })
  const submit = async (values: Values) => {
    try {
      const result = await sendSettings<WebhookCreated['data']>('POST', `${integrationsBase(programId)}/webhooks`, values)
      if (!applyResult(form, result, FIELDS, t('form.errorTitlePartB'))) return
      setCreated(result.data ?? null)
      notify.success(t('form.successTitle'), t('form.created', { model: it('hookModel') }))
      void queryClient.invalidateQueries({ queryKey: integrationsKey(programId, 'webhooks') })
    } catch (error) {
      fail(error)
    }
  }
  return (
    <>
      <PageHeader title={it('hooksNew')} />
      {created ? (
        <SecretOnce title={it('secretTitle')} body={it('secretBody')} label={`${it('secretLabel')}: ${created.url}`} value={created.secret}>
          <Link className={buttonClass({ variant: 'primary' })} to="/programs/$programId/settings/integrations/webhooks" params={{ programId }}>
            {it('done')}
          </Link>
        </SecretOnce>
      ) : (
        <SettingsCard status="success" error={undefined} retry={() => {}}>
          <WebhookFields form={form} onSubmit={submit} submitLabel={t('form.create')} />
        </SettingsCard>
      )}
    </>
  )
}

/** settings/integrations/webhooks/{webhook_id}: edit URL, events and active (the secret stays and is not shown). */
export function EditWebhookPage() {
  const it = useIntegrationText()
  const { t } = useI18n()
  const { program } = useCurrentProgram()
  const programId = program.id
  const { webhookId } = useParams({ strict: false }) as { webhookId: number }
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const fail = useFailure()
  const webhook = useWebhook(programId, webhookId)
  const form = useForm<Values>({ resolver: zodResolver(webhookWriteSchema), defaultValues: { url: '', events: [], active: true } })
  const { reset } = form
  useEffect(() => {
    if (webhook.data) reset({ url: webhook.data.url, events: webhook.data.events as Values['events'], active: webhook.data.active })
  }, [webhook.data, reset])
  const submit = async (values: Values) => {
    try {
      const result = await sendSettings('PUT', `${integrationsBase(programId)}/webhooks/${webhookId}`, values)
      if (!applyResult(form, result, FIELDS, t('form.errorTitlePartB'))) return
      notify.success(t('form.successTitle'), t('form.updated', { model: it('hookModel') }))
      await queryClient.invalidateQueries({ queryKey: integrationsKey(programId, 'webhooks') })
      void navigate({ to: '/programs/$programId/settings/integrations/webhooks', params: { programId } })
    } catch (error) {
      fail(error)
    }
  }
  return (
    <>
      <PageHeader title={it('hookEdit')} actions={webhook.data ? <WebhookTools webhook={webhook.data} /> : undefined} />
      {webhook.data?.disabled_at ? <DisabledNotice webhook={webhook.data} /> : null}
      <SettingsCard status={webhook.status} error={webhook.error} retry={() => void webhook.refetch()}>
        <WebhookFields form={form} onSubmit={submit} submitLabel={it('save')} />
      </SettingsCard>
      {webhook.data ? <DeliveryLog webhookId={webhookId} /> : null}
    </>
  )
}

/** Test-send and delete (with confirmation) for the webhook being edited. */
function WebhookTools({ webhook }: { webhook: WebhookRow }) {
  const it = useIntegrationText()
  const { program } = useCurrentProgram()
  const programId = program.id
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const fail = useFailure()
  const [testing, setTesting] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const test = async () => {
    setTesting(true)
    try {
      const delivery = await postWebhookAction<WebhookDelivery>(programId, `${webhook.id}/test`)
      if (delivery.state === 'succeeded') notify.success(it('hookTestSent', { status: delivery.response_status ?? '' }))
      else notify.error(it('hookTestFailed'), delivery.error ?? undefined)
      await queryClient.invalidateQueries({ queryKey: integrationsKey(programId, 'webhooks', webhook.id, 'deliveries') })
    } catch (error) {
      fail(error)
    } finally {
      setTesting(false)
    }
  }
  const remove = async () => {
    try {
      await api.delete(`${integrationsBase(programId)}/webhooks/${webhook.id}`)
      notify.success(it('hookDeleted'))
      queryClient.removeQueries({ queryKey: integrationsKey(programId, 'webhooks', webhook.id) })
      await queryClient.invalidateQueries({ queryKey: integrationsKey(programId, 'webhooks') })
      void navigate({ to: '/programs/$programId/settings/integrations/webhooks', params: { programId } })
    } catch (error) {
      fail(error)
    }
  }
  return (
    <div className="webhook-tools">
      <Button variant="secondary" size="sm" onClick={() => void test()} loading={testing}>
        {it('hookTest')}
      </Button>
      <Button variant="secondary" size="sm" onClick={() => setDeleting(true)}>
        {it('hookDelete')}
      </Button>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        tone="danger"
        title={it('hookDeleteTitle', { url: webhook.url })}
        description={it('hookDeleteBody')}
        confirmLabel={it('hookDelete')}
        onConfirm={remove}
      />
    </div>
  )
}

/** Shown while delivery has the webhook turned off after repeated failures, with the way back on. */
function DisabledNotice({ webhook }: { webhook: WebhookRow }) {
  const it = useIntegrationText()
  const { locale } = useI18n()
  const { program } = useCurrentProgram()
  const queryClient = useQueryClient()
  const fail = useFailure()
  const [busy, setBusy] = useState(false)
  const enable = async () => {
    setBusy(true)
    try {
      await postWebhookAction<WebhookRow>(program.id, `${webhook.id}/enable`)
      notify.success(it('hookEnabled'))
      await queryClient.invalidateQueries({ queryKey: integrationsKey(program.id, 'webhooks') })
    } catch (error) {
      fail(error)
    } finally {
      setBusy(false)
    }
  }
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(webhook.disabled_at!))
  return (
    <div className="integration-warning webhook-disabled" role="status">
      <p>{it('hookDisabled', { date, count: webhook.consecutive_failures })}</p>
      <div>
        <Button size="sm" onClick={() => void enable()} loading={busy}>
          {it('hookEnable')}
        </Button>
      </div>
    </div>
  )
}

/** The webhook's deliveries, newest first: event, outcome, attempt, duration and time; details and Resend. */
function DeliveryLog({ webhookId }: { webhookId: number }) {
  const it = useIntegrationText()
  const { t, locale } = useI18n()
  const { program } = useCurrentProgram()
  const programId = program.id
  const queryClient = useQueryClient()
  const fail = useFailure()
  const [page, setPage] = useState(1)
  const [resending, setResending] = useState<number | null>(null)
  const log = useWebhookDeliveries(programId, webhookId, page)
  const format = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }), [locale])
  const resend = async (d: WebhookDelivery) => {
    setResending(d.id)
    try {
      const after = await postWebhookAction<WebhookDelivery>(programId, `${webhookId}/deliveries/${d.id}/resend`)
      if (after.state === 'succeeded') notify.success(it('resent', { status: after.response_status ?? '' }))
      else notify.error(it('resendFailed'), after.error ?? undefined)
      await queryClient.invalidateQueries({ queryKey: integrationsKey(programId, 'webhooks', webhookId, 'deliveries') })
    } catch (error) {
      fail(error)
    } finally {
      setResending(null)
    }
  }
  const badge = { succeeded: 'badge-success', failed: 'badge-danger', pending: 'badge-warning' } as const
  const rows = log.data?.data ?? []
  const pages = log.data?.meta.total_pages ?? 1
  return (
    <Card className="form-card webhook-log">
      <CardHeader>
        <CardTitle id="webhook-deliveries">{it('deliveriesTitle')}</CardTitle>
      </CardHeader>
      <CardContent>
        {log.status === 'pending' ? (
          <p aria-busy="true">{t('table.loading')}</p>
        ) : log.status === 'error' ? (
          <p role="alert">{t('error.generic')}</p>
        ) : rows.length === 0 ? (
          <p className="field-hint">{it('deliveriesEmpty')}</p>
        ) : (
          <ul className="integration-list" aria-labelledby="webhook-deliveries">
            {rows.map((d) => (
              <li key={d.id} className="delivery-row">
                <div className="delivery-main">
                  <code className="cell-code">{d.event}</code>
                  <span className={`badge ${badge[d.state]}`}>{it(`delivery.${d.state}`)}</span>
                  <span>{d.response_status ?? it('deliveryNoAnswer')}</span>
                  <span>{it('deliveryAttempts', { count: d.attempts })}</span>
                  {d.duration_ms !== null ? <span>{d.duration_ms} ms</span> : null}
                  {d.last_attempt_at ? <time dateTime={d.last_attempt_at}>{format.format(new Date(d.last_attempt_at))}</time> : null}
                  {d.state === 'pending' && d.next_attempt_at ? <span className="field-hint">{it('deliveryNext', { date: format.format(new Date(d.next_attempt_at)) })}</span> : null}
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => void resend(d)}
                  loading={resending === d.id}
                  disabled={d.request_body === null}
                  aria-label={it('resendNamed', { event: d.event, id: d.message_id })}
                >
                  {it('resend')}
                </Button>
                <details className="delivery-details">
                  <summary>
                    {it('deliveryDetails')} <code>{d.message_id}</code>
                  </summary>
                  {d.error ? <p className="field-error">{d.error}</p> : null}
                  <p className="delivery-label">{it('deliveryRequest')}</p>
                  <DeliveryBody label={`${it('deliveryRequest')} ${d.message_id}`} text={d.request_body} />
                  <p className="delivery-label">{it('deliveryResponse')}</p>
                  <DeliveryBody label={`${it('deliveryResponse')} ${d.message_id}`} text={d.response_body} />
                </details>
              </li>
            ))}
          </ul>
        )}
        {pages > 1 ? (
          <div className="form-actions">
            <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {it('previous')}
            </Button>
            <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {it('next')}
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  )
}

/**
 * A logged request or answer body. It scrolls past 16rem (a receiver's KB of error page on a phone), so
 * it takes keyboard focus to be scrolled without a mouse, named per delivery for the focus to say what it is.
 */
function DeliveryBody({ label, text }: { label: string; text: string | null }) {
  return (
    <pre className="delivery-body" tabIndex={0} role="region" aria-label={label}>
      {text ?? '—'}
    </pre>
  )
}
