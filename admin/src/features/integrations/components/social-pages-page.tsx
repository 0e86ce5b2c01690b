import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { type SocialNetworkPage, socialNetworkPageWriteSchema } from '../../../../../sdk/contract/console/integrations'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { ErrorBlock } from '../../../components/ui/error-block'
import { Form, FormErrors, InputField, SelectField } from '../../../components/ui/form'
import { PageHeader } from '../../../components/ui/page-header'
import { Skeleton } from '../../../components/ui/skeleton'
import { notify } from '../../../components/ui/toast'
import { api } from '../../../lib/api-client'
import { useI18n } from '../../../lib/i18n'
import { useCurrentProgram } from '../../../lib/use-program'
import { integrationsBase, integrationsKey, sendSettings, useSocialNetworkPages } from '../api/integrations'
import { useIntegrationText } from '../messages'
import { applyResult, useFailure } from './shared'
import './integrations.css'

type Values = z.input<typeof socialNetworkPageWriteSchema>

/**
 * settings/integrations/social-network-pages (the integrations' default screen): the program's pages,
 * and a form to add one (url and platform required; platform instagram or facebook).
 */
export function SocialPagesPage() {
  const it = useIntegrationText()
  const { t } = useI18n()
  const { program } = useCurrentProgram()
  const queryClient = useQueryClient()
  const fail = useFailure()
  const pages = useSocialNetworkPages(program.id)
  const [removing, setRemoving] = useState<SocialNetworkPage | null>(null)
  const form = useForm<Values>({ resolver: zodResolver(socialNetworkPageWriteSchema), defaultValues: { url: '', platform: undefined as never } })
  const refresh = () => queryClient.invalidateQueries({ queryKey: integrationsKey(program.id, 'social_network_pages') })

  const add = async (values: Values) => {
    try {
      const result = await sendSettings('POST', `${integrationsBase(program.id)}/social_network_pages`, values)
      if (!applyResult(form, result, ['url', 'platform'], t('form.errorTitlePartB'))) return
      notify.success(t('form.successTitle'), t('form.created', { model: it('socialModel') }))
      form.reset({ url: '', platform: values.platform })
      await refresh()
    } catch (error) {
      fail(error)
    }
  }
  const remove = async (page: SocialNetworkPage) => {
    try {
      await api.delete(`${integrationsBase(program.id)}/social_network_pages/${page.id}`)
      notify.success(it('removed'))
      await refresh()
    } catch (error) {
      fail(error)
      throw error
    }
  }
  const platforms = [
    { value: 'instagram', label: it('instagram') },
    { value: 'facebook', label: it('facebook') },
  ]

  return (
    <>
      <PageHeader title={it('socialTitle')} description={it('socialSubtitle', { program: program.name })} />
      <div className="integration-stack">
        <Card className="form-card">
          <CardHeader>
            <CardTitle>{it('socialAdd')}</CardTitle>
          </CardHeader>
          <CardContent>
            <Form form={form} onSubmit={add}>
              <InputField name="url" label={it('url')} type="url" inputMode="url" placeholder="https://instagram.com/…" required maxLength={500} autoComplete="off" />
              <SelectField name="platform" label={it('platform')} options={platforms} placeholder={t('form.choose')} />
              <FormErrors />
              <div className="form-actions">
                <Button type="submit" loading={form.formState.isSubmitting}>
                  {it('socialAdd')}
                </Button>
              </div>
            </Form>
          </CardContent>
        </Card>
        <Card className="form-card">
          <CardHeader>
            <CardTitle id="social-pages-list">{it('socialList')}</CardTitle>
          </CardHeader>
          <CardContent>
            {pages.status === 'pending' ? (
              <Skeleton height={44} width="100%" />
            ) : pages.status === 'error' ? (
              <ErrorBlock title={t('table.error')} error={pages.error} onRetry={() => void pages.refetch()} />
            ) : pages.data.length === 0 ? (
              <p className="cell-muted">{t('table.empty')}</p>
            ) : (
              <ul className="integration-list" aria-labelledby="social-pages-list">
                {pages.data.map((page) => (
                  <li key={page.id}>
                    <span className="integration-list-main">
                      <span className="badge badge-muted">{it(page.platform)}</span>
                      <a href={page.url} target="_blank" rel="noopener noreferrer nofollow">
                        {page.url}
                      </a>
                    </span>
                    <Button variant="ghost" size="sm" onClick={() => setRemoving(page)} aria-label={`${it('remove')} ${page.url}`}>
                      {it('remove')}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        tone="danger"
        title={it('removeTitle', { url: removing?.url ?? '' })}
        confirmLabel={it('remove')}
        onConfirm={() => (removing ? remove(removing) : undefined)}
      />
    </>
  )
}
