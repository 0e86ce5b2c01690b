import { createContext, type ReactNode, useContext, useMemo } from 'react'
import { en } from '../locales/en'
import { es } from '../locales/es'

export type MessageKey = keyof typeof en
export type Catalog = Record<MessageKey, string>
export const locales = { en, es } as const satisfies Record<string, Catalog>
export type Locale = keyof typeof locales

export const resolveLocale = (value: string | null | undefined): Locale =>
  value && value in locales ? (value as Locale) : 'en'

type Params = Record<string, string | number>

/** Looks a key up in the catalog and fills `{name}` placeholders. */
export function translate(locale: Locale, key: MessageKey, params?: Params): string {
  const template = locales[locale][key] ?? en[key]
  return params
    ? template.replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole))
    : template
}

/**
 * Contract schemas carry English messages (the spec fixes their wording). The catalogs list them
 * too, so a message that matches an English entry is shown in the user's language.
 */
export function translateMessage(locale: Locale, message: string): string {
  const key = (Object.keys(en) as MessageKey[]).find((k) => en[k] === message)
  return key ? translate(locale, key) : message
}

type I18n = {
  locale: Locale
  t: (key: MessageKey, params?: Params) => string
  tm: (message: string | undefined) => string | undefined
  formatNumber: (value: number) => string
}

const I18nContext = createContext<I18n | null>(null)

export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const value = useMemo<I18n>(() => {
    const numbers = new Intl.NumberFormat(locale)
    return {
      locale,
      t: (key, params) => translate(locale, key, params),
      tm: (message) => (message === undefined ? undefined : translateMessage(locale, message)),
      formatNumber: (n) => numbers.format(n),
    }
  }, [locale])
  return <I18nContext value={value}>{children}</I18nContext>
}

export function useI18n(): I18n {
  const value = useContext(I18nContext)
  if (!value) throw new Error('useI18n needs an <I18nProvider>')
  return value
}
