import { Select as RadixSelect } from 'radix-ui'
import type { ComponentProps } from 'react'
import { cx } from '../../lib/cx'
import { IconCheck } from './icons'
import { IconChevronDown } from './icons-ui'

export type SelectOption = { value: string; label: string }

type SelectProps = {
  value: string | undefined
  onValueChange: (value: string) => void
  options: readonly SelectOption[]
  placeholder?: string
  disabled?: boolean
  size?: 'sm' | 'md'
  className?: string
  name?: string
} & Pick<ComponentProps<'button'>, 'id' | 'aria-invalid' | 'aria-describedby' | 'aria-label' | 'onBlur' | 'ref'>

/**
 * A styled Radix Select: a listbox that works with the keyboard and screen readers and can be styled,
 * unlike a native <select>'s popup. Radix reserves the empty string, so "no choice" is the placeholder.
 */
export function Select({
  value,
  onValueChange,
  options,
  placeholder,
  disabled,
  size = 'md',
  className,
  name,
  onBlur,
  ref,
  ...aria
}: SelectProps) {
  return (
    <RadixSelect.Root value={value || undefined} onValueChange={onValueChange} disabled={disabled} name={name}>
      <RadixSelect.Trigger ref={ref} className={cx('input select-trigger', `select-${size}`, className)} onBlur={onBlur} {...aria}>
        <RadixSelect.Value placeholder={placeholder} />
        <RadixSelect.Icon className="select-icon">
          <IconChevronDown />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content className="select-content" position="popper" sideOffset={4} collisionPadding={8}>
          <RadixSelect.Viewport className="select-viewport">
            {options.map((option) => (
              <RadixSelect.Item key={option.value} value={option.value} className="menu-item menu-item-check">
                <span className="menu-check" aria-hidden="true">
                  <RadixSelect.ItemIndicator>
                    <IconCheck size={14} />
                  </RadixSelect.ItemIndicator>
                </span>
                <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  )
}
