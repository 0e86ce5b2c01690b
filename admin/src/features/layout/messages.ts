import { useCallback } from 'react'
import { useI18n } from '../../lib/i18n'

/** The layout settings' own wording (navigation menus and carousels), English and Spanish. */
const en = {
  title: 'Layout',
  tabs: 'Layout settings',
  navigationMenus: 'Navigation menus',
  carousels: 'Carousels',
  menusSubtitle: 'The links in the participant site menu of {program}, in this order.',
  slidesSubtitle: 'The slides of the home page carousel of {program}, in this order.',
  menuList: 'Menu items',
  slideList: 'Slides',
  addMenu: 'Add menu item',
  addSlide: 'Add slide',
  remove: 'Remove {name}',
  save: 'Save',
  reset: 'Reset',
  moveHandle: 'Reorder {name}',
  position: '{index} of {count}',
  untitled: 'untitled item',
  noMenus: 'No navigation menus yet.',
  noMenusHint: 'Add links to pages of the site (/rules) or to other sites (https://…).',
  empty: 'No results found.',
  'field.name': 'Name',
  'field.navigation_url': 'URL',
  'field.urlHint': 'https://… or a path on the site such as /rules',
  'field.show_in_tab': 'Open in a new tab',
  'field.show_on_logout': 'Show to signed-out visitors',
  'field.title': 'Title',
  'field.description': 'Description',
  'field.link': 'Link',
  'field.button_text': 'Button text',
  'field.image': 'Image',
  'field.imageUrl': 'Image URL',
  slide: 'Slide {index}',
  menuItem: 'Menu item {index}',
  successTitle: 'Success!',
  errorTitle: 'Error!!!',
  menusSaved: 'Navigation menus updated successfully.',
  slidesSaved: 'Carousels updated successfully.',
  max: 'At most {max}.',
  dragInstructions: 'To reorder, press space or enter on a handle to pick the item up, use the arrow keys to move it, and press space or enter again to drop it, or escape to cancel.',
  pickedUp: 'Picked up {name}. It is at position {index} of {count}.',
  movedTo: '{name} moved to position {index} of {count}.',
  dropped: '{name} dropped at position {index} of {count}.',
  cancelled: 'Reordering cancelled. {name} is back at position {index} of {count}.',
}
export type LayoutMessage = keyof typeof en

const es: Record<LayoutMessage, string> = {
  title: 'Diseño',
  tabs: 'Ajustes de diseño',
  navigationMenus: 'Menús de navegación',
  carousels: 'Carruseles',
  menusSubtitle: 'Los enlaces del menú del sitio de participantes de {program}, en este orden.',
  slidesSubtitle: 'Las diapositivas del carrusel de la página de inicio de {program}, en este orden.',
  menuList: 'Elementos del menú',
  slideList: 'Diapositivas',
  addMenu: 'Añadir elemento de menú',
  addSlide: 'Añadir diapositiva',
  remove: 'Quitar {name}',
  save: 'Guardar',
  reset: 'Restablecer',
  moveHandle: 'Reordenar {name}',
  position: '{index} de {count}',
  untitled: 'elemento sin título',
  noMenus: 'Aún no hay menús de navegación.',
  noMenusHint: 'Añada enlaces a páginas del sitio (/rules) o a otros sitios (https://…).',
  empty: 'No se encontraron resultados.',
  'field.name': 'Nombre',
  'field.navigation_url': 'URL',
  'field.urlHint': 'https://… o una ruta del sitio como /rules',
  'field.show_in_tab': 'Abrir en una pestaña nueva',
  'field.show_on_logout': 'Mostrar a visitantes sin sesión',
  'field.title': 'Título',
  'field.description': 'Descripción',
  'field.link': 'Enlace',
  'field.button_text': 'Texto del botón',
  'field.image': 'Imagen',
  'field.imageUrl': 'URL de la imagen',
  slide: 'Diapositiva {index}',
  menuItem: 'Elemento de menú {index}',
  successTitle: '¡Éxito!',
  errorTitle: '¡¡¡Error!!!',
  menusSaved: 'Menús de navegación actualizados correctamente.',
  slidesSaved: 'Carruseles actualizados correctamente.',
  max: 'Como máximo {max}.',
  dragInstructions: 'Para reordenar, pulse espacio o intro sobre un asa para tomar el elemento, muévalo con las flechas y pulse espacio o intro de nuevo para soltarlo, o escape para cancelar.',
  pickedUp: 'Ha tomado {name}. Está en la posición {index} de {count}.',
  movedTo: '{name} se movió a la posición {index} de {count}.',
  dropped: '{name} soltado en la posición {index} de {count}.',
  cancelled: 'Reordenación cancelada. {name} vuelve a la posición {index} de {count}.',
}

const catalogs = { en, es } as const

export function layoutText(locale: string, key: LayoutMessage, params?: Record<string, string | number>): string {
  const template: string = (catalogs as Record<string, Record<LayoutMessage, string>>)[locale]?.[key] ?? en[key]
  return params ? template.replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole)) : template
}

/** `lt('menusSaved')`: the feature's message in the console's language. */
export function useLayoutText() {
  const { locale } = useI18n()
  return useCallback((key: LayoutMessage, params?: Record<string, string | number>) => layoutText(locale, key, params), [locale])
}
