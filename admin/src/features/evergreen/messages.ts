import { useCallback } from 'react'
import { useI18n } from '../../lib/i18n'

/** The evergreen screens' own wording; the empty text and 'Please try again' are the spec's. */
const en = {
  title: 'Evergreen settings',
  subtitle: 'Always-on features the Perk team enabled for {program}.',
  empty: 'Contact Perk team to request this feature',
  emptyHint: 'No evergreen settings are enabled for this program yet.',
  edit: 'Edit',
  editTitle: 'Edit {name}',
  model: 'Evergreen setting',
  active: 'Active',
  inactive: 'Inactive',
  activeLabel: 'Active',
  activeHint: 'While active, the setting applies to the program.',
  tryAgain: 'Please try again',
  back: 'All evergreen settings',
  notFound: 'Evergreen setting not found',
}
type EvergreenMessage = keyof typeof en

const es: Record<EvergreenMessage, string> = {
  title: 'Ajustes permanentes',
  subtitle: 'Funciones siempre activas que el equipo de Perk habilitó para {program}.',
  empty: 'Contacta al equipo de Perk para solicitar esta función',
  emptyHint: 'Este programa aún no tiene ajustes permanentes habilitados.',
  edit: 'Editar',
  editTitle: 'Editar {name}',
  model: 'Ajuste permanente',
  active: 'Activo',
  inactive: 'Inactivo',
  activeLabel: 'Activo',
  activeHint: 'Mientras esté activo, el ajuste se aplica al programa.',
  tryAgain: 'Inténtalo de nuevo',
  back: 'Todos los ajustes permanentes',
  notFound: 'Ajuste permanente no encontrado',
}

const catalogs = { en, es } as const

export function evergreenText(locale: string, key: EvergreenMessage, params?: Record<string, string | number>): string {
  const template: string = (catalogs as Record<string, Record<EvergreenMessage, string>>)[locale]?.[key] ?? en[key]
  return params ? template.replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole)) : template
}

export function useEvergreenText() {
  const { locale } = useI18n()
  return useCallback((key: EvergreenMessage, params?: Record<string, string | number>) => evergreenText(locale, key, params), [locale])
}
