import {
  BORDER_KEYS,
  BRANDING_COLOR_KEYS,
  type Branding,
  type BrandingWrite,
  DEFAULT_BRAND_STYLE,
} from '../../../../sdk/contract/console/branding'

/** A program never branded starts from this look (the form still needs its images and texts). */
export const DEFAULT_STYLE = DEFAULT_BRAND_STYLE

export type BrandingFormValues = {
  element_css_style: Record<string, string>
  favicon_file: string
  header_logo: string
  footer_logo: string
  overlay_image: string
  header_background_image: string
  badge_background_image: string | null
  header_text: string
  header_description: string
  css: string
}

const EDITED_KEYS = [...BRANDING_COLOR_KEYS, ...BORDER_KEYS, 'header_font', 'body_font', 'theme'] as const

/** The saved branding as the form holds it: every edited style key (the default where none is saved). */
export function formValuesOf(saved: Branding): BrandingFormValues {
  const style: Record<string, string> = {}
  for (const key of EDITED_KEYS) style[key] = saved.element_css_style[key] || DEFAULT_STYLE[key] || ''
  return {
    element_css_style: style,
    favicon_file: saved.favicon_file ?? '',
    header_logo: saved.header_logo ?? '',
    footer_logo: saved.footer_logo ?? '',
    overlay_image: saved.overlay_image ?? '',
    header_background_image: saved.header_background_image ?? '',
    badge_background_image: saved.badge_background_image,
    header_text: saved.header_text ?? '',
    header_description: saved.header_description ?? '',
    css: saved.css,
  }
}

/** The form's values as the PUT takes them. */
export const writeOf = (values: BrandingFormValues): BrandingWrite => ({ ...values, element_css_style: values.element_css_style as BrandingWrite['element_css_style'] })

const normalized = (values: BrandingFormValues) =>
  JSON.stringify({
    ...values,
    element_css_style: Object.fromEntries(EDITED_KEYS.map((k) => [k, (values.element_css_style[k] ?? '').trim().toLowerCase()])),
    badge_background_image: values.badge_background_image || null,
    header_text: values.header_text.trim(),
    header_description: values.header_description.trim(),
    css: values.css.trim(),
  })

/** Whether the form holds what was loaded (the spec's 'No changes detected.'). */
export const isUnchanged = (values: BrandingFormValues, initial: BrandingFormValues) => normalized(values) === normalized(initial)
