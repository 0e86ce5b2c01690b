import { Checkbox as RadixCheckbox } from 'radix-ui'
import type { ComponentProps } from 'react'
import { cx } from '../../lib/cx'
import { IconCheck } from './icons'

/** A styled Radix Checkbox (a button with role="checkbox"); pair it with a <label htmlFor>. */
export function Checkbox({ className, ...rest }: ComponentProps<typeof RadixCheckbox.Root>) {
  return (
    <RadixCheckbox.Root className={cx('checkbox', className)} {...rest}>
      <RadixCheckbox.Indicator className="checkbox-indicator">
        <IconCheck size={12} />
      </RadixCheckbox.Indicator>
    </RadixCheckbox.Root>
  )
}
