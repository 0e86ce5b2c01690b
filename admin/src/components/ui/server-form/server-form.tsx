import { Fragment, type ReactNode } from 'react'
import type { FormField } from '../../../../../sdk/contract/console/forms'
import { useI18n } from '../../../lib/i18n'
import { Button } from '../button'
import { ErrorBlock } from '../error-block'
import { CheckboxField, Form, FormErrors, InputField, SelectField, TextareaField } from '../form'
import { Skeleton } from '../skeleton'
import type { ServerForm as ServerFormState } from './use-server-form'

/** One input per field type of the definition (also for screens that add their own parts to a server form). */
export function ServerFormField({ field }: { field: FormField }) {
  const { t } = useI18n()
  const { label } = field
  switch (field.type) {
    case 'boolean':
      return <CheckboxField name={field.name} label={label} />
    case 'select':
      return <SelectField name={field.name} label={label} options={field.options ?? []} placeholder={t('form.choose')} />
    case 'textarea':
      return <TextareaField name={field.name} label={label} required={field.required} />
    case 'number':
      return <InputField name={field.name} label={label} type="number" inputMode="decimal" required={field.required} />
    case 'email':
      return <InputField name={field.name} label={label} type="email" autoComplete="off" required={field.required} />
    default:
      return <InputField name={field.name} label={label} type="text" required={field.required} />
  }
}

type ServerFormProps = {
  form: ServerFormState
  /** Defaults to 'Create' or 'Save changes' by mode. */
  submitLabel?: string
  /** A cancel button or link, before the submit button. */
  cancel?: ReactNode
  className?: string
  /**
   * A screen's own input for some fields (e.g. an image field picking from the media library), given
   * each field of the definition: answer the element, or undefined for the default input.
   */
  renderField?: (field: FormField) => ReactNode | undefined
}

/**
 * Renders a useServerForm() definition: a skeleton while it loads, the failure with a retry, then
 * the fields, the server's loose errors and the buttons.
 */
export function ServerForm({ form: state, submitLabel, cancel, className, renderField }: ServerFormProps) {
  const { t } = useI18n()
  if (state.status === 'pending') {
    return (
      <div className="form server-form-loading" aria-busy="true">
        <span className="sr-only">{t('form.loading')}</span>
        {[0, 1, 2].map((i) => (
          <div key={i} className="field">
            <Skeleton width="30%" />
            <Skeleton height={44} width="100%" />
          </div>
        ))}
      </div>
    )
  }
  if (state.status === 'error') return <ErrorBlock title={t('table.error')} error={state.error} onRetry={state.retry} />
  return (
    <Form form={state.form} onSubmit={state.submit} className={className ?? 'form'}>
      {state.definition?.fields.map((field) => {
        const own = renderField?.(field)
        return own === undefined ? <ServerFormField key={field.name} field={field} /> : <Fragment key={field.name}>{own}</Fragment>
      })}
      <FormErrors />
      <div className="form-actions">
        {cancel}
        <Button type="submit" loading={state.form.formState.isSubmitting}>
          {submitLabel ?? t(state.mode === 'create' ? 'form.create' : 'form.save')}
        </Button>
      </div>
    </Form>
  )
}
