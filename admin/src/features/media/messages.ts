import { useCallback } from 'react'
import { useI18n } from '../../lib/i18n'

/**
 * The media library's own wording, English and Spanish, kept with the feature. 'No results, upload a
 * file!', 'Success!', 'Attachment updated successfully.' and 'Error!!!' are the spec's words.
 */
const en = {
  title: 'Media library',
  subtitle: 'Images and videos of {program}: pick them in any image field.',
  upload: 'Upload a file',
  uploading: 'Uploading {percent}%',
  empty: 'No results, upload a file!',
  emptyHint: 'PNG or JPEG images up to 10 MB; MP4, QuickTime, WebM or Ogg videos up to 25 MB.',
  imageHint: 'PNG or JPEG, up to 10 MB.',
  uploaded: 'File uploaded.',
  uploadFailed: 'The file was not uploaded',
  success: 'Success!',
  updated: 'Attachment updated successfully.',
  error: 'Error!!!',
  edit: 'Edit',
  editTitle: 'Edit attachment',
  preview: 'Preview',
  save: 'Save',
  cancel: 'Cancel',
  fieldTitle: 'Title',
  fieldAlt: 'Alt text',
  altHint: 'Describes the image for people who cannot see it.',
  details: '{type} · {size}',
  dimension: '{width} × {height} px',
  page: 'Page {page} of {pages}',
  previous: 'Previous page',
  next: 'Next page',
  choose: 'Choose from library',
  change: 'Change',
  clear: 'Remove',
  noImage: 'No image selected',
  pickTitle: 'Choose a file',
  pickDescription: 'Pick a file of the media library or upload a new one into it.',
  select: 'Select {name}',
  loadFailed: 'The library could not be loaded',
  video: 'Video',
  openFile: 'Open the file',
}
type MediaMessage = keyof typeof en

const es: Record<MediaMessage, string> = {
  title: 'Biblioteca de medios',
  subtitle: 'Imágenes y vídeos de {program}: elígelos en cualquier campo de imagen.',
  upload: 'Subir un archivo',
  uploading: 'Subiendo {percent}%',
  empty: 'Sin resultados, ¡sube un archivo!',
  emptyHint: 'Imágenes PNG o JPEG de hasta 10 MB; vídeos MP4, QuickTime, WebM u Ogg de hasta 25 MB.',
  imageHint: 'PNG o JPEG, hasta 10 MB.',
  uploaded: 'Archivo subido.',
  uploadFailed: 'El archivo no se subió',
  success: '¡Listo!',
  updated: 'Archivo actualizado correctamente.',
  error: '¡¡¡Error!!!',
  edit: 'Editar',
  editTitle: 'Editar archivo',
  preview: 'Vista previa',
  save: 'Guardar',
  cancel: 'Cancelar',
  fieldTitle: 'Título',
  fieldAlt: 'Texto alternativo',
  altHint: 'Describe la imagen para quien no puede verla.',
  details: '{type} · {size}',
  dimension: '{width} × {height} px',
  page: 'Página {page} de {pages}',
  previous: 'Página anterior',
  next: 'Página siguiente',
  choose: 'Elegir de la biblioteca',
  change: 'Cambiar',
  clear: 'Quitar',
  noImage: 'Ninguna imagen elegida',
  pickTitle: 'Elige un archivo',
  pickDescription: 'Elige un archivo de la biblioteca de medios o sube uno nuevo.',
  select: 'Elegir {name}',
  loadFailed: 'No se pudo cargar la biblioteca',
  video: 'Vídeo',
  openFile: 'Abrir el archivo',
}

const catalogs = { en, es } as const

export function mediaText(locale: string, key: MediaMessage, params?: Record<string, string | number>): string {
  const template: string = (catalogs as Record<string, Record<MediaMessage, string>>)[locale]?.[key] ?? en[key]
  return params ? template.replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole)) : template
}

/** `mt('empty')`: the feature's message in the console's language. */
export function useMediaText() {
  const { locale } = useI18n()
  return useCallback((key: MediaMessage, params?: Record<string, string | number>) => mediaText(locale, key, params), [locale])
}
