import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { Fragment } from 'react'
import { useWatch } from 'react-hook-form'
import { domainPreview } from '../../../../../sdk/contract/console/domains'
import { Button, buttonClass } from '../../../components/ui/button'
import { Card, CardContent } from '../../../components/ui/card'
import { Form, FormErrors } from '../../../components/ui/form'
import { PageHeader } from '../../../components/ui/page-header'
import { ServerForm, ServerFormField } from '../../../components/ui/server-form/server-form'
import { useServerForm } from '../../../components/ui/server-form/use-server-form'
import { useI18n } from '../../../lib/i18n'
import { invalidateProgram } from '../../../lib/query-client'
import { useCurrentProgram } from '../../../lib/use-program'
import { domainsBase } from '../api'
import { useDomainText } from '../messages'

/** The domain as the spec's preview builds it, live under the field (section 5). */
function DomainPreview() {
  const dt = useDomainText()
  const value = useWatch({ name: 'domain' }) as string | undefined
  const preview = domainPreview(value ?? '')
  return (
    <div className="field" aria-live="polite">
      <span className="field-label">{dt('preview')}</span>
      <output className="domain-preview">
        <code>{preview || '—'}</code>
      </output>
      <p className="field-hint">{dt('previewHint')}</p>
    </div>
  )
}

/**
 * settings/domain-list/new: the generic form calls for domain_lists (GET new, then POST) with the
 * spec's preview under the domain field. The server checks the host strictly and answers per field.
 */
export function DomainFormPage() {
  const dt = useDomainText()
  const { t } = useI18n()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { program } = useCurrentProgram()
  const programId = program.id
  const base = domainsBase(programId)
  const form = useServerForm({
    path: `${base}/new`,
    submitPath: base,
    model: dt('model'),
    mode: 'create',
    errorTitle: t('form.errorTitlePartB'),
    onSuccess: () => {
      void invalidateProgram(queryClient, programId, 'domain_lists')
      void navigate({ to: '/programs/$programId/settings/domain-list', params: { programId } })
    },
  })
  const cancel = (
    <Link className={buttonClass({ variant: 'secondary' })} to="/programs/$programId/settings/domain-list" params={{ programId }}>
      {t('common.cancel')}
    </Link>
  )
  return (
    <>
      <PageHeader title={dt('newTitle')} />
      <Card className="form-card">
        <CardContent>
          {form.status === 'success' ? (
            <Form form={form.form} onSubmit={form.submit}>
              {form.definition?.fields.map((field) => (
                <Fragment key={field.name}>
                  <ServerFormField field={field} />
                  {field.name === 'domain' && <DomainPreview />}
                </Fragment>
              ))}
              <FormErrors />
              <div className="form-actions">
                {cancel}
                <Button type="submit" loading={form.form.formState.isSubmitting}>
                  {t('form.create')}
                </Button>
              </div>
            </Form>
          ) : (
            <ServerForm form={form} cancel={cancel} />
          )}
        </CardContent>
      </Card>
    </>
  )
}
