import { Link, useNavigate, useParams } from '@tanstack/react-router'
import { useEffect, useId, useState } from 'react'
import { Button, buttonClass } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Checkbox } from '../../../components/ui/checkbox'
import { ErrorBlock } from '../../../components/ui/error-block'
import { PageHeader } from '../../../components/ui/page-header'
import { Skeleton } from '../../../components/ui/skeleton'
import { notify } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/error-message'
import { useI18n } from '../../../lib/i18n'
import { useCurrentProgram } from '../../../lib/use-program'
import { useEvergreenSetting, useSaveEvergreenValue } from '../api'
import { useEvergreenText } from '../messages'
import './evergreen.css'

/**
 * settings/evergreen/$settingId: one setting's value (active or not), saved with
 * POST .../evergreen_setting_values. An error toast's title is the errors, its description 'Please
 * try again' (spec section 8).
 */
export function EvergreenEditPage() {
  const et = useEvergreenText()
  const { t } = useI18n()
  const navigate = useNavigate()
  const { program } = useCurrentProgram()
  const programId = program.id
  const { settingId } = useParams({ strict: false }) as { settingId: number }
  const setting = useEvergreenSetting(programId, settingId)
  const save = useSaveEvergreenValue(programId)
  const [active, setActive] = useState(false)
  const checkboxId = useId()
  useEffect(() => {
    if (setting.data) setActive(setting.data.field_value.active)
  }, [setting.data])

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    try {
      const result = await save.mutateAsync({ evergreen_setting_id: settingId, active })
      if (result.success) {
        notify.success(t('form.successTitle'), t('form.updated', { model: et('model') }))
        void navigate({ to: '/programs/$programId/settings/evergreen', params: { programId } })
        return
      }
      const errors = Array.isArray(result.errors) ? result.errors : Object.values(result.errors)
      notify.error(errors.join('\n') || t('error.generic'), et('tryAgain'))
    } catch (error) {
      notify.error(errorMessage(error, t('error.generic')), et('tryAgain'))
    }
  }

  if (setting.isPending) return <Skeleton height={160} />
  if (setting.isError) return <ErrorBlock title={et('notFound')} error={setting.error} onRetry={() => void setting.refetch()} />
  const s = setting.data
  return (
    <>
      <PageHeader title={et('editTitle', { name: s.name })} />
      <Card className={`form-card evergreen-card ${active ? 'evergreen-active' : 'evergreen-inactive'}`} data-testid="evergreen-card" data-active={active}>
        <CardHeader>
          <CardTitle>{s.name}</CardTitle>
          {s.description && <CardDescription>{s.description}</CardDescription>}
        </CardHeader>
        <CardContent>
          <form className="form" onSubmit={submit} noValidate>
            <div className="field">
              <div className="field-inline">
                <Checkbox id={checkboxId} checked={active} onCheckedChange={(v) => setActive(v === true)} aria-describedby={`${checkboxId}-hint`} />
                <label className="field-label" htmlFor={checkboxId}>
                  {et('activeLabel')}
                </label>
              </div>
              <p className="field-hint" id={`${checkboxId}-hint`}>
                {et('activeHint')}
              </p>
            </div>
            <div className="form-actions">
              <Link className={buttonClass({ variant: 'secondary' })} to="/programs/$programId/settings/evergreen" params={{ programId }}>
                {t('common.cancel')}
              </Link>
              <Button type="submit" loading={save.isPending}>
                {t('form.save')}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </>
  )
}
