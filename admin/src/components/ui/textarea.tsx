import type { ComponentProps } from 'react'
import { cx } from '../../lib/cx'

export function Textarea({ className, rows = 4, ...rest }: ComponentProps<'textarea'>) {
  return <textarea className={cx('input textarea', className)} rows={rows} {...rest} />
}
