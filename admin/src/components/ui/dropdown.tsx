import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { cx } from '../../lib/cx'

type DropdownProps = {
  /** Content of the trigger button. */
  trigger: ReactNode
  triggerLabel?: string
  triggerClassName?: string
  align?: 'start' | 'end'
  panelClassName?: string
  /** The panel; call close() after an item acts. */
  children: (close: () => void) => ReactNode
  onOpenChange?: (open: boolean) => void
}

/**
 * A disclosure button with a floating panel of links and buttons (tabbable, no roving focus needed).
 * Closes on Escape, on a click outside and when an item calls close().
 */
export function Dropdown({
  trigger,
  triggerLabel,
  triggerClassName,
  align = 'start',
  panelClassName,
  children,
  onOpenChange,
}: DropdownProps) {
  const [open, setOpen] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const panelId = useId()

  const change = (next: boolean) => {
    setOpen(next)
    onOpenChange?.(next)
  }
  const changeRef = useRef(change)
  changeRef.current = change

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) changeRef.current(false)
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      changeRef.current(false)
      triggerRef.current?.focus()
    }
    document.addEventListener('pointerdown', onPointerDown)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [open])

  return (
    <div className="dropdown" ref={rootRef}>
      <button
        ref={triggerRef}
        type="button"
        className={triggerClassName}
        aria-label={triggerLabel}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => change(!open)}
      >
        {trigger}
      </button>
      {open && (
        <div id={panelId} className={cx('dropdown-panel', `dropdown-${align}`, panelClassName)}>
          {children(() => change(false))}
        </div>
      )}
    </div>
  )
}
