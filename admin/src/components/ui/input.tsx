import type { ComponentProps } from 'react'
import { cx } from '../../lib/cx'

export function Input({ className, ...rest }: ComponentProps<'input'>) {
  return <input className={cx('input', className)} {...rest} />
}
