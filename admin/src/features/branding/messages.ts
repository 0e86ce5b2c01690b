import { useCallback } from 'react'
import type { BrandingColorKey, BorderKey, BorderRadius } from '../../../../sdk/contract/console/branding'
import { useI18n } from '../../lib/i18n'

/**
 * The branding screen's own wording, English and Spanish, kept with the feature. 'Coming Soon',
 * 'No changes detected.', 'Please update the form to save changes.', 'Done!', 'The program has been
 * updated.' and 'An error occurred.' are the spec's words.
 */
const en = {
  title: 'Branding',
  subtitle: 'Colors, images, fonts and styles of {program}. The preview shows your changes before you save them.',
  sections: 'Branding sections',
  'tab.colors': 'Colors',
  'tab.theme': 'Theme',
  'tab.assets': 'Assets',
  'tab.fonts': 'Fonts',
  'tab.borders': 'Borders',
  'tab.css': 'CSS',
  reset: 'Reset',
  save: 'Save',
  noChanges: 'No changes detected.',
  noChangesHint: 'Please update the form to save changes.',
  done: 'Done!',
  updated: 'The program has been updated.',
  failed: 'An error occurred.',
  loading: 'Loading the branding…',
  picker: '{label} color picker',
  contrast: 'Contrast {ratio}:1 on {background}: below WCAG AA (4.5:1), hard to read.',
  contrastSummary: '{count} text colors fail WCAG AA contrast.',
  themeLabel: 'Theme',
  comingSoon: 'Coming Soon',
  'theme.light': 'Light',
  'theme.dark': 'Dark',
  themeHint: 'Light and dark themes for the participant site are on their way.',
  'asset.favicon_file': 'Favicon',
  'asset.header_logo': 'Header logo',
  'asset.footer_logo': 'Footer logo',
  'asset.overlay_image': 'Overlay image',
  'asset.header_background_image': 'Hero background',
  'asset.badge_background_image': 'Badge background',
  'asset.optional': 'Optional.',
  heroTitle: 'Hero title',
  heroDescription: 'Hero description',
  headerFont: 'Header font',
  bodyFont: 'Body font',
  fontsHint: 'Served from your program’s own site: no third-party font service.',
  fontSample: 'The quick brown fox jumps over the lazy dog',
  'border.border-radius-button': 'Button',
  'border.border-radius-input': 'Input',
  'border.border-radius-tiles': 'Tiles',
  'border.border-radius-cards': 'Cards',
  'radius.none': 'None',
  'radius.small': 'Small',
  'radius.medium': 'Medium',
  'radius.large': 'Large',
  'radius.full': 'Full',
  cssLabel: 'Custom CSS',
  cssHint: 'Applied on the participant site and inside embedded widgets. @import, other sites’ url() and scripts are removed when saved.',
  cssRemoved: 'Removed when saved:',
  preview: 'Preview',
  previewTabs: 'Preview',
  'preview.program': 'Program',
  'preview.emails': 'Emails',
  programFrame: 'Participant home preview',
  emailFrame: 'Sign-in e-mail preview',
  emailSubject: 'Subject: {subject}',
  unsaved: 'Unsaved changes',
}
type BrandingMessage = keyof typeof en

const es: Record<BrandingMessage, string> = {
  title: 'Marca',
  subtitle: 'Colores, imágenes, fuentes y estilos de {program}. La vista previa muestra tus cambios antes de guardarlos.',
  sections: 'Secciones de marca',
  'tab.colors': 'Colores',
  'tab.theme': 'Tema',
  'tab.assets': 'Recursos',
  'tab.fonts': 'Fuentes',
  'tab.borders': 'Bordes',
  'tab.css': 'CSS',
  reset: 'Restablecer',
  save: 'Guardar',
  noChanges: 'No se detectaron cambios.',
  noChangesHint: 'Modifica el formulario para guardar cambios.',
  done: '¡Listo!',
  updated: 'El programa se ha actualizado.',
  failed: 'Se produjo un error.',
  loading: 'Cargando la marca…',
  picker: 'Selector de color de {label}',
  contrast: 'Contraste {ratio}:1 sobre {background}: por debajo de WCAG AA (4,5:1), difícil de leer.',
  contrastSummary: '{count} colores de texto no cumplen el contraste WCAG AA.',
  themeLabel: 'Tema',
  comingSoon: 'Próximamente',
  'theme.light': 'Claro',
  'theme.dark': 'Oscuro',
  themeHint: 'Los temas claro y oscuro del sitio de participantes llegarán pronto.',
  'asset.favicon_file': 'Favicon',
  'asset.header_logo': 'Logo de cabecera',
  'asset.footer_logo': 'Logo del pie',
  'asset.overlay_image': 'Imagen superpuesta',
  'asset.header_background_image': 'Fondo de portada',
  'asset.badge_background_image': 'Fondo de insignias',
  'asset.optional': 'Opcional.',
  heroTitle: 'Título de portada',
  heroDescription: 'Descripción de portada',
  headerFont: 'Fuente de títulos',
  bodyFont: 'Fuente del texto',
  fontsHint: 'Se sirven desde el propio sitio del programa: sin servicios de fuentes de terceros.',
  fontSample: 'El veloz murciélago hindú comía feliz cardillo y kiwi',
  'border.border-radius-button': 'Botón',
  'border.border-radius-input': 'Campo',
  'border.border-radius-tiles': 'Mosaicos',
  'border.border-radius-cards': 'Tarjetas',
  'radius.none': 'Ninguno',
  'radius.small': 'Pequeño',
  'radius.medium': 'Mediano',
  'radius.large': 'Grande',
  'radius.full': 'Completo',
  cssLabel: 'CSS personalizado',
  cssHint: 'Se aplica en el sitio de participantes y dentro de los widgets incrustados. Al guardar se quitan @import, url() de otros sitios y scripts.',
  cssRemoved: 'Se quitará al guardar:',
  preview: 'Vista previa',
  previewTabs: 'Vista previa',
  'preview.program': 'Programa',
  'preview.emails': 'Correos',
  programFrame: 'Vista previa de la portada del participante',
  emailFrame: 'Vista previa del correo de acceso',
  emailSubject: 'Asunto: {subject}',
  unsaved: 'Cambios sin guardar',
}

const colorEs: Record<BrandingColorKey, string> = {
  'perk-primary': 'Principal',
  'perk-primary-content': 'Contenido principal',
  'perk-secondary': 'Secundario',
  'perk-secondary-content': 'Contenido secundario',
  'perk-body-background': 'Fondo del cuerpo',
  'perk-body-content': 'Contenido del cuerpo',
  'perk-header-color': 'Color de cabecera',
  'perk-header-content-color': 'Contenido de cabecera',
  'perk-header-title-color': 'Título de cabecera',
  'perk-challenge-tile-background': 'Fondo de mosaico de reto',
  'perk-reward-tile-background-color': 'Fondo de mosaico de recompensa',
  'perk-footer-color': 'Color del pie',
  'perk-footer-content-color': 'Contenido del pie',
}

const catalogs = { en, es } as const

export function brandingText(locale: string, key: BrandingMessage, params?: Record<string, string | number>): string {
  const template: string = (catalogs as Record<string, Record<BrandingMessage, string>>)[locale]?.[key] ?? en[key]
  return params ? template.replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole)) : template
}

/** `bt('save')`: the feature's message in the console's language. */
export function useBrandingText() {
  const { locale } = useI18n()
  return useCallback((key: BrandingMessage, params?: Record<string, string | number>) => brandingText(locale, key, params), [locale])
}

/** A colour key's label: the contract's English one (the server's messages use it too), or Spanish. */
export function useColorLabel(english: (key: BrandingColorKey) => string) {
  const { locale } = useI18n()
  return useCallback((key: BrandingColorKey) => (locale === 'es' ? colorEs[key] : english(key)), [locale, english])
}

export const borderLabel = (key: BorderKey) => `border.${key}` as const
export const radiusLabel = (value: BorderRadius) => `radius.${value}` as const
