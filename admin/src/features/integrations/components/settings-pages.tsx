import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import {
  aptosWriteSchema,
  offersRewardWriteSchema,
  photoContestWriteSchema,
} from '../../../../../sdk/contract/console/integrations'
import { Button } from '../../../components/ui/button'
import { CheckboxField, Form, FormErrors, InputField, SelectField } from '../../../components/ui/form'
import { FormField } from '../../../components/ui/form-field'
import { Input } from '../../../components/ui/input'
import { PageHeader } from '../../../components/ui/page-header'
import { notify } from '../../../components/ui/toast'
import { useI18n } from '../../../lib/i18n'
import { useCurrentProgram } from '../../../lib/use-program'
import {
  type AptosSettings,
  integrationsBase,
  integrationsKey,
  type OffersRewardSettings,
  type PhotoContestSettings,
  sendSettings,
  useIntegrationSettings,
} from '../api/integrations'
import { useIntegrationText } from '../messages'
import { applyResult, SettingsCard, useFailure } from './shared'

type OffersValues = z.input<typeof offersRewardWriteSchema>
type PhotoValues = z.input<typeof photoContestWriteSchema>
type AptosValues = z.input<typeof aptosWriteSchema>

/** Saves one settings section with PATCH; toasts '{model} was updated successfully!' or the errors. */
function useSave<T extends Record<string, unknown>>(section: 'offers_reward' | 'photo_contest' | 'aptos', model: string) {
  const { program } = useCurrentProgram()
  const { t } = useI18n()
  const queryClient = useQueryClient()
  const fail = useFailure()
  return async (form: Parameters<typeof applyResult>[0], values: T, fields: readonly string[]) => {
    try {
      const result = await sendSettings('PATCH', `${integrationsBase(program.id)}/${section}`, values)
      if (!applyResult(form, result, fields, t('form.errorTitlePartB'))) return
      notify.success(t('form.successTitle'), t('form.updated', { model }))
      await queryClient.invalidateQueries({ queryKey: integrationsKey(program.id, section) })
    } catch (error) {
      fail(error)
    }
  }
}

/** settings/integrations/offers-reward: active, redirect magic link and the merchants regex (all required). */
export function OffersRewardPage() {
  const it = useIntegrationText()
  const { program } = useCurrentProgram()
  const query = useIntegrationSettings<OffersRewardSettings>(program.id, 'offers_reward')
  const form = useForm<OffersValues>({ resolver: zodResolver(offersRewardWriteSchema), defaultValues: { active: false, redirect_magic_link: false, merchants_regex: '' } })
  const { reset } = form
  useEffect(() => {
    if (query.data) reset({ active: query.data.active, redirect_magic_link: query.data.redirect_magic_link, merchants_regex: query.data.merchants_regex ?? '' })
  }, [query.data, reset])
  const save = useSave<OffersValues>('offers_reward', it('offersModel'))
  return (
    <>
      <PageHeader title={it('offersTitle')} description={it('offersSubtitle')} />
      <SettingsCard status={query.status} error={query.error} retry={() => void query.refetch()}>
        <Form form={form} onSubmit={(v) => save(form as never, v, ['active', 'redirect_magic_link', 'merchants_regex'])}>
          <CheckboxField name="active" label={it('active')} />
          <CheckboxField name="redirect_magic_link" label={it('redirectMagicLink')} hint={it('redirectHint')} />
          <InputField name="merchants_regex" label={it('merchantsRegex')} hint={it('merchantsHint')} required maxLength={200} spellCheck={false} autoComplete="off" className="mono-field" />
          <FormErrors />
          <div className="form-actions">
            <Button type="submit" loading={form.formState.isSubmitting}>
              {it('save')}
            </Button>
          </div>
        </Form>
      </SettingsCard>
    </>
  )
}

/** settings/integrations/photo-contests: active and the program id on the external service (both required). */
export function PhotoContestPage() {
  const it = useIntegrationText()
  const { program } = useCurrentProgram()
  const query = useIntegrationSettings<PhotoContestSettings>(program.id, 'photo_contest')
  const form = useForm<PhotoValues>({ resolver: zodResolver(photoContestWriteSchema), defaultValues: { active: false, qrati_program_id: '' } })
  const { reset } = form
  useEffect(() => {
    if (query.data) reset({ active: query.data.active, qrati_program_id: query.data.qrati_program_id ?? '' })
  }, [query.data, reset])
  const save = useSave<PhotoValues>('photo_contest', it('photoModel'))
  return (
    <>
      <PageHeader title={it('photoTitle')} description={it('photoSubtitle')} />
      <SettingsCard status={query.status} error={query.error} retry={() => void query.refetch()}>
        <Form form={form} onSubmit={(v) => save(form as never, v, ['active', 'qrati_program_id'])}>
          <CheckboxField name="active" label={it('active')} />
          <InputField name="qrati_program_id" label={it('qratiProgramId')} hint={it('qratiHint')} required maxLength={100} autoComplete="off" />
          <FormErrors />
          <div className="form-actions">
            <Button type="submit" loading={form.formState.isSubmitting}>
              {it('save')}
            </Button>
          </div>
        </Form>
      </SettingsCard>
    </>
  )
}

/**
 * settings/integrations/aptos: enabled and network (spec: "Aptos network is locked once mainnet is
 * chosen; wallet address is read-only"). Choosing mainnet asks for a confirmation first; once saved
 * the network is shown, not offered.
 */
export function AptosPage() {
  const it = useIntegrationText()
  const { program } = useCurrentProgram()
  const query = useIntegrationSettings<AptosSettings>(program.id, 'aptos')
  const form = useForm<AptosValues>({ resolver: zodResolver(aptosWriteSchema), defaultValues: { enabled: false, network: 'testnet', confirm_mainnet: false } })
  const { reset } = form
  useEffect(() => {
    if (query.data) reset({ enabled: query.data.enabled, network: query.data.network, confirm_mainnet: false })
  }, [query.data, reset])
  const network = useWatch({ control: form.control, name: 'network' })
  const locked = query.data?.locked ?? false
  const save = useSave<AptosValues>('aptos', it('aptosModel'))
  return (
    <>
      <PageHeader title={it('aptosTitle')} description={it('aptosSubtitle')} />
      <SettingsCard status={query.status} error={query.error} retry={() => void query.refetch()}>
        <Form form={form} onSubmit={(v) => save(form as never, v, ['enabled', 'network', 'confirm_mainnet'])}>
          <CheckboxField name="enabled" label={it('enabled')} />
          {locked ? (
            <FormField label={it('network')} hint={it('locked')}>
              {(control) => <Input {...control} readOnly value={it('mainnet')} />}
            </FormField>
          ) : (
            <SelectField
              name="network"
              label={it('network')}
              options={[
                { value: 'testnet', label: it('testnet') },
                { value: 'mainnet', label: it('mainnet') },
              ]}
            />
          )}
          {!locked && network === 'mainnet' && (
            <div className="integration-warning" role="note">
              <p>{it('mainnetWarning')}</p>
              <CheckboxField name="confirm_mainnet" label={it('confirmMainnet')} />
            </div>
          )}
          <FormField label={it('walletAddress')} hint={query.data?.wallet_address ? undefined : it('walletNone')}>
            {(control) => <Input {...control} readOnly value={query.data?.wallet_address ?? ''} className="mono-field" />}
          </FormField>
          <FormErrors />
          <div className="form-actions">
            <Button type="submit" loading={form.formState.isSubmitting}>
              {it('save')}
            </Button>
          </div>
        </Form>
      </SettingsCard>
    </>
  )
}
