import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { API_V1_RATE_LIMIT } from '../../../../../sdk/contract/api-v1'
import { type ApiKeyUpdate, apiKeyUpdateSchema } from '../../../../../sdk/contract/console/integrations'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { Form, FormErrors, InputField } from '../../../components/ui/form'
import { notify } from '../../../components/ui/toast'
import { useI18n } from '../../../lib/i18n'
import { type ApiKeyRow, integrationsKey, updateApiKeyRateLimit } from '../api/integrations'
import { useIntegrationText } from '../messages'
import { applyResult, useFailure } from './shared'

/**
 * A key's requests per second, edited in place (PATCH .../api_auths/{id}): the same rule as the new-key
 * form, in force from the key's next call. The list is refetched so its rate column shows the new value.
 */
export function ApiKeyRateDialog({ programId, apiKey, onClose }: { programId: number; apiKey: ApiKeyRow; onClose: () => void }) {
  const it = useIntegrationText()
  const { t } = useI18n()
  const queryClient = useQueryClient()
  const fail = useFailure()
  const form = useForm<ApiKeyUpdate>({ resolver: zodResolver(apiKeyUpdateSchema), defaultValues: { rate_limit: apiKey.rate_limit } })
  const submit = async (values: ApiKeyUpdate) => {
    try {
      const result = await updateApiKeyRateLimit(programId, apiKey.id, values)
      if (!applyResult(form, result, ['rate_limit'], t('form.errorTitlePartB'))) return
      notify.success(it('rateSaved'), it('rateSavedBody', { name: apiKey.name, n: result.data?.rate_limit ?? String(values.rate_limit) }))
      await queryClient.invalidateQueries({ queryKey: integrationsKey(programId, 'api_auths') })
      onClose()
    } catch (error) {
      fail(error)
    }
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={it('rateTitle', { name: apiKey.name })} description={it('rateBody', { prefix: apiKey.prefix })}>
      <Form form={form} onSubmit={submit} className="form dialog-form">
        <InputField name="rate_limit" label={it('rateLimit')} hint={it('rateLimitHint')} type="number" required autoFocus min={API_V1_RATE_LIMIT.min} max={API_V1_RATE_LIMIT.max} step={1} inputMode="numeric" />
        <FormErrors />
        <div className="form-actions">
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {it('save')}
          </Button>
        </div>
      </Form>
    </Dialog>
  )
}
