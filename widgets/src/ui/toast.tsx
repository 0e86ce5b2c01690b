import { signal } from '@preact/signals'
import { CheckCircleIcon, CloseIcon, AlertIcon } from './icons'
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

/** Renders the toast stack. Errors are announced assertively, others politely. */
export function Toaster() {
  const list = toasts.value
  return (
    <div class="toaster">
      <div class="toaster__region" role="status" aria-live="polite">
        {list.filter((t) => t.tone !== 'error').map((t) => <ToastItem key={t.id} toast={t} />)}
      </div>
      <div class="toaster__region" role="alert" aria-live="assertive">
        {list.filter((t) => t.tone === 'error').map((t) => <ToastItem key={t.id} toast={t} />)}
      </div>
    </div>
  )
}

function ToastItem({ toast }: { toast: Toast }) {
  const Icon = toast.tone === 'error' ? AlertIcon : CheckCircleIcon
  return (
    <div class={`toast toast--${toast.tone}`}>
      <Icon size={20} class="toast__icon" />
      <div class="toast__body">
        <p class="toast__title">{toast.title}</p>
        {toast.message && <p class="toast__message">{toast.message}</p>}
      </div>
      <button type="button" class="toast__close" aria-label="Dismiss notification" onClick={() => dismissToast(toast.id)}>
        <CloseIcon size={16} />
      </button>
    </div>
  )
}
