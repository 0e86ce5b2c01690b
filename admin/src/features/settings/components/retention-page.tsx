import { useQueryClient } from '@tanstack/react-query'
import { useId, useMemo } from 'react'
import { type FieldValues, get, useFormContext } from 'react-hook-form'
import {
  RETENTION_KINDS,
  RETENTION_RULES,
  type RetentionField,
  type RetentionKind,
  type RetentionOverrides,
  retentionField,
  retentionWriteSchema,
} from '../../../../../sdk/contract/console/retention'
import { Button } from '../../../components/ui/button'
import { Card, CardContent } from '../../../components/ui/card'
import { Form, FormErrors } from '../../../components/ui/form'
import { FormField } from '../../../components/ui/form-field'
import { Input } from '../../../components/ui/input'
import { PageHeader } from '../../../components/ui/page-header'
import { useI18n } from '../../../lib/i18n'
import { programKey } from '../../../lib/query-client'
import { useCurrentProgram } from '../../../lib/use-program'
import { type RetentionSettings, saveRetention, settingsKey, useRetentionSettings } from '../api/settings'
import { type SettingsMessage, useSettingsText } from '../messages'
import { SettingsQuery } from './settings-query'
import { useSettingsForm } from './use-settings-form'

const FIELDS = RETENTION_KINDS.map(retentionField)

/** The form's values: each override as typed text, empty for the deployment's default. */
const formValues = (overrides: RetentionOverrides) => Object.fromEntries(FIELDS.map((field) => [field, overrides[field] === null ? '' : String(overrides[field])]))

/**
 * The windows the admin changed (after the contract's schema: days, or null for the default). The
 * others are left out of the write, so the server keeps them as they are ("omitted = unchanged").
 */
export function changedWindows(values: FieldValues, overrides: RetentionOverrides): Partial<Record<RetentionField, number | null>> {
  const changed: Partial<Record<RetentionField, number | null>> = {}
  for (const field of FIELDS) {
    const value = (values[field] ?? null) as number | null
    if (value !== overrides[field]) changed[field] = value
  }
  return changed
}

/** One window: its days (empty for the default), its rule's bounds and help, and what applies now. */
function RetentionInput({ kind, settings }: { kind: RetentionKind; settings: RetentionSettings }) {
  const st = useSettingsText()
  const { tm } = useI18n()
  const { register, formState } = useFormContext()
  const appliesId = useId()
  const field = retentionField(kind)
  const rule = RETENTION_RULES[kind]
  const error = tm((get(formState.errors, field) as { message?: string } | undefined)?.message)
  const days = settings.effective[field]
  const byDefault = settings.overrides[field] === null
  return (
    <FormField
      className="retention-field"
      label={st(`retention.${kind}` as SettingsMessage)}
      hint={`${st(`retention.${kind}.help` as SettingsMessage)} ${st('retentionDefault', { days: settings.defaults[field] })}`}
      error={error}
    >
      {(control) => (
        <div className="retention-control">
          <span className="retention-input">
            <Input
              {...control}
              aria-describedby={[control['aria-describedby'], appliesId].filter(Boolean).join(' ')}
              type="number"
              inputMode="numeric"
              min={rule.min}
              max={rule.max}
              step={1}
              placeholder={st('retentionPlaceholder', { days: settings.defaults[field] })}
              autoComplete="off"
              {...register(field)}
            />
            <span className="retention-unit" aria-hidden="true">
              {st('retentionDays')}
            </span>
          </span>
          <span id={appliesId} className={`badge ${byDefault ? 'badge-muted' : 'badge-accent'}`} data-testid={`retention-applies-${kind}`}>
            {days === 1 ? st('retentionAppliesOne') : st('retentionApplies', { days })}
            {byDefault && ` (${st('retentionByDefault')})`}
          </span>
        </div>
      )}
    </FormField>
  )
}

/**
 * Settings > Data retention: one window per kind of data, each the program's override or empty for
 * the deployment's default. A save sends the windows changed and shows what the server answers.
 */
export function RetentionForm({ programId, settings }: { programId: number; settings: RetentionSettings }) {
  const st = useSettingsText()
  const queryClient = useQueryClient()
  const values = useMemo(() => formValues(settings.overrides), [settings.overrides])
  const { form, submit } = useSettingsForm<RetentionSettings>({
    schema: retentionWriteSchema,
    values,
    save: (parsed) => saveRetention(programId, changedWindows(parsed, settings.overrides)),
    successText: st('retentionUpdated'),
    onSaved: (result) => {
      // The answer is the settings as saved: the form follows them at once.
      if (result.data) queryClient.setQueryData(settingsKey(programId, 'retention'), result.data)
      // The API keys' request log says how long it keeps calls (the api_request_log window).
      void queryClient.invalidateQueries({ queryKey: programKey(programId, 'integrations', 'api_auths') })
    },
  })
  return (
    <Form form={form} onSubmit={submit}>
      {RETENTION_KINDS.map((kind) => (
        <RetentionInput key={kind} kind={kind} settings={settings} />
      ))}
      <FormErrors />
      <div className="form-actions">
        <Button type="submit" loading={form.formState.isSubmitting}>
          {st('save')}
        </Button>
      </div>
    </Form>
  )
}

/** The program's windows once read, in their card (placeholders while loading, a retry on failure). */
export function RetentionSettingsCard({ programId }: { programId: number }) {
  const retention = useRetentionSettings(programId)
  return (
    <SettingsQuery query={retention}>
      {(data) => (
        <Card className="form-card">
          <CardContent>
            <RetentionForm programId={programId} settings={data} />
          </CardContent>
        </Card>
      )}
    </SettingsQuery>
  )
}

/** settings/data-retention (program manage): how long each kind of the program's data is kept. */
export function DataRetentionSettingsPage() {
  const st = useSettingsText()
  const { program } = useCurrentProgram()
  return (
    <>
      <PageHeader title={st('retentionTitle')} description={st('retentionSubtitle', { program: program.name })} />
      <RetentionSettingsCard programId={program.id} />
    </>
  )
}
