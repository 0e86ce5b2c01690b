import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { programGeneralSchema, settingsPaths, testModeSchema } from '../../../../../sdk/contract/console/settings'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { Form, FormErrors, InputField } from '../../../components/ui/form'
import { PageHeader } from '../../../components/ui/page-header'
import { notify } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/error-message'
import { useI18n } from '../../../lib/i18n'
import { refreshBootstrap } from '../../../lib/use-bootstrap'
import { useCurrentProgram } from '../../../lib/use-program'
import { type ProgramSettings, sendSettings, settingsKey, useProgramSettings } from '../api/settings'
import { type SettingsMessage, useSettingsText } from '../messages'
import { SettingsQuery } from './settings-query'
import { useSettingsForm } from './use-settings-form'

/** After a save: the settings are read again, and the console's programs (switcher, test mode badge) too. */
export function useSettingsSaved(programId: number) {
  const queryClient = useQueryClient()
  return () => {
    void queryClient.invalidateQueries({ queryKey: settingsKey(programId) })
    void refreshBootstrap(queryClient)
  }
}

export function GeneralForm({ settings }: { settings: ProgramSettings }) {
  const st = useSettingsText()
  const saved = useSettingsSaved(settings.id)
  const { form, submit } = useSettingsForm({
    schema: programGeneralSchema,
    values: { name: settings.name, point_value: settings.point_value === null ? '' : String(settings.point_value), currency: settings.currency ?? '' },
    // The schema's output keeps the point value in millionths; the server takes the decimal, as typed.
    save: (values) =>
      sendSettings('PATCH', settingsPaths.section(settings.id, 'general'), {
        name: values.name,
        point_value: typeof values.point_value === 'number' ? values.point_value / 1_000_000 : null,
        currency: values.currency ?? null,
      }),
    successText: st('programUpdated'),
    onSaved: saved,
  })
  return (
    <Form form={form} onSubmit={submit}>
      <InputField name="name" label={st('name')} required maxLength={100} autoComplete="off" />
      <div className="settings-point-value">
        <InputField name="point_value" label={st('pointValue')} hint={st('pointValueHint')} inputMode="decimal" autoComplete="off" maxLength={20} />
        <InputField name="currency" label={st('currency')} hint={st('currencyHint')} autoComplete="off" maxLength={3} />
      </div>
      <FormErrors />
      <div className="form-actions">
        <Button type="submit" loading={form.formState.isSubmitting}>
          {st('save')}
        </Button>
      </div>
    </Form>
  )
}

const FEATURES = ['receipts', 'dynamic_feed_posts', 'tiers', 'offers_reward', 'donation_challenge', 'social_network_posts', 'otp_login'] as const

function ProgramFacts({ settings }: { settings: ProgramSettings }) {
  const st = useSettingsText()
  return (
    <Card className="form-card settings-card">
      <CardHeader>
        <CardTitle>{st('features')}</CardTitle>
        <CardDescription>{st('featuresHint')}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="settings-facts">
          <div>
            <dt>{st('programId')}</dt>
            <dd>{settings.id}</dd>
          </div>
          <div>
            <dt>{st('subdomain')}</dt>
            <dd>{settings.subdomain}</dd>
          </div>
          {FEATURES.map((feature) => (
            <div key={feature}>
              <dt>{st(`feature.${feature}` as SettingsMessage)}</dt>
              <dd>
                <span className={`badge ${settings.features[feature] ? 'badge-success' : 'badge-muted'}`}>{st(settings.features[feature] ? 'featureOn' : 'featureOff')}</span>
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  )
}

/** Test mode: turned on after a confirmation, never back off (the server refuses it too). */
function TestModeCard({ settings }: { settings: ProgramSettings }) {
  const st = useSettingsText()
  const { t } = useI18n()
  const saved = useSettingsSaved(settings.id)
  const [confirming, setConfirming] = useState(false)
  const turnOn = async () => {
    try {
      const result = await sendSettings('PUT', settingsPaths.section(settings.id, 'test_mode'), testModeSchema.parse({ test_mode: true }))
      if (!result.success) {
        notify.error(st('error'), Object.values(result.errors))
        return
      }
      notify.success(st('success'), st('testModeOn'))
      saved()
    } catch (error) {
      notify.error(st('error'), errorMessage(error, t('error.generic')))
    }
  }
  return (
    <Card className="form-card settings-card" aria-labelledby="test-mode-title">
      <CardHeader>
        <CardTitle id="test-mode-title">{st('testModeTitle')}</CardTitle>
        <CardDescription>{st(settings.test_mode ? 'testModeOnText' : 'testModeOffText')}</CardDescription>
      </CardHeader>
      <CardContent className="settings-test-mode">
        <p>
          {st('testModeStatus')}:{' '}
          <span className={`badge ${settings.test_mode ? 'badge-warning' : 'badge-muted'}`} data-testid="test-mode-status">
            {st(settings.test_mode ? 'on' : 'off')}
          </span>
        </p>
        {!settings.test_mode && (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {st('testModeTurnOn')}
          </Button>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={st('testModeConfirmTitle')}
        description={st('testModeConfirmText')}
        confirmLabel={st('testModeTurnOn')}
        onConfirm={turnOn}
      />
    </Card>
  )
}

/** settings/general (the settings default): the program's name, its facts and features, and test mode. */
export function GeneralSettingsPage() {
  const st = useSettingsText()
  const { program } = useCurrentProgram()
  const settings = useProgramSettings(program.id)
  return (
    <>
      <PageHeader title={st('generalTitle')} description={st('generalSubtitle', { program: program.name })} />
      <SettingsQuery query={settings}>
        {(data) => (
          <div className="settings-stack">
            <Card className="form-card">
              <CardContent>
                <GeneralForm settings={data} />
              </CardContent>
            </Card>
            <TestModeCard settings={data} />
            <ProgramFacts settings={data} />
          </div>
        )}
      </SettingsQuery>
    </>
  )
}
