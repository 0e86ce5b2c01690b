import { useId, useState } from 'react'
import { Controller, get, useFormContext, useWatch } from 'react-hook-form'
import {
  programEnrollmentSchema,
  programLabelsSchema,
  programSeoSchema,
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
  settingsPaths,
  TRUSTED_NETWORKS_MAX,
} from '../../../../../sdk/contract/console/settings'
import { Button } from '../../../components/ui/button'
import { Card, CardContent } from '../../../components/ui/card'
import { CheckboxField, Form, FormErrors, InputField, TextareaField } from '../../../components/ui/form'
import { PageHeader } from '../../../components/ui/page-header'
import { useI18n } from '../../../lib/i18n'
import { useCurrentProgram } from '../../../lib/use-program'
import { MediaField } from '../../media'
import { type ProgramSettings, saveLabels, sendSettings, useProgramSettings } from '../api/settings'
import { useSettingsText } from '../messages'
import { useSettingsSaved } from './general-page'
import { SettingsQuery } from './settings-query'
import { useSettingsForm } from './use-settings-form'

/** An image setting picked from (or uploaded into) the program's media library. */
function ImageField({ name, label, hint, programId }: { name: string; label: string; hint?: string; programId: number }) {
  const { control, formState } = useFormContext()
  const { tm } = useI18n()
  const error = tm((get(formState.errors, name) as { message?: string } | undefined)?.message)
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <MediaField
          programId={programId}
          label={label}
          value={(field.value as string | null | undefined) || null}
          onChange={(url) => field.onChange(url)}
          accept="image"
          {...(error ? { error } : {})}
          {...(hint ? { description: hint } : {})}
        />
      )}
    />
  )
}

function SaveButton() {
  const st = useSettingsText()
  const { formState } = useFormContext()
  return (
    <div className="form-actions">
      <Button type="submit" loading={formState.isSubmitting}>
        {st('save')}
      </Button>
    </div>
  )
}

/** One settings screen: its header, and its form in a card once the settings are read. */
function SettingsScreen({ title, description, children }: { title: string; description: string; children: (settings: ProgramSettings) => React.ReactNode }) {
  const { program } = useCurrentProgram()
  const settings = useProgramSettings(program.id)
  return (
    <>
      <PageHeader title={title} description={description} />
      <SettingsQuery query={settings}>
        {(data) => (
          <Card className="form-card">
            <CardContent>{children(data)}</CardContent>
          </Card>
        )}
      </SettingsQuery>
    </>
  )
}

type LabelIcon = 'earn_points_icon' | 'current_rewards_icon' | 'my_rewards_icon'

/**
 * An icon of the labels form: picked from the media library (ImageField), or chosen on this device
 * and sent with the form as a file (the server checks and stores it in the library).
 */
function IconField({ name, label, programId, file, onFile }: { name: LabelIcon; label: string; programId: number; file: File | undefined; onFile: (file: File | undefined) => void }) {
  const st = useSettingsText()
  const id = useId()
  return (
    <div className="settings-icon">
      <ImageField name={name} label={label} programId={programId} />
      <label className="field-hint" htmlFor={id}>
        {st('iconFromDevice')}
      </label>
      <input id={id} type="file" accept="image/png,image/jpeg" onChange={(e) => onFile(e.currentTarget.files?.[0])} />
      {file && (
        <p className="field-hint" role="status">
          {st('iconChosen', { file: file.name })}
        </p>
      )}
    </div>
  )
}

function LabelsForm({ settings }: { settings: ProgramSettings }) {
  const st = useSettingsText()
  const refresh = useSettingsSaved(settings.id)
  const [files, setFiles] = useState<Partial<Record<LabelIcon, File>>>({})
  const saved = () => {
    setFiles({})
    refresh()
  }
  const { form, submit } = useSettingsForm({
    schema: programLabelsSchema,
    values: {
      term_points_as: settings.term_points_as,
      term_rewards_as: settings.term_rewards_as,
      earn_points_icon: settings.earn_points_icon,
      current_rewards_icon: settings.current_rewards_icon,
      my_rewards_icon: settings.my_rewards_icon,
      prizes_title: settings.prizes_title ?? '',
      my_account_title: settings.my_account_title ?? '',
    },
    save: (values) => saveLabels(settings.id, values, files),
    successText: st('programUpdated'),
    onSaved: saved,
  })
  const icon = (name: LabelIcon, label: string) => (
    <IconField name={name} label={label} programId={settings.id} file={files[name]} onFile={(file) => setFiles((current) => ({ ...current, [name]: file }))} />
  )
  return (
    <Form form={form} onSubmit={submit}>
      <InputField name="term_points_as" label={st('termPoints')} hint={st('termPointsHint')} required maxLength={30} autoComplete="off" />
      <InputField name="term_rewards_as" label={st('termRewards')} hint={st('termRewardsHint')} required maxLength={30} autoComplete="off" />
      {icon('earn_points_icon', st('earnPointsIcon'))}
      {icon('current_rewards_icon', st('currentRewardsIcon'))}
      {icon('my_rewards_icon', st('myRewardsIcon'))}
      <InputField name="prizes_title" label={st('prizesTitle')} maxLength={60} autoComplete="off" />
      <InputField name="my_account_title" label={st('myAccountTitle')} maxLength={60} autoComplete="off" />
      <FormErrors />
      <SaveButton />
    </Form>
  )
}

/** settings/labels: term_points_as, term_rewards_as, the three home icons and two titles. */
export function LabelsSettingsPage() {
  const st = useSettingsText()
  return (
    <SettingsScreen title={st('labelsTitle')} description={st('labelsSubtitle')}>
      {(settings) => <LabelsForm settings={settings} />}
    </SettingsScreen>
  )
}

function CharacterCount({ name, max }: { name: string; max: number }) {
  const value = useWatch({ name }) as string | undefined
  return (
    <span className="settings-count" aria-hidden="true">
      {(value ?? '').length}/{max}
    </span>
  )
}

function SeoForm({ settings }: { settings: ProgramSettings }) {
  const st = useSettingsText()
  const saved = useSettingsSaved(settings.id)
  const { form, submit } = useSettingsForm({
    schema: programSeoSchema,
    values: { title: settings.seo.title ?? '', description: settings.seo.description ?? '', image: settings.seo.image },
    save: (values) => sendSettings('PATCH', settingsPaths.section(settings.id, 'seo'), values),
    successText: st('programUpdated'),
    onSaved: saved,
  })
  return (
    <Form form={form} onSubmit={submit}>
      <InputField
        name="title"
        label={st('seoPageTitle')}
        hint={
          <>
            {st('seoPageTitleHint', { max: SEO_TITLE_MAX })} <CharacterCount name="title" max={SEO_TITLE_MAX} />
          </>
        }
        maxLength={SEO_TITLE_MAX}
        autoComplete="off"
      />
      <TextareaField
        name="description"
        label={st('seoDescription')}
        hint={
          <>
            {st('seoDescriptionHint', { max: SEO_DESCRIPTION_MAX })} <CharacterCount name="description" max={SEO_DESCRIPTION_MAX} />
          </>
        }
        maxLength={SEO_DESCRIPTION_MAX}
        rows={3}
      />
      <ImageField name="image" label={st('seoImage')} hint={st('seoImageHint')} programId={settings.id} />
      <FormErrors />
      <SaveButton />
    </Form>
  )
}

/** settings/seo: the site's title, description and social image (its pages' <title>, meta and Open Graph tags). */
export function SeoSettingsPage() {
  const st = useSettingsText()
  return (
    <SettingsScreen title={st('seoTitle')} description={st('seoSubtitle')}>
      {(settings) => <SeoForm settings={settings} />}
    </SettingsScreen>
  )
}

export function EnrollmentForm({ settings }: { settings: ProgramSettings }) {
  const st = useSettingsText()
  const saved = useSettingsSaved(settings.id)
  const { form, submit } = useSettingsForm({
    schema: programEnrollmentSchema,
    values: {
      override_enrollment: settings.override_enrollment,
      program_custom_signin_url: settings.program_custom_signin_url ?? '',
      // One range per line in the text box; the contract reads lines (or commas) back into the list.
      trusted_signin_networks: settings.trusted_signin_networks.join('\n'),
    },
    save: (values) => sendSettings('PATCH', settingsPaths.section(settings.id, 'enrollment'), values),
    successText: st('programUpdated'),
    onSaved: saved,
  })
  return (
    <Form form={form} onSubmit={submit}>
      <CheckboxField name="override_enrollment" label={st('overrideEnrollment')} hint={st('overrideEnrollmentHint')} />
      <InputField name="program_custom_signin_url" label={st('customSigninUrl')} hint={st('customSigninUrlHint')} type="url" inputMode="url" autoComplete="off" />
      <TextareaField
        name="trusted_signin_networks"
        label={st('trustedNetworks')}
        hint={st('trustedNetworksHint', { max: TRUSTED_NETWORKS_MAX })}
        rows={4}
        spellCheck={false}
        autoComplete="off"
        placeholder={'203.0.113.0/24\n2001:db8:5::/48'}
      />
      <FormErrors />
      <SaveButton />
    </Form>
  )
}

/** settings/enrollment: override_enrollment, the custom sign-in URL (https) and the trusted networks. */
export function EnrollmentSettingsPage() {
  const st = useSettingsText()
  return (
    <SettingsScreen title={st('enrollmentTitle')} description={st('enrollmentSubtitle')}>
      {(settings) => <EnrollmentForm settings={settings} />}
    </SettingsScreen>
  )
}
