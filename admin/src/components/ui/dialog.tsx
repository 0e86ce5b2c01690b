import { type ReactNode, useEffect, useId, useRef } from 'react'
import { cx } from '../../lib/cx'

type DialogProps = {
  open: boolean
  title: ReactNode
  description?: ReactNode
  icon?: ReactNode
  children?: ReactNode
  actions?: ReactNode
  /** When false, Escape and backdrop clicks leave the dialog open (the page behind is off limits). */
  dismissible?: boolean
  onClose?: () => void
  tone?: 'default' | 'danger'
  className?: string
}

/** A modal built on <dialog>: the browser traps focus, makes the page inert and handles Escape. */
export function Dialog({
  open,
  title,
  description,
  icon,
  children,
  actions,
  dismissible = true,
  onClose,
  tone = 'default',
  className,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const descriptionId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    else if (!open && dialog.open) dialog.close()
  }, [open])

  return (
    <dialog
      ref={ref}
      className={cx('dialog', `dialog-${tone}`, className)}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault()
        if (dismissible) onClose?.()
      }}
      onPointerDown={(event) => {
        if (dismissible && event.target === event.currentTarget) onClose?.()
      }}
    >
      <div className="dialog-body">
        {icon && <div className="dialog-icon">{icon}</div>}
        <h2 className="dialog-title" id={titleId}>
          {title}
        </h2>
        {description && (
          <p className="dialog-description" id={descriptionId}>
            {description}
          </p>
        )}
        {children}
      </div>
      {actions && <div className="dialog-actions">{actions}</div>}
    </dialog>
  )
}
