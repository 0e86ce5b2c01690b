import { CheckCircleIcon, CloseIcon, AlertIcon } from './icons'
import { dismissToast, type Toast } from './toast'
// The stack's styles too: the embedded widgets fetch them with the page's first toast.
import './toast.css'

/** One toast: its icon, title, message and a dismiss button. */
export function ToastItem({ toast }: { toast: Toast }) {
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
