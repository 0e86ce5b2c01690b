import { useCallback } from 'react'
import { useI18n } from '../../lib/i18n'

/**
 * The tag screens' own wording, English and Spanish, kept with the feature. The empty text of a
 * tagged kind is the spec's 'No ... are using this tag.' with the kind in place of the dots.
 */
const en = {
  contentTags: 'Content tags',
  adminTags: 'Admin tags',
  contentSubtitle: 'Tags that group the challenges and rewards of {program}.',
  adminSubtitle: 'Tags on the participants, challenges and rewards of {program}.',
  newContentTag: 'New content tag',
  newAdminTag: 'New admin tag',
  editContentTag: 'Edit content tag',
  editAdminTag: 'Edit admin tag',
  contentModel: 'Content tag',
  adminModel: 'Admin tag',
  search: 'Search tags…',
  edit: 'Edit',
  back: 'All tags',
  'col.name': 'Name',
  'col.active': 'Active',
  'col.status': 'Status',
  'col.created': 'Created',
  'col.challenges': 'Challenges',
  'col.rewards': 'Rewards',
  'col.taggings': 'Taggings',
  'col.totalUsage': 'Total usage',
  active: 'Active',
  inactive: 'Inactive',
  notFound: 'Tag not found',
  tagsTabs: 'Tag kinds',
  challenges: 'challenges',
  rewards: 'rewards',
  emptyKind: 'No {kind} are using this tag.',
  listCut: 'Showing the first {shown} of {total}.',
}
type TagMessage = keyof typeof en

const es: Record<TagMessage, string> = {
  contentTags: 'Etiquetas de contenido',
  adminTags: 'Etiquetas de administración',
  contentSubtitle: 'Etiquetas que agrupan los retos y recompensas de {program}.',
  adminSubtitle: 'Etiquetas de los participantes, retos y recompensas de {program}.',
  newContentTag: 'Nueva etiqueta de contenido',
  newAdminTag: 'Nueva etiqueta de administración',
  editContentTag: 'Editar etiqueta de contenido',
  editAdminTag: 'Editar etiqueta de administración',
  contentModel: 'Etiqueta de contenido',
  adminModel: 'Etiqueta de administración',
  search: 'Buscar etiquetas…',
  edit: 'Editar',
  back: 'Todas las etiquetas',
  'col.name': 'Nombre',
  'col.active': 'Activa',
  'col.status': 'Estado',
  'col.created': 'Creada',
  'col.challenges': 'Retos',
  'col.rewards': 'Recompensas',
  'col.taggings': 'Usos',
  'col.totalUsage': 'Uso total',
  active: 'Activa',
  inactive: 'Inactiva',
  notFound: 'Etiqueta no encontrada',
  tagsTabs: 'Tipos etiquetados',
  challenges: 'retos',
  rewards: 'recompensas',
  emptyKind: 'Ningún elemento de {kind} usa esta etiqueta.',
  listCut: 'Se muestran los primeros {shown} de {total}.',
}

const catalogs = { en, es } as const

export function tagText(locale: string, key: TagMessage, params?: Record<string, string | number>): string {
  const template: string = (catalogs as Record<string, Record<TagMessage, string>>)[locale]?.[key] ?? en[key]
  return params ? template.replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole)) : template
}

/** `tt('newContentTag')`: the feature's message in the console's language. */
export function useTagText() {
  const { locale } = useI18n()
  return useCallback((key: TagMessage, params?: Record<string, string | number>) => tagText(locale, key, params), [locale])
}
