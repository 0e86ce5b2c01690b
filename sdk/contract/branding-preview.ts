/**
 * The console's branding preview and the participant site framed in it (no zod here: the site's
 * bundle imports this). The console posts the unsaved theme; the site, opened with
 * `?branding_preview=1` inside a frame, shows it until the frame goes, and answers `ready` when it can
 * take one (again after each reload). Nothing is saved.
 */
export const BRANDING_PREVIEW_MESSAGE = 'tessera:branding-preview'
export const BRANDING_PREVIEW_READY = 'tessera:branding-preview-ready'
/** The query parameter that puts the site in preview mode. */
export { BRANDING_PREVIEW_PARAM } from './branding-preview-param'

export type BrandingPreviewMessage = {
  type: typeof BRANDING_PREVIEW_MESSAGE
  element_css_style: Record<string, string>
  header_logo: string | null
  footer_logo: string | null
  favicon_file: string | null
  header_background_image: string | null
  header_text: string | null
  header_description: string | null
  /** The custom CSS as the server sanitized it (the preview endpoint's answer). */
  css: string
}

const text = (v: unknown) => (typeof v === 'string' ? v : null)

/** A message from the console's preview, or null for anything else a frame may receive. */
export function readBrandingPreview(data: unknown): BrandingPreviewMessage | null {
  if (!data || typeof data !== 'object') return null
  const m = data as Record<string, unknown>
  if (m.type !== BRANDING_PREVIEW_MESSAGE || !m.element_css_style || typeof m.element_css_style !== 'object') return null
  const style: Record<string, string> = {}
  for (const [k, v] of Object.entries(m.element_css_style as Record<string, unknown>)) if (typeof v === 'string') style[k] = v
  return {
    type: BRANDING_PREVIEW_MESSAGE,
    element_css_style: style,
    header_logo: text(m.header_logo),
    footer_logo: text(m.footer_logo),
    favicon_file: text(m.favicon_file),
    header_background_image: text(m.header_background_image),
    header_text: text(m.header_text),
    header_description: text(m.header_description),
    css: text(m.css) ?? '',
  }
}
