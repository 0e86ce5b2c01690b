import { DropdownMenu as Menu } from 'radix-ui'
import type { ComponentProps } from 'react'
import { cx } from '../../lib/cx'
import { IconCheck } from './icons'

/**
 * Styled Radix DropdownMenu parts: roving focus, typeahead, Escape and outside clicks come from Radix.
 * Put links in items with asChild: <DropdownMenuItem asChild><Link to="...">...</Link></DropdownMenuItem>
 */
export const DropdownMenu = Menu.Root
export const DropdownMenuTrigger = Menu.Trigger
export const DropdownMenuGroup = Menu.Group

export function DropdownMenuContent({
  className,
  align = 'start',
  sideOffset = 6,
  ...rest
}: ComponentProps<typeof Menu.Content>) {
  return (
    <Menu.Portal>
      <Menu.Content className={cx('menu', className)} align={align} sideOffset={sideOffset} collisionPadding={8} {...rest} />
    </Menu.Portal>
  )
}

export function DropdownMenuItem({ className, ...rest }: ComponentProps<typeof Menu.Item>) {
  return <Menu.Item className={cx('menu-item', className)} {...rest} />
}

export function DropdownMenuCheckboxItem({ className, children, ...rest }: ComponentProps<typeof Menu.CheckboxItem>) {
  return (
    <Menu.CheckboxItem className={cx('menu-item menu-item-check', className)} {...rest}>
      <span className="menu-check" aria-hidden="true">
        <Menu.ItemIndicator>
          <IconCheck size={14} />
        </Menu.ItemIndicator>
      </span>
      {children}
    </Menu.CheckboxItem>
  )
}

export function DropdownMenuRadioGroup(props: ComponentProps<typeof Menu.RadioGroup>) {
  return <Menu.RadioGroup {...props} />
}

export function DropdownMenuRadioItem({ className, children, ...rest }: ComponentProps<typeof Menu.RadioItem>) {
  return (
    <Menu.RadioItem className={cx('menu-item menu-item-check', className)} {...rest}>
      <span className="menu-check" aria-hidden="true">
        <Menu.ItemIndicator>
          <IconCheck size={14} />
        </Menu.ItemIndicator>
      </span>
      {children}
    </Menu.RadioItem>
  )
}

export function DropdownMenuLabel({ className, ...rest }: ComponentProps<typeof Menu.Label>) {
  return <Menu.Label className={cx('menu-label', className)} {...rest} />
}

export function DropdownMenuSeparator({ className, ...rest }: ComponentProps<typeof Menu.Separator>) {
  return <Menu.Separator className={cx('menu-separator', className)} {...rest} />
}
