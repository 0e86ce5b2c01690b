import type { ButtonHTMLAttributes, ComponentChildren } from 'preact'
import './ui.css'
import './button.css'

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'inverse'
export type ButtonSize = 'sm' | 'md' | 'lg'

/** The class list of a button; also used to style links that look like buttons. */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra?: string | false) {
  return ['btn', `btn--${variant}`, `btn--${size}`, extra].filter(Boolean).join(' ')
}

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'size'> & {
  variant?: ButtonVariant
  size?: ButtonSize
  block?: boolean
  /** Shows a spinner, sets aria-busy and disables the button; children should say what is happening. */
  loading?: boolean
  children?: ComponentChildren
}

export function Button({ variant, size, block, loading, class: className, disabled, type, children, ...rest }: ButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      class={buttonClass(variant, size, [block && 'btn--block', className].filter(Boolean).join(' '))}
      disabled={Boolean(disabled) || loading}
      aria-busy={loading ? 'true' : undefined}
      {...rest}
    >
      {loading && <span class="btn__spinner" aria-hidden="true" />}
      {children}
    </button>
  )
}

type IconButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> & { label: string; children: ComponentChildren }

/** A round icon-only button; `label` is its accessible name. */
export function IconButton({ label, class: className, children, type, ...rest }: IconButtonProps) {
  return (
    <button type={type ?? 'button'} class={['icon-btn', className].filter(Boolean).join(' ')} aria-label={label} title={label} {...rest}>
      {children}
    </button>
  )
}
