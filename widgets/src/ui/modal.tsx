import type { ComponentChildren } from 'preact'
import { useEffect, useId, useRef } from 'preact/hooks'
import { IconButton } from './button'
import { activeIn, dialogOpener, returnFocus } from './focus'
import { CloseIcon } from './icons'
import './ui.css'
import './modal.css'

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

type ModalProps = {
  open: boolean
  onClose: () => void
  /** The dialog's accessible name; shown as its heading unless hideTitle. */
  title: string
  hideTitle?: boolean
  /** 'dialog' is centred; 'drawer' slides in from the right (side menus). */
  variant?: 'dialog' | 'drawer'
  /** Extra classes for the panel. */
  class?: string
  children: ComponentChildren
}

/**
 * An accessible modal: role dialog + aria-modal, focus moved inside and trapped, Escape and the
 * backdrop close it, focus returns to the opener, and the page behind does not scroll.
 */
export function Modal({ open, onClose, title, hideTitle, variant = 'dialog', class: className, children }: ModalProps) {
  const panel = useRef<HTMLDivElement>(null)
  const titleId = `m${useId()}`
  const close = useRef(onClose)
  close.current = onClose

  useEffect(() => {
    if (!open) return
    // In an embedded widget the document only sees the shadow root's host as active.
    const opener = panel.current && dialogOpener(panel.current)
    const within = panel.current?.getRootNode() as Document | ShadowRoot | undefined
    const root = document.documentElement
    const overflow = root.style.overflow
    root.style.overflow = 'hidden'
    const first = panel.current?.querySelector<HTMLElement>(FOCUSABLE)
    ;(first ?? panel.current)?.focus()
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault()
        close.current()
      } else if (e.key === 'Tab' && panel.current) {
        const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)]
        if (!items.length) return
        const firstItem = items[0]!
        const lastItem = items[items.length - 1]!
        const active = activeIn(panel.current)
        if (!panel.current.contains(active)) {
          // Focus strayed outside (a click on the page behind): bring it back in.
          e.preventDefault()
          ;(e.shiftKey ? lastItem : firstItem).focus()
        } else if (e.shiftKey && active === firstItem) {
          e.preventDefault()
          lastItem.focus()
        } else if (!e.shiftKey && active === lastItem) {
          e.preventDefault()
          firstItem.focus()
        }
      }
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
      root.style.overflow = overflow
      returnFocus(opener, within)
    }
  }, [open])

  if (!open) return null
  return (
    <div class={`modal modal--${variant}`}>
      <div class="modal__backdrop" onClick={onClose} aria-hidden="true" />
      <div ref={panel} class={['modal__panel', className].filter(Boolean).join(' ')} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div class={['modal__header', hideTitle && 'modal__header--bare'].filter(Boolean).join(' ')}>
          <h2 id={titleId} class={hideTitle ? 'visually-hidden' : 'modal__title'}>
            {title}
          </h2>
          <IconButton label="Close" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </div>
        {children}
      </div>
    </div>
  )
}
