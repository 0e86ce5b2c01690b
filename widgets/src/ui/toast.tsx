import { signal } from '@preact/signals'
import type { ComponentType } from 'preact'
import './ui.css'

export type ToastTone = 'error' | 'success' | 'info'
export type Toast = { id: number; title: string; message?: string | undefined; tone: ToastTone }

/** The visible toasts, newest last. One list per page: every widget shares it. */
export const toasts = signal<Toast[]>([])
let nextId = 1
/** Errors stay longer: they usually ask the reader to do something. */
const TOAST_MS: Record<ToastTone, number> = { info: 6000, success: 6000, error: 10000 }

export function dismissToast(id: number) {
  toasts.value = toasts.value.filter((t) => t.id !== id)
}

/**
 * Shows a toast for a few seconds; it can also be dismissed.
 * @example showToast({ tone: 'error', title: 'Error!', message: 'Required fields are missing' })
 */
export function showToast(toast: Omit<Toast, 'id' | 'tone'> & { tone?: ToastTone }): number {
  const id = nextId++
  // Keep at most three on screen.
  const item: Toast = { tone: 'info', ...toast, id }
  toasts.value = [...toasts.value.slice(-2), item]
  setTimeout(() => dismissToast(id), TOAST_MS[item.tone])
  return id
}

/**
 * Renders the toast stack: two live regions, there from the start so screen readers announce what
 * arrives (errors assertively, others politely), each toast drawn by `item` (ToastItem; the embedded
 * widgets pass it lazily, fetched with the first toast).
 */
export function Toaster({ item: Item }: { item: ComponentType<{ toast: Toast }> }) {
  const list = toasts.value
  return (
    <div class="toaster">
      <div class="toaster__region" role="status" aria-live="polite">
        {list.filter((t) => t.tone !== 'error').map((t) => <Item key={t.id} toast={t} />)}
      </div>
      <div class="toaster__region" role="alert" aria-live="assertive">
        {list.filter((t) => t.tone === 'error').map((t) => <Item key={t.id} toast={t} />)}
      </div>
    </div>
  )
}
