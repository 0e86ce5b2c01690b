import type { ReactNode } from 'react'
import { useId } from 'react'
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import type { FormResult } from '../../../../../sdk/contract/console/forms'
import { Button } from '../../../components/ui/button'
import { Card, CardContent } from '../../../components/ui/card'
import { ErrorBlock } from '../../../components/ui/error-block'
import { SERVER_ERROR } from '../../../components/ui/form'
import { Skeleton } from '../../../components/ui/skeleton'
import { notify } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/error-message'
import { useI18n } from '../../../lib/i18n'
import { useIntegrationText } from '../messages'

/**
 * Puts a refused write's errors under their fields (the rest above the button) and toasts them;
 * answers true when the write succeeded.
 */
export function applyResult<T extends FieldValues>(form: UseFormReturn<T>, result: FormResult, fields: readonly string[], title: string): boolean {
  if (result.success) return true
  const entries = Array.isArray(result.errors) ? result.errors.map((m) => ['', m] as const) : Object.entries(result.errors)
  const loose: string[] = []
  for (const [name, message] of entries) {
    if (fields.includes(name)) form.setError(name as Path<T>, { type: 'server', message }, { shouldFocus: true })
    else loose.push(message)
  }
  if (loose.length) form.setError(SERVER_ERROR as Path<T>, { type: 'server', message: loose.join('\n') })
  notify.error(title, entries.map(([, m]) => m))
  return false
}

/** A write that threw (network, 500): toasted with the generic wording. */
export function useFailure() {
  const { t } = useI18n()
  return (error: unknown) => notify.error(t('form.errorTitlePartB'), errorMessage(error, t('error.generic')))
}

/** A settings card: skeleton while the saved values load, the failure with a retry, then the form. */
export function SettingsCard({ status, error, retry, children }: { status: 'pending' | 'error' | 'success'; error: unknown; retry: () => void; children: ReactNode }) {
  const { t } = useI18n()
  return (
    <Card className="form-card">
      <CardContent>
        {status === 'pending' ? (
          <div className="form" aria-busy="true">
            <span className="sr-only">{t('form.loading')}</span>
            {[0, 1, 2].map((i) => (
              <div key={i} className="field">
                <Skeleton width="30%" />
                <Skeleton height={44} width="100%" />
              </div>
            ))}
          </div>
        ) : status === 'error' ? (
          <ErrorBlock title={t('table.error')} error={error} onRetry={retry} />
        ) : (
          children
        )}
      </CardContent>
    </Card>
  )
}

/**
 * A secret shown once (a new API key, a webhook's signing secret): read-only text to select, a copy
 * button, and the warning that it will not be shown again.
 */
export function SecretOnce({ title, body, label, value, children }: { title: string; body: string; label: string; value: string; children?: ReactNode }) {
  const it = useIntegrationText()
  const id = useId()
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      notify.success(it('copied'))
    } catch {
      notify.error(it('copyFailed'))
    }
  }
  return (
    <Card className="form-card secret-once" role="region" aria-labelledby={`${id}-title`}>
      <CardContent>
        <h2 className="card-title" id={`${id}-title`}>
          {title}
        </h2>
        <p className="card-description">{body}</p>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-value`}>
            {label}
          </label>
          <div className="secret-once-row">
            <input id={`${id}-value`} className="input secret-once-value" readOnly value={value} spellCheck={false} onFocus={(e) => e.currentTarget.select()} />
            <Button variant="secondary" onClick={() => void copy()}>
              {it('copy')}
            </Button>
          </div>
        </div>
        {children && <div className="form-actions">{children}</div>}
      </CardContent>
    </Card>
  )
}
