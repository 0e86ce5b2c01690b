import type { CSSProperties } from 'react'
import { toast, Toaster as SonnerToaster } from 'sonner'
import { useI18n } from '../../lib/i18n'
import { useTheme } from '../../lib/theme'
import { IconAlert, IconCheck } from './icons'
import { IconInfo } from './icons-ui'

/** Spec section 9: a toast shows 300 ms after the result it reports. */
export const TOAST_DELAY_MS = 300

type Description = string | string[] | undefined

const text = (description: Description) =>
  Array.isArray(description) ? description.filter(Boolean).join('\n') || undefined : description

const later = (show: () => void) => {
  setTimeout(show, TOAST_DELAY_MS)
}

/**
 * The console's one way to report a result. The delay lets a closing dialog or a redirect settle
 * first, so the toast lands on the page the user ends up on instead of flashing over the old one.
 * @example notify.success('Success!', 'Program was created successfully!')
 * @example notify.error('Error!', ['Name has already been taken'])
 */
export const notify = {
  success: (title: string, description?: Description) =>
    later(() => toast.success(title, { description: text(description) })),
  error: (title: string, description?: Description) =>
    later(() => toast.error(title, { description: text(description) })),
  info: (title: string, description?: Description) =>
    later(() => toast.info(title, { description: text(description) })),
}

/** Sonner, styled with the console's tokens and following its theme. Mounted once, in the providers. */
export function Toaster() {
  const { theme } = useTheme()
  const { t } = useI18n()
  return (
    <SonnerToaster
      theme={theme}
      position="bottom-right"
      closeButton
      visibleToasts={3}
      duration={6000}
      containerAriaLabel={t('toast.region')}
      className="toaster"
      icons={{ success: <IconCheck />, error: <IconAlert />, info: <IconInfo /> }}
      toastOptions={{ closeButtonAriaLabel: t('toast.dismiss'), classNames: { toast: 'toast', description: 'toast-description' } }}
      style={
        {
          '--normal-bg': 'var(--surface-2)',
          '--normal-border': 'var(--border-strong)',
          '--normal-text': 'var(--text)',
          '--border-radius': 'var(--radius-lg)',
        } as CSSProperties
      }
    />
  )
}
