/**
 * Program branding -> CSS custom properties, one definition for the server and the widgets. Every key
 * of program_template_detail.element_css_style becomes a variable (`perk-primary` -> `--perk-primary`),
 * so widgets style themselves with `var(--perk-primary)` whether they run on the hosted site or inside
 * a shadow root. The server sends the result ready to use (`PublicProgram.widget_host_style`), so a
 * partner page's elements do not carry these rules; the hosted site and the console's live preview
 * apply them to drafts with widgets/src/ui/branding.ts.
 */
import { fontFamilyNames } from './fonts'

/** Border radius keywords an administrator picks from, in px. */
export const RADIUS_PX: Record<string, number> = { none: 0, small: 4, medium: 8, large: 16, full: 9999 }

/**
 * After the program font (served from our origin when curated, then its metric-matched local fallbacks:
 * sdk/contract/fonts.ts), the system font.
 */
export const SYSTEM_FONT_STACK =
  'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif'

const FONT_KEYS = new Set(['header_font', 'body_font'])

/** `perk-primary` -> `--perk-primary`, `header_font` -> `--header-font`; null for unusable keys. */
export function cssVariableName(key: string): string | null {
  const name = key
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return name ? `--${name}` : null
}

/** A font family list ending in the system stack: `Poppins` -> `"Poppins", "Poppins fallback Arial", ..., ui-sans-serif, ...`. */
export function fontStack(value: string): string {
  const families = value
    .split(',')
    .map((f) => f.trim().replace(/^["']|["']$/g, ''))
    .filter((f) => f && /^[\w \-.]+$/.test(f))
    .flatMap((f) => fontFamilyNames(f).map((name) => `"${name}"`))
  return [...families, SYSTEM_FONT_STACK].join(', ')
}

/** The CSS value for one branding entry, or null when it cannot be used safely. */
export function cssVariableValue(key: string, raw: string): string | null {
  const value = String(raw ?? '').trim()
  if (!value || /[;{}<>\\]/.test(value)) return null
  if (FONT_KEYS.has(key)) return fontStack(value)
  if (key.includes('radius')) {
    const px = RADIUS_PX[value.toLowerCase()]
    if (px !== undefined) return `${px}px`
    return /^\d+(\.\d+)?$/.test(value) ? `${value}px` : value
  }
  return value
}

/**
 * All branding variables for an element_css_style object.
 * @example brandingVariables({ 'perk-primary': '#5b4cf0', 'border-radius-button': 'full' })
 * // { '--perk-primary': '#5b4cf0', '--border-radius-button': '9999px' }
 */
export function brandingVariables(style: Record<string, string> | null | undefined): Record<string, string> {
  const vars: Record<string, string> = {}
  for (const [key, raw] of Object.entries(style ?? {})) {
    const name = cssVariableName(key)
    const value = name ? cssVariableValue(key, raw) : null
    if (name && value !== null) vars[name] = value
  }
  return vars
}

/**
 * The declarations a widget's host element takes for the branding: every variable, and the colour
 * scheme of a `dark` or `light` theme. Values are those cssVariableValue allows (no `;`, braces,
 * angle brackets or backslashes), so the text can go into a `:host{...}` rule or a style attribute.
 * @example widgetHostStyle({ 'perk-primary': '#5b4cf0', theme: 'dark' }) // '--perk-primary:#5b4cf0;--theme:dark;color-scheme:dark;'
 */
export function widgetHostStyle(style: Record<string, string> | null | undefined): string {
  const vars = Object.entries(brandingVariables(style)).map(([name, value]) => `${name}:${value};`)
  if (style?.theme === 'dark' || style?.theme === 'light') vars.push(`color-scheme:${style.theme};`)
  return vars.join('')
}
