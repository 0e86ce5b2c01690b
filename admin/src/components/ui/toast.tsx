import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { cx } from '../../lib/cx'
import { IconAlert, IconCheck, IconClose } from './icons'

export type ToastVariant = 'default' | 'success' | 'error'
export type ToastInput = { title: string; description?: string | undefined; variant?: ToastVariant }
type ToastItem = ToastInput & { id: number }

const TOAST_LIFETIME_MS = 6000

type ToastApi = { toast: (input: ToastInput) => void; dismiss: (id: number) => void }
const ToastContext = createContext<ToastApi | null>(null)

export function ToastProvider({ children, dismissLabel }: { children: ReactNode; dismissLabel: string }) {
  const [toasts, setToasts] = useState<ToastItem[]>([])
  const nextId = useRef(1)
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), [])
  const toast = useCallback((input: ToastInput) => {
    const id = nextId.current++
    // At most three on screen: the newest matter.
    setToasts((list) => [...list.slice(-2), { ...input, id }])
  }, [])
  const api = useMemo(() => ({ toast, dismiss }), [toast, dismiss])
  return (
    <ToastContext value={api}>
      {children}
      <section className="toaster" aria-label="Notifications">
        {toasts.map((t) => (
          <Toast key={t.id} item={t} onDismiss={dismiss} dismissLabel={dismissLabel} />
        ))}
      </section>
    </ToastContext>
  )
}

function Toast({
  item,
  onDismiss,
  dismissLabel,
}: {
  item: ToastItem
  onDismiss: (id: number) => void
  dismissLabel: string
}) {
  const { id, title, description, variant = 'default' } = item
  useEffect(() => {
    const timer = window.setTimeout(() => onDismiss(id), TOAST_LIFETIME_MS)
    return () => window.clearTimeout(timer)
  }, [id, onDismiss])
  return (
    <div className={cx('toast', `toast-${variant}`)} role={variant === 'error' ? 'alert' : 'status'}>
      <span className="toast-icon" aria-hidden="true">
        {variant === 'error' ? <IconAlert /> : <IconCheck />}
      </span>
      <div className="toast-text">
        <p className="toast-title">{title}</p>
        {description && <p className="toast-description">{description}</p>}
      </div>
      <button type="button" className="toast-close" aria-label={dismissLabel} onClick={() => onDismiss(id)}>
        <IconClose />
      </button>
    </div>
  )
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext)
  if (!api) throw new Error('useToast needs a <ToastProvider>')
  return api
}
