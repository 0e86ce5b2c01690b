import { BORDER_KEYS, BRANDING_COLOR_KEYS, BRANDING_IMAGE_KEYS } from '../../../../sdk/contract/console/branding'

/** The branding form's sections, in the order of its tabs (each tab a route of its own). */
export const BRANDING_SECTIONS = ['colors', 'theme', 'assets', 'fonts', 'borders', 'css'] as const
export type BrandingSectionId = (typeof BRANDING_SECTIONS)[number]

const STYLE_PREFIX = 'element_css_style.'
const ASSET_FIELDS: readonly string[] = [...BRANDING_IMAGE_KEYS, 'header_text', 'header_description']

/**
 * The section that shows a field, by the dotted name the form and the server's 422 `errors` use
 * (`overlay_image`, `element_css_style.perk-primary`); undefined for a name no section shows.
 */
export function sectionOfField(field: string): BrandingSectionId | undefined {
  if (field.startsWith(STYLE_PREFIX)) {
    const key = field.slice(STYLE_PREFIX.length)
    if ((BRANDING_COLOR_KEYS as readonly string[]).includes(key)) return 'colors'
    if ((BORDER_KEYS as readonly string[]).includes(key)) return 'borders'
    if (key === 'header_font' || key === 'body_font') return 'fonts'
    if (key === 'theme') return 'theme'
    return undefined
  }
  if (ASSET_FIELDS.includes(field)) return 'assets'
  if (field === 'css') return 'css'
  return undefined
}
