import { Dialog as RadixDialog } from 'radix-ui'
import type { ReactNode } from 'react'
import { cx } from '../../lib/cx'
import { useI18n } from '../../lib/i18n'
import { IconClose } from './icons'

type DialogProps = {
  open: boolean
  onOpenChange?: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  icon?: ReactNode
  children?: ReactNode
  /** Buttons in the footer. */
  actions?: ReactNode
  /** When false, Escape, outside clicks and the close button are gone: the page behind is off limits. */
  dismissible?: boolean
  tone?: 'default' | 'danger'
  size?: 'sm' | 'md' | 'lg'
  className?: string
}

/** A modal over Radix Dialog: focus trap, inert page, Escape, labelled by its title and description. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  icon,
  children,
  actions,
  dismissible = true,
  tone = 'default',
  size = 'sm',
  className,
}: DialogProps) {
  const { t } = useI18n()
  const block = (event: Event) => {
    if (!dismissible) event.preventDefault()
  }
  return (
    <RadixDialog.Root open={open} onOpenChange={dismissible ? onOpenChange : undefined}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          className={cx('dialog', `dialog-${tone}`, `dialog-${size}`, className)}
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="dialog-body">
            {icon && <div className="dialog-icon">{icon}</div>}
            <RadixDialog.Title className="dialog-title">{title}</RadixDialog.Title>
            {description && <RadixDialog.Description className="dialog-description">{description}</RadixDialog.Description>}
            {children}
          </div>
          {actions && <div className="dialog-actions">{actions}</div>}
          {dismissible && (
            <RadixDialog.Close className="dialog-close" aria-label={t('dialog.close')}>
              <IconClose />
            </RadixDialog.Close>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}

/** Wraps a footer button that only closes the dialog. */
export const DialogClose = RadixDialog.Close
