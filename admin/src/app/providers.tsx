import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useEffect } from 'react'
import { Toaster, notify } from '../components/ui/toast'
import { TooltipProvider } from '../components/ui/tooltip'
import { I18nProvider, resolveLocale } from '../lib/i18n'
import { ThemeProvider } from '../lib/theme'
import { useBootstrap } from '../lib/use-bootstrap'

/** Spec section 1: the language is the user's preferred_locale (en by default); <html lang> follows. */
function LocaleProvider({ children }: { children: ReactNode }) {
  const bootstrap = useBootstrap()
  const locale = resolveLocale(bootstrap.user?.preferred_locale)
  useEffect(() => {
    document.documentElement.lang = locale
  }, [locale])
  return <I18nProvider locale={locale}>{children}</I18nProvider>
}

/** The bootstrap's flash messages (set by a server redirect), shown once as toasts. */
function FlashMessages() {
  const { flash } = useBootstrap()
  useEffect(() => {
    for (const { kind, message } of flash ?? []) {
      if (kind === 'alert' || kind === 'error') notify.error(message)
      else notify.success(message)
    }
    // Only the page's first bootstrap carries flashes meant for this visit.
  }, [])
  return null
}

/** Everything the console needs above the router: query cache, theme, language, tooltips, toasts. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <LocaleProvider>
          <TooltipProvider>
            {children}
            <Toaster />
            <FlashMessages />
          </TooltipProvider>
        </LocaleProvider>
      </ThemeProvider>
    </QueryClientProvider>
  )
}
