import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useParams } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { challengeTypes } from '../../../../../sdk/contract/challenges'
import {
  challengeFieldLabels,
  type ChallengeFormField,
  type ChallengeFormValues,
  challengeStatuses,
  challengeWizardSteps,
  emptyChallengeForm,
  repeatChoices,
} from '../../../../../sdk/contract/console/challenges'
import { Button, buttonClass } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { ErrorBlock } from '../../../components/ui/error-block'
import { PageHeader } from '../../../components/ui/page-header'
import { Skeleton } from '../../../components/ui/skeleton'
import { notify } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/error-message'
import { useI18n } from '../../../lib/i18n'
import { useCurrentProgram } from '../../../lib/use-program'
import { MediaField } from '../../media'
import { changedFields, challengesKey, createChallenge, updateChallenge, useChallengeForm } from '../api/challenges'
import { type ChallengeMessage, useChallengeText } from '../messages'
import { firstInvalidStep, serverProblems, stepOfField, type WizardProblem, wizardProblems } from '../wizard-validation'
import { DetailsStep } from './details-step'
import { BooleanInput, DateTimeInput, NumberInput, SelectInput, TagsInput, TextInput } from './wizard-fields'

const humanize = (v: string) => v.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase())
const options = (values: readonly string[]) => values.map((value) => ({ value, label: humanize(value) }))

/**
 * challenges/new and challenges/{challenge_id}/edit (spec section 2): a wizard with Previous, Next and
 * Save. Next validates the current step; failures show 'Please fix the following errors:' and
 * '{field} is invalid or missing' per field. Edit sends only the changed fields ('No changes
 * detected' when none), and asks before saving a challenge already minted as a collectible
 * (achievement_collection_address).
 */
export function ChallengeWizard({ mode }: { mode: 'create' | 'update' }) {
  const programId = useCurrentProgram().program.id
  const { challengeId } = useParams({ strict: false }) as { challengeId?: number }
  const ct = useChallengeText()
  const form = useChallengeForm(programId, mode === 'update' ? challengeId : undefined)
  if (form.status === 'pending') {
    return (
      <>
        <PageHeader title={ct(mode === 'create' ? 'new' : 'edit')} />
        <Card className="challenge-wizard">
          <Skeleton height={240} />
        </Card>
      </>
    )
  }
  if (form.status === 'error') return <ErrorBlock error={form.error} onRetry={() => void form.refetch()} />
  const saved = { ...emptyChallengeForm, ...(form.data.defaultValues as Partial<ChallengeFormValues>) }
  return <WizardForm key={`${programId}:${challengeId ?? 'new'}`} mode={mode} programId={programId} challengeId={challengeId} saved={saved} collectionAddress={form.data.achievement_collection_address} profileAttributes={form.data.profile_attributes} />
}

type FormProps = {
  mode: 'create' | 'update'
  programId: number
  challengeId: number | undefined
  saved: ChallengeFormValues
  /** The minted collection this challenge leads to (server-decided), or null: Save then asks first. */
  collectionAddress: string | null
  profileAttributes: { attribute_name: string; display_name: string }[]
}

function WizardForm({ mode, programId, challengeId, saved, collectionAddress, profileAttributes }: FormProps) {
  const ct = useChallengeText()
  const { t } = useI18n()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [values, setValues] = useState<ChallengeFormValues>(saved)
  const [index, setIndex] = useState(0)
  const [problems, setProblems] = useState<WizardProblem[]>([])
  const [busy, setBusy] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const summaryRef = useRef<HTMLDivElement>(null)
  const step = challengeWizardSteps[index]!
  const last = index === challengeWizardSteps.length - 1

  useEffect(() => {
    if (problems.length) summaryRef.current?.focus()
  }, [problems])

  const set = <K extends keyof ChallengeFormValues>(key: K, value: ChallengeFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }))
    setProblems((p) => p.filter((x) => x.field !== key))
  }
  const errors = Object.fromEntries(problems.map((p) => [p.field, p.message])) as Partial<Record<ChallengeFormField, string>>

  const next = () => {
    const found = wizardProblems(values, step.id, ct)
    setProblems(found)
    if (!found.length) setIndex((i) => Math.min(i + 1, challengeWizardSteps.length - 1))
  }
  const previous = () => {
    setProblems([])
    setIndex((i) => Math.max(i - 1, 0))
  }

  const send = async () => {
    setBusy(true)
    try {
      const result = mode === 'create' ? await createChallenge(programId, values) : await updateChallenge(programId, challengeId!, changedFields(saved, values))
      if (result.success) {
        notify.success(t('form.successTitle'), ct(mode === 'create' ? 'created' : 'updated'))
        await queryClient.invalidateQueries({ queryKey: challengesKey(programId) })
        const id = mode === 'create' ? (result.data as { id: number }).id : challengeId!
        void navigate({ to: '/programs/$programId/challenges/$challengeId', params: { programId, challengeId: id } })
        return
      }
      const found = serverProblems(result.errors, ct)
      if (found.length) {
        setIndex(stepOfField(found[0]!.field))
        setProblems(found)
      }
      notify.error(t('form.errorTitlePartB'), Array.isArray(result.errors) ? result.errors : Object.values(result.errors))
    } catch (error) {
      notify.error(t('form.errorTitlePartB'), errorMessage(error, t('error.generic')))
    } finally {
      setBusy(false)
    }
  }

  const save = () => {
    const invalid = firstInvalidStep(values, ct)
    if (invalid) {
      setIndex(invalid.index)
      setProblems(invalid.problems)
      return
    }
    if (mode === 'update' && !Object.keys(changedFields(saved, values)).length) {
      notify.info(ct('noChanges'))
      return
    }
    if (mode === 'update' && collectionAddress) {
      setConfirming(true)
      return
    }
    void send()
  }

  const stepName = (id: string) => ct(`step.${id}` as ChallengeMessage)
  return (
    <>
      <PageHeader title={mode === 'create' ? ct('new') : `${ct('edit')}: ${saved.name}`} />
      <Card className="challenge-wizard">
        <ol className="wizard-steps" aria-label={ct('stepOf', { step: index + 1, steps: challengeWizardSteps.length, name: stepName(step.id) })}>
          {challengeWizardSteps.map((s, i) => (
            <li key={s.id} className={i === index ? 'wizard-step wizard-step-current' : 'wizard-step'} aria-current={i === index ? 'step' : undefined}>
              <span className="wizard-step-number">{i + 1}</span>
              {stepName(s.id)}
            </li>
          ))}
        </ol>
        <form
          className="challenge-wizard-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            if (last) save()
            else next()
          }}
        >
          <h2 className="card-title">{ct('stepOf', { step: index + 1, steps: challengeWizardSteps.length, name: stepName(step.id) })}</h2>
          {problems.length > 0 && (
            <div className="form-errors wizard-errors" role="alert" tabIndex={-1} ref={summaryRef}>
              <p>{ct('fixErrors')}</p>
              <ul>
                {problems.map((p) => (
                  <li key={p.field}>{p.summary}</li>
                ))}
              </ul>
            </div>
          )}
          {step.id === 'basics' && <BasicsStep values={values} set={set} errors={errors} mode={mode} programId={programId} />}
          {step.id === 'details' && <DetailsStep programId={programId} values={values} set={set} errors={errors} profileAttributes={profileAttributes} />}
          {step.id === 'settings' && <SettingsStep values={values} set={set} errors={errors} />}
          <div className="form-actions wizard-actions">
            <Link className={buttonClass({ variant: 'ghost' })} to={challengeId ? '/programs/$programId/challenges/$challengeId' : '/programs/$programId/challenges'} params={{ programId, challengeId: challengeId ?? 0 } as never}>
              {t('common.cancel')}
            </Link>
            <Button variant="secondary" onClick={previous} disabled={index === 0 || busy}>
              {ct('previous')}
            </Button>
            {!last && (
              <Button variant={mode === 'update' ? 'secondary' : 'primary'} onClick={next} disabled={busy}>
                {ct('next')}
              </Button>
            )}
            {(last || mode === 'update') && (
              <Button variant="primary" onClick={save} loading={busy}>
                {ct('save')}
              </Button>
            )}
          </div>
        </form>
      </Card>
      <ConfirmDialog open={confirming} onOpenChange={setConfirming} title={ct('mintedTitle')} description={ct('mintedConfirm')} onConfirm={send} />
    </>
  )
}

type StepProps = { values: ChallengeFormValues; set: <K extends keyof ChallengeFormValues>(key: K, value: ChallengeFormValues[K]) => void; errors: Partial<Record<ChallengeFormField, string>> }

function BasicsStep({ values, set, errors, mode, programId }: StepProps & { mode: 'create' | 'update'; programId: number }) {
  const ct = useChallengeText()
  return (
    <div className="challenge-step-fields">
      <TextInput name="name" value={values.name} onChange={(v) => set('name', v)} error={errors.name} />
      <SelectInput name="challenge_type" value={values.challenge_type} onChange={(v) => set('challenge_type', v)} options={options(challengeTypes)} error={errors.challenge_type} disabled={mode === 'update'} />
      <SelectInput name="status" value={values.status} onChange={(v) => set('status', v)} options={challengeStatuses.map((s) => ({ value: s, label: ct(`status.${s}`) }))} error={errors.status} />
      <NumberInput name="points" value={values.points} onChange={(v) => set('points', v ?? Number.NaN)} error={errors.points} min={0} />
      <TextInput name="caption" value={values.caption} onChange={(v) => set('caption', v)} error={errors.caption} />
      <TextInput name="description" value={values.description} onChange={(v) => set('description', v)} error={errors.description} multiline rows={3} />
      <MediaField programId={programId} label={challengeFieldLabels.image} value={values.image || null} onChange={(v) => set('image', v ?? '')} error={errors.image} description={ct('hint.image')} />
      <MediaField programId={programId} label={challengeFieldLabels.icon} value={values.icon || null} onChange={(v) => set('icon', v ?? '')} error={errors.icon} description={ct('hint.image')} />
      <TagsInput name="tag_list" value={values.tag_list} onChange={(v) => set('tag_list', v)} error={errors.tag_list} hint={ct('tagsHint')} />
    </div>
  )
}

function SettingsStep({ values, set, errors }: StepProps) {
  const ct = useChallengeText()
  return (
    <div className="challenge-step-fields">
      <DateTimeInput name="start" value={values.start} onChange={(v) => set('start', v)} error={errors.start} hint={ct('dateHint')} />
      <DateTimeInput name="finish" value={values.finish} onChange={(v) => set('finish', v)} error={errors.finish} hint={ct('dateHint')} />
      <SelectInput name="repeat" value={values.repeat} onChange={(v) => set('repeat', v)} options={options(repeatChoices)} error={errors.repeat} />
      <NumberInput name="max_completions" value={values.max_completions} onChange={(v) => set('max_completions', v)} error={errors.max_completions} hint={ct('hint.maxCompletions')} min={1} />
      <TextInput name="cta_button_text" value={values.cta_button_text} onChange={(v) => set('cta_button_text', v)} error={errors.cta_button_text} />
      <TextInput name="success_message" value={values.success_message} onChange={(v) => set('success_message', v)} error={errors.success_message} multiline rows={2} />
      <BooleanInput name="api_completion_only" value={values.api_completion_only} onChange={(v) => set('api_completion_only', v)} error={errors.api_completion_only} hint={ct('hint.apiOnly')} />
      <BooleanInput name="featured" value={values.featured} onChange={(v) => set('featured', v)} error={errors.featured} />
      <BooleanInput name="bypass_modal" value={values.bypass_modal} onChange={(v) => set('bypass_modal', v)} error={errors.bypass_modal} />
    </div>
  )
}
