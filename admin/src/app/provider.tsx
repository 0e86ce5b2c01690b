import { createContext, type ReactNode, useContext, useEffect } from 'react'
import { ToastProvider } from '../components/ui/toast'
import type { ConsoleBootstrap } from '../lib/bootstrap'
import { I18nProvider, resolveLocale, useI18n } from '../lib/i18n'

const BootstrapContext = createContext<ConsoleBootstrap>({ user: null })

/** The data the worker embedded in the page; fixed for the life of the page. */
export const useBootstrap = () => useContext(BootstrapContext)

function Toasts({ children }: { children: ReactNode }) {
  const { t } = useI18n()
  return <ToastProvider dismissLabel={t('toast.dismiss')}>{children}</ToastProvider>
}

export function AppProvider({ bootstrap, children }: { bootstrap: ConsoleBootstrap; children: ReactNode }) {
  // Spec section 1: the language is the user's preferred_locale, en by default.
  const locale = resolveLocale(bootstrap.user?.preferred_locale)
  useEffect(() => {
    document.documentElement.lang = locale
  }, [locale])
  return (
    <BootstrapContext value={bootstrap}>
      <I18nProvider locale={locale}>
        <Toasts>{children}</Toasts>
      </I18nProvider>
    </BootstrapContext>
  )
}
