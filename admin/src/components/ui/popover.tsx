import { Popover as RadixPopover } from 'radix-ui'
import type { ComponentProps } from 'react'
import { cx } from '../../lib/cx'

/** Styled Radix Popover: a floating panel for richer content than a menu (the program switcher's list). */
export const Popover = RadixPopover.Root
export const PopoverTrigger = RadixPopover.Trigger
export const PopoverAnchor = RadixPopover.Anchor
export const PopoverClose = RadixPopover.Close

export function PopoverContent({
  className,
  align = 'start',
  sideOffset = 6,
  ...rest
}: ComponentProps<typeof RadixPopover.Content>) {
  return (
    <RadixPopover.Portal>
      <RadixPopover.Content
        className={cx('popover', className)}
        align={align}
        sideOffset={sideOffset}
        collisionPadding={8}
        {...rest}
      />
    </RadixPopover.Portal>
  )
}
