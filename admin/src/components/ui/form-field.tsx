import { type ReactNode, useId } from 'react'
import { cx } from '../../lib/cx'

export type FieldControlProps = {
  id: string
  'aria-invalid': boolean
  'aria-describedby': string | undefined
}

type FormFieldProps = {
  label: ReactNode
  error?: string | undefined
  hint?: ReactNode
  className?: string
  /** Renders the control with the id and ARIA wiring that ties it to the label, hint and error. */
  children: (control: FieldControlProps) => ReactNode
}

export function FormField({ label, error, hint, className, children }: FormFieldProps) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined
  return (
    <div className={cx('field', error && 'field-invalid', className)}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {error ? (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      ) : (
        hint && (
          <p className="field-hint" id={hintId}>
            {hint}
          </p>
        )
      )}
    </div>
  )
}
