import { zodResolver } from '@hookform/resolvers/zod'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { createColumnHelper } from '@tanstack/react-table'
import { useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { API_V1_RATE_LIMIT } from '../../../../../sdk/contract/api-v1'
import { RETENTION_RULES } from '../../../../../sdk/contract/console/retention'
import { type ApiKeyCreated, apiKeyCreateSchema } from '../../../../../sdk/contract/console/integrations'
import { Button, buttonClass } from '../../../components/ui/button'
import { Card, CardContent } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { DataTable } from '../../../components/ui/data-table/data-table'
import { Dialog } from '../../../components/ui/dialog'
import { useServerTable } from '../../../components/ui/data-table/use-server-table'
import { Form, FormErrors, InputField } from '../../../components/ui/form'
import { IconPlus } from '../../../components/ui/icons'
import { PageHeader } from '../../../components/ui/page-header'
import { notify } from '../../../components/ui/toast'
import { api } from '../../../lib/api-client'
import { useI18n } from '../../../lib/i18n'
import { useCurrentProgram } from '../../../lib/use-program'
import { type ApiKeyRequest, type ApiKeyRow, fetchApiKeyRequests, fetchApiKeys, integrationsBase, integrationsKey, sendSettings } from '../api/integrations'
import { useIntegrationText } from '../messages'
import { ApiKeyRateDialog } from './api-key-rate-dialog'
import { applyResult, SecretOnce, useFailure } from './shared'
import './integrations.css'

const column = createColumnHelper<ApiKeyRow>()
const STATUS_BADGE = { active: 'badge-success', expired: 'badge-warning', revoked: 'badge-danger' } as const

function useDateTime() {
  const { locale } = useI18n()
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' })
    return (value: string) => <time dateTime={value}>{format.format(new Date(value))}</time>
  }, [locale])
}

/**
 * settings/integrations/api_auths: the program's keys (name, prefix, created, expires, last used,
 * status, rate), never a key itself; Edit rate limit changes an active key's requests per second and
 * Revoke refuses the key, both from its next call on.
 */
export function ApiKeysPage() {
  const it = useIntegrationText()
  const { t } = useI18n()
  const { program } = useCurrentProgram()
  const programId = program.id
  const queryClient = useQueryClient()
  const fail = useFailure()
  const date = useDateTime()
  const [revoking, setRevoking] = useState<ApiKeyRow | null>(null)
  const [viewing, setViewing] = useState<ApiKeyRow | null>(null)
  const [editing, setEditing] = useState<ApiKeyRow | null>(null)
  const table = useServerTable({ queryKey: integrationsKey(programId, 'api_auths'), fetchPage: (state, signal) => fetchApiKeys(programId, state, signal) })
  const columns = useMemo(
    () => [
      column.accessor('name', { header: it('name'), cell: (c) => <span className="cell-strong">{c.getValue()}</span> }),
      column.accessor('prefix', { header: it('col.prefix'), cell: (c) => <code className="cell-code">{c.getValue()}…</code> }),
      column.accessor('created_at', { header: it('col.created'), cell: (c) => date(c.getValue()) }),
      column.accessor('expires_at', { header: it('col.expires'), cell: (c) => date(c.getValue()) }),
      column.accessor('rate_limit', { header: it('col.rateLimit'), cell: (c) => it('perSecond', { n: c.getValue() }) }),
      column.accessor('last_used_at', { header: it('col.lastUsed'), cell: (c) => (c.getValue() ? date(c.getValue()!) : it('never')) }),
      column.accessor('status', { header: it('col.status'), cell: (c) => <span className={`badge ${STATUS_BADGE[c.getValue()]}`}>{it(`status.${c.getValue()}`)}</span> }),
      column.display({
        id: 'actions',
        header: it('col.actions'),
        cell: (c) => (
          <div className="api-key-actions">
            <Button variant="ghost" size="sm" onClick={() => setViewing(c.row.original)} aria-label={it('requestsNamed', { name: c.row.original.name })}>
              {it('requests')}
            </Button>
            {c.row.original.status === 'active' ? (
              <Button variant="ghost" size="sm" onClick={() => setEditing(c.row.original)} aria-label={it('rateEditNamed', { name: c.row.original.name })}>
                {it('rateEdit')}
              </Button>
            ) : null}
            {c.row.original.status === 'revoked' ? null : (
              <Button variant="ghost" size="sm" onClick={() => setRevoking(c.row.original)} aria-label={it('revokeNamed', { name: c.row.original.name })}>
                {it('revoke')}
              </Button>
            )}
          </div>
        ),
      }),
    ],
    [it, date],
  )
  const revoke = async (row: ApiKeyRow) => {
    try {
      await api.post(`${integrationsBase(programId)}/api_auths/${row.id}/revoke`, {})
      notify.success(it('revoked'))
      await queryClient.invalidateQueries({ queryKey: integrationsKey(programId, 'api_auths') })
    } catch (error) {
      fail(error)
      throw error
    }
  }
  return (
    <>
      <PageHeader
        title={it('keysTitle')}
        description={it('keysSubtitle', { program: program.name })}
        actions={
          <Link className={buttonClass({ size: 'sm' })} to="/programs/$programId/settings/integrations/api_auths/new" params={{ programId }}>
            <IconPlus />
            {it('keysNew')}
          </Link>
        }
      />
      <DataTable label={it('keysTitle')} columns={columns} {...table.props} search={undefined} getRowId={(row) => String(row.id)} emptyMessage={t('table.empty')} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        tone="danger"
        title={it('revokeTitle', { name: revoking?.name ?? '' })}
        description={it('revokeBody')}
        confirmLabel={it('revoke')}
        onConfirm={() => (revoking ? revoke(revoking) : undefined)}
      />
      {viewing && <KeyRequestsDialog programId={programId} apiKey={viewing} onClose={() => setViewing(null)} />}
      {editing && <ApiKeyRateDialog programId={programId} apiKey={editing} onClose={() => setEditing(null)} />}
    </>
  )
}

const requestColumn = createColumnHelper<ApiKeyRequest>()
const statusBadge = (status: number) => (status >= 500 ? 'badge-danger' : status >= 400 ? 'badge-warning' : 'badge-success')

/**
 * A key's detail: its recent server API calls (time, method, route pattern, status, request id),
 * newest first, paged on the server. The page lives in this dialog, not in the URL of the keys list.
 */
function KeyRequestsDialog({ programId, apiKey, onClose }: { programId: number; apiKey: ApiKeyRow; onClose: () => void }) {
  const it = useIntegrationText()
  const { locale } = useI18n()
  const [pagination, setPagination] = useState({ page: 1, perPage: 10 })
  const query = useQuery({
    queryKey: integrationsKey(programId, 'api_auths', apiKey.id, 'requests', pagination),
    queryFn: ({ signal }) => fetchApiKeyRequests(programId, apiKey.id, { page: pagination.page, per_page: pagination.perPage }, signal),
    placeholderData: keepPreviousData,
  })
  const columns = useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' })
    return [
      requestColumn.accessor('created_at', { header: it('col.time'), cell: (c) => <time dateTime={c.getValue()}>{format.format(new Date(c.getValue()))}</time> }),
      requestColumn.accessor('method', { header: it('col.method'), cell: (c) => <code className="cell-code">{c.getValue()}</code> }),
      requestColumn.accessor('route', { header: it('col.route'), cell: (c) => <code className="cell-code">{c.getValue()}</code> }),
      requestColumn.accessor('status', { header: it('col.status'), cell: (c) => <span className={`badge ${statusBadge(c.getValue())}`}>{c.getValue()}</span> }),
      requestColumn.accessor('request_id', { header: it('col.requestId'), cell: (c) => <code className="cell-code">{c.getValue()}</code> }),
    ]
  }, [it, locale])
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      className="api-key-requests"
      title={it('requestsTitle', { name: apiKey.name })}
      description={it('requestsBody', { prefix: apiKey.prefix, days: String(query.data?.retentionDays ?? RETENTION_RULES.api_request_log.default) })}
    >
      <DataTable
        label={it('requestsTitle', { name: apiKey.name })}
        columns={columns}
        data={query.data?.rows}
        total={query.data?.total ?? 0}
        status={query.status}
        error={query.error}
        onRetry={() => void query.refetch()}
        isFetching={query.isFetching && query.isPlaceholderData}
        pagination={pagination}
        onPaginationChange={setPagination}
        getRowId={(row) => String(row.id)}
        emptyMessage={it('requestsEmpty')}
        columnChooser={false}
      />
    </Dialog>
  )
}

type Values = z.input<typeof apiKeyCreateSchema>
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/**
 * settings/integrations/api_auths/new: name and expiry; the created key is shown here once (spec
 * section 9, "API key is displayed only once") and is gone when the page is left or reloaded.
 */
export function NewApiKeyPage() {
  const it = useIntegrationText()
  const { t } = useI18n()
  const { program } = useCurrentProgram()
  const programId = program.id
  const queryClient = useQueryClient()
  const fail = useFailure()
  const [created, setCreated] = useState<ApiKeyCreated['data'] | null>(null)
  const form = useForm<Values>({ resolver: zodResolver(apiKeyCreateSchema), defaultValues: { name: '', expires_at: inDays(90), rate_limit: API_V1_RATE_LIMIT.perSecond } })
  const submit = async (values: Values) => {
    try {
      const result = await sendSettings<ApiKeyCreated['data']>('POST', `${integrationsBase(programId)}/api_auths`, values)
      if (!applyResult(form, result, ['name', 'expires_at', 'rate_limit'], t('form.errorTitlePartB'))) return
      setCreated(result.data ?? null)
      notify.success(t('form.successTitle'), t('form.created', { model: it('keyModel') }))
      void queryClient.invalidateQueries({ queryKey: integrationsKey(programId, 'api_auths') })
    } catch (error) {
      fail(error)
    }
  }
  const back = (label: string, primary = false) => (
    <Link className={buttonClass({ variant: primary ? 'primary' : 'secondary' })} to="/programs/$programId/settings/integrations/api_auths" params={{ programId }}>
      {label}
    </Link>
  )
  return (
    <>
      <PageHeader title={it('keysNew')} />
      {created ? (
        <SecretOnce title={it('keyCreatedTitle')} body={it('keyCreatedBody')} label={`${it('keyLabel')}: ${created.name}`} value={created.api_key}>
          {back(it('done'), true)}
        </SecretOnce>
      ) : (
        <Card className="form-card">
          <CardContent>
            <Form form={form} onSubmit={submit}>
              <InputField name="name" label={it('name')} required maxLength={100} autoComplete="off" />
              <InputField name="expires_at" label={it('expiresAt')} hint={it('expiresHint')} type="date" required min={inDays(1)} />
              <InputField name="rate_limit" label={it('rateLimit')} hint={it('rateLimitHint')} type="number" required min={API_V1_RATE_LIMIT.min} max={API_V1_RATE_LIMIT.max} step={1} inputMode="numeric" />
              <FormErrors />
              <div className="form-actions">
                {back(t('common.cancel'))}
                <Button type="submit" loading={form.formState.isSubmitting}>
                  {t('form.create')}
                </Button>
              </div>
            </Form>
          </CardContent>
        </Card>
      )}
    </>
  )
}
