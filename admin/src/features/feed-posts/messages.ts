import { useCallback } from 'react'
import { useI18n } from '../../lib/i18n'

/**
 * The dynamic feed post screens' wording. The upload dialog's file messages and the import toasts are
 * the spec's own words (sections 5 and 8), 'Post are being imported!' included.
 */
const en = {
  title: 'Dynamic feed posts',
  subtitle: 'Posts of the social feed of {program}: add them one by one or import a JSON file.',
  newPost: 'New post',
  editPost: 'Edit post',
  model: 'Post',
  upload: 'Upload JSON',
  search: 'Search posts…',
  edit: 'Edit',
  'col.media': 'Media',
  'col.type': 'Type',
  'col.message': 'Message',
  'col.username': 'Username',
  'col.published': 'Published',
  'col.id': 'Post id',
  'col.actions': 'Actions',
  dialogTitle: 'Import posts from a JSON file',
  dialogBody: 'A list of posts with id, post_type, media_path, message, username, url and published_at. Posts already imported are updated by their id.',
  fileLabel: 'JSON file',
  import: 'Import',
  cancel: 'Cancel',
  invalidFile: 'Please select a valid JSON file',
  noFile: 'Please select a JSON file first',
  badJson: 'Error processing the JSON file. Please check the format.',
  importing: 'Post are being imported!',
  importFailed: 'Error importing posts',
}
type FeedMessage = keyof typeof en

const es: Record<FeedMessage, string> = {
  title: 'Publicaciones del feed dinámico',
  subtitle: 'Publicaciones del feed social de {program}: añádelas una a una o importa un archivo JSON.',
  newPost: 'Nueva publicación',
  editPost: 'Editar publicación',
  model: 'Publicación',
  upload: 'Subir JSON',
  search: 'Buscar publicaciones…',
  edit: 'Editar',
  'col.media': 'Medio',
  'col.type': 'Tipo',
  'col.message': 'Mensaje',
  'col.username': 'Usuario',
  'col.published': 'Publicada',
  'col.id': 'Id de publicación',
  'col.actions': 'Acciones',
  dialogTitle: 'Importar publicaciones desde un archivo JSON',
  dialogBody: 'Una lista de publicaciones con id, post_type, media_path, message, username, url y published_at. Las ya importadas se actualizan por su id.',
  fileLabel: 'Archivo JSON',
  import: 'Importar',
  cancel: 'Cancelar',
  invalidFile: 'Selecciona un archivo JSON válido',
  noFile: 'Selecciona primero un archivo JSON',
  badJson: 'Error al procesar el archivo JSON. Revisa el formato.',
  importing: '¡Las publicaciones se están importando!',
  importFailed: 'Error al importar las publicaciones',
}

const catalogs = { en, es } as const

export function feedText(locale: string, key: FeedMessage, params?: Record<string, string | number>): string {
  const template: string = (catalogs as Record<string, Record<FeedMessage, string>>)[locale]?.[key] ?? en[key]
  return params ? template.replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole)) : template
}

export function useFeedText() {
  const { locale } = useI18n()
  return useCallback((key: FeedMessage, params?: Record<string, string | number>) => feedText(locale, key, params), [locale])
}
