import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useParams } from '@tanstack/react-router'
import { useEffect } from 'react'
import { Controller, useForm, useFormContext, useWatch } from 'react-hook-form'
import { formResultSchema, type FormResult } from '../../../../../sdk/contract/console/forms'
import {
  achievementRules,
  REWARD_FIELDS_BY_SELECTION,
  type RewardFormField,
  type RewardFormInput,
  rewardFormObject,
  rewardFormSchema,
  type RewardFormValues,
  rewardSelections,
  rewardStoredStatuses,
} from '../../../../../sdk/contract/console/rewards'
import { TesseraError } from '../../../../../sdk/src/errors'
import { Button, buttonClass } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { ErrorBlock } from '../../../components/ui/error-block'
import { CheckboxField, Form, FormErrors, InputField, SelectField, SERVER_ERROR, TextareaField } from '../../../components/ui/form'
import { PageHeader } from '../../../components/ui/page-header'
import { Skeleton } from '../../../components/ui/skeleton'
import { notify } from '../../../components/ui/toast'
import { api } from '../../../lib/api-client'
import { errorMessage } from '../../../lib/error-message'
import { type MessageKey, useI18n } from '../../../lib/i18n'
import { invalidateProgram } from '../../../lib/query-client'
import { useCurrentProgram } from '../../../lib/use-program'
import { MediaField } from '../../media'
import { SELECTION_LABELS, STATUS_LABELS } from './reward-labels'

type Definition = { defaultValues: Record<string, unknown> }

const RULE_LABELS: Record<(typeof achievementRules)[number], MessageKey> = {
  completed_challenges: 'rewards.field.rule.completed_challenges',
  tag: 'rewards.field.rule.tag',
  lifetime_points: 'rewards.field.rule.lifetime_points',
}

/** An ISO date-time as a datetime-local input holds it (local time, minutes), and back. */
const pad = (n: number) => String(n).padStart(2, '0')
export function toLocalInput(iso: unknown): string {
  if (typeof iso !== 'string' || !iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}
const toIso = (local: string) => (local ? new Date(local).toISOString() : '')

/** The definition's defaults as the inputs hold them. */
export function formValuesFrom(defaults: Record<string, unknown>): RewardFormInput {
  // The schema's own defaults, then what the server sent (an edit's saved values).
  const base = { ...rewardFormObject.parse({ name: '-', selection: 'redeem' }), name: '', ...defaults } as RewardFormValues
  return { ...base, start: toLocalInput(base.start), finish: toLocalInput(base.finish) }
}

async function save(path: string, method: 'POST' | 'PUT', body: RewardFormValues): Promise<FormResult> {
  try {
    return formResultSchema.parse(method === 'POST' ? await api.post<unknown>(path, body) : await api.put<unknown>(path, body))
  } catch (error) {
    const refused = error instanceof TesseraError ? formResultSchema.safeParse(error.body) : null
    if (refused?.success) return refused.data
    throw error
  }
}

/**
 * rewards/new and rewards/{reward_id}/edit: one form for every selection, validated with the same zod
 * schema as the server (sdk/contract/console/rewards.ts), showing only the fields the chosen selection
 * uses. The server's definition gives the values (an edit's current ones).
 */
export function RewardFormPage({ mode }: { mode: 'create' | 'update' }) {
  const { t } = useI18n()
  const { program } = useCurrentProgram()
  const programId = program.id
  const params = useParams({ strict: false }) as { rewardId?: number }
  const rewardId = mode === 'update' ? Number(params.rewardId) : null
  const base = `/admin/v2/programs/${programId}/rewards`
  const definitionPath = rewardId ? `${base}/${rewardId}/edit` : `${base}/new`
  const definition = useQuery({
    queryKey: ['form', definitionPath],
    queryFn: ({ signal }) => api.get<Definition>(definitionPath, undefined, signal),
    staleTime: 0,
    gcTime: 0,
  })
  const title = t(mode === 'create' ? 'rewards.new' : 'rewards.editTitle')

  if (definition.status === 'pending') {
    return (
      <>
        <PageHeader title={title} />
        <Card className="reward-form-card" aria-busy="true">
          <span className="sr-only">{t('form.loading')}</span>
          <Skeleton height={320} />
        </Card>
      </>
    )
  }
  if (definition.status === 'error') return <ErrorBlock title={t('table.error')} error={definition.error} onRetry={() => void definition.refetch()} />
  return <RewardForm key={definitionPath} title={title} mode={mode} programId={programId} rewardId={rewardId} defaults={definition.data.defaultValues} base={base} />
}

type FormProps = { title: string; mode: 'create' | 'update'; programId: number; rewardId: number | null; defaults: Record<string, unknown>; base: string }

function RewardForm({ title, mode, programId, rewardId, defaults, base }: FormProps) {
  const { t } = useI18n()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const form = useForm<RewardFormInput, unknown, RewardFormValues>({ resolver: zodResolver(rewardFormSchema), defaultValues: formValuesFrom(defaults) })
  const selection = useWatch({ control: form.control, name: 'selection' }) ?? 'redeem'
  const rule = useWatch({ control: form.control, name: 'achievement_rule' })
  const used = new Set<RewardFormField>(REWARD_FIELDS_BY_SELECTION[selection] ?? REWARD_FIELDS_BY_SELECTION.redeem)
  const show = (field: RewardFormField) => used.has(field)

  useEffect(() => form.setFocus('name'), [form])

  const submit = async (values: RewardFormValues) => {
    const body = { ...values, start: toIso(values.start), finish: toIso(values.finish) }
    let result: FormResult
    try {
      result = await save(rewardId ? `${base}/${rewardId}` : base, rewardId ? 'PUT' : 'POST', body)
    } catch (error) {
      notify.error(t('form.errorTitlePartB'), errorMessage(error, t('error.generic')))
      return
    }
    if (!result.success) {
      const entries = Array.isArray(result.errors) ? result.errors.map((m) => ['', m] as const) : Object.entries(result.errors)
      const loose: string[] = []
      for (const [name, message] of entries) {
        if (name in body) form.setError(name as RewardFormField, { type: 'server', message })
        else loose.push(message)
      }
      if (loose.length) form.setError(SERVER_ERROR as never, { type: 'server', message: loose.join('\n') })
      notify.error(t('form.errorTitlePartB'), entries.map(([, m]) => m))
      return
    }
    notify.success(t('form.successTitle'), t(mode === 'create' ? 'rewards.form.created' : 'rewards.form.updated'))
    await invalidateProgram(queryClient, programId, 'rewards')
    const id = (result.data as { id?: number } | undefined)?.id ?? rewardId
    if (id) void navigate({ to: '/programs/$programId/rewards/$rewardId', params: { programId, rewardId: id } })
  }

  const cancel = rewardId ? (
    <Link className={buttonClass({ variant: 'ghost' })} to="/programs/$programId/rewards/$rewardId" params={{ programId, rewardId }}>
      {t('rewards.form.cancel')}
    </Link>
  ) : (
    <Link className={buttonClass({ variant: 'ghost' })} to="/programs/$programId/rewards" params={{ programId }}>
      {t('rewards.form.cancel')}
    </Link>
  )
  const label = (key: MessageKey) => t(key)
  return (
    <>
      <PageHeader title={title} />
      <Card className="reward-form-card">
        <Form form={form as never} onSubmit={submit as never} className="form reward-form">
          <fieldset className="reward-form-section">
            <legend>{label('rewards.form.sectionBasics')}</legend>
            <InputField name="name" label={t('rewards.col.name')} required autoComplete="off" />
            <SelectField name="selection" label={t('rewards.col.selection')} options={rewardSelections.map((s) => ({ value: s, label: t(SELECTION_LABELS[s]) }))} />
            <SelectField name="status" label={t('rewards.col.status')} options={rewardStoredStatuses.map((s) => ({ value: s, label: t(STATUS_LABELS[s]) }))} />
            <TextareaField name="description" label={t('rewards.field.description')} rows={3} />
            <RewardImageField programId={programId} name="image" label={t('rewards.field.image')} />
            <InputField name="tag_list" label={t('rewards.field.tag_list')} autoComplete="off" />
          </fieldset>
          <fieldset className="reward-form-section">
            <legend>{label('rewards.form.sectionAvailability')}</legend>
            {show('threshold') && <InputField name="threshold" label={t(selection === 'sweepstake' ? 'rewards.field.threshold_sweepstake' : 'rewards.field.threshold')} type="number" min={0} step={1} />}
            <InputField name="limit" label={t('rewards.col.limit')} type="number" min={0} step={1} required />
            {show('points') && <InputField name="points" label={t('rewards.field.points')} type="number" min={0} step={1} />}
            <InputField name="start" label={t('rewards.col.start')} type="datetime-local" hint={t('rewards.form.timesHint')} />
            <InputField name="finish" label={t('rewards.col.finish')} type="datetime-local" hint={t('rewards.form.timesHint')} />
            <CheckboxField name="featured" label={t('rewards.field.featured')} />
            {show('repeatable') && <CheckboxField name="repeatable" label={t('rewards.field.repeatable')} />}
          </fieldset>
          {show('achievement_rule') && (
            <fieldset className="reward-form-section">
              <legend>{label('rewards.form.sectionRule')}</legend>
              <SelectField name="achievement_rule" label={t('rewards.field.achievement_rule')} placeholder={t('form.choose')} options={achievementRules.map((r) => ({ value: r, label: t(RULE_LABELS[r]) }))} />
              {rule === 'completed_challenges' && <InputField name="achievement_count" label={t('rewards.field.achievement_count')} type="number" min={0} step={1} />}
              {rule === 'tag' && <InputField name="achievement_tag" label={t('rewards.field.achievement_tag')} autoComplete="off" />}
              {rule === 'lifetime_points' && <InputField name="achievement_points" label={t('rewards.field.achievement_points')} type="number" min={0} step={1} />}
              <RewardImageField programId={programId} name="active_image" label={t('rewards.field.active_image')} />
            </fieldset>
          )}
          <fieldset className="reward-form-section">
            <legend>{label('rewards.form.sectionRedemption')}</legend>
            <TextareaField name="terms_conditions" label={t('rewards.field.terms_conditions')} rows={3} />
            <TextareaField name="redemption_details" label={t('rewards.field.redemption_details')} rows={3} />
            <RewardImageField programId={programId} name="redemption_image" label={t('rewards.field.redemption_image')} />
            {show('coupons_required') && <CheckboxField name="coupons_required" label={t('rewards.field.coupons_required')} />}
          </fieldset>
          <FormErrors />
          <div className="form-actions">
            {cancel}
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t(mode === 'create' ? 'form.create' : 'form.save')}
            </Button>
          </div>
        </Form>
      </Card>
    </>
  )
}

/** An image of the reward, picked from the program's media library or uploaded into it (features/media). */
function RewardImageField({ programId, name, label }: { programId: number; name: 'image' | 'active_image' | 'redemption_image'; label: string }) {
  const { control } = useFormContext()
  const { tm } = useI18n()
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <MediaField programId={programId} label={label} value={typeof field.value === 'string' && field.value ? field.value : null} onChange={(url) => field.onChange(url ?? '')} error={tm(fieldState.error?.message)} />
      )}
    />
  )
}
