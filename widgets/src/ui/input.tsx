import type { ComponentChildren, Ref } from 'preact'
import { useId } from 'preact/hooks'
import './ui.css'
import './input.css'

type TextFieldProps = {
  label: string
  name: string
  id?: string
  class?: string
  type?: 'text' | 'email' | 'tel'
  autoComplete?: string
  inputMode?: 'text' | 'email' | 'numeric' | 'tel'
  placeholder?: string
  required?: boolean
  maxLength?: number
  pattern?: string
  disabled?: boolean
  value: string
  onValue: (value: string) => void
  error?: string | undefined
  hint?: ComponentChildren
  /** Shown next to the label for optional fields. */
  optional?: boolean
  inputRef?: Ref<HTMLInputElement>
  onFocus?: (() => void) | undefined
}

/** A labelled input with its hint and error wired through aria-describedby. */
export function TextField({ label, value, onValue, error, hint, optional, inputRef, class: className, id, type, ...rest }: TextFieldProps) {
  const autoId = useId()
  const inputId = id || `f${autoId}`
  const hintId = hint ? `${inputId}-hint` : undefined
  const errorId = error ? `${inputId}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div class={['field', error && 'field--invalid', className].filter(Boolean).join(' ')}>
      <label class="field__label" for={inputId}>
        {label}
        {optional && <span class="field__optional"> (optional)</span>}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        // Preact's input types are a union keyed by type; the three used here share one shape.
        type={(type ?? 'text') as 'text'}
        class="field__input"
        value={value}
        onInput={(e) => onValue(e.currentTarget.value)}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy}
        {...rest}
      />
      {hint && (
        <p class="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p class="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  )
}

type CheckboxProps = {
  checked: boolean
  onChecked: (checked: boolean) => void
  children: ComponentChildren
  error?: string | undefined
  name?: string
  required?: boolean
}

/** A checkbox whose label may hold links (the terms sentence). */
export function Checkbox({ checked, onChecked, children, error, name, required }: CheckboxProps) {
  const id = `c${useId()}`
  return (
    <div class={['check', error && 'check--invalid'].filter(Boolean).join(' ')}>
      <input
        id={id}
        type="checkbox"
        class="check__box"
        name={name}
        checked={checked}
        required={required}
        onChange={(e) => onChecked(e.currentTarget.checked)}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <label class="check__label" for={id}>
        {children}
      </label>
      {error && (
        <p class="field__error check__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  )
}
