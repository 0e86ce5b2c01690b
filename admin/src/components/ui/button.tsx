import type { ComponentProps } from 'react'
import { cx } from '../../lib/cx'
import { Spinner } from './spinner'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger'
export type ButtonSize = 'sm' | 'md' | 'lg'

type StyleOptions = {
  variant?: ButtonVariant
  size?: ButtonSize
  block?: boolean
  className?: string | undefined
}

/** The button look, for links that act as buttons too. */
export const buttonClass = ({ variant = 'primary', size = 'md', block, className }: StyleOptions = {}) =>
  cx('btn', `btn-${variant}`, `btn-${size}`, block && 'btn-block', className)

type ButtonProps = ComponentProps<'button'> & StyleOptions & { loading?: boolean }

export function Button({
  variant,
  size,
  block,
  loading,
  className,
  disabled,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass({ variant, size, block, className })}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner />}
      {children}
    </button>
  )
}
