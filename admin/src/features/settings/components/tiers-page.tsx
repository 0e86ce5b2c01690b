import { useQueryClient } from '@tanstack/react-query'
import { get, useFieldArray, useFormContext, useWatch } from 'react-hook-form'
import { FIXED_TIERS, MAX_TIERS, nextTier, tiersWriteSchema, type TierWrite } from '../../../../../sdk/contract/console/settings'
import { Button } from '../../../components/ui/button'
import { Card, CardContent } from '../../../components/ui/card'
import { Form, FormErrors, InputField } from '../../../components/ui/form'
import { IconPlus } from '../../../components/ui/icons'
import { PageHeader } from '../../../components/ui/page-header'
import { useI18n } from '../../../lib/i18n'
import { useCurrentProgram } from '../../../lib/use-program'
import { saveTiers, settingsKey, type TierRow, useTiers } from '../api/settings'
import { useSettingsText } from '../messages'
import { SettingsQuery } from './settings-query'
import { useSettingsForm } from './use-settings-form'

type TierValues = { id: number | null; name: string; points_threshold_min: number; points_threshold_max: number }

function TierRows() {
  const st = useSettingsText()
  const { tm } = useI18n()
  const { control, formState } = useFormContext<{ tiers: TierValues[] }>()
  const { fields, append, remove } = useFieldArray({ control, name: 'tiers', keyName: 'key' })
  const values = useWatch({ control, name: 'tiers' })
  const listError = tm((get(formState.errors, 'tiers.message') ?? get(formState.errors, 'tiers.root.message')) as string | undefined)
  const add = () => {
    const last = values?.[values.length - 1]
    const previous = last && Number.isFinite(Number(last.points_threshold_max)) ? { points_threshold_max: Number(last.points_threshold_max) } : undefined
    append({ id: null, ...nextTier(previous) }, { shouldFocus: true })
  }
  return (
    <>
      {fields.length === 0 && <p className="settings-empty">{st('noTiers')}</p>}
      <ol className="tier-list">
        {fields.map((field, index) => {
          const name = values?.[index]?.name || st('tierLabel', { n: index + 1 })
          return (
            <li key={field.key} className="tier-row">
              <fieldset className="tier-fieldset">
                <legend className="tier-legend">{st('tierLabel', { n: index + 1 })}</legend>
                <div className="tier-fields">
                  <InputField name={`tiers.${index}.name`} label={st('tierName')} required maxLength={50} autoComplete="off" />
                  <InputField name={`tiers.${index}.points_threshold_min`} label={st('tierMin')} type="number" inputMode="numeric" min={0} step={1} required />
                  <InputField name={`tiers.${index}.points_threshold_max`} label={st('tierMax')} type="number" inputMode="numeric" min={0} step={1} required />
                </div>
                {index < FIXED_TIERS ? (
                  <p className="field-hint tier-fixed">{st('fixedTier')}</p>
                ) : (
                  <Button variant="ghost" size="sm" className="tier-remove" onClick={() => remove(index)} aria-label={st('removeTier', { name })}>
                    {st('removeTier', { name: '' }).trim()}
                  </Button>
                )}
              </fieldset>
            </li>
          )
        })}
      </ol>
      {listError && (
        <p className="form-errors" role="alert">
          {listError}
        </p>
      )}
      <div>
        <Button variant="secondary" onClick={add} disabled={fields.length >= MAX_TIERS}>
          <IconPlus />
          {st('addTier')}
        </Button>
      </div>
    </>
  )
}

const toValues = (rows: TierRow[]) => ({ tiers: rows.map((t) => ({ id: t.id, name: t.name, points_threshold_min: t.points_threshold_min, points_threshold_max: t.points_threshold_max })) })

export function TiersForm({ programId, rows }: { programId: number; rows: TierRow[] }) {
  const st = useSettingsText()
  const queryClient = useQueryClient()
  const { form, submit } = useSettingsForm({
    schema: tiersWriteSchema,
    values: toValues(rows),
    save: (body) => saveTiers(programId, { tiers: (body.tiers as TierWrite[]).map((t) => ({ ...t, id: t.id ?? null })) }),
    successText: st('tiersUpdated'),
    onSaved: () => void queryClient.invalidateQueries({ queryKey: settingsKey(programId, 'tiers') }),
  })
  return (
    <Form form={form} onSubmit={submit} className="form tier-form">
      <TierRows />
      <FormErrors />
      <div className="form-actions">
        <Button type="submit" loading={form.formState.isSubmitting}>
          {st('save')}
        </Button>
      </div>
    </Form>
  )
}

/**
 * settings/program_tiers: the tier-based leveling form (tiers manage, tiers feature on). The first
 * two tiers cannot be removed; a new tier starts at the previous maximum + 1 (or 1000) with an upper
 * bound 1000 above; the whole set is saved at once.
 */
export function TiersSettingsPage() {
  const st = useSettingsText()
  const { program } = useCurrentProgram()
  const tiers = useTiers(program.id)
  return (
    <>
      <PageHeader title={st('tiersTitle')} description={st('tiersSubtitle', { points: program.term_points_as ?? 'points' })} />
      <Card className="form-card tier-card">
        <CardContent>
          <SettingsQuery query={tiers}>{(rows) => <TiersForm programId={program.id} rows={rows} />}</SettingsQuery>
        </CardContent>
      </Card>
    </>
  )
}
