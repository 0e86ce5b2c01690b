import { useCallback } from 'react'
import { useI18n } from '../../lib/i18n'

/** The domain-list screens' own wording, English and Spanish, kept with the feature. */
const en = {
  title: 'Domains',
  subtitle: 'Custom domains that serve {program}, and partner sites that may embed its widgets. Changes apply on the next request.',
  add: 'Add domain',
  newTitle: 'New domain',
  model: 'Domain',
  'col.domain': 'Domain',
  'col.type': 'Type',
  'col.path': 'URL path',
  'col.created': 'Added',
  'col.actions': 'Actions',
  perk_domain: 'Custom domain',
  other: 'Partner site',
  empty: 'No results found',
  emptyHint: 'Add a partner site to embed the widgets there, or a custom domain for the program site.',
  remove: 'Remove',
  removeTitle: 'Remove {domain}?',
  removeBody: 'It stops serving the program or embedding its widgets on the next request.',
  removed: '{domain} removed',
  preview: 'Preview',
  previewHint: 'Built from the domain name: lowercased, spaces turned to hyphens, other characters removed.',
}
type DomainMessage = keyof typeof en

const es: Record<DomainMessage, string> = {
  title: 'Dominios',
  subtitle: 'Dominios propios que sirven {program} y sitios socios que pueden insertar sus widgets. Los cambios se aplican en la siguiente petición.',
  add: 'Añadir dominio',
  newTitle: 'Nuevo dominio',
  model: 'Dominio',
  'col.domain': 'Dominio',
  'col.type': 'Tipo',
  'col.path': 'Ruta URL',
  'col.created': 'Añadido',
  'col.actions': 'Acciones',
  perk_domain: 'Dominio propio',
  other: 'Sitio socio',
  empty: 'No se encontraron resultados',
  emptyHint: 'Añade un sitio socio para insertar allí los widgets, o un dominio propio para el sitio del programa.',
  remove: 'Quitar',
  removeTitle: '¿Quitar {domain}?',
  removeBody: 'Deja de servir el programa o de insertar sus widgets en la siguiente petición.',
  removed: '{domain} quitado',
  preview: 'Vista previa',
  previewHint: 'Se construye a partir del nombre: en minúsculas, espacios convertidos en guiones y otros caracteres eliminados.',
}

const catalogs = { en, es } as const

export function domainText(locale: string, key: DomainMessage, params?: Record<string, string | number>): string {
  const template: string = (catalogs as Record<string, Record<DomainMessage, string>>)[locale]?.[key] ?? en[key]
  return params ? template.replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole)) : template
}

/** `dt('add')`: the feature's message in the console's language. */
export function useDomainText() {
  const { locale } = useI18n()
  return useCallback((key: DomainMessage, params?: Record<string, string | number>) => domainText(locale, key, params), [locale])
}
