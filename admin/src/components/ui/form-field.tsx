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
  /** Label after the control, on one line (checkboxes). */
  inline?: boolean
  /** Renders the control with the id and ARIA wiring that ties it to the label, hint and error. */
  children: (control: FieldControlProps) => ReactNode
}

export function FormField({ label, error, hint, className, inline, children }: FormFieldProps) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined
  const control = children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })
  const labelElement = (
    <label className="field-label" htmlFor={id}>
      {label}
    </label>
  )
  return (
    <div className={cx('field', error && 'field-invalid', className)}>
      {inline ? (
        <div className="field-inline">
          {control}
          {labelElement}
        </div>
      ) : (
        <>
          {labelElement}
          {control}
        </>
      )}
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
